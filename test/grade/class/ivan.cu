// A one-file submission: the particle kernel touches no global memory (it
// must not look missing), the transpose reads a column, and the host code
// uses managed memory, which the rubric forbids.
#include <cuda_runtime.h>

__global__ void transpose(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * n + x] = in[x * n + y];
}

__global__ void updateParticles(float *x, int n) {
  (void)x;
  (void)n;
}

void run(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
}
