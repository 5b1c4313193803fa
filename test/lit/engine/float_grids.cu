// Grids computed in floating point at the launch site, as PolyBench and
// many CUDA programs write them: (size_t)ceil((float)N / (float)block.x), a
// float converted to an integer implicitly, a truncating cast. The blocks
// sampled are the grid's own: rows of 33 floats a block are aligned in
// block 0 (4 sectors) and start 4 bytes into a sector in block 1 (5), so
// two blocks mean 4.5, where the assumed wide grid's first eight mean
// 4.875. A grid the launch evaluator cannot compute (sqrt) stays assumed.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
#include <cmath>
#define N 64

__global__ void ceilGrid(const float *in, float *out) {
  out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:40 load {{.*}} spr=4.5 ideal=4 eff=0.8889 warps=4..5/4 misaligned
}

__global__ void implicitGrid(const float *in, float *out) {
  out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:40 load {{.*}} spr=4.5 ideal=4 eff=0.8889 warps=4..5/4 misaligned
}

// (int)(64 / 31.0f) is 2.06, truncated to 2.
__global__ void truncatedGrid(const float *in, float *out) {
  out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:40 load {{.*}} spr=4.5 ideal=4 eff=0.8889 warps=4..5/4 misaligned
}

__global__ void sqrtGrid(const float *in, float *out) {
  out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:40 load {{.*}} spr=4.875 ideal=4 eff=0.8205 warps=4..5/4 misaligned
}

void host(const float *in, float *out) {
  dim3 block(32);
  dim3 grid((size_t)(ceil(((float)N) / ((float)block.x))));
  ceilGrid<<<grid, block>>>(in, out);
  int blocks = ceil(N / 32.0);
  implicitGrid<<<blocks, 32>>>(in, out);
  truncatedGrid<<<(int)(N / 31.0f), 32>>>(in, out);
  sqrtGrid<<<(int)sqrt(4.0), 32>>>(in, out);
}
