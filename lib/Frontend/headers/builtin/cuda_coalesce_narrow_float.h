// What __half (cuda_fp16.h) and __nv_bfloat16 (cuda_bf16.h) have in common:
// the toolkit gives both 16-bit float types, and their pairs, the same
// conversions, operators and overloaded intrinsic names (__hadd, __hadd2,
// hsqrt, h2sqrt, ...). Private to those two headers.
//
// The conversions mirror the toolkit's implicit ones so that a mixed
// expression resolves, or is ambiguous, exactly as with nvcc. Declarations
// only, except the raw-bits constructors.
#ifndef CUDA_COALESCE_NARROW_FLOAT_H
#define CUDA_COALESCE_NARROW_FLOAT_H

#include "vector_types.h"
#include "sm_30_intrinsics.h"
#include "sm_32_intrinsics.h"

#define __CC_NF __host__ __device__

// Members of the scalar type T, whose bits are `unsigned short __x`.
#define __CC_NARROW_FLOAT_SCALAR_MEMBERS(T, Raw)                               \
  T() = default;                                                               \
  __CC_NF constexpr T(const Raw &r) : __x(r.x) {}                              \
  __CC_NF T(float f);                                                          \
  __CC_NF T(double f);                                                         \
  __CC_NF T(short v);                                                          \
  __CC_NF T(unsigned short v);                                                 \
  __CC_NF T(int v);                                                            \
  __CC_NF T(unsigned int v);                                                   \
  __CC_NF T(long v);                                                           \
  __CC_NF T(unsigned long v);                                                  \
  __CC_NF T(long long v);                                                      \
  __CC_NF T(unsigned long long v);                                             \
  __CC_NF T &operator=(const Raw &r);                                          \
  __CC_NF T &operator=(float f);                                               \
  __CC_NF T &operator=(double f);                                              \
  __CC_NF operator Raw() const;                                                \
  __CC_NF operator float() const;                                              \
  __CC_NF operator signed char() const;                                        \
  __CC_NF operator unsigned char() const;                                      \
  __CC_NF operator char() const;                                               \
  __CC_NF operator short() const;                                              \
  __CC_NF operator unsigned short() const;                                     \
  __CC_NF operator int() const;                                                \
  __CC_NF operator unsigned int() const;                                       \
  __CC_NF operator long() const;                                               \
  __CC_NF operator unsigned long() const;                                      \
  __CC_NF operator long long() const;                                          \
  __CC_NF operator unsigned long long() const;                                 \
  __CC_NF operator bool() const;

// Members of the pair type T2 of two T, public x and y.
#define __CC_NARROW_FLOAT_PAIR_MEMBERS(T2, T, Raw2)                            \
  T x, y;                                                                      \
  T2() = default;                                                              \
  __CC_NF constexpr T2(const T &a, const T &b) : x(a), y(b) {}                 \
  __CC_NF T2(const Raw2 &r);                                                   \
  __CC_NF T2 &operator=(const Raw2 &r);                                        \
  __CC_NF operator Raw2() const;

