// Launch arguments read from host arrays and host structs: an element of a
// const array (local or at file scope) from its initialiser, an element of
// a local array from the last write of it before the launch, a member of a
// local struct from its last write or the aggregate initialiser, and a
// struct passed by value, whose members the kernel reads as p.n. An index
// from a host loop takes the loop's first value (the first launch). An
// array passed to a function, an index the host reads at run time, a
// struct written whole (assigned, its address taken) stay assumed
// (1048576: 32 sectors, "unless ... == 1").
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

#include <cstdio>

static const int kStrides[] = {4, 8};

struct Params {
  int n;
  int stride;
};

__global__ void localArray(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}
__global__ void fileArray(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
}
__global__ void elementWrites(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
}
__global__ void member(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}
__global__ void aggregate(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
}
__global__ void byValue(const float *in, Params p) {
  float v = in[threadIdx.x * p.stride];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}

// Negatives.
__global__ void passedArray(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless s == 1 FLAGGED coalescing-strided
}
__global__ void readIndex(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless s == 1 FLAGGED coalescing-strided
}
__global__ void assigned(const float *in, Params p) {
  float v = in[threadIdx.x * p.stride];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless p.stride == 1 FLAGGED coalescing-strided
}
__global__ void addressTaken(const float *in, int s) {
  float v = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:13 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless s == 1 FLAGGED coalescing-strided
}

void fill(int *a);
Params make();

void host(const float *in) {
  const int dims[] = {2, 5, 10};
  for (int d = 0; d < 3; d++)
    localArray<<<64, 256>>>(in, dims[d]);
  fileArray<<<64, 256>>>(in, kStrides[0]);
  int w[2];
  w[0] = 1;
  w[1] = 4;
  elementWrites<<<64, 256>>>(in, w[1]);
  Params p;
  p.n = 1000;
  p.stride = 2;
  member<<<64, 256>>>(in, p.stride);
  Params q = {1000, 4};
  aggregate<<<64, 256>>>(in, q.stride);
  byValue<<<64, 256>>>(in, p);

  int f[2] = {2, 2};
  fill(f);
  passedArray<<<64, 256>>>(in, f[0]);
  int k;
  scanf("%d", &k);
  readIndex<<<64, 256>>>(in, dims[k]);
  Params r = {1000, 2};
  r = make();
  assigned<<<64, 256>>>(in, r);
  Params t = {1000, 2};
  Params *pt = &t;
  addressTaken<<<64, 256>>>(in, t.stride);
}
