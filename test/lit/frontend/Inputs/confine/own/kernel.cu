#include "helper.cuh"
__global__ void k(const float *in, float *out) {
#ifdef __CUDA_ARCH__
  move(in, out, threadIdx.x);
#endif
}
