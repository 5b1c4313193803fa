// Assignment operators of the toolkit's value types (__half2::operator=,
// operator+= on __half2) write the object's bits in a body the analysis
// does not walk: the object assigned is one store (a compound one a load
// and a store) of its size, never a load. A project's own operator= is
// followed into its body as any member function is.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
#include <cuda_fp16.h>

__global__ void halves(const half2 *a, half2 *r, half *h, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  r[i] = __hadd2(a[i], a[i]);
  // CHECK: [[@LINE-1]]:3 store `r[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:18 load `a[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-3]]:24 load `a[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  r[2 * i] += a[i];
  // CHECK: [[@LINE-1]]:3 load+store `r[2 * i]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:15 load `a[i]` {{.*}} coalesced{{$}}
  h[i] = f;
  // CHECK: [[@LINE-1]]:3 store `h[i]` {{.*}} spr=2 ideal=2 eff=1 coalesced{{$}}
}

// Negative: an operator= of the project's own is walked: it writes one
// member, and reads another array, as its body says.
struct Tagged {
  int value;
  int tag;
  __device__ Tagged &operator=(const Tagged &o) {
    value = o.value;
    // CHECK: [[@LINE-1]]:5 store `value` {{.*}} aos FLAGGED coalescing-aos{{$}}
    // CHECK: [[@LINE-2]]:13 load `o.value` {{.*}} aos FLAGGED coalescing-aos{{$}}
    return *this;
  }
};

__global__ void own(const Tagged *src, Tagged *dst) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i] = src[i];
}
