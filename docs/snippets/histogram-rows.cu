constexpr int kBins = 64;

// Each thread keeps its own histogram: a row of kBins counters.
__global__ void histogram(const int *keys, unsigned *hist, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    hist[tid * kBins + keys[tid]] += 1;
}
