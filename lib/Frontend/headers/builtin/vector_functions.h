// make_<vector>() constructors for every type in vector_types.h.
//
// Defined, not just declared, and constexpr, so that the analysis can fold
// make_int2(4, 8) and friends to constants.
#ifndef CUDA_COALESCE_VECTOR_FUNCTIONS_H
#define CUDA_COALESCE_VECTOR_FUNCTIONS_H

#include "vector_types.h"

#define __CC_MAKE_VECTOR_FAMILY(Name, T)                                       \
  __host__ __device__ constexpr inline Name##1 make_##Name##1(T x) {           \
    return Name##1{x};                                                         \
  }                                                                            \
  __host__ __device__ constexpr inline Name##2 make_##Name##2(T x, T y) {      \
    return Name##2{x, y};                                                      \
  }                                                                            \
  __host__ __device__ constexpr inline Name##3 make_##Name##3(T x, T y, T z) { \
    return Name##3{x, y, z};                                                   \
  }                                                                            \
  __host__ __device__ constexpr inline Name##4 make_##Name##4(T x, T y, T z,   \
                                                              T w) {           \
    return Name##4{x, y, z, w};                                                \
  }

__CC_MAKE_VECTOR_FAMILY(char, signed char)
__CC_MAKE_VECTOR_FAMILY(uchar, unsigned char)
__CC_MAKE_VECTOR_FAMILY(short, short)
__CC_MAKE_VECTOR_FAMILY(ushort, unsigned short)
__CC_MAKE_VECTOR_FAMILY(int, int)
__CC_MAKE_VECTOR_FAMILY(uint, unsigned int)
__CC_MAKE_VECTOR_FAMILY(long, long)
__CC_MAKE_VECTOR_FAMILY(ulong, unsigned long)
__CC_MAKE_VECTOR_FAMILY(longlong, long long)
__CC_MAKE_VECTOR_FAMILY(ulonglong, unsigned long long)
__CC_MAKE_VECTOR_FAMILY(float, float)
__CC_MAKE_VECTOR_FAMILY(double, double)
#undef __CC_MAKE_VECTOR_FAMILY

#endif
