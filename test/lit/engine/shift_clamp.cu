// A right shift by the register's width or more leaves the sign on the GPU
// (PTX clamps the amount), though C++ leaves it undefined: GPU Gems' scan
// pads its tile with "(n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS)", whose
// operators bind as (n) >> (NUM_BANKS + n) >> ..., an offset of 0 for every
// lane. The tile is then read as if unpadded: the analysis must say the
// 2-way conflict the padding was meant to remove, not unknown. A negative
// amount (k launched as 1000) stays unknown, and so does an amount the
// analyzer would merely assume.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
// The operators bind as (n) >> (NUM_BANKS + (n)) >> (2 * LOG_NUM_BANKS).
#define SLIPPED_OFFSET(n) ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))
#define PADDED_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void __launch_bounds__(256) scanSlipped(const float *in, float *out) {
  __shared__ float s[2 * 256 + 2 * 256 / NUM_BANKS];
  int t = threadIdx.x;
  int ai = 2 * t, bi = 2 * t + 1;
  s[ai + SLIPPED_OFFSET(ai)] = in[ai];
  // CHECK: [[@LINE-1]]:3 store `s[ai + SLIPPED_OFFSET(ai)]` shared addr={{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // CHECK: [[@LINE-2]]:32 load `in[ai]` {{.*}} strided FLAGGED coalescing-strided
  s[bi + SLIPPED_OFFSET(bi)] = in[bi];
  // CHECK: [[@LINE-1]]:3 store `s[bi + SLIPPED_OFFSET(bi)]` shared addr={{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // CHECK: [[@LINE-2]]:32 load `in[bi]` {{.*}} strided FLAGGED coalescing-strided
  __syncthreads();
  out[t] = s[t + PADDED_OFFSET(t)];
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `s[t + PADDED_OFFSET(t)]` shared addr=s + 4*(threadIdx.x + (threadIdx.x >> 5)) wf=1 ideal=1 ways=1 conflict-free
}

__global__ void __launch_bounds__(256) shiftNegative(const float *in, float *out, int k) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = in[t];
  // CHECK: [[@LINE-1]]:3 store `s[t]` shared {{.*}} conflict-free
  // CHECK: [[@LINE-2]]:10 load `in[t]` {{.*}} coalesced
  __syncthreads();
  out[t] = s[t >> (k - 2000000)];
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `s[t >> (k - 2000000)]` unknown: the address cannot be evaluated for lane 0 (overflow or division by zero)
}

__global__ void __launch_bounds__(256) shiftAssumed(const float *in, float *out, int k) {
  out[threadIdx.x] = in[threadIdx.x >> k];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x >> k]` unknown: the address is shifted by 'k', a value the analyzer did not see (--assume k=VALUE gives it)
}

int main() {
  shiftNegative<<<1, 256>>>(nullptr, nullptr, 1000);
}
