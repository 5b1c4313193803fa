// A clean kernel for clang, a strided one for nvcc.
__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __clang__
  out[i] = in[i];
#else
  out[i * 32] = in[i * 32];
#endif
}
