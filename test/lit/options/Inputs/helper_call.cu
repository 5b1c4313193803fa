__device__ float element(const float *m, int row, int col, int n) {
  return m[col * n + row];
}

__device__ float twice(const float *m, int row, int col, int n) {
  return 2.0f * element(m, row, col, n);
}

__global__ void transpose(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * n + x] = twice(in, y, x, n);
}
