#include "scale.h"

__global__ void scaled(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[SCALE_INDEX(i)] = in[i];
}

#if !defined(FROM_XCOMPILER)
#error "-Xcompiler -DFROM_XCOMPILER did not reach the analyzer"
#endif
