// Atomic read-modify-write functions: atomicAdd, atomicSub, atomicExch,
// atomicMin, atomicMax, atomicInc, atomicDec, atomicCAS, atomicAnd, atomicOr,
// atomicXor, each also with the _block and _system scope suffixes.
#ifndef CUDA_COALESCE_DEVICE_ATOMIC_FUNCTIONS_H
#define CUDA_COALESCE_DEVICE_ATOMIC_FUNCTIONS_H

#include "vector_types.h"

#define __CC_ATOMICS(Scope)                                                    \
  __device__ int atomicAdd##Scope(int *address, int val);                      \
  __device__ unsigned int atomicAdd##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ unsigned long long atomicAdd##Scope(unsigned long long *address,  \
                                                 unsigned long long val);      \
  __device__ float atomicAdd##Scope(float *address, float val);                \
  __device__ double atomicAdd##Scope(double *address, double val);             \
  __device__ float2 atomicAdd##Scope(float2 *address, float2 val);             \
  __device__ float4 atomicAdd##Scope(float4 *address, float4 val);             \
  __device__ int atomicSub##Scope(int *address, int val);                      \
  __device__ unsigned int atomicSub##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ int atomicExch##Scope(int *address, int val);                     \
  __device__ unsigned int atomicExch##Scope(unsigned int *address,             \
                                            unsigned int val);                 \
  __device__ unsigned long long atomicExch##Scope(unsigned long long *address, \
                                                  unsigned long long val);     \
  __device__ float atomicExch##Scope(float *address, float val);               \
  __device__ int atomicMin##Scope(int *address, int val);                      \
  __device__ unsigned int atomicMin##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ long long atomicMin##Scope(long long *address, long long val);    \
  __device__ unsigned long long atomicMin##Scope(unsigned long long *address,  \
                                                 unsigned long long val);      \
  __device__ int atomicMax##Scope(int *address, int val);                      \
  __device__ unsigned int atomicMax##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ long long atomicMax##Scope(long long *address, long long val);    \
  __device__ unsigned long long atomicMax##Scope(unsigned long long *address,  \
                                                 unsigned long long val);      \
  __device__ unsigned int atomicInc##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ unsigned int atomicDec##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ int atomicCAS##Scope(int *address, int compare, int val);         \
  __device__ unsigned int atomicCAS##Scope(unsigned int *address,              \
                                           unsigned int compare,               \
                                           unsigned int val);                  \
  __device__ unsigned long long atomicCAS##Scope(unsigned long long *address,  \
                                                 unsigned long long compare,   \
                                                 unsigned long long val);      \
  __device__ unsigned short atomicCAS##Scope(unsigned short *address,          \
                                             unsigned short compare,           \
                                             unsigned short val);              \
  __device__ int atomicAnd##Scope(int *address, int val);                      \
  __device__ unsigned int atomicAnd##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ unsigned long long atomicAnd##Scope(unsigned long long *address,  \
                                                 unsigned long long val);      \
  __device__ int atomicOr##Scope(int *address, int val);                       \
  __device__ unsigned int atomicOr##Scope(unsigned int *address,               \
                                          unsigned int val);                   \
  __device__ unsigned long long atomicOr##Scope(unsigned long long *address,   \
                                                unsigned long long val);       \
  __device__ int atomicXor##Scope(int *address, int val);                      \
  __device__ unsigned int atomicXor##Scope(unsigned int *address,              \
                                           unsigned int val);                  \
  __device__ unsigned long long atomicXor##Scope(unsigned long long *address,  \
                                                 unsigned long long val);

__CC_ATOMICS()
__CC_ATOMICS(_block)
__CC_ATOMICS(_system)
#undef __CC_ATOMICS

// nvcc's __nv_atomic_* built-ins, shared with the toolkit mode (compat/).
#include "cuda_coalesce_nv_atomics.h"

#endif
