// Loads and stores with a cache hint: __ldg (read-only path) and the
// __ld*/__st* cache-operator variants.
//
// They are memory accesses like any other, so the analysis sees the pointer
// argument; the overloads cover the scalar and vector types the toolkit has.
#ifndef CUDA_COALESCE_SM_32_INTRINSICS_H
#define CUDA_COALESCE_SM_32_INTRINSICS_H

#include "vector_types.h"

#define __CC_CACHED_ACCESS(T)                                                  \
  __device__ T __ldg(const T *ptr);                                            \
  __device__ T __ldcg(const T *ptr);                                           \
  __device__ T __ldca(const T *ptr);                                           \
  __device__ T __ldcs(const T *ptr);                                           \
  __device__ T __ldlu(const T *ptr);                                           \
  __device__ T __ldcv(const T *ptr);                                           \
  __device__ void __stwb(T *ptr, T value);                                     \
  __device__ void __stcg(T *ptr, T value);                                     \
  __device__ void __stcs(T *ptr, T value);                                     \
  __device__ void __stwt(T *ptr, T value);

__CC_CACHED_ACCESS(char)
__CC_CACHED_ACCESS(signed char)
__CC_CACHED_ACCESS(unsigned char)
__CC_CACHED_ACCESS(short)
__CC_CACHED_ACCESS(unsigned short)
__CC_CACHED_ACCESS(int)
__CC_CACHED_ACCESS(unsigned int)
__CC_CACHED_ACCESS(long)
__CC_CACHED_ACCESS(unsigned long)
__CC_CACHED_ACCESS(long long)
__CC_CACHED_ACCESS(unsigned long long)
__CC_CACHED_ACCESS(float)
__CC_CACHED_ACCESS(double)
__CC_CACHED_ACCESS(char2)
__CC_CACHED_ACCESS(char4)
__CC_CACHED_ACCESS(uchar2)
__CC_CACHED_ACCESS(uchar4)
__CC_CACHED_ACCESS(short2)
__CC_CACHED_ACCESS(short4)
__CC_CACHED_ACCESS(ushort2)
__CC_CACHED_ACCESS(ushort4)
__CC_CACHED_ACCESS(int2)
__CC_CACHED_ACCESS(int4)
__CC_CACHED_ACCESS(uint2)
__CC_CACHED_ACCESS(uint4)
__CC_CACHED_ACCESS(longlong2)
__CC_CACHED_ACCESS(ulonglong2)
__CC_CACHED_ACCESS(float2)
__CC_CACHED_ACCESS(float4)
__CC_CACHED_ACCESS(double2)
// __CC_CACHED_ACCESS stays defined: cuda_fp16.h and cuda_bf16.h declare the same set
// for the narrow float types.

#endif
