// The CUDA vector types (char1..4, uchar, short, ushort, int, uint, long,
// ulong, longlong, ulonglong, float, double) and dim3.
//
// Sizes and alignments must match the toolkit's exactly: the analysis turns
// `p[i].y` into byte offsets from clang's record layout, so a float4 that is
// not 16-byte aligned would move every access it computes.
#ifndef CUDA_COALESCE_VECTOR_TYPES_H
#define CUDA_COALESCE_VECTOR_TYPES_H

#include "host_defines.h"

// The toolkit's rule for an element of S bytes: the 1-vector is aligned to S,
// the 2-vector to 2S, the 3-vector only to S (so float3 is 12 bytes, align 4)
// and the 4-vector to 4S capped at 16 (float4 16, double4 16).
#define __CC_VECTOR_FAMILY(Name, T)                                            \
  struct __align__(sizeof(T)) Name##1 { T x; };                                \
  struct __align__(2 * sizeof(T)) Name##2 { T x, y; };                         \
  struct Name##3 { T x, y, z; };                                               \
  struct __align__(4 * sizeof(T) < 16 ? 4 * sizeof(T) : 16) Name##4 {          \
    T x, y, z, w;                                                              \
  };

__CC_VECTOR_FAMILY(char, signed char)
__CC_VECTOR_FAMILY(uchar, unsigned char)
__CC_VECTOR_FAMILY(short, short)
__CC_VECTOR_FAMILY(ushort, unsigned short)
__CC_VECTOR_FAMILY(int, int)
__CC_VECTOR_FAMILY(uint, unsigned int)
__CC_VECTOR_FAMILY(long, long)
__CC_VECTOR_FAMILY(ulong, unsigned long)
__CC_VECTOR_FAMILY(longlong, long long)
__CC_VECTOR_FAMILY(ulonglong, unsigned long long)
__CC_VECTOR_FAMILY(float, float)
__CC_VECTOR_FAMILY(double, double)
#undef __CC_VECTOR_FAMILY

// CUDA 13 spells out the alignment of the 32-byte 4-vectors (the plain ones
// stay at 16); code written for it uses these names.
#define __CC_VECTOR4_ALIGNED(Name, T)                                          \
  struct __align__(16) Name##4_16a { T x, y, z, w; };                          \
  struct __align__(32) Name##4_32a { T x, y, z, w; };

__CC_VECTOR4_ALIGNED(long, long)
__CC_VECTOR4_ALIGNED(ulong, unsigned long)
__CC_VECTOR4_ALIGNED(longlong, long long)
__CC_VECTOR4_ALIGNED(ulonglong, unsigned long long)
__CC_VECTOR4_ALIGNED(double, double)
#undef __CC_VECTOR4_ALIGNED

// Launch geometry: every component defaults to 1, so dim3(256) is 256x1x1.
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

#endif
