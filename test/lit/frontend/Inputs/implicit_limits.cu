// No #include: nvcc's runtime headers bring <limits.h> and <stddef.h>
// (CloverLeaf's reduction kernels start a minimum at INT_MAX).
__global__ void clampedMin(const int *in, int *out, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : INT_MAX;
  ptrdiff_t back = -(ptrdiff_t)threadIdx.x;
  out[2 * i + back + CHAR_BIT] = v < INT_MIN + 1 ? 0 : v;
}
