// Loops whose guard on the thread changes every iteration while the
// address stays (stop 42): the interleaved tree reduction in global and in
// shared memory, and the halving one for comparison. Each kernel launched
// once, 1024 blocks of 256 threads, so that Nsight Compute's source
// counters give each instruction's sectors (or wavefronts) per request.
// The analyzer predicts, per request over the launch:
//   interleavedGlobal d[tid] and d[tid + s]: 2.70 sectors where 1.17 would
//   do (127 sectors in 47 requests a block), flagged strided;
//   interleavedShared: conflict-free loads and stores (the lanes on are
//   2s words apart: 16, 8, 4, 2 lanes in distinct banks, then one);
//   halvingGlobal d[tid] and d[tid + s] (tid < s): 4 sectors while a warp
//   is full, then 2 and 1: 34 in 12 requests, 2.83, all needed.
#include <cstdio>

__global__ void interleavedGlobal(int *g, int *out) {
  int *d = g + blockIdx.x * blockDim.x;
  unsigned tid = threadIdx.x;
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      d[tid] += d[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = d[0];
}

__global__ void interleavedShared(const int *in, int *out) {
  __shared__ int sd[256];
  unsigned tid = threadIdx.x;
  sd[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sd[tid] += sd[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sd[0];
}

__global__ void halvingGlobal(int *g, int *out) {
  int *d = g + blockIdx.x * blockDim.x;
  unsigned tid = threadIdx.x;
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      d[tid] += d[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = d[0];
}

int main() {
  const int Blocks = 1024, Threads = 256, N = Blocks * Threads;
  int *g, *out;
  cudaMalloc(&g, N * sizeof(int));
  cudaMalloc(&out, Blocks * sizeof(int));
  cudaMemset(g, 0, N * sizeof(int));
  interleavedGlobal<<<Blocks, Threads>>>(g, out);
  interleavedShared<<<Blocks, Threads>>>(g, out);
  halvingGlobal<<<Blocks, Threads>>>(g, out);
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(E));
  cudaFree(g);
  cudaFree(out);
  return E == cudaSuccess ? 0 : 1;
}
