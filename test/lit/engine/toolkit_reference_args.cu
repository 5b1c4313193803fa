// An object that cannot be copied (cuda::memcpy_async's barrier, a
// pipeline), taken by reference by a toolkit function, is not read by the
// call: passing it is no access, nor is calling a member function of it,
// where a load of the whole object was reported ("*p", 8 bytes, unknown
// after the loop swaps p; countOn's bars[threadIdx.x % 2], 8 bytes a
// lane). One a function of the project takes by reference is read where
// its body reads it (sumOf: bars[1].state); a value type the toolkit's
// operators take by reference (__half2) is read by them
// (toolkit_value_types.cu).
// RUN: %coalesce --format=json %s -- -isystem %S/Inputs/toolkit_sync | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
#include <sync_object.h>

__device__ float sumOf(const SyncObject &bar) { return float(bar.state); }
// CHECK: [[@LINE-1]]:62 load `bar.state` addr=bars + 8 {{.*}} uniform

__global__ void pingPong(float *out, const float *src, SyncObject *bars,
                         int k) {
  SyncObject *p = &bars[0];
  __shared__ float tile[256];
  for (int t = 0; t < k; ++t) {
    copyAsync(&tile[threadIdx.x], &src[t * 256 + threadIdx.x], 4, *p);
    (*p).arriveAndWait();
    out[t * 256 + threadIdx.x] = tile[threadIdx.x] + sumOf(bars[1]);
    // CHECK: [[@LINE-1]]:5 store `out[t * 256 + threadIdx.x]` {{.*}} coalesced
    // CHECK: [[@LINE-2]]:34 load `tile[threadIdx.x]` shared {{.*}} conflict-free
    p = (p == &bars[0]) ? &bars[1] : &bars[0];
  }
  countOn(bars[threadIdx.x % 2], nullptr);
}

int main() { pingPong<<<1, 256>>>(0, 0, 0, 4); }
