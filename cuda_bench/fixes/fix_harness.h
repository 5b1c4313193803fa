// fix_harness.h - what every program of cuda_bench/fixes shares: a
// deterministic input, the median time of a kernel's launches and a checksum
// of its output, so that fixes_bench.sh can set the original beside the
// version cuda-coalesce --fix made and check that both compute the same.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define FIX_CHECK(call)                                                        \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(e_));                                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// Values that depend on the index only, exact in float and double.
template <typename T> std::vector<T> fixInput(size_t N, unsigned Seed) {
  std::vector<T> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = T((I * 2654435761u + Seed) % 1024) / T(8);
  return V;
}

template <typename T> T *fixDevice(const std::vector<T> &Host) {
  T *D = nullptr;
  FIX_CHECK(cudaMalloc(&D, Host.size() * sizeof(T)));
  FIX_CHECK(cudaMemcpy(D, Host.data(), Host.size() * sizeof(T),
                       cudaMemcpyHostToDevice));
  return D;
}

// FNV-1a over the output's bytes: equal checksums, equal outputs.
template <typename T> uint64_t fixChecksum(const T *Device, size_t N) {
  std::vector<T> Host(N);
  FIX_CHECK(cudaMemcpy(Host.data(), Device, N * sizeof(T),
                       cudaMemcpyDeviceToHost));
  uint64_t H = 1469598103934665603ull;
  const unsigned char *B = reinterpret_cast<const unsigned char *>(Host.data());
  for (size_t I = 0; I < N * sizeof(T); ++I)
    H = (H ^ B[I]) * 1099511628211ull;
  return H;
}

// Runs Launch once (the launch ncu profiles), then 3 warm-ups and 20 timed
// launches; prints the median.
template <typename F> void fixTime(const char *Name, F Launch) {
  Launch();
  FIX_CHECK(cudaDeviceSynchronize());
  for (int I = 0; I < 3; ++I)
    Launch();
  cudaEvent_t A, B;
  FIX_CHECK(cudaEventCreate(&A));
  FIX_CHECK(cudaEventCreate(&B));
  std::vector<float> Ms;
  for (int I = 0; I < 20; ++I) {
    FIX_CHECK(cudaEventRecord(A));
    Launch();
    FIX_CHECK(cudaEventRecord(B));
    FIX_CHECK(cudaEventSynchronize(B));
    float T = 0;
    FIX_CHECK(cudaEventElapsedTime(&T, A, B));
    Ms.push_back(T);
  }
  FIX_CHECK(cudaGetLastError());
  std::sort(Ms.begin(), Ms.end());
  std::printf("time %s %.4f\n", Name, Ms[Ms.size() / 2]);
}
