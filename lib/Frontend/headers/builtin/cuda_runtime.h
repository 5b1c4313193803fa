// The runtime API as nvcc users see it: the C API plus its C++ templates, and
// every device-side declaration nvcc makes visible without an include.
#ifndef CUDA_COALESCE_CUDA_RUNTIME_H
#define CUDA_COALESCE_CUDA_RUNTIME_H
// The toolkit's include guard, which helpers (helper_cuda.h) test.
#define __CUDA_RUNTIME_H__

#include "host_defines.h"
#include "cuda_runtime_api.h"
#include "vector_functions.h"
#include "device_launch_parameters.h"
#include "common_functions.h"
#include "math_functions.h"
#include "device_functions.h"
#include "device_atomic_functions.h"
#include "sm_30_intrinsics.h"
#include "sm_32_intrinsics.h"
#include "texture_fetch_functions.h"

// The C++ overloads take typed pointers and kernels by name, which the C forms
// (void **, const void *) would reject without a cast.
template <class T> cudaError_t cudaMalloc(T **devPtr, __SIZE_TYPE__ size);
template <class T>
cudaError_t cudaMallocManaged(T **devPtr, __SIZE_TYPE__ size,
                              unsigned int flags = cudaMemAttachGlobal);
template <class T>
cudaError_t cudaMallocHost(T **ptr, __SIZE_TYPE__ size, unsigned int flags = 0);
template <class T>
cudaError_t cudaHostAlloc(T **ptr, __SIZE_TYPE__ size, unsigned int flags);
template <class T>
cudaError_t cudaMallocPitch(T **devPtr, __SIZE_TYPE__ *pitch,
                            __SIZE_TYPE__ width, __SIZE_TYPE__ height);
template <class T>
cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
                                     unsigned int flags);
cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);

template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src,
                               __SIZE_TYPE__ count, __SIZE_TYPE__ offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src,
                                    __SIZE_TYPE__ count,
                                    __SIZE_TYPE__ offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                    cudaStream_t stream = 0);
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol,
                                 __SIZE_TYPE__ count, __SIZE_TYPE__ offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);

template <class T>
cudaError_t cudaFuncSetCacheConfig(T *func, cudaFuncCache cacheConfig);
template <class T>
cudaError_t cudaFuncSetAttribute(T *func, cudaFuncAttribute attr, int value);
template <class T>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, T *func);
template <class T>
cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                             __SIZE_TYPE__ sharedMem = 0,
                             cudaStream_t stream = 0);
template <class T>
cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                        void **args,
                                        __SIZE_TYPE__ sharedMem = 0,
                                        cudaStream_t stream = 0);
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, T func, int blockSize, __SIZE_TYPE__ dynamicSMemSize);
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, T func,
    __SIZE_TYPE__ dynamicSMemSize = 0, int blockSizeLimit = 0);

// A channel format from the element type (the toolkit specializes it per type;
// declared only, so any T parses).
template <class T> cudaChannelFormatDesc cudaCreateChannelDesc(void);

// The texture-reference forms that take the texture itself are declared
// with the references (compat/cuda_coalesce_texture_references.h).

// surf2Dwrite and the other surface object functions.
#include "cuda_coalesce_surface_functions.h"

// What the nvcc mode turns a device-side kernel launch into.
#include "cuda_coalesce_device_launch.h"

#endif
