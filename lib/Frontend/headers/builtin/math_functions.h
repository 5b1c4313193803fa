// The C math library on the device, plus CUDA's additions (rsqrt, sinpi,
// erfinv, normcdf, ...) and the min/max overloads nvcc provides.
//
// With -nocudainc nothing declares these for device code: glibc's <math.h>
// declarations are host functions. clang's CUDA mode lets a __device__
// function overload a host function of the same signature, so these and
// glibc's coexist whichever comes first; coming first (the prelude is
// force-included) also puts the device overloads into namespace std through
// <cmath>'s using-declarations, so std::exp(double) works in kernels.
#ifndef CUDA_COALESCE_MATH_FUNCTIONS_H
#define CUDA_COALESCE_MATH_FUNCTIONS_H

#include "host_defines.h"

// NAME declares NAMEf(float), NAME(double) and the C++ overload NAME(float).
#define __CC_MATH1(Name)                                                       \
  __device__ float Name##f(float x);                                           \
  __device__ double Name(double x);                                            \
  __device__ float Name(float x);
#define __CC_MATH2(Name)                                                       \
  __device__ float Name##f(float x, float y);                                  \
  __device__ double Name(double x, double y);                                  \
  __device__ float Name(float x, float y);
#define __CC_MATH3(Name)                                                       \
  __device__ float Name##f(float x, float y, float z);                         \
  __device__ double Name(double x, double y, double z);                        \
  __device__ float Name(float x, float y, float z);

// Roots, exponentials and logarithms.
__CC_MATH1(sqrt) __CC_MATH1(rsqrt) __CC_MATH1(cbrt) __CC_MATH1(rcbrt)
__CC_MATH1(exp) __CC_MATH1(exp2) __CC_MATH1(exp10) __CC_MATH1(expm1)
__CC_MATH1(log) __CC_MATH1(log2) __CC_MATH1(log10) __CC_MATH1(log1p)
__CC_MATH1(logb)
__CC_MATH2(pow) __CC_MATH2(hypot) __CC_MATH2(rhypot)
__CC_MATH3(norm3d) __CC_MATH3(rnorm3d)

// Trigonometric and hyperbolic.
__CC_MATH1(sin) __CC_MATH1(cos) __CC_MATH1(tan)
__CC_MATH1(asin) __CC_MATH1(acos) __CC_MATH1(atan) __CC_MATH2(atan2)
__CC_MATH1(sinh) __CC_MATH1(cosh) __CC_MATH1(tanh)
__CC_MATH1(asinh) __CC_MATH1(acosh) __CC_MATH1(atanh)
__CC_MATH1(sinpi) __CC_MATH1(cospi)

// Rounding, magnitude and remainders.
__CC_MATH1(fabs) __CC_MATH1(floor) __CC_MATH1(ceil) __CC_MATH1(round)
__CC_MATH1(trunc) __CC_MATH1(rint) __CC_MATH1(nearbyint)
__CC_MATH2(fmin) __CC_MATH2(fmax) __CC_MATH2(fmod) __CC_MATH2(remainder)
__CC_MATH2(copysign) __CC_MATH2(fdim) __CC_MATH2(nextafter)
__CC_MATH3(fma)

// Error and gamma functions, normal distribution.
__CC_MATH1(erf) __CC_MATH1(erfc) __CC_MATH1(erfinv) __CC_MATH1(erfcinv)
__CC_MATH1(lgamma) __CC_MATH1(tgamma)
__CC_MATH1(normcdf) __CC_MATH1(normcdfinv)

#undef __CC_MATH1
#undef __CC_MATH2
#undef __CC_MATH3

// The irregular signatures.
__device__ void sincosf(float x, float *s, float *c);
__device__ void sincos(double x, double *s, double *c);
__device__ void sincospif(float x, float *s, float *c);
__device__ void sincospi(double x, double *s, double *c);
__device__ float frexpf(float x, int *exp);
__device__ double frexp(double x, int *exp);
__device__ float ldexpf(float x, int exp);
__device__ double ldexp(double x, int exp);
__device__ float scalbnf(float x, int n);
__device__ double scalbn(double x, int n);
__device__ float modff(float x, float *iptr);
__device__ double modf(double x, double *iptr);
__device__ int ilogbf(float x);
__device__ int ilogb(double x);
__device__ long lrintf(float x);
__device__ long lrint(double x);
__device__ long long llrintf(float x);
__device__ long long llrint(double x);
__device__ long lroundf(float x);
__device__ long lround(double x);
__device__ long long llroundf(float x);
__device__ long long llround(double x);
__device__ float fdividef(float x, float y);
__device__ float pow(float x, int y);
__device__ double pow(double x, int y);

// Absolute values.
__device__ int abs(int x);
__device__ long labs(long x);
__device__ long long llabs(long long x);
__device__ long abs(long x);
__device__ long long abs(long long x);
__device__ float abs(float x);
__device__ double abs(double x);

// min and max, host and device as in nvcc; the mixed signed/unsigned
// overloads keep min(int, unsigned) from being ambiguous.
#define __CC_MIN_MAX(A, B, R)                                                  \
  __host__ __device__ R min(A x, B y);                                         \
  __host__ __device__ R max(A x, B y);
#include "cuda_coalesce_min_max_overloads.h"
#undef __CC_MIN_MAX
__device__ unsigned int umin(unsigned int x, unsigned int y);
__device__ unsigned int umax(unsigned int x, unsigned int y);
__device__ long long llmin(long long x, long long y);
__device__ long long llmax(long long x, long long y);
__device__ unsigned long long ullmin(unsigned long long x,
                                     unsigned long long y);
__device__ unsigned long long ullmax(unsigned long long x,
                                     unsigned long long y);

#endif
