// The same with the pragma, in a header of his own.
#include "helper.cuh"
__global__ void copy(const float *in, float *out, int n) {
  move(in, out, blockIdx.x * blockDim.x + threadIdx.x);
}
