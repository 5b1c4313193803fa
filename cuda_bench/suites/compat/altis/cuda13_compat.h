// Altis calls three runtime functions as CUDA 12 declared them: it passes a
// device number to cudaMemPrefetchAsync and cudaMemAdvise, where CUDA 13
// takes a cudaMemLocation, and no edge data to cudaGraphAddDependencies.
// These overloads take the old arguments and call the new forms, so that
// Altis builds unchanged (force-included with -include; host code only, no
// kernel changes).
#pragma once
#ifdef __cplusplus  // the C files Altis links get it too
#include <cuda_runtime.h>

#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000
static inline cudaMemLocation altisLocation(int device) {
  cudaMemLocation where = {};
  where.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
  where.id = device == cudaCpuDeviceId ? 0 : device;
  return where;
}

static inline cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t bytes, int device,
                                               cudaStream_t stream = 0) {
  return cudaMemPrefetchAsync(ptr, bytes, altisLocation(device), 0, stream);
}

static inline cudaError_t cudaMemAdvise(const void *ptr, size_t bytes, cudaMemoryAdvise advice,
                                        int device) {
  return cudaMemAdvise(ptr, bytes, advice, altisLocation(device));
}

static inline cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                   const cudaGraphNode_t *to, size_t count) {
  return cudaGraphAddDependencies(graph, from, to, nullptr, count);
}
#endif
#endif
