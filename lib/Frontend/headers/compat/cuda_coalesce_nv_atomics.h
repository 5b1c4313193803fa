// nvcc's built-in atomic functions (CUDA 12.8 and later): __nv_atomic_fetch_add
// and the rest, with a memory order and a thread scope. nvcc knows them
// without a header; clang 19 does not, so they are declared here, for both
// ways of finding CUDA. The order and scope names are nvcc's; their values
// here only need to be distinct. Templates, whose value parameter is not
// deduced, so that `__nv_atomic_fetch_add(&count[i], 1, ...)` on an
// unsigned counter resolves as it does with nvcc.
#ifndef CUDA_COALESCE_NV_ATOMICS_H
#define CUDA_COALESCE_NV_ATOMICS_H

#ifndef __NV_ATOMIC_RELAXED
#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#endif
#ifndef __NV_THREAD_SCOPE_THREAD
#define __NV_THREAD_SCOPE_THREAD 0
#define __NV_THREAD_SCOPE_BLOCK 1
#define __NV_THREAD_SCOPE_CLUSTER 2
#define __NV_THREAD_SCOPE_DEVICE 3
#define __NV_THREAD_SCOPE_SYSTEM 4
#endif

template <class T> struct __cc_nv_atomic_value { typedef T type; };

#define __CC_NV_FETCH(Op)                                                      \
  template <class T>                                                           \
  __device__ T __nv_atomic_fetch_##Op(                                         \
      T *ptr, typename __cc_nv_atomic_value<T>::type val, int order,          \
      int scope = __NV_THREAD_SCOPE_SYSTEM);
__CC_NV_FETCH(add)
__CC_NV_FETCH(sub)
__CC_NV_FETCH(min)
__CC_NV_FETCH(max)
__CC_NV_FETCH(and)
__CC_NV_FETCH(or)
__CC_NV_FETCH(xor)
#undef __CC_NV_FETCH

template <class T>
__device__ T __nv_atomic_exchange_n(T *ptr,
                                    typename __cc_nv_atomic_value<T>::type val,
                                    int order,
                                    int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_exchange(T *ptr, T *val, T *ret, int order,
                                     int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ bool __nv_atomic_compare_exchange_n(
    T *ptr, T *expected, typename __cc_nv_atomic_value<T>::type desired,
    bool weak, int success_order, int failure_order,
    int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ bool __nv_atomic_compare_exchange(
    T *ptr, T *expected, T *desired, bool weak, int success_order,
    int failure_order, int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ T __nv_atomic_load_n(T *ptr, int order,
                                int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_load(T *ptr, T *ret, int order,
                                 int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_store_n(T *ptr,
                                    typename __cc_nv_atomic_value<T>::type val,
                                    int order,
                                    int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__device__ void __nv_atomic_store(T *ptr, T *val, int order,
                                  int scope = __NV_THREAD_SCOPE_SYSTEM);
__device__ void __nv_atomic_thread_fence(int order,
                                         int scope = __NV_THREAD_SCOPE_SYSTEM);

#endif
