// bfloat16: __nv_bfloat16 (2 bytes, align 2) and __nv_bfloat162 (4 bytes,
// align 4). Like the toolkit's, it includes cuda_fp16.h and overloads the
// same intrinsic names (__hadd, __hmul2, hsqrt, ...).
#ifndef CUDA_COALESCE_CUDA_BF16_H
#define CUDA_COALESCE_CUDA_BF16_H

#include "cuda_fp16.h"

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x, y;
};

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __CC_NARROW_FLOAT_SCALAR_MEMBERS(__nv_bfloat16, __nv_bfloat16_raw)
  explicit __CC_NF __nv_bfloat16(const __half f);
};

struct __align__(4) __nv_bfloat162 {
  __CC_NARROW_FLOAT_PAIR_MEMBERS(__nv_bfloat162, __nv_bfloat16,
                                 __nv_bfloat162_raw)
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

__CC_NARROW_FLOAT_INTRINSICS(__nv_bfloat16, __nv_bfloat162)
__CC_NARROW_FLOAT_OPERATORS(__nv_bfloat16)
__CC_NARROW_FLOAT_OPERATORS(__nv_bfloat162)
__CC_NARROW_FLOAT_DEVICE_ACCESS(__nv_bfloat16)
__CC_NARROW_FLOAT_DEVICE_ACCESS(__nv_bfloat162)

// Conversions to and from other types.
__CC_NF __nv_bfloat16 __float2bfloat16(float a);
__CC_NF __nv_bfloat16 __float2bfloat16_rn(float a);
__CC_NF __nv_bfloat16 __float2bfloat16_rz(float a);
__CC_NF __nv_bfloat16 __double2bfloat16(double a);
__CC_NF float __bfloat162float(__nv_bfloat16 a);
__CC_NF __nv_bfloat16 __int2bfloat16_rn(int i);
__CC_NF int __bfloat162int_rz(__nv_bfloat16 h);
__CC_NF short __bfloat16_as_short(__nv_bfloat16 h);
__CC_NF unsigned short __bfloat16_as_ushort(__nv_bfloat16 h);
__CC_NF __nv_bfloat16 __short_as_bfloat16(short i);
__CC_NF __nv_bfloat16 __ushort_as_bfloat16(unsigned short i);
__CC_NF __nv_bfloat162 __float2bfloat162_rn(float a);
__CC_NF __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__CC_NF __nv_bfloat162 __float22bfloat162_rn(float2 a);
__CC_NF float2 __bfloat1622float2(__nv_bfloat162 a);
__CC_NF __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
__CC_NF __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a);
__CC_NF __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a);
__CC_NF __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a);
__CC_NF __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__CC_NF __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__CC_NF __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a);
__CC_NF __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a);

#endif
