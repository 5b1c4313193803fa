constexpr int kPerThread = 32;

__global__ void scale(float *data, float a, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * kPerThread; k < (t + 1) * kPerThread; ++k)
    if (k < n)
      data[k] *= a;
}
