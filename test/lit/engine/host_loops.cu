// A launch inside host loops: a profiler measures a kernel's first launch,
// made in the loops' first iteration, so an argument computed from the
// loops' variables takes their first values (the loop's init, the value
// before a while), when every loop's condition holds there, the ifs between
// the loops and the launch take the launch's branch, and no break, continue,
// return or goto comes first. 1 << (t + 1), pow(2, t + 1), powf and exp2 are
// computed as the host does. Otherwise the argument stays assumed (1048576:
// 32 sectors, "unless stride == 1").
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT

#include <cmath>

// Nested loops, the inner one starting at the outer one's variable:
// s = 0, t = 0, len = 2.
__global__ void shifted(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // TEXT: note: lane address = in + 4*threadIdx.x*len, assuming len = 2 (the first launch of a host loop)
}
__global__ void powered(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}
__global__ void poweredF(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
}
__global__ void exp2d(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}
// A while loop: its variable's value before the loop.
__global__ void whileLoop(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
}

// Negatives: the first iteration launches nothing (under "s > 0", after a
// continue, a loop that does not run), or the loop's bound is the run's.
__global__ void laterIf(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless len == 1 FLAGGED coalescing-strided
}
__global__ void skipped(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless len == 1 FLAGGED coalescing-strided
}
__global__ void neverRuns(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless len == 1 FLAGGED coalescing-strided
}
__global__ void runtimeBound(const float *in, float *out, int len) {
  out[threadIdx.x] = in[threadIdx.x * len];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless len == 1 FLAGGED coalescing-strided
}

void host(const float *in, float *out, int n) {
  for (int s = 0; s < 10; s++)
    for (int t = s; t >= 0; t--) {
      int len = 1 << (t + 1);
      shifted<<<64, 256>>>(in, out, len);
    }
  for (int t = 0; t < 5; t++)
    powered<<<64, 256>>>(in, out, (int)pow(2.0, t + 1));
  for (int t = 0; t < 5; t++) {
    int len = powf(2.f, t + 2);
    poweredF<<<64, 256>>>(in, out, len);
  }
  for (int t = 0; t < 5; t++)
    exp2d<<<64, 256>>>(in, out, exp2(t + 1));
  int w = 4;
  while (w < 4096) {
    whileLoop<<<64, 256>>>(in, out, w);
    w = w * 3 + 1;
  }
  for (int s = 0; s < 4; s++)
    if (s > 0)
      laterIf<<<64, 256>>>(in, out, 1 << s);
  for (int s = 0; s < 4; s++) {
    if (s == 0)
      continue;
    skipped<<<64, 256>>>(in, out, 1 << s);
  }
  for (int s = 5; s < 3; s++)
    neverRuns<<<64, 256>>>(in, out, 1 << s);
  for (int s = 0; s < n; s++)
    runtimeBound<<<64, 256>>>(in, out, 1 << s);
}
