// Does not include cuda.h itself: clang's CUDA wrapper, in the precompiled
// prelude, does. Built with -Iinclude it gets include/cuda.h, whose
// PROJECT_STRIDE makes the load strided; built without, the toolkit's, and
// the load is coalesced.
#ifndef PROJECT_STRIDE
#define PROJECT_STRIDE 1
#endif

__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i * PROJECT_STRIDE];
}
