// Not a translation unit: main.cu includes it, after defining TILE.
#include "kernels.cuh"

__global__ void transposeNaive(const float *in, float *out, int n) {
  int x = blockIdx.x * TILE + threadIdx.x;
  out[x * n] = in[x];
}
