// An index the analysis cannot follow: one level of recursion.
__device__ int slot(int i) { return i > 1000000 ? slot(i - 1) : i * 32; }
__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[slot(i)] = in[i];
}
