// A guard that compares the lane with a value the analyzer only assumed
// (no launch passes it, no --assume) switches no lane off: the real run
// may keep them on. Where the assumed value would leave no lane of warp 0
// on, which the run's cannot (a pyramid that shrinks with an iteration
// count, hotspot's and pathfinder's, is gone at 1048576), the numbers are
// those of full warps, and the report says so as it does for a condition
// it cannot evaluate (unevaluated_guard). A bounds check that leaves some
// lanes through, a known value, and --assume stay quiet.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %coalesce --assume=iteration=8 --format=json %s | %summarize | FileCheck %s --check-prefix=RUN8 --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void __launch_bounds__(256) pyramid(const float *src, float *dst,
                                               int iteration, int n, int m) {
  int tx = threadIdx.x;
  int x = blockIdx.x * 256 + tx;
  if (tx >= iteration && tx < 256 - iteration)
    dst[2 * x] = src[2 * x];
  // CHECK: [[@LINE-1]]:5 store `dst[2 * x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided guard?{{$}}
  // CHECK: [[@LINE-2]]:18 load `src[2 * x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided guard?{{$}}
  // JSON: "unevaluated_guard": "compares the lane with 'iteration', assumed to be 1048576, which would leave no lane on (--assume gives the run's value)"
  // TEXT: assumed_guards.cu:[[#@LINE-4]]:5: warning: strided store
  // TEXT: note: also flagged alike: 'src[2 * x]' ([[#@LINE-5]]:18)
  // TEXT: note: the access runs under a condition the analysis cannot evaluate (compares the lane with 'iteration', assumed to be 1048576, which would leave no lane on (--assume gives the run's value)), taken as true in every lane: a warp with fewer lanes on makes fewer sectors, at most 8 per request
  // RUN8: [[@LINE-7]]:5 store `dst[2 * x]` {{.*}} spr=7.5 ideal=3.75 eff=0.5 warps=6..8/6 strided FLAGGED coalescing-strided{{$}}
  // RUN8: [[@LINE-8]]:18 load `src[2 * x]` {{.*}} spr=7.5 ideal=3.75 eff=0.5 warps=6..8/6 strided FLAGGED coalescing-strided{{$}}
  // Negatives: a bounds check every lane passes at the assumed value, and
  // one only lane 0 passes, x scaled by another assumed value (the run's
  // sizes let the lanes through): lanes left on, and no note.
  if (x * m < n)
    dst[x * m] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `dst[x * m]` {{.*}} strided unless m == 1 FLAGGED coalescing-strided{{$}}
  // RUN8: [[@LINE-2]]:5 store `dst[x * m]` {{.*}} strided unless m == 1 FLAGGED coalescing-strided{{$}}
  // TEXT: assumed_guards.cu:[[#@LINE-3]]:5: warning: strided store
  if (x < n)
    dst[x] = src[x];
  // CHECK: [[@LINE-1]]:5 store `dst[x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:14 load `src[x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // RUN8: [[@LINE-3]]:5 store `dst[x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // RUN8: [[@LINE-4]]:14 load `src[x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Negative: the launch passes the value, which decides the lanes.
__global__ void __launch_bounds__(256) known(const float *src, float *dst,
                                             int iteration) {
  int tx = threadIdx.x;
  int x = blockIdx.x * 256 + tx;
  if (tx >= iteration && tx < 256 - iteration)
    dst[x] = src[x];
  // CHECK: [[@LINE-1]]:5 store `dst[x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/3 coalesced{{$}}
  // CHECK: [[@LINE-2]]:14 load `src[x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/3 coalesced{{$}}
  // RUN8: [[@LINE-3]]:5 store `dst[x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/3 coalesced{{$}}
  // RUN8: [[@LINE-4]]:14 load `src[x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/3 coalesced{{$}}
}

void launch(const float *s, float *d) { known<<<64, 256>>>(s, d, 8); }
