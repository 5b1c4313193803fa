// A launch from the device (dynamic parallelism) writes each of its
// arguments into a parameter buffer the runtime hands out: stores to
// global memory that nvcc books on the arguments' line (cuda-samples'
// cdpAdvancedQuicksort and cdpQuadtree, measured 1 sector per request),
// each reported at its argument.
// The buffer's address is not known: one launching lane's stores are one
// request of their sectors (engine/one_lane.cu); many lanes' are unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

struct Params {
  int depth;
  int min;
  float *p;
};

__global__ void child(float *a, int n, Params q) { a[threadIdx.x] = n; }
// CHECK: [[@LINE-1]]:52 store `a[threadIdx.x]` addr=a + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced

__global__ void parent(float *a, int *count, Params q) {
  if (threadIdx.x == 0) {
    int off = atomicAdd(count, 32);
    // CHECK: [[@LINE-1]]:15 atomic `atomicAdd(count, 32)` addr=count spr=1 ideal=1 eff=0.125 uniform
    child<<<1, 32>>>(a + off, off, q);
    // CHECK: [[@LINE-1]]:22 store `a + off` addr=unknown spr=1 ideal=1 eff=0.25 uniform
    // CHECK: [[@LINE-2]]:31 store `off` addr=unknown spr=1 ideal=1 eff=0.125 uniform
    // CHECK: [[@LINE-3]]:36 store `q` addr=unknown spr=1 ideal=1 eff=0.25 uniform
  }
}

// Negative: every lane launching writes a buffer of its own, somewhere.
__global__ void everyLane(float *a, int n) {
  child<<<1, 32>>>(a + threadIdx.x, n, Params());
  // CHECK: [[@LINE-1]]:20 store `a + threadIdx.x` unknown: a launch from the device writes its arguments where the runtime says
  // CHECK: [[@LINE-2]]:37 store `n` unknown: a launch from the device writes its arguments where the runtime says
  // CHECK: [[@LINE-3]]:40 store `Params()` unknown: a launch from the device writes its arguments where the runtime says
}

void host(float *a, int *c) {
  parent<<<4, 128>>>(a, c, Params());
  everyLane<<<1, 32>>>(a, 3);
}
