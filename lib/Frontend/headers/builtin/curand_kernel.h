// Device-side cuRAND: the XORWOW (default), Philox4_32_10 and MRG32k3a
// generator states and the functions that draw from them.
//
// Kernels usually keep one state per thread in a global array
// (states[tid]), so the state sizes must match the toolkit's for the analysis
// to get that stride right: 48, 64 and 48 bytes. XORWOW's members have the
// toolkit's names and offsets (d, v[5], then the Box-Muller cache).
//
// The analysis follows the toolkit's generator functions into their bodies
// (docs/analysis.md, "Toolkit headers"), so that the stores curand_init and
// curand make into the state a caller passes (&states[id]) are reported. The
// XORWOW functions here are written for that: they read and write the
// state's members as the toolkit's do, in the same order, and compute only
// what the addresses need (the random numbers they return are not cuRAND's;
// a skip ahead leaves out the toolkit's table of precomputed matrices, whose
// loads the whole warp shares). The other generators are declared only.
#ifndef CUDA_COALESCE_CURAND_KERNEL_H
#define CUDA_COALESCE_CURAND_KERNEL_H

#include "vector_types.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
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

// A skip ahead of n steps: for each set bit of n, the state's five words
// are read and rewritten (multiplied by a power of the transition matrix).
static __inline__ __device__ void
__cc_curand_skip(unsigned long long n, curandStateXORWOW *state) {
  while (n) {
    if (n & 1) {
      unsigned int w[5];
      for (int i = 0; i < 5; i++)
        w[i] = state->v[i];
      for (int i = 0; i < 5; i++)
        state->v[i] = w[i] ^ w[(i + 1) % 5];
    }
    n >>= 1;
  }
}

static __inline__ __device__ void curand_init(unsigned long long seed,
                                              unsigned long long subsequence,
                                              unsigned long long offset,
                                              curandStateXORWOW *state) {
  unsigned int s = (unsigned int)seed ^ (unsigned int)(seed >> 32);
  state->d = s;
  state->v[0] = s + 1u;
  state->v[1] = s + 2u;
  state->v[2] = s + 3u;
  state->v[3] = s + 4u;
  state->v[4] = s + 5u;
  __cc_curand_skip(subsequence, state);
  __cc_curand_skip(offset, state);
  state->d += 362437u * (unsigned int)offset;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

static __inline__ __device__ unsigned int curand(curandStateXORWOW *state) {
  unsigned int t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += 362437u;
  return state->v[4] + state->d;
}

static __inline__ __device__ float curand_uniform(curandStateXORWOW *state) {
  return (float)curand(state) * 2.3283064e-10f + 1.1641532e-10f;
}

static __inline__ __device__ double
curand_uniform_double(curandStateXORWOW *state) {
  unsigned int hi = curand(state);
  unsigned int lo = curand(state);
  return (double)hi * 2.3283064365386963e-10 +
         (double)lo * 5.421010862427522e-20;
}

// Box-Muller makes two normals at a time: one is returned, the other cached
// in the state for the next call.
static __inline__ __device__ float curand_normal(curandStateXORWOW *state) {
  if (state->boxmuller_flag != 1) {
    float u = curand_uniform(state);
    float v = curand_uniform(state);
    state->boxmuller_extra = u - v;
    state->boxmuller_flag = 1;
    return u + v;
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}

static __inline__ __device__ double
curand_normal_double(curandStateXORWOW *state) {
  if (state->boxmuller_flag_double != 1) {
    double u = curand_uniform_double(state);
    double v = curand_uniform_double(state);
    state->boxmuller_extra_double = u - v;
    state->boxmuller_flag_double = 1;
    return u + v;
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

static __inline__ __device__ float2 curand_normal2(curandStateXORWOW *state) {
  float u = curand_uniform(state);
  float v = curand_uniform(state);
  float2 r;
  r.x = u + v;
  r.y = u - v;
  return r;
}

static __inline__ __device__ double2
curand_normal2_double(curandStateXORWOW *state) {
  double u = curand_uniform_double(state);
  double v = curand_uniform_double(state);
  double2 r;
  r.x = u + v;
  r.y = u - v;
  return r;
}

static __inline__ __device__ float
curand_log_normal(curandStateXORWOW *state, float mean, float stddev) {
  return mean + stddev * curand_normal(state);
}

static __inline__ __device__ double
curand_log_normal_double(curandStateXORWOW *state, double mean,
                         double stddev) {
  return mean + stddev * curand_normal_double(state);
}

static __inline__ __device__ unsigned int
curand_poisson(curandStateXORWOW *state, double lambda) {
  return (unsigned int)(lambda * curand_uniform_double(state));
}

static __inline__ __device__ void skipahead(unsigned long long n,
                                            curandStateXORWOW *state) {
  __cc_curand_skip(n, state);
  state->d += 362437u * (unsigned int)n;
}

static __inline__ __device__ void
skipahead_sequence(unsigned long long n, curandStateXORWOW *state) {
  __cc_curand_skip(n, state);
}

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
