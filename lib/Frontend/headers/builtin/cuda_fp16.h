// IEEE half precision: __half (2 bytes, align 2) and __half2 (4 bytes,
// align 4), with their conversions, operators and device functions.
#ifndef CUDA_COALESCE_CUDA_FP16_H
#define CUDA_COALESCE_CUDA_FP16_H

#include "cuda_coalesce_narrow_float.h"

// cooperative_groups.h and user code test this before using __half.
#define __CUDA_FP16_TYPES_EXIST__

struct __nv_bfloat16;

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __CC_NARROW_FLOAT_SCALAR_MEMBERS(__half, __half_raw)
  explicit __CC_NF __half(const __nv_bfloat16 f);
};

struct __align__(4) __half2 {
  __CC_NARROW_FLOAT_PAIR_MEMBERS(__half2, __half, __half2_raw)
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;

__CC_NARROW_FLOAT_INTRINSICS(__half, __half2)
__CC_NARROW_FLOAT_OPERATORS(__half)
__CC_NARROW_FLOAT_OPERATORS(__half2)
__CC_NARROW_FLOAT_DEVICE_ACCESS(__half)
__CC_NARROW_FLOAT_DEVICE_ACCESS(__half2)

// Conversions to and from other types.
__CC_NF __half __float2half(float a);
__CC_NF __half __float2half_rn(float a);
__CC_NF __half __float2half_rz(float a);
__CC_NF __half __float2half_rd(float a);
__CC_NF __half __float2half_ru(float a);
__CC_NF __half __double2half(double a);
__CC_NF float __half2float(__half a);
__CC_NF __half __int2half_rn(int i);
__CC_NF __half __uint2half_rn(unsigned int i);
__CC_NF __half __short2half_rn(short i);
__CC_NF __half __ushort2half_rn(unsigned short i);
__CC_NF __half __ll2half_rn(long long i);
__CC_NF __half __ull2half_rn(unsigned long long i);
__CC_NF int __half2int_rn(__half h);
__CC_NF int __half2int_rz(__half h);
__CC_NF unsigned int __half2uint_rz(__half h);
__CC_NF short __half2short_rz(__half h);
__CC_NF long long __half2ll_rz(__half h);
__CC_NF short __half_as_short(__half h);
__CC_NF unsigned short __half_as_ushort(__half h);
__CC_NF __half __short_as_half(short i);
__CC_NF __half __ushort_as_half(unsigned short i);
__CC_NF __half2 __float2half2_rn(float a);
__CC_NF __half2 __floats2half2_rn(float a, float b);
__CC_NF __half2 __float22half2_rn(float2 a);
__CC_NF float2 __half22float2(__half2 a);
__CC_NF __half2 __halves2half2(__half a, __half b);
__CC_NF __half2 __half2half2(__half a);
__CC_NF __half __low2half(__half2 a);
__CC_NF __half __high2half(__half2 a);
__CC_NF __half2 __lows2half2(__half2 a, __half2 b);
__CC_NF __half2 __highs2half2(__half2 a, __half2 b);
__CC_NF __half2 __low2half2(__half2 a);
__CC_NF __half2 __high2half2(__half2 a);

#endif
