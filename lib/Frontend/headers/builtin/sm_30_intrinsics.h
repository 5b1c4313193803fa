// Warp-level primitives: shuffles, votes, matches and reductions.
//
// The analysis reads a shuffle as a lane permutation, not a memory access, so
// these only need to resolve; the overload set is the toolkit's.
#ifndef CUDA_COALESCE_SM_30_INTRINSICS_H
#define CUDA_COALESCE_SM_30_INTRINSICS_H

#include "host_defines.h"

#define __CC_SHUFFLES(T)                                                       \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane,              \
                           int width = 32);                                    \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,    \
                              int width = 32);                                 \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,  \
                                int width = 32);                               \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask,         \
                               int width = 32);                                \
  /* Pre-CUDA 9 spellings: clang's own toolkit headers still accept them. */   \
  __device__ T __shfl(T var, int srcLane, int width = 32);                     \
  __device__ T __shfl_up(T var, unsigned int delta, int width = 32);           \
  __device__ T __shfl_down(T var, unsigned int delta, int width = 32);         \
  __device__ T __shfl_xor(T var, int laneMask, int width = 32);                \
  __device__ unsigned int __match_any_sync(unsigned int mask, T value);        \
  __device__ unsigned int __match_all_sync(unsigned int mask, T value,         \
                                           int *pred);

__CC_SHUFFLES(int)
__CC_SHUFFLES(unsigned int)
__CC_SHUFFLES(long)
__CC_SHUFFLES(unsigned long)
__CC_SHUFFLES(long long)
__CC_SHUFFLES(unsigned long long)
__CC_SHUFFLES(float)
__CC_SHUFFLES(double)
// __CC_SHUFFLES stays defined: cuda_fp16.h and cuda_bf16.h declare the same set
// for the narrow float types.

// Votes.
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __uni_sync(unsigned int mask, int predicate);
__device__ unsigned int __activemask(void);
__device__ unsigned int __ballot(int predicate);
__device__ int __all(int predicate);
__device__ int __any(int predicate);

// Lane masks of the calling thread.
__device__ unsigned int __lanemask_lt(void);
__device__ unsigned int __lanemask_le(void);
__device__ unsigned int __lanemask_eq(void);
__device__ unsigned int __lanemask_ge(void);
__device__ unsigned int __lanemask_gt(void);

// Warp reductions (sm_80).
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);

#endif
