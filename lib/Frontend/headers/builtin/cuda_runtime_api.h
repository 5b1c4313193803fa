// The runtime API's C functions, and the hooks clang lowers <<<...>>> to.
//
// Declarations only: these headers are parsed, never linked. The functions the
// toolkit also offers to kernels (dynamic parallelism) are __host__ __device__
// so that error-checking helpers shared by host and device code still parse.
#ifndef CUDA_COALESCE_CUDA_RUNTIME_API_H
#define CUDA_COALESCE_CUDA_RUNTIME_API_H

#include "driver_types.h"
#include "texture_types.h"

// The API level these headers model, for code that tests it.
#define CUDART_VERSION 12000

extern "C" {

// Kernel launches. With -nocudainc -nocudalib clang does not know the toolkit
// version and lowers k<<<g, b, shmem, stream>>>(...) to a call of
// cudaConfigureCall; newer versions would use __cudaPushCallConfiguration.
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                              __SIZE_TYPE__ sharedMem = 0,
                              cudaStream_t stream = 0);
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     __SIZE_TYPE__ sharedMem = 0,
                                     cudaStream_t stream = 0);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, __SIZE_TYPE__ sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        __SIZE_TYPE__ sharedMem,
                                        cudaStream_t stream);

// Errors and versions.
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t error);
__host__ __device__ const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

// Devices.
cudaError_t cudaGetDeviceCount(int *count);
__host__ __device__ cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
__host__ __device__ cudaError_t cudaDeviceGetAttribute(int *value,
                                                       cudaDeviceAttr attr,
                                                       int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetLimit(cudaLimit limit, __SIZE_TYPE__ value);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaMemGetInfo(__SIZE_TYPE__ *free, __SIZE_TYPE__ *total);
// The per-thread forms CUDA 13 removed (deprecated since 4.0 for the
// cudaDevice* ones above), which old benchmark host code still calls.
cudaError_t cudaThreadExit(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaThreadSetLimit(cudaLimit limit, __SIZE_TYPE__ value);
cudaError_t cudaThreadGetLimit(__SIZE_TYPE__ *pValue, cudaLimit limit);
cudaError_t cudaThreadGetCacheConfig(cudaFuncCache *pCacheConfig);
cudaError_t cudaThreadSetCacheConfig(cudaFuncCache cacheConfig);

// Memory.
__host__ __device__ cudaError_t cudaMalloc(void **devPtr, __SIZE_TYPE__ size);
__host__ __device__ cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMallocPitch(void **devPtr, __SIZE_TYPE__ *pitch,
                            __SIZE_TYPE__ width, __SIZE_TYPE__ height);
cudaError_t cudaMallocManaged(void **devPtr, __SIZE_TYPE__ size,
                              unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void **ptr, __SIZE_TYPE__ size);
cudaError_t cudaHostAlloc(void **pHost, __SIZE_TYPE__ size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaHostRegister(void *ptr, __SIZE_TYPE__ size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags);
cudaError_t cudaMemcpy(void *dst, const void *src, __SIZE_TYPE__ count,
                       cudaMemcpyKind kind);
__host__ __device__ cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                                __SIZE_TYPE__ count,
                                                cudaMemcpyKind kind,
                                                cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, __SIZE_TYPE__ dpitch, const void *src,
                         __SIZE_TYPE__ spitch, __SIZE_TYPE__ width,
                         __SIZE_TYPE__ height, cudaMemcpyKind kind);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, __SIZE_TYPE__ count);
cudaError_t cudaMemset(void *devPtr, int value, __SIZE_TYPE__ count);
__host__ __device__ cudaError_t cudaMemsetAsync(void *devPtr, int value,
                                                __SIZE_TYPE__ count,
                                                cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void *devPtr, __SIZE_TYPE__ pitch, int value,
                         __SIZE_TYPE__ width, __SIZE_TYPE__ height);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, __SIZE_TYPE__ count,
                                 int dstDevice, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                               __SIZE_TYPE__ count, __SIZE_TYPE__ offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol,
                                 __SIZE_TYPE__ count, __SIZE_TYPE__ offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
                                    __SIZE_TYPE__ count, __SIZE_TYPE__ offset,
                                    cudaMemcpyKind kind,
                                    cudaStream_t stream = 0);
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);

// CUDA arrays and channel formats.
cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                            cudaChannelFormatKind f);
cudaError_t cudaMallocArray(cudaArray_t *array,
                            const cudaChannelFormatDesc *desc,
                            __SIZE_TYPE__ width, __SIZE_TYPE__ height = 0,
                            unsigned int flags = 0);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *desc,
                               cudaArray_const_t array);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, __SIZE_TYPE__ wOffset,
                              __SIZE_TYPE__ hOffset, const void *src,
                              __SIZE_TYPE__ count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src,
                                __SIZE_TYPE__ wOffset, __SIZE_TYPE__ hOffset,
                                __SIZE_TYPE__ count, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, __SIZE_TYPE__ wOffset,
                                __SIZE_TYPE__ hOffset, const void *src,
                                __SIZE_TYPE__ spitch, __SIZE_TYPE__ width,
                                __SIZE_TYPE__ height, cudaMemcpyKind kind);

// Texture references, removed in CUDA 12 but bound by old host code
// (cuda_runtime.h adds the forms that take the texture itself).
cudaError_t cudaBindTexture(__SIZE_TYPE__ *offset,
                            const textureReference *texref, const void *devPtr,
                            const cudaChannelFormatDesc *desc,
                            __SIZE_TYPE__ size = ~(__SIZE_TYPE__)0);
cudaError_t cudaBindTexture2D(__SIZE_TYPE__ *offset,
                              const textureReference *texref,
                              const void *devPtr,
                              const cudaChannelFormatDesc *desc,
                              __SIZE_TYPE__ width, __SIZE_TYPE__ height,
                              __SIZE_TYPE__ pitch);
cudaError_t cudaBindTextureToArray(const textureReference *texref,
                                   cudaArray_const_t array,
                                   const cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const textureReference *texref);
cudaError_t cudaGetTextureAlignmentOffset(__SIZE_TYPE__ *offset,
                                          const textureReference *texref);
cudaError_t cudaGetTextureReference(const textureReference **texref,
                                    const void *symbol);

// Streams and events.
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                                          unsigned int flags);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                                         unsigned int flags);
__host__ __device__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                                cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);

// Kernel attributes and occupancy (the C forms take the kernel as a pointer;
// cuda_runtime.h adds the templates that take it by name).
cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache cacheConfig);
cudaError_t cudaFuncSetAttribute(const void *func, cudaFuncAttribute attr,
                                 int value);
__host__ __device__ cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr,
                                                      const void *func);
__host__ __device__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize,
    __SIZE_TYPE__ dynamicSMemSize);

// Profiler ranges, usually from cuda_profiler_api.h.
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

} // extern "C"

#endif
