// Lanes a loop's guard switches off one step at a time: the interleaved
// tree reduction, "if (tid % (2 * s) == 0)" while s doubles. The address
// d[tid] stays, but each iteration has lanes of its own (warp 0: 16, 8, 4,
// 2, 1, then one every other warp), so every iteration is sampled, not the
// first: over a 256-thread block, 127 sectors in 47 requests (2.70) where
// 55 would do (1.17). d[tid + s] moves by a power of two of the iteration:
// no lane walks a range of its own (not chunked).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT
__global__ void interleaved(int *g, int *out) {
  int *d = g + blockIdx.x * blockDim.x;
  unsigned tid = threadIdx.x;
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      d[tid] += d[tid + s];
    // CHECK: [[@LINE-1]]:7 load+store `d[tid]` addr=g + 4*(threadIdx.x + 256*blockIdx.x) spr=2.7021 ideal=1.1702 eff=0.251 warps=1..4/4 strided FLAGGED
    // CHECK: [[@LINE-2]]:17 load `d[tid + s]` {{.*}} spr=2.7021 ideal=1.1702 eff=0.251 warps=1..4/4 strided FLAGGED
    // TEXT-NOT: chunked
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = d[0];
  // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x]` {{.*}} uniform
  // CHECK: [[@LINE-2]]:23 load `d[0]` {{.*}} uniform
}

// Negatives: a guard that changes with the iteration but not with the lane
// (every lane runs or none), and one on the lane that the loop does not
// change: one pattern each, a full and a half warp.
__global__ void sameLanes(const float *in, float *out, int n) {
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (s < 64)
      out[blockIdx.x * blockDim.x + threadIdx.x] += in[threadIdx.x];
    // CHECK: [[@LINE-1]]:7 load+store `out[blockIdx.x * blockDim.x + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
    // CHECK: [[@LINE-2]]:53 load `in[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
    if (threadIdx.x % 2 == 0)
      out[threadIdx.x] -= in[blockIdx.x];
    // CHECK: [[@LINE-1]]:7 load+store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=2 eff=0.5 strided FLAGGED
    // CHECK: [[@LINE-2]]:27 load `in[blockIdx.x]` {{.*}} spr=1 ideal=1 eff=0.125 uniform
  }
}

int main() {
  interleaved<<<1024, 256>>>(0, 0);
  sameLanes<<<1024, 256>>>(0, 0, 1);
}
