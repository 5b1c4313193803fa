// A loop in a helper that moves a caller's variable through a reference
// ("count += n" in 'void acc(..., unsigned &count)') walks the variable
// itself: an induction leaves the loop at start + step x iterations, and
// the caller reads that value after the call. Two references to one
// variable, or a variable whose address escaped, stay unknown after the
// loop, as before.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

__device__ void addRows(unsigned &count, int n) {
  for (int k = 0; k < n; ++k)
    count += 32;
}

__device__ void addBits(const unsigned *masks, unsigned &count) {
  unsigned m = masks[blockIdx.x];
  // CHECK: [[@LINE-1]]:16 load `masks[blockIdx.x]` {{.*}} uniform
  while (m) {
    m &= m - 1;
    count += 32;
  }
}

// Positive: after the helper's loop the caller's row is 32 words per
// iteration on: still a row the warp reads a word a lane.
__global__ void afterHelper(const unsigned *masks, float *out, int n) {
  unsigned d = 0;
  addRows(d, n);
  out[d + threadIdx.x] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[d + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*iterations(k)) spr=4 ideal=4 eff=1 coalesced
  unsigned c = 0;
  addBits(masks, c);
  out[c + threadIdx.x] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `out[c + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*iterations(#1)) spr=4 ideal=4 eff=1 coalesced
}

__device__ void addTwice(unsigned &a, unsigned &b, int n) {
  for (int k = 0; k < n; ++k) {
    a += 32;
    b += 1;
  }
}

// Negative: both references name one variable: the loop moves it by 33,
// which neither reference alone says: unknown.
__global__ void aliased(float *out, int n) {
  unsigned d = 0;
  addTwice(d, d, n);
  out[d + threadIdx.x] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[d + threadIdx.x]` unknown: 'd' is its value after a loop
}

// Negative: the variable's address escaped: a write through a pointer may
// move it: unknown.
__device__ void addThrough(unsigned &count, unsigned **where, int n) {
  for (int k = 0; k < n; ++k) {
    count += 32;
    **where += 1;
    // CHECK: [[@LINE-1]]:5 load+store `**where` {{.*}} uniform
    // CHECK: [[@LINE-2]]:6 load `*where` {{.*}} uniform
  }
}
__global__ void escaped(float *out, unsigned **slots, int n) {
  unsigned d = 0;
  unsigned *p = &d;
  slots[threadIdx.x] = p;
  // CHECK: [[@LINE-1]]:3 store `slots[threadIdx.x]` {{.*}} coalesced
  addThrough(d, slots, n);
  out[d + threadIdx.x] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[d + threadIdx.x]` unknown
}

__device__ void flushAt(unsigned *buf, unsigned count) { buf[count + threadIdx.x] = 1; }
// CHECK: [[@LINE-1]]:58 store `buf[count + threadIdx.x]` addr=buf + 4*(threadIdx.x + carried(numFrom)) {{.*}} coalesced

// Positive: a count the warp shares, moved by a load every lane makes
// alike and reset when the buffer fills, is the warp's inside the loop.
// Negative: after the loop it is unknown (the loop leaves no known value),
// and the caller's variable says so.
__device__ void collect(const unsigned *bits, unsigned *buf, unsigned &numFrom, int n) {
  for (int i = 0; i < n; ++i) {
    unsigned numOnes = __popc(bits[i]);
    // CHECK: [[@LINE-1]]:31 load `bits[i]` {{.*}} uniform
    if (numFrom + numOnes > 64) {
      flushAt(buf, numFrom);
      numFrom = 0;
    }
    numFrom += numOnes;
  }
}
__global__ void collected(const unsigned *bits, unsigned *buf, int n) {
  unsigned numFrom = 0;
  collect(bits, buf, numFrom, n);
  buf[numFrom + threadIdx.x] = 0;
  // CHECK: [[@LINE-1]]:3 store `buf[numFrom + threadIdx.x]` unknown: 'numFrom' is its value after a loop
}
