constexpr int kCols = 64;

__global__ void applyWeights(const float *weights, float *out, int c) {
  // A column of a small lookup table, read once per block.
  // NOLINTNEXTLINE(coalescing-strided)
  float w = weights[threadIdx.x * kCols + c];
  out[blockIdx.x * blockDim.x + threadIdx.x] *= w;
}
