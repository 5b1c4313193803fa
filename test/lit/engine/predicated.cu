// A short if on the thread, straight-line ("if (threadIdx.x == 0) s[0] = v;",
// "if (tid < d) s[tid] += s[tid + d];"), is compiled to predicated
// instructions: every warp of the block issues the access, and those whose
// lanes are all off make a request of no sectors (no wavefronts), which
// Nsight Compute counts. The prediction is that mean; warps.if_branched is
// the mean over the warps with a lane on, should the compiler branch.
// The if is branched around, and only warps with a lane on issue the access,
// when it is the kernel's last statement (the threads that skip it end:
// EXIT), when either side holds three statements or more, a nested if, a
// loop or a call; and a guard that depends on the block, or on a block whose
// shape is only assumed, is not taken to predicate.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

#include <cuda_fp16.h>

__device__ void finish(float *out, const float *s) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
    // The call that is not the kernel's last statement: predicated, 1 warp in 8.
    // CHECK: [[@LINE-2]]:5 store `out[blockIdx.x]` addr=out + 4*(blockIdx.x + 64) spr=0.125 ideal=0.125 eff=0.125 uniform if-branched=1
    // The call that ends the kernel: branched.
    // CHECK: [[@LINE-4]]:5 store `out[blockIdx.x]` addr=out + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform{{$}}
    // CHECK: [[@LINE-5]]:23 load `s[0]` shared addr=s wf=0.125 ideal=0.125 ways=1 conflict-free if-branched=1
}

// A tree reduction: 256 threads, d = 128 .. 1. The warps with a lane on
// are 4, 2, then 1 for six steps: 12 of the 64 requests issued.
__global__ void tree(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `s[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  // CHECK: [[@LINE-2]]:20 load `in[{{.*}}]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  __syncthreads();
  for (int d = 128; d > 0; d >>= 1) {
    if (threadIdx.x < d)
      s[threadIdx.x] += s[threadIdx.x + d];
      // CHECK: [[@LINE-1]]:7 load+store `s[threadIdx.x]` shared {{.*}} wf=0.1875 ideal=0.1875 ways=1 conflict-free if-branched=1
      // CHECK: [[@LINE-2]]:25 load `s[threadIdx.x + d]` shared {{.*}} wf=0.1875 ideal=0.1875 ways=1 conflict-free if-branched=1
    __syncthreads();
  }
  // Negative: the kernel's last statement.
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x]` addr=out + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform{{$}}
    // CHECK: [[@LINE-2]]:23 load `s[0]` shared addr=s wf=1 ideal=1 ways=1 conflict-free{{$}}
}

__global__ void tailcall(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `s[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  // CHECK: [[@LINE-2]]:20 load `in[{{.*}}]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  __syncthreads();
  finish(out + 64, s);
  __syncthreads();
  finish(out, s);
}

