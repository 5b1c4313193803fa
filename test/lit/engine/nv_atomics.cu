// nvcc's ordered built-ins (CUDA 12.8), which nvcc knows without a header
// and clang does not: declared for the parse, in both ways of finding CUDA.
// A read-modify-write is an atomic; an ordered load or store is a load or a
// store (the H200 runs them as LD/ST.E.STRONG.GPU; measured in
// cuda_bench/test/construct_kernels.cu: 8, 32 and 5 sectors per request, as
// predicted below for the same shapes).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %if cuda-toolkit %{ %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}' %}

__global__ void ordered(float *acc, unsigned *bits, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = __nv_atomic_load_n(&bits[i * 2], __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: [[@LINE-1]]:16 load `__nv_atomic_load_n(&bits[i * 2], {{.*}})` addr=bits + 8*(threadIdx.x + blockIdx.x*blockDim.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // TEXT: nv_atomics.cu:[[#@LINE-2]]:16: warning: strided load: lanes are 8 bytes apart
  __nv_atomic_fetch_add(&acc[i * 32], float(x), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: [[@LINE-1]]:3 atomic `__nv_atomic_fetch_add(&acc[i * 32], {{.*}})` addr=acc + 128*(threadIdx.x + blockIdx.x*blockDim.x) spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  // TEXT: nv_atomics.cu:[[#@LINE-2]]:3: warning: strided atomic: lanes are 128 bytes apart
  // The value's type is not deduced from the argument: 1 is an unsigned here.
  __nv_atomic_fetch_or(&count[i], 1, __NV_ATOMIC_ACQ_REL);
  // CHECK: [[@LINE-1]]:3 atomic `__nv_atomic_fetch_or(&count[i], 1, __NV_ATOMIC_ACQ_REL)` addr=count + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
  __nv_atomic_store_n(&bits[i + 1], x, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  // CHECK: [[@LINE-1]]:3 store `__nv_atomic_store_n(&bits[i + 1], {{.*}})` addr=bits + 4*(threadIdx.x + blockIdx.x*blockDim.x + 1) spr=5 ideal=4 eff=0.8 misaligned
  unsigned expected = 0;
  __nv_atomic_compare_exchange_n(&count[i], &expected, 1u, false, __NV_ATOMIC_SEQ_CST, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  // CHECK: [[@LINE-1]]:3 atomic `__nv_atomic_compare_exchange_n(&count[i], {{.*}})` addr=count + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
  // A fence is not an access.
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
}
