// Device-side cuRAND: the XORWOW (default), Philox4_32_10 and MRG32k3a
// generator states and the functions that draw from them.
//
// Kernels usually keep one state per thread in a global array
// (states[tid]), so the state sizes must match the toolkit's for the analysis
// to get that stride right: 48, 64 and 48 bytes. The fields are opaque.
#ifndef CUDA_COALESCE_CURAND_KERNEL_H
#define CUDA_COALESCE_CURAND_KERNEL_H

#include "vector_types.h"

struct curandStateXORWOW {
  unsigned int words[6];
  int cached_flags[2];
  float cached_normal;
  double cached_normal_double;
};

struct curandStatePhilox4_32_10 {
  uint4 counter;
  uint4 output;
  uint2 key;
  unsigned int output_index;
  int cached_flags[2];
  float cached_normal;
  double cached_normal_double;
};

struct curandStateMRG32k3a {
  unsigned int words[6];
  int cached_flags[2];
  float cached_normal;
  double cached_normal_double;
};

typedef curandStateXORWOW curandStateXORWOW_t;
typedef curandStateXORWOW curandState_t;
typedef curandStateXORWOW curandState;
typedef curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef curandStateMRG32k3a curandStateMRG32k3a_t;

#define __CC_CURAND_GENERATOR(State)                                           \
  __device__ void curand_init(unsigned long long seed,                         \
                              unsigned long long subsequence,                  \
                              unsigned long long offset, State *state);        \
  __device__ unsigned int curand(State *state);                                \
  __device__ float curand_uniform(State *state);                               \
  __device__ double curand_uniform_double(State *state);                       \
  __device__ float curand_normal(State *state);                                \
  __device__ double curand_normal_double(State *state);                        \
  __device__ float2 curand_normal2(State *state);                              \
  __device__ double2 curand_normal2_double(State *state);                      \
  __device__ float curand_log_normal(State *state, float mean, float stddev);  \
  __device__ double curand_log_normal_double(State *state, double mean,        \
                                             double stddev);                   \
  __device__ unsigned int curand_poisson(State *state, double lambda);         \
  __device__ void skipahead(unsigned long long n, State *state);               \
  __device__ void skipahead_sequence(unsigned long long n, State *state);

__CC_CURAND_GENERATOR(curandStateXORWOW)
__CC_CURAND_GENERATOR(curandStatePhilox4_32_10)
__CC_CURAND_GENERATOR(curandStateMRG32k3a)
#undef __CC_CURAND_GENERATOR

// Philox produces four values per step.
__device__ uint4 curand4(curandStatePhilox4_32_10 *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10 *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10 *state);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10 *state);

__device__ void skipahead_subsequence(unsigned long long n,
                                      curandStateMRG32k3a *state);

#endif
