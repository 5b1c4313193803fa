// Warp votes and bit functions: a vote (__ballot_sync, __any_sync,
// __all_sync, __activemask) gives every lane of the warp the same value,
// and a bit count or search (__popc, __ffs, __clz, __brev) of values the
// warp shares is the warp's too: an address made of it is one place for
// the warp (plus the lane), named by its text. Of a lane's own value, or
// of the lane's position ("__popc(b & ((1 << lane) - 1))", a rank among
// the active lanes), it stays unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

// Positive: a row per set bit of a mask the block shares, walked in the
// order the bits are set (a points-to set's words, one word a lane).
__global__ void rowsOfSetBits(const unsigned *masks, float *out) {
  unsigned m = masks[blockIdx.x];
  // CHECK: [[@LINE-1]]:16 load `masks[blockIdx.x]` {{.*}} uniform
  while (m) {
    int row = __ffs(m) - 1;
    m &= m - 1;
    out[row * 32 + threadIdx.x] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[row * 32 + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*__ffs(m) - 32) spr=4 ideal=4 eff=1 coalesced
  }
}

// Positive: a count of the lanes that vote yes picks the row.
__global__ void votedRow(const int *in, float *out) {
  unsigned yes = __ballot_sync(0xffffffffu, in[threadIdx.x] > 0);
  // CHECK: [[@LINE-1]]:45 load `in[threadIdx.x]` {{.*}} coalesced
  out[__popc(yes) * 32 + threadIdx.x] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[__popc(yes) * 32 + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*__popc(yes)) spr=4 ideal=4 eff=1 coalesced
  if (__all_sync(0xffffffffu, in[threadIdx.x] > 0))
    out[blockIdx.x] = 0.0f;
  // CHECK: [[@LINE-2]]:31 load `in[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:5 store `out[blockIdx.x]` {{.*}} uniform
}

// Negative: the count of a lane's own value, and a lane's rank among the
// lanes that voted yes, differ between lanes: unknown.
__global__ void ownBits(const unsigned *in, float *out) {
  unsigned v = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:16 load `in[threadIdx.x]` {{.*}} coalesced
  out[__popc(v)] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[__popc(v)]` unknown: result of a call to '__popc'
  unsigned yes = __ballot_sync(0xffffffffu, v > 0);
  int rank = __popc(yes & ((1u << threadIdx.x) - 1));
  out[rank] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `out[rank]` unknown: result of a call to '__popc'
}

// Negative: in a loop, a bit search of a value each lane moves on its own
// is not the warp's.
__global__ void laneBits(const unsigned *in, float *out, int n) {
  unsigned m = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:16 load `in[threadIdx.x]` {{.*}} coalesced
  for (int k = 0; k < n; ++k) {
    out[(__ffs(m) - 1) * 32 + threadIdx.x] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[(__ffs(m) - 1) * 32 + threadIdx.x]` unknown
    m &= m - 1;
  }
}
