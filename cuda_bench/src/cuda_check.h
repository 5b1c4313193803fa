// Every CUDA runtime call in the bench goes through CUDA_CHECK: a failed call ends the program with the
// call, the file and the error, because a benchmark that runs on after an error reports fiction.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#define CUDA_CHECK(expr)                                                                                    \
  do {                                                                                                      \
    cudaError_t cudaCheckStatus_ = (expr);                                                                  \
    if (cudaCheckStatus_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,                             \
                   cudaGetErrorString(cudaCheckStatus_));                                                   \
      std::exit(3);                                                                                         \
    }                                                                                                       \
  } while (0)

// After a launch: catches bad launch configurations at once and faults at the next synchronisation.
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())
