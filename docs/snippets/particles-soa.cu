__global__ void drift(float *x, float dx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += dx;
}
