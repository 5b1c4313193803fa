// Force-included (-include, found through -idirafter on this folder) in
// toolkit mode, after clang's CUDA runtime wrapper and before the user's code:
// fixes for what clang 19 gets wrong with a real toolkit that a stub header
// cannot reach.
#ifndef CUDA_COALESCE_TOOLKIT_PRELUDE_H
#define CUDA_COALESCE_TOOLKIT_PRELUDE_H

// The toolkit spells __managed__ as clang's HIP-only `managed` attribute,
// which CUDA mode ignores: `__managed__ int x;` becomes a host variable and
// every kernel that uses it fails to parse. A managed variable is a device
// variable as far as the analysis is concerned.
#undef __managed__
#define __managed__ __attribute__((device))

// clang 19 knows neither attribute and warns on every use; both only affect
// code generation.
#undef __grid_constant__
#define __grid_constant__
#undef __cluster_dims__
#define __cluster_dims__(...)

// nvcc predefines its version; clang does not, though host code prints it and
// feature tests compare it. Derived from the toolkit's cuda.h, which clang's
// wrapper has included. (The toolkit's own headers test these only for NVRTC,
// and libcu++ reads CUDA_VERSION under clang, so neither changes behaviour.)
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
#endif

// CUDA 13 moved libcu++ to include/cccl, which clang does not search, and it
// needs C++17; cooperative_groups.h includes it unless told to use its own
// traits. (Code that includes <cuda/std/...>, thrust or cub itself still needs
// -isystem <cuda>/include/cccl, as nvcc passes.)
#if !__has_include(<cuda/std/type_traits>) || __cplusplus < 201703L
#define _CG_LIMIT_INCLUDED_DEPENDENCIES
#endif

// clang's wrapper skips the toolkit's sm_32_intrinsics.h and defines only
// __ldg, so the other cache-hinted loads and stores would be undeclared.
// Templates, so that they never clash with a real declaration and lose to one
// in overload resolution.
template <class T> __device__ T __ldcg(const T *ptr);
template <class T> __device__ T __ldca(const T *ptr);
template <class T> __device__ T __ldcs(const T *ptr);
template <class T> __device__ T __ldlu(const T *ptr);
template <class T> __device__ T __ldcv(const T *ptr);
template <class T> __device__ void __stwb(T *ptr, T value);
template <class T> __device__ void __stcg(T *ptr, T value);
template <class T> __device__ void __stcs(T *ptr, T value);
template <class T> __device__ void __stwt(T *ptr, T value);

// nvcc's __nv_atomic_* built-in functions, which no header declares.
#include "cuda_coalesce_nv_atomics.h"

// surf2Dwrite and the other surface object functions, which clang's wrapper
// leaves out.
#include "cuda_coalesce_surface_functions.h"

// What the nvcc mode turns a device-side kernel launch into.
#include "cuda_coalesce_device_launch.h"

// nvcc's runtime headers include these in the device pass (time.h in both),
// so code calls time(), clock(), printf() or assert() without including them;
// clang's wrapper brings in only <cmath>, <cstdlib>, <stdlib.h>, <string.h>.
#if __has_include(<time.h>)
#include <assert.h>
#include <stdio.h>
#include <time.h>
#endif

// nvcc's min and max overloads are __host__ __device__, and old host code
// calls max(a, b) unqualified; clang's wrapper includes them with __host__
// defined away, so only the device ones exist. The same set, host-only.
#define __CC_MIN_MAX(A, B, R)                                                  \
  __host__ R min(A x, B y);                                                    \
  __host__ R max(A x, B y);
#include "cuda_coalesce_min_max_overloads.h"
#undef __CC_MIN_MAX

// CUDA 13 removed the cudaThread* functions (deprecated since CUDA 4.0 for
// their cudaDevice* equivalents), which old benchmark host code still calls.
#if CUDART_VERSION >= 13000
extern "C" {
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaThreadGetLimit(size_t *pValue, enum cudaLimit limit);
__host__ cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *pCacheConfig);
__host__ cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig);
}
#endif

// CUDA 12 removed texture references (texture<>, cudaBindTexture, tex1Dfetch
// on a reference, ...), which old benchmarks use; the enums,
// cudaChannelFormatDesc and cudaCreateChannelDesc remain in the toolkit.
// Declarations only (shared with the built-in headers): a texture read is
// not a global memory access to the analysis.
#if CUDART_VERSION >= 12000
#include "cuda_coalesce_texture_references.h"

extern "C" {
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct textureReference *texref,
                                     const void *devPtr,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t size = ~(size_t)0);
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct textureReference *texref,
                                       const void *devPtr,
                                       const struct cudaChannelFormatDesc *desc,
                                       size_t width, size_t height,
                                       size_t pitch);
__host__ cudaError_t
cudaBindTextureToArray(const struct textureReference *texref,
                       cudaArray_const_t array,
                       const struct cudaChannelFormatDesc *desc);
__host__ cudaError_t cudaUnbindTexture(const struct textureReference *texref);
__host__ cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset,
                              const struct textureReference *texref);
__host__ cudaError_t
cudaGetTextureReference(const struct textureReference **texref,
                        const void *symbol);
}

// The C++ forms, taking the texture itself, come with the references.
#endif

#endif
