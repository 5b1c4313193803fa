constexpr int kBins = 64;

// The same counters stored transposed: bin b of thread t at b * n + t.
__global__ void histogram(const int *keys, unsigned *hist, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    hist[keys[tid] * n + tid] += 1;
}
