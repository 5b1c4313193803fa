// The transpose's strided read hides in a __device__ helper.
__device__ float element(const float *m, int row, int col, int n) {
  return m[col * n + row];
}

__global__ void transpose(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = element(in, y, x, n);
}

__global__ void updateParticles(float *x, float *y, float *z, const float *vx,
                                const float *vy, const float *vz, float dt,
                                int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] += vx[i] * dt;
    y[i] += vy[i] * dt;
    z[i] += vz[i] * dt;
  }
}
