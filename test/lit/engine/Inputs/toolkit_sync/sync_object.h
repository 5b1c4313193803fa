// A stand-in for a toolkit header (passed with -isystem, as the CUDA
// toolkit's are): a barrier object, which cannot be copied, and a copy
// that takes it by reference, with bodies the analyzer does not walk, as
// cuda/barrier's.
#pragma once
struct SyncObject {
  unsigned long long state;
  SyncObject() = default;
  SyncObject(const SyncObject &) = delete;
  __device__ void arriveAndWait() { asm volatile("" ::: "memory"); }
};
template <typename T>
__device__ void copyAsync(T *dst, const T *src, unsigned bytes,
                          SyncObject &bar) {
  asm volatile("" ::"l"(dst), "l"(src), "r"(bytes), "l"(&bar) : "memory");
}
__device__ void countOn(const SyncObject &bar, unsigned long long *n) {
  asm volatile("" ::"l"(&bar), "l"(n) : "memory");
}
