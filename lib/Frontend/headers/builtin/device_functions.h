// Device intrinsics that are not warp-, load- or atomic-specific: barriers and
// fences, clocks, bit manipulation, integer helpers, fast-math intrinsics and
// bit-exact conversions.
//
// Declarations only: the analysis treats every intrinsic call as opaque.
#ifndef CUDA_COALESCE_DEVICE_FUNCTIONS_H
#define CUDA_COALESCE_DEVICE_FUNCTIONS_H

#include "host_defines.h"

// Barriers and memory fences.
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);

// Clocks and sleeping.
__device__ long long clock64(void);
__device__ void __nanosleep(unsigned int ns);

// Bit manipulation.
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y,
                                    unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                        unsigned int shift);

// Integer helpers.
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x,
                                         unsigned long long y);
__device__ int __hadd(int x, int y);
__device__ int __rhadd(int x, int y);
__device__ unsigned int __uhadd(unsigned int x, unsigned int y);
__device__ unsigned int __urhadd(unsigned int x, unsigned int y);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);

// Fast, reduced-accuracy float intrinsics.
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __powf(float x, float y);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ void __sincosf(float x, float *s, float *c);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);

// Arithmetic with an explicit rounding mode.
__device__ float __fadd_rn(float x, float y);
__device__ float __fadd_rz(float x, float y);
__device__ float __fsub_rn(float x, float y);
__device__ float __fmul_rn(float x, float y);
__device__ float __fmul_rz(float x, float y);
__device__ float __fdiv_rn(float x, float y);
__device__ float __fmaf_rn(float x, float y, float z);
__device__ float __frcp_rn(float x);
__device__ float __fsqrt_rn(float x);
__device__ float __frsqrt_rn(float x);
__device__ double __dadd_rn(double x, double y);
__device__ double __dmul_rn(double x, double y);
__device__ double __fma_rn(double x, double y, double z);

// Conversions with an explicit rounding mode.
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ int __float2int_rd(float x);
__device__ int __float2int_ru(float x);
__device__ unsigned int __float2uint_rn(float x);
__device__ unsigned int __float2uint_rz(float x);
__device__ long long __float2ll_rn(float x);
__device__ long long __float2ll_rz(float x);
__device__ float __int2float_rn(int x);
__device__ float __uint2float_rn(unsigned int x);
__device__ float __ll2float_rn(long long x);
__device__ float __double2float_rn(double x);
__device__ int __double2int_rn(double x);
__device__ int __double2int_rz(double x);
__device__ double __int2double_rn(int x);

// Reinterpretations of the same bits.
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ int __double2hiint(double x);
__device__ int __double2loint(double x);
__device__ double __hiloint2double(int hi, int lo);

// Address-space queries and conversions.
__device__ unsigned int __isGlobal(const void *ptr);
__device__ unsigned int __isShared(const void *ptr);
__device__ unsigned int __isConstant(const void *ptr);
__device__ unsigned int __isLocal(const void *ptr);
__device__ __SIZE_TYPE__ __cvta_generic_to_shared(const void *ptr);
__device__ __SIZE_TYPE__ __cvta_generic_to_global(const void *ptr);

#endif
