// CUDA's declaration keywords, spelled as clang's CUDA attributes.
//
// With -nocudainc clang predefines none of them; nvcc users write them in every
// file without an include, so the prelude pulls this in first.
#ifndef CUDA_COALESCE_HOST_DEFINES_H
#define CUDA_COALESCE_HOST_DEFINES_H

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
// clang's `managed` attribute is HIP-only (ignored with a warning in CUDA); a
// managed variable is a device variable as far as the analysis is concerned.
#define __managed__ __attribute__((device))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
// clang 19 has neither attribute; both only affect code generation.
#define __grid_constant__
#define __cluster_dims__(...)
// Not defined here: __noinline__ and __restrict__ are keywords in clang's CUDA
// mode, and a __noinline__ macro would break libstdc++'s
// __attribute__((__noinline__)).

#endif