__global__ void bodies(float *out, float *big) {
  __shared__ float s[256];
  // Two statements: predicated.
  if (threadIdx.x < 32) {
    s[threadIdx.x] = 1;
    // CHECK: [[@LINE-1]]:5 store `s[threadIdx.x]` shared {{.*}} wf=0.125 ideal=0.125 ways=1 conflict-free if-branched=1
    s[threadIdx.x + 32] = 2;
    // CHECK: [[@LINE-1]]:5 store `s[threadIdx.x + 32]` shared {{.*}} wf=0.125 ideal=0.125 ways=1 conflict-free if-branched=1
  }
  // Negative: three statements.
  if (threadIdx.x < 32) {
    s[threadIdx.x + 64] = 1;
    // CHECK: [[@LINE-1]]:5 store `s[threadIdx.x + 64]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
    s[threadIdx.x + 96] = 2;
    // CHECK: [[@LINE-1]]:5 store `s[threadIdx.x + 96]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
    s[threadIdx.x + 128] = 3;
    // CHECK: [[@LINE-1]]:5 store `s[threadIdx.x + 128]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  }
  // Negative: a nested if.
  if (threadIdx.x < 32) {
    float v = s[threadIdx.x + 160];
    // CHECK: [[@LINE-1]]:15 load `s[threadIdx.x + 160]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
    if (v > 0)
      s[threadIdx.x + 160] = 0;
      // CHECK: [[@LINE-1]]:7 store `s[threadIdx.x + 160]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  }
  // Negative: a loop in the body.
  if (threadIdx.x == 0) {
    for (int k = 0; k < 4; ++k)
      big[blockIdx.x * 4 + k] = 0;
      // CHECK: [[@LINE-1]]:7 store `big[blockIdx.x * 4 + k]` {{.*}} spr=1 ideal=1 eff=0.125 uniform{{$}}
  }
  // An if with an else, each side short: both predicated (warp 0 issues
  // the else side with no lane on).
  if (threadIdx.x == 0)
    out[blockIdx.x + 64] = 1;
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x + 64]` {{.*}} spr=0.125 ideal=0.125 eff=0.125 uniform if-branched=1
  else
    big[threadIdx.x] = 2;
    // CHECK: [[@LINE-1]]:5 store `big[threadIdx.x]` {{.*}} coalesced
  // Negative: an else of three statements: both sides branched.
  if (threadIdx.x < 32)
    out[blockIdx.x + 128] = 1;
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x + 128]` {{.*}} spr=1 ideal=1 eff=0.125 uniform{{$}}
  else {
    big[threadIdx.x + 256] = 1;
    // CHECK: [[@LINE-1]]:5 store `big[threadIdx.x + 256]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
    big[threadIdx.x + 512] = 2;
    // CHECK: [[@LINE-1]]:5 store `big[threadIdx.x + 512]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
    big[threadIdx.x + 768] = 3;
    // CHECK: [[@LINE-1]]:5 store `big[threadIdx.x + 768]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  }
  // Negative: a guard on the global index, off only at the grid's end.
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1000)
    out[i] = 3;
    // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} spr=3.9063 ideal=3.9063 eff=1 warps=1..4/4 coalesced{{$}}
  __syncthreads();
  out[i + 2048] = s[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[i + 2048]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:19 load `s[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
}

// Negative: a block whose shape is assumed. Under a 32 x 16 block every
// warp has lanes 0 to 3; under the assumed 256 x 1, warp 0 alone.
__global__ void assumedBlock(float *out) {
  __shared__ float s[512];
  if (threadIdx.x < 4)
    s[threadIdx.y * 32 + threadIdx.x] = 1;
    // CHECK: [[@LINE-1]]:5 store `s[threadIdx.y * 32 + threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `s[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
}

// A trivially copyable struct copied whole is a move of its bytes, though
// clang spells it as a call of the implicit operator=: predicated
// (cuda_bench/probes/wide50.cu's float4, measured on the H100: all 8 warps
// issue the LDG.E.128 and the STS.128, 0.12 sectors a request). A copy
// through an operator= of the user's is a call: branched.
struct Pair {
  float a, b;
  __device__ Pair &operator=(const Pair &o) { a = o.a; b = o.b; return *this; }
};
// CHECK: [[@LINE-2]]:47 store `a` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
// CHECK: [[@LINE-3]]:51 load `o.a` {{.*}} spr=1 ideal=1 {{.*}} uniform{{$}}
// CHECK: [[@LINE-4]]:56 store `b` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
// CHECK: [[@LINE-5]]:60 load `o.b` {{.*}} spr=1 ideal=1 {{.*}} uniform{{$}}
__global__ void copies(float *out, const float4 *in, const Pair *pin) {
  __shared__ float4 c;
  __shared__ Pair p;
  unsigned tid = threadIdx.x;
  if (tid == 0)
    c = in[blockIdx.x];
  // CHECK: [[@LINE-1]]:5 store `c` shared {{.*}} wf=0.125 ideal=0.125 ways=1 conflict-free if-branched=1
  // CHECK: [[@LINE-2]]:9 load `in[blockIdx.x]` {{.*}} spr=0.125 ideal=0.125 {{.*}} if-branched=1
  if (tid == 0)
    p = pin[blockIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = c.x * tid + c.y + c.z * c.w + p.a;
  // CHECK: [[@LINE-1]]:3 store
  // CHECK: [[@LINE-2]]:40 load `c.x` shared
  // CHECK: [[@LINE-3]]:52 load `c.y` shared
  // CHECK: [[@LINE-4]]:58 load `c.z` shared
  // CHECK: [[@LINE-5]]:64 load `c.w` shared
  // CHECK: [[@LINE-6]]:70 load `p.a` shared
}

void run(float *a, dim3 block) {
  tree<<<64, 256>>>(a, a);
  tailcall<<<64, 256>>>(a, a);
  bodies<<<64, 256>>>(a, a);
  assumedBlock<<<64, block>>>(a);
  copies<<<64, 256>>>(a, (const float4 *)a, (const Pair *)a);
}

// Half-precision arithmetic of the toolkit (__hadd2, half2's "+" and
// assignment, declared in its headers) is an instruction or two inline, no
// call: nvcc predicates the step as a float's (H100, cuda-samples
// fp16ScalarProduct's tree reduction: 0.25 wavefronts a request in a block
// of four warps). A function of the user's taking half2 stays a call.
__global__ void halfTree(const half2 *in, float *out) {
  __shared__ half2 v[128];
  v[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `v[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  // CHECK: [[@LINE-2]]:20 load `in[{{.*}}]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  __syncthreads();
  if (threadIdx.x < 8)
    v[threadIdx.x] = __hadd2(v[threadIdx.x], v[threadIdx.x + 8]);
    // CHECK: [[@LINE-1]]:5 store `v[threadIdx.x]` shared {{.*}} wf=0.25 ideal=0.25 ways=1 conflict-free if-branched=1
    // CHECK: [[@LINE-2]]:30 load `v[threadIdx.x]` shared {{.*}} wf=0.25 ideal=0.25 ways=1 conflict-free if-branched=1
    // CHECK: [[@LINE-3]]:46 load `v[threadIdx.x + 8]` shared {{.*}} wf=0.25 ideal=0.25 ways=1 conflict-free if-branched=1
  __syncthreads();
  if (threadIdx.x < 4)
    v[threadIdx.x] = v[threadIdx.x] + v[threadIdx.x + 4];
    // CHECK: [[@LINE-1]]:5 store `v[threadIdx.x]` shared {{.*}} wf=0.25 ideal=0.25 ways=1 conflict-free if-branched=1
    // CHECK: [[@LINE-2]]:22 load `v[threadIdx.x]` shared {{.*}} wf=0.25 ideal=0.25 ways=1 conflict-free if-branched=1
    // CHECK: [[@LINE-3]]:39 load `v[threadIdx.x + 4]` shared {{.*}} wf=0.25 ideal=0.25 ways=1 conflict-free if-branched=1
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = __low2float(v[0]);
    // The kernel's last statement: branched.
    // CHECK: [[@LINE-2]]:5 store `out[blockIdx.x]` {{.*}} spr=1 ideal=1 eff=0.125 uniform{{$}}
    // CHECK: [[@LINE-3]]:35 load `v[0]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
}

__device__ half2 mine(half2 a, half2 b) { return __hadd2(a, b); }

__global__ void halfUserCall(const half2 *in, float *out) {
  __shared__ half2 v[128];
  v[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `v[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  // CHECK: [[@LINE-2]]:20 load `in[{{.*}}]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  __syncthreads();
  if (threadIdx.x < 8)
    v[threadIdx.x] = mine(v[threadIdx.x], v[threadIdx.x + 8]);
    // CHECK: [[@LINE-1]]:5 store `v[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
    // CHECK: [[@LINE-2]]:27 load `v[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
    // CHECK: [[@LINE-3]]:43 load `v[threadIdx.x + 8]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = __low2float(v[threadIdx.x]);
  // CHECK: [[@LINE-1]]:3 store `out[{{.*}}]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:53 load `v[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
}

void runHalf(const half2 *in, float *out) {
  halfTree<<<64, 128>>>(in, out);
  halfUserCall<<<64, 128>>>(in, out);
}