// Arithmetic, comparison and math intrinsics on T and on its pair T2.
#define __CC_NARROW_FLOAT_INTRINSICS(T, T2)                                    \
  __CC_NF T __hadd(T a, T b);                                                  \
  __CC_NF T __hsub(T a, T b);                                                  \
  __CC_NF T __hmul(T a, T b);                                                  \
  __CC_NF T __hdiv(T a, T b);                                                  \
  __CC_NF T __hadd_sat(T a, T b);                                              \
  __CC_NF T __hsub_sat(T a, T b);                                              \
  __CC_NF T __hmul_sat(T a, T b);                                              \
  __CC_NF T __hfma(T a, T b, T c);                                             \
  __CC_NF T __hfma_sat(T a, T b, T c);                                         \
  __CC_NF T __hfma_relu(T a, T b, T c);                                        \
  __CC_NF T __hneg(T a);                                                       \
  __CC_NF T __habs(T a);                                                       \
  __CC_NF T __hmax(T a, T b);                                                  \
  __CC_NF T __hmin(T a, T b);                                                  \
  __CC_NF T __hmax_nan(T a, T b);                                              \
  __CC_NF T __hmin_nan(T a, T b);                                              \
  __CC_NF bool __heq(T a, T b);                                                \
  __CC_NF bool __hne(T a, T b);                                                \
  __CC_NF bool __hlt(T a, T b);                                                \
  __CC_NF bool __hle(T a, T b);                                                \
  __CC_NF bool __hgt(T a, T b);                                                \
  __CC_NF bool __hge(T a, T b);                                                \
  __CC_NF bool __hisnan(T a);                                                  \
  __CC_NF int __hisinf(T a);                                                   \
  __CC_NF T2 __hadd2(T2 a, T2 b);                                              \
  __CC_NF T2 __hsub2(T2 a, T2 b);                                              \
  __CC_NF T2 __hmul2(T2 a, T2 b);                                              \
  __CC_NF T2 __h2div(T2 a, T2 b);                                              \
  __CC_NF T2 __hadd2_sat(T2 a, T2 b);                                          \
  __CC_NF T2 __hsub2_sat(T2 a, T2 b);                                          \
  __CC_NF T2 __hmul2_sat(T2 a, T2 b);                                          \
  __CC_NF T2 __hfma2(T2 a, T2 b, T2 c);                                        \
  __CC_NF T2 __hfma2_sat(T2 a, T2 b, T2 c);                                    \
  __CC_NF T2 __hfma2_relu(T2 a, T2 b, T2 c);                                   \
  __CC_NF T2 __hneg2(T2 a);                                                    \
  __CC_NF T2 __habs2(T2 a);                                                    \
  __CC_NF T2 __hmax2(T2 a, T2 b);                                              \
  __CC_NF T2 __hmin2(T2 a, T2 b);                                              \
  __CC_NF T2 __heq2(T2 a, T2 b);                                               \
  __CC_NF T2 __hne2(T2 a, T2 b);                                               \
  __CC_NF T2 __hlt2(T2 a, T2 b);                                               \
  __CC_NF T2 __hle2(T2 a, T2 b);                                               \
  __CC_NF T2 __hgt2(T2 a, T2 b);                                               \
  __CC_NF T2 __hge2(T2 a, T2 b);                                               \
  __CC_NF bool __hbeq2(T2 a, T2 b);                                            \
  __CC_NF bool __hbne2(T2 a, T2 b);                                            \
  __CC_NF bool __hblt2(T2 a, T2 b);                                            \
  __CC_NF bool __hble2(T2 a, T2 b);                                            \
  __CC_NF bool __hbgt2(T2 a, T2 b);                                            \
  __CC_NF bool __hbge2(T2 a, T2 b);                                            \
  __CC_NF T2 __hisnan2(T2 a);                                                  \
  __CC_NF float __low2float(T2 a);                                             \
  __CC_NF float __high2float(T2 a);                                            \
  __CC_NF T2 __lowhigh2highlow(T2 a);                                          \
  __CC_NARROW_FLOAT_MATH(T, T2, sqrt) __CC_NARROW_FLOAT_MATH(T, T2, rsqrt)     \
  __CC_NARROW_FLOAT_MATH(T, T2, rcp) __CC_NARROW_FLOAT_MATH(T, T2, exp)        \
  __CC_NARROW_FLOAT_MATH(T, T2, exp2) __CC_NARROW_FLOAT_MATH(T, T2, exp10)     \
  __CC_NARROW_FLOAT_MATH(T, T2, log) __CC_NARROW_FLOAT_MATH(T, T2, log2)       \
  __CC_NARROW_FLOAT_MATH(T, T2, log10) __CC_NARROW_FLOAT_MATH(T, T2, sin)      \
  __CC_NARROW_FLOAT_MATH(T, T2, cos) __CC_NARROW_FLOAT_MATH(T, T2, tanh)       \
  __CC_NARROW_FLOAT_MATH(T, T2, floor) __CC_NARROW_FLOAT_MATH(T, T2, ceil)     \
  __CC_NARROW_FLOAT_MATH(T, T2, trunc) __CC_NARROW_FLOAT_MATH(T, T2, rint)
// h<name> on T, h2<name> on T2.
#define __CC_NARROW_FLOAT_MATH(T, T2, Name)                                    \
  __device__ T h##Name(T a);                                                   \
  __device__ T2 h2##Name(T2 a);

// Arithmetic, compound assignment, increment and comparison operators on T.
#define __CC_NARROW_FLOAT_OPERATORS(T)                                         \
  __CC_NF T operator+(const T &a, const T &b);                                 \
  __CC_NF T operator-(const T &a, const T &b);                                 \
  __CC_NF T operator*(const T &a, const T &b);                                 \
  __CC_NF T operator/(const T &a, const T &b);                                 \
  __CC_NF T &operator+=(T &a, const T &b);                                     \
  __CC_NF T &operator-=(T &a, const T &b);                                     \
  __CC_NF T &operator*=(T &a, const T &b);                                     \
  __CC_NF T &operator/=(T &a, const T &b);                                     \
  __CC_NF T operator+(const T &a);                                             \
  __CC_NF T operator-(const T &a);                                             \
  __CC_NF T &operator++(T &a);                                                 \
  __CC_NF T &operator--(T &a);                                                 \
  __CC_NF T operator++(T &a, int);                                             \
  __CC_NF T operator--(T &a, int);                                             \
  __CC_NF bool operator==(const T &a, const T &b);                             \
  __CC_NF bool operator!=(const T &a, const T &b);                             \
  __CC_NF bool operator<(const T &a, const T &b);                              \
  __CC_NF bool operator>(const T &a, const T &b);                              \
  __CC_NF bool operator<=(const T &a, const T &b);                             \
  __CC_NF bool operator>=(const T &a, const T &b);

// Warp shuffles, cache-hinted loads/stores and atomicAdd on T: the same
// shuffle and cached-access sets as the built-in types.
#define __CC_NARROW_FLOAT_DEVICE_ACCESS(T)                                     \
  __CC_SHUFFLES(T)                                                             \
  __CC_CACHED_ACCESS(T)                                                        \
  __device__ T atomicAdd(T *address, T val);

#endif
