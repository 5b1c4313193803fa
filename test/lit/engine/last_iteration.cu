// What a loop's last iteration leaves in a variable that every iteration
// sets without reading the one before, read after the loop (Rodinia
// hotspot's and pathfinder's "computed": set false, then true for the
// lanes a pyramid keeps, the store after the loop "if (computed)"). The
// last iteration is the trip count less one; a break is allowed only as
// "if (i == e) break;" that holds at the last iteration. On the H200 the
// kernel `pyramid` below, as cuda_bench/test/construct_kernels.cu's
// `lastPyramid`, measures 3.75 sectors per request, load and store; with
// the run's values (--assume) hotspot's store measures 3.95 for 4
// predicted, pathfinder's 4.25 for 4.25 (docs/bench/source-counters.md).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|load\+store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON

#define BLOCK 256

// Eight iterations; the last keeps lanes 8 to 247 of the block: warps 0
// and 7 store 24 floats (3 sectors), the six between 4: 3.75 a request.
__global__ void __launch_bounds__(BLOCK) pyramid(const float *src, float *dst) {
  int tx = threadIdx.x;
  int x = blockIdx.x * BLOCK + tx;
  float v = src[x];
  // CHECK: [[@LINE-1]]:13 load `src[x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  bool computed;
  for (int i = 0; i < 8; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= BLOCK - i - 2) {
      computed = true;
      v += 1.0f;
    }
    __syncthreads();
    if (i == 8 - 1)
      break;
    __syncthreads();
  }
  if (computed)
    dst[x] = v;
  // CHECK: [[@LINE-1]]:5 store `dst[x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/3 coalesced{{$}}
}

// The bound a parameter, passed 8 by the launch below: the value after the
// loop is the last iteration's where the loop ran (and false, its value
// before, where it did not). The same 3.75.
__global__ void __launch_bounds__(BLOCK) pyramidN(const float *src, float *dst,
                                                  int iteration) {
  int tx = threadIdx.x;
  int x = blockIdx.x * BLOCK + tx;
  bool computed = false;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= BLOCK - i - 2)
      computed = true;
    if (i == iteration - 1)
      break;
  }
  if (computed)
    dst[x] = src[x];
  // CHECK: [[@LINE-1]]:5 store `dst[x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/3 coalesced{{$}}
  // CHECK: [[@LINE-2]]:14 load `src[x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/3 coalesced{{$}}
}

// Negatives: a break before the last iteration, a flag an iteration sets
// only under its condition (what the one before left shows through), a
// flag set again after the break or by the increment, a continue and a do
// loop: the value after the loop stays unknown, and the report says so
// (predicted for full warps).
__global__ void __launch_bounds__(BLOCK) notLast(const float *src, float *dst,
                                                 int iteration) {
  int tx = threadIdx.x;
  int x = blockIdx.x * BLOCK + tx;
  bool early;
  for (int i = 0; i < 8; i++) {
    early = tx >= i + 1;
    if (i == 3)
      break;
  }
  if (early)
    dst[x] = src[x];
  // CHECK: [[@LINE-1]]:5 store `dst[x]` {{.*}} spr=4 ideal=4 eff=1 coalesced guard?
  // CHECK: [[@LINE-2]]:14 load `src[x]` {{.*}} spr=4 ideal=4 eff=1 coalesced guard?
  // JSON: "unevaluated_guard": "'early' is its value after a loop"
  bool sticky = false;
  for (int i = 0; i < 8; i++)
    if (tx >= BLOCK - i - 1)
      sticky = true;
  if (sticky)
    dst[x + 1] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `dst[x + 1]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned guard?
  // JSON: "unevaluated_guard": "'sticky' is its value after a loop"
  bool after;
  for (int i = 0; i < 8; i++) {
    after = tx >= i + 1;
    if (i == 7)
      break;
    after = true;
  }
  if (after)
    dst[x + 2] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `dst[x + 2]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned guard?
  // JSON: "unevaluated_guard": "'after' is its value after a loop"
  bool skipped;
  for (int i = 0; i < 8; i++) {
    skipped = false;
    if (tx < 16)
      continue;
    skipped = tx >= i + 1;
  }
  if (skipped)
    dst[x + 3] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `dst[x + 3]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned guard?
  // JSON: "unevaluated_guard": "'skipped' is its value after a loop"
  bool looped;
  int k = 0;
  do {
    looped = tx >= k + 1;
  } while (++k < 8);
  if (looped)
    dst[x + 4] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `dst[x + 4]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned guard?
  // JSON: "unevaluated_guard": "'looped' is its value after a loop"
  bool stepped;
  for (int i = 0; i < 8; i++, stepped = tx >= 16)
    stepped = tx >= i + 1;
  if (stepped)
    dst[x + 5] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `dst[x + 5]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned guard?
  // JSON: "unevaluated_guard": "'stepped' is its value after a loop"
}

void launch(const float *s, float *d) { pyramidN<<<64, BLOCK>>>(s, d, 8); }
