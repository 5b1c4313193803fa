// The two helpers of the CUDA samples' helper_cuda.h that Rodinia's cfd uses
// (the samples are not part of the toolkit since CUDA 11.6). Written for
// rodinia_source_counters.sh; not the samples' code.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(call) rodiniaCompatCheck((call), #call, __FILE__, __LINE__)
#define getLastCudaError(msg) rodiniaCompatCheck(cudaGetLastError(), (msg), __FILE__, __LINE__)

inline void rodiniaCompatCheck(cudaError_t err, const char *what, const char *file, int line) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, cudaGetErrorString(err));
    std::exit(EXIT_FAILURE);
  }
}
