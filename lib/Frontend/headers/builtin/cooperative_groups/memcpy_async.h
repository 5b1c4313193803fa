// cooperative_groups::memcpy_async and wait: a group-wide asynchronous copy,
// usually global to shared memory. Both pointers are memory accesses the
// analysis sees; count is in bytes.
#ifndef CUDA_COALESCE_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define CUDA_COALESCE_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H

#include <cooperative_groups.h>

namespace cooperative_groups {

template <class Group, class T>
__device__ void memcpy_async(const Group &g, T *dst, const T *src,
                             __SIZE_TYPE__ count);
template <class Group>
__device__ void memcpy_async(const Group &g, void *dst, const void *src,
                             __SIZE_TYPE__ count);
template <class Group> __device__ void wait(const Group &g);
template <unsigned int NumStages, class Group>
__device__ void wait_prior(const Group &g);

} // namespace cooperative_groups

#endif
