// Non-affine lane patterns (%, /, &, >>, min/max) are evaluated lane by lane
// and classified by the result; a condition on the lane masks lanes off.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void nonaffine(float *a, const int *idx, int n) {
  int t = threadIdx.x;
  a[(t % 8) * 32 + t / 8] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `a[(t % 8) * 32 + t / 8]` addr=a + 4*(threadIdx.x / 8 + 32*(threadIdx.x % 8)) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // Lanes in pairs (fours) on one word: 4 sectors, what 32 lanes' bytes
  // fill packed, so no loss to flag (test/lit/engine/repeated_lanes.cu).
  a[t & ~1] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `a[t & ~1]` addr=a + 4*(threadIdx.x & -2) spr=4 ideal=2 eff=0.5 strided{{$}}
  a[(t >> 2) << 2] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `a[(t >> 2) << 2]` addr=a + 16*(threadIdx.x >> 2) spr=4 ideal=1 eff=0.25 strided{{$}}
  a[min(t, 7)] = 3.0f;
  // CHECK: [[@LINE-1]]:3 store `a[min(t, 7)]` addr=a + 4*min(threadIdx.x, 7) spr=1 ideal=1 eff=1 coalesced
  a[(t * 7) % 32] = 4.0f;
  // CHECK: [[@LINE-1]]:3 store `a[(t * 7) % 32]` addr=a + 4*(7*threadIdx.x % 32) spr=4 ideal=4 eff=1 coalesced
  if (t < 16)
    a[2 * t] = 5.0f;
    // CHECK: [[@LINE-1]]:5 store `a[2 * t]` addr=a + 8*threadIdx.x spr=4 ideal=2 eff=0.5 strided FLAGGED coalescing-strided
  if (t >= n)
    return;
  a[t * 64] = 6.0f;
  // CHECK: [[@LINE-1]]:3 store `a[t * 64]` addr=a + 256*threadIdx.x spr=24 ideal=3 eff=0.125 strided FLAGGED coalescing-strided
  a[idx[t]] = 7.0f;
  // CHECK: [[@LINE-1]]:3 store `a[idx[t]]` gather: depends on 'idx[t]', loaded from memory
  // CHECK: [[@LINE-2]]:5 load `idx[t]` addr=idx + 4*threadIdx.x spr=3 ideal=3 eff=1 coalesced
  a[idx[0] + t] = 8.0f;
  // CHECK: [[@LINE-1]]:3 store `a[idx[0] + t]` addr=a + 4*(threadIdx.x + idx[0]) spr=3 ideal=3 eff=1 coalesced
  // CHECK: [[@LINE-2]]:5 load `idx[0]` addr=idx spr=1 ideal=1 eff=0.125 uniform
}

int main() {
  float *a;
  nonaffine<<<1, 32>>>(a, nullptr, 24);
}
