// A variable declared without a value and set in one branch of an if only
// holds that branch's value after the if: reading it after the other branch
// would read an indeterminate value (Parboil sad sets its output pointers
// under "if (ty < 100) // always true, but improves register allocation").
// Pointers and integers alike; a variable set in both branches keeps the
// select, and one set in neither stays unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void __launch_bounds__(256) setInOne(const unsigned *in,
                                                unsigned *out) {
  unsigned *a;
  int k;
  int t = threadIdx.x;
  if (t < 1000) {
    a = out + 32 * t;
    k = 2 * t;
  }
  a[0] = in[k];
  // CHECK: [[@LINE-1]]:3 store `a[0]` addr=out + 128*threadIdx.x spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:10 load `in[k]` addr=in + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}

// Both branches set it: the select on the condition stays.
__global__ void __launch_bounds__(256) setInBoth(const unsigned *in,
                                                 unsigned *out, int n) {
  unsigned *a;
  if (n > 3)
    a = out + 32 * threadIdx.x;
  else
    a = out + threadIdx.x;
  a[0] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `a[0]` addr=out + (3 < n ? 128*threadIdx.x : 4*threadIdx.x) spr=32 ideal=4 eff=0.125 strided unless n == 1 FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:10 load `in[threadIdx.x]` {{.*}} coalesced
}

// Negative: set in neither branch (nor anywhere): unknown.
__global__ void __launch_bounds__(256) setInNeither(const unsigned *in,
                                                    unsigned *out, int n) {
  int k;
  unsigned v = 0;
  if (n > 3)
    v = 1;
  out[threadIdx.x] = in[k] + v;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `in[k]` unknown: 'k' is not initialised
}
