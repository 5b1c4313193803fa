// The C library functions kernels may call: printf, malloc/free, memcpy/memset,
// clock and assert's failure hook.
//
// glibc declares the same names as host functions. clang's CUDA mode treats a
// __device__ declaration with the same signature as a separate overload, so
// device code binds to these and host code to glibc's, whichever header comes
// first.
#ifndef CUDA_COALESCE_COMMON_FUNCTIONS_H
#define CUDA_COALESCE_COMMON_FUNCTIONS_H

#include "host_defines.h"

extern "C" {
__device__ int printf(const char *format, ...);
__device__ void *malloc(__SIZE_TYPE__ size);
__device__ void free(void *ptr);
__device__ void *memcpy(void *dst, const void *src, __SIZE_TYPE__ count);
__device__ void *memset(void *dst, int value, __SIZE_TYPE__ count);
__device__ long clock(void);
// <cassert>'s assert() expands to a call of this on failure.
__device__ void __assert_fail(const char *assertion, const char *file,
                              unsigned int line, const char *function);
}

#endif
