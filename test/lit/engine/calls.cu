// Calls to __device__ functions are inlined with their arguments bound;
// accesses inside are reported at their own line; return values flow back.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__device__ int globalIndex() { return blockIdx.x * blockDim.x + threadIdx.x; }

__device__ int clampIndex(int i, int n) {
  if (i >= n)
    return n - 1;
  return i;
}

__device__ void storeScaled(float *dst, int i, float v) { dst[i] = 2.0f * v; }
// CHECK: [[@LINE-1]]:59 store `dst[i]` addr=out + 12*(threadIdx.x + 256*blockIdx.x) spr=12 ideal=4 eff=0.3333 strided FLAGGED coalescing-strided
// CHECK: [[@LINE-2]]:59 store `dst[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced

__device__ float &at(float *base, int row, int col, int ld) {
  return base[row * ld + col];
}

__global__ void calls(const float *in, float *out, int n) {
  int i = globalIndex();
  storeScaled(out, i, in[clampIndex(i, n)]);
  // CHECK: [[@LINE-1]]:23 load `in[clampIndex(i, n)]` addr=in + 4*(n <= threadIdx.x + 256*blockIdx.x ? n - 1 : threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  storeScaled(out, 3 * i, 1.0f);
  at(out, threadIdx.x, 0, 64) = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `at(out, threadIdx.x, 0, 64)` addr=out + 256*threadIdx.x spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
}

__device__ int recurse(int d) { return d ? recurse(d - 1) : 0; }

__global__ void recursive(float *out) { out[recurse(threadIdx.x)] = 0.0f; }
// CHECK: [[@LINE-1]]:41 store `out[recurse(threadIdx.x)]` unknown: recursive call to 'recurse'

int main() {
  float *a;
  calls<<<128, 256>>>(a, a, 1 << 20);
  recursive<<<1, 32>>>(a);
}
