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

// A member of a struct declared without a value, set in one branch only,
// holds that branch's value too (Chai's partitioner: "Partitioner p; if
// (alpha >= 0.0 && alpha <= 1.0) p.cut = n * alpha; return p;"), also
// under a condition on the lane's data.
struct Cut {
  int n;
  int cut;
};
__device__ Cut makeCut(int n, float alpha) {
  Cut c;
  c.n = n;
  if (alpha >= 0.0f && alpha <= 1.0f)
    c.cut = 32 * n;
  return c;
}
__global__ void __launch_bounds__(256) memberInOne(const unsigned *in,
                                                   unsigned *out, int n,
                                                   float alpha) {
  Cut c = makeCut(n, alpha);
  out[c.cut + threadIdx.x] = 0;
  // CHECK: [[@LINE-1]]:3 store `out[c.cut + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*n) spr=4 ideal=4 eff=1 coalesced
  Cut d;
  if (in[threadIdx.x] > 0)
    d.cut = 2 * threadIdx.x;
  // CHECK: [[@LINE-2]]:7 load `in[threadIdx.x]` {{.*}} coalesced
  out[d.cut] = 1;
  // CHECK: [[@LINE-1]]:3 store `out[d.cut]` addr=out + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided {{.*}}FLAGGED coalescing-strided
}

// Negative: a member that held a value before the if (the struct's
// initialiser) is the choice between the two after it, not the branch's.
__global__ void __launch_bounds__(256) memberInitialised(unsigned *out, int n) {
  Cut c = {n, 0};
  if (n > 3)
    c.cut = threadIdx.x;
  out[c.cut] = 0;
  // CHECK: [[@LINE-1]]:3 store `out[c.cut]` addr=out + 4*(3 < n ? threadIdx.x : 0) spr=4 ideal=4 eff=1 coalesced
}

// Negative: declared before a loop and set on one side of an if inside
// it, the member holds after the other side what an earlier iteration set
// (the last k whose flag was on): no value the walk follows.
__global__ void __launch_bounds__(256) memberBeforeLoop(const int *flags,
                                                        unsigned *out, int n) {
  Cut c;
  for (int k = 0; k < n; ++k) {
    if (flags[k])
      c.cut = 32 * k + threadIdx.x;
    // CHECK: [[@LINE-2]]:9 load `flags[k]` {{.*}} uniform
    out[c.cut] = 0;
    // CHECK: [[@LINE-1]]:5 store `out[c.cut]` unknown: 'c.cut' is a member of a local struct with no value we follow
  }
}
