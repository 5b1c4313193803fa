// A comparison of floats every lane of a warp computes alike, whose values
// the analysis does not have (a float parameter no launch or --assume
// gives), is a choice the warp makes as one: an address it decides is
// counted with the comparison holding and not, and where both ways make
// the same requests that count stands (Chai's partitioner chooses its
// strategy by 'alpha >= 0.0 && alpha <= 1.0'). Where they differ the
// access is `unknown`, with both counts. A comparison of values that differ
// between lanes stays `unknown`.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=REASON
// Values given decide the comparison; both branches stay in the report.
// RUN: %coalesce --format=json --assume alpha=1 %s | %summarize | FileCheck %s --check-prefix=GIVEN

struct Part {
  int cut;
  int strategy;
};

__device__ Part make(int n, float alpha) {
  Part p;
  if (alpha >= 0.0 && alpha <= 1.0) {
    p.cut = n * alpha;
    p.strategy = 0;
  } else {
    p.cut = 0;
    p.strategy = 1;
  }
  return p;
}

// Positive: either way the block's first task is the warp's, its row read
// a word a lane.
__global__ void firstTask(const float *in, float *out, int n, float alpha) {
  Part p = make(n, alpha);
  int t = p.strategy == 0 ? p.cut + blockIdx.x : blockIdx.x;
  out[t * blockDim.x + threadIdx.x] = in[t];
  // CHECK: [[@LINE-1]]:3 store `out[t * blockDim.x + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:39 load `in[t]` {{.*}} spr=1 ideal=1 {{.*}} uniform
  // GIVEN: [[@LINE-3]]:3 store `out[t * blockDim.x + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  // GIVEN: [[@LINE-4]]:39 load `in[t]` {{.*}} spr=1 ideal=1 {{.*}} uniform
}

// Positive: whole rows either way; shared memory too.
__global__ void rowChoice(float *out, float alpha) {
  __shared__ float s[64];
  out[(alpha > 0.5f ? 32 : 0) + threadIdx.x] = 1;
  // CHECK: [[@LINE-1]]:3 store `out[(alpha > 0.5f ? 32 : 0) + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  // GIVEN: [[@LINE-2]]:3 store `out[(alpha > 0.5f ? 32 : 0) + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  s[(alpha > 0.5f ? 32 : 0) + threadIdx.x % 32] = 2;
  // CHECK: [[@LINE-1]]:3 store `s[(alpha > 0.5f ? 32 : 0) + threadIdx.x % 32]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
  // GIVEN: [[@LINE-2]]:3 store `s[(alpha > 0.5f ? 32 : 0) + threadIdx.x % 32]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
}

// Negative: a stride the comparison chooses, 8 sectors where it holds and
// 4 where not: unknown, with both. With alpha given, its own count.
__global__ void strideChoice(float *out, float alpha) {
  __shared__ float s[2048];
  int st = alpha > 0.5f ? 2 : 1;
  out[st * threadIdx.x] = 1;
  // CHECK: [[@LINE-1]]:3 store `out[st * threadIdx.x]` unknown: 'alpha > 0.5f', the same in every lane but not known, chooses the address: 8 sectors per request where it holds, 4 where not
  // REASON: "reason": "'alpha > 0.5f', the same in every lane but not known, chooses the address: 8 sectors per request where it holds, 4 where not"
  // GIVEN: [[@LINE-3]]:3 store `out[st * threadIdx.x]` {{.*}} spr=8 ideal=4 {{.*}} strided
  s[st * threadIdx.x] = 2;
  // CHECK: [[@LINE-1]]:3 store `s[st * threadIdx.x]` unknown: 'alpha > 0.5f', the same in every lane but not known, chooses between places in different banks
  // GIVEN: [[@LINE-2]]:3 store `s[st * threadIdx.x]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict
}

// A guard on such a comparison switches whole warps: the requests of the
// warps it leaves on are the count. One that also reads the lane is not
// evaluated, and the report says why.
__global__ void guarded(float *out, float alpha) {
  if (alpha > 0.5f)
    out[2 * threadIdx.x] = 1;
  // CHECK: [[@LINE-1]]:5 store `out[2 * threadIdx.x]` {{.*}} spr=8 ideal=4 {{.*}} strided
  // GIVEN: [[@LINE-2]]:5 store `out[2 * threadIdx.x]` {{.*}} spr=8 ideal=4 {{.*}} strided
  if (threadIdx.x < 16 || alpha > 0.5f)
    out[threadIdx.x] = 2;
  // CHECK: [[@LINE-1]]:5 store `out[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced guard?
  // REASON: "unevaluated_guard": "'alpha > 0.5f' compares floats not known here"
  // GIVEN: [[@LINE-3]]:5 store `out[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Negative: a comparison of a float that differs between lanes.
__global__ void perLane(float *out, float alpha) {
  out[threadIdx.x * alpha > 3.0f ? 0 : threadIdx.x] = 1;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * alpha > 3.0f ? 0 : threadIdx.x]` unknown: 'threadIdx.x * alpha > 3.0f' is not integer arithmetic
  // GIVEN: [[@LINE-2]]:3 store `out[threadIdx.x * alpha > 3.0f ? 0 : threadIdx.x]` unknown: 'threadIdx.x * alpha > 3.0f' is not integer arithmetic
}
