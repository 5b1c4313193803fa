// A forbidden call pasted together by a macro.
#define CAT(a, b) a##b
__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    CAT(atomic, Add)(&out[i], in[i]);
}
