// A condition the analysis cannot evaluate (it compares loaded data, or
// floats) is taken as true in every lane: the numbers are a full warp's,
// and the report says so (unevaluated_guard). Fewer lanes on can only make
// fewer sectors, so they bound what the run measures (Rodinia bfs: 8
// predicted, 1.00 measured with one node in the frontier; streamcluster:
// 32 predicted, 2.44 measured, a few lanes in a warp taking the branch).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

struct Point { float cost; float weight; int assign; };

__global__ void frontier(const int *mask, const Point *p, float *out,
                         const float *x, const int *len, float alpha, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (mask[tid])
    out[tid * 2] = 1.0f;
  // CHECK: [[@LINE-2]]:7 load `mask[tid]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:5 store `out[tid * 2]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided guard?{{$}}
  // TEXT: unevaluated_guards.cu:[[#@LINE-3]]:5: warning: strided store: lanes are 8 bytes apart
  // TEXT: note: lane address = out + 8*(threadIdx.x + blockIdx.x*blockDim.x)
  // TEXT-NEXT: note: the access runs under a condition the analysis cannot evaluate (depends on 'mask[tid]', loaded from memory), taken as true in every lane: a warp with fewer lanes on makes fewer sectors, at most 8 per request
  if (x[tid] < p[tid].cost)
    out[tid] = 2.0f;
  // CHECK: [[@LINE-2]]:7 load `x[tid]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-3]]:16 load `p[tid].cost` {{.*}} aos FLAGGED coalescing-aos{{$}}
  // CHECK: [[@LINE-3]]:5 store `out[tid]` {{.*}} spr=4 ideal=4 eff=1 coalesced guard?{{$}}
  // TEXT: unevaluated_guards.cu:[[#@LINE-5]]:16: warning: array-of-structs load
  // A loop whose bound each lane loads: lanes leave at different iterations.
  for (int k = 0; k < len[tid]; ++k)
    out[tid * 4 + k] = 0.0f;
  // CHECK: [[@LINE-2]]:23 load `len[tid]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:5 store `out[tid * 4 + k]` {{.*}} spr=16 ideal=4 eff=0.25 chunked FLAGGED coalescing-chunked guard?{{$}}
  // TEXT: unevaluated_guards.cu:[[#@LINE-3]]:5: warning: chunked store
  // TEXT: note: the access runs under a condition the analysis cannot evaluate (depends on 'len[tid]', loaded from memory), taken as true in every lane: a warp with fewer lanes on makes fewer sectors, at most 16 per request
  // A float parameter: the same in every lane, so it switches whole
  // warps, and the count is that of the warps it leaves on
  // (uniform_conditions.cu).
  if (alpha > 0.5f)
    out[tid + 1] = 3.0f;
  // CHECK: [[@LINE-1]]:5 store `out[tid + 1]` {{.*}} misaligned{{$}}

  // Negative: conditions on the thread, or on values the analyzer assumed
  // (n: 1048576) or was told, are evaluated; nothing to say.
  if (threadIdx.x < 16)
    out[tid] = 4.0f;
  // CHECK: [[@LINE-1]]:5 store `out[tid]` {{.*}} spr=2 ideal=2 eff=1 coalesced{{$}}
  if (tid < n)
    out[tid] = 5.0f;
  // CHECK: [[@LINE-1]]:5 store `out[tid]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// A count the whole warp loads at one address (Rodinia huffman's kcmax, a
// block's encoded length): compared with the lane, it is data too.
__global__ void blockCount(const unsigned *counts, float *out) {
  unsigned k = threadIdx.x;
  if (k <= counts[blockIdx.x])
    out[blockIdx.x * blockDim.x + k] = 1.0f;
  // CHECK: [[@LINE-2]]:12 load `counts[blockIdx.x]` {{.*}} uniform{{$}}
  // CHECK: [[@LINE-2]]:5 store `out[blockIdx.x * blockDim.x + k]` {{.*}} spr=4 ideal=4 eff=1 coalesced guard?{{$}}
  // Negative: the same count as a loop's bound, the same in every lane,
  // switches whole warps on or off: no request changes.
  for (unsigned j = 0; j < counts[blockIdx.x]; ++j)
    out[j * 256 + threadIdx.x] = 2.0f;
  // CHECK: [[@LINE-2]]:28 load `counts[blockIdx.x]` {{.*}} uniform{{$}}
  // CHECK: [[@LINE-2]]:5 store `out[j * 256 + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}
