// gather.cu - reading through an index array.
//
// gatherByIndex loads idx[i] (coalesced) and then in[idx[i]]. Where that
// second load lands depends on the indices, which only exist at run time:
// anything from 1 sector per request (all lanes on one sector) to 32 (every
// lane on its own). cuda-coalesce cannot count it, so by default it says
// nothing about line 25 and exits 0. With --checks=coalescing-gather it warns
// there (coalescing-gather, "between 1 and 32 sectors per request") and
// exits 1. The store out[i] is coalesced either way.
//
// The index array here is a random permutation, the worst case; sorting
// the indices, so that neighbouring lanes get neighbouring rows, is the fix.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int kN = 1 << 20;
constexpr int kBlock = 256;

__global__ void gatherByIndex(const float *in, const int *idx, float *out,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[idx[i]];
}

int main() {
  int *host = static_cast<int *>(std::malloc(kN * sizeof(int)));
  for (int i = 0; i < kN; ++i)
    host[i] = i;
  for (int i = kN - 1; i > 0; --i) { // Fisher-Yates shuffle
    int j = std::rand() % (i + 1);
    int t = host[i];
    host[i] = host[j];
    host[j] = t;
  }

  float *in = nullptr, *out = nullptr;
  int *idx = nullptr;
  cudaMalloc(&in, kN * sizeof(float));
  cudaMalloc(&out, kN * sizeof(float));
  cudaMalloc(&idx, kN * sizeof(int));
  cudaMemset(in, 0, kN * sizeof(float));
  cudaMemcpy(idx, host, kN * sizeof(int), cudaMemcpyHostToDevice);

  gatherByIndex<<<kN / kBlock, kBlock>>>(in, idx, out, kN);

  cudaError_t err = cudaDeviceSynchronize();
  std::printf("gather: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  cudaFree(idx);
  std::free(host);
  return err == cudaSuccess ? 0 : 1;
}
