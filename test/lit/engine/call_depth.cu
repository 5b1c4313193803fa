// Inlined calls: a return's condition is the callee's own path, not the
// caller's guards; template recursion is followed 16 calls deep; a tree
// of calls stops once the kernel has inlined 20000 bodies.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// Returns joined by their own conditions (dim is a constant at each call).
__device__ int localId(int dim) {
  if (dim == 0)
    return threadIdx.x;
  else if (dim == 1)
    return threadIdx.y;
  return 0;
}

// Each level calls the helper under the guards of all the levels above it:
// the helper's returns do not carry those guards, so the address stays
// threadIdx.x + 64*threadIdx.y down to the last level.
template <int Offset> struct Reduce {
  __device__ static void run(double *s, double *out) {
    int lid = localId(1) * 64 + localId(0);
    if (lid < Offset) {
      s[lid] += s[lid + Offset];
      // CHECK: [[@LINE-1]]:7 load+store `s[lid]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-2]]:7 load+store `s[lid]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-3]]:7 load+store `s[lid]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-4]]:7 load+store `s[lid]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-5]]:7 load+store `s[lid]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-6]]:7 load+store `s[lid]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y) wf=2 ideal=2 ways=1 conflict-free
      // CHECK: [[@LINE-7]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 1) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-8]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 128) wf=2 ideal=2 ways=1 conflict-free
      // CHECK: [[@LINE-9]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 16) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-10]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 2) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-11]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 256) wf=2 ideal=2 ways=1 conflict-free
      // CHECK: [[@LINE-12]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 32) wf=2 ideal=2 ways=1 conflict-free
      // CHECK: [[@LINE-13]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 4) wf=1 ideal=1 ways=1 conflict-free
      // CHECK: [[@LINE-14]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 512) wf=2 ideal=2 ways=1 conflict-free
      // CHECK: [[@LINE-15]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 64) wf=2 ideal=2 ways=1 conflict-free
      // CHECK: [[@LINE-16]]:17 load `s[lid + Offset]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 8) wf=1 ideal=1 ways=1 conflict-free
      Reduce<Offset / 2>::run(s, out);
    }
  }
};
template <> struct Reduce<0> {
  __device__ static void run(double *s, double *out) {
    out[blockIdx.x] = s[0];
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x]` addr=out + 8*blockIdx.x spr=1 ideal=1 eff=0.25 uniform
    // CHECK: [[@LINE-2]]:23 load `s[0]` shared addr=s wf=1 ideal=1 ways=1 conflict-free
  }
};

__global__ void templateTree(const double *in, double *out) {
  __shared__ double s[1024];
  int lid = localId(1) * 64 + localId(0);
  s[lid] = in[1024 * blockIdx.x + lid];
  // CHECK: [[@LINE-1]]:3 store `s[lid]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y) wf=2 ideal=2 ways=1 conflict-free
  // CHECK: [[@LINE-2]]:12 load `in[1024 * blockIdx.x + lid]` addr=in + 8*(threadIdx.x + 64*threadIdx.y + 1024*blockIdx.x) spr=8 ideal=8 eff=1 coalesced
  s[lid + 512] = in[1024 * blockIdx.x + lid + 512];
  // CHECK: [[@LINE-1]]:3 store `s[lid + 512]` shared addr=s + 8*(threadIdx.x + 64*threadIdx.y + 512) wf=2 ideal=2 ways=1 conflict-free
  // CHECK: [[@LINE-2]]:18 load `in[1024 * blockIdx.x + lid + 512]` addr=in + 8*(threadIdx.x + 64*threadIdx.y + 1024*blockIdx.x + 512) spr=8 ideal=8 eff=1 coalesced
  Reduce<512>::run(s, out);
}

// A call under a guard whose callee has two returns: the address holds the
// callee's condition (i < n) and not the caller's (threadIdx.x < 16).
__device__ int pick(int i, int n) {
  if (i < n)
    return i;
  return n - 1;
}

__global__ void guardedCall(const float *in, float *out, int n) {
  if (threadIdx.x < 16)
    out[threadIdx.x] = in[pick(threadIdx.x, n)];
    // CHECK: [[@LINE-1]]:5 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=2 ideal=2 eff=1 coalesced
    // CHECK: [[@LINE-2]]:24 load `in[pick(threadIdx.x, n)]` addr=in + 4*(threadIdx.x < n ? threadIdx.x : n - 1) spr=2 ideal=2 eff=1 coalesced
}

// A tree of calls: each level calls the next three times. Ten levels are
// 3^10 bodies, past the kernel's budget of 20000: the calls past it are
// not inlined. The walk goes left to right, as the source reads, so the
// first call past the budget is a t10 with any compiler the tool is built
// with. Five levels are inlined whole.
__device__ int t10(int i) { return i; }
__device__ int t9(int i) { return t10(i) + t10(i) - t10(i); }
__device__ int t8(int i) { return t9(i) + t9(i) - t9(i); }
__device__ int t7(int i) { return t8(i) + t8(i) - t8(i); }
__device__ int t6(int i) { return t7(i) + t7(i) - t7(i); }
__device__ int t5(int i) { return t6(i) + t6(i) - t6(i); }
__device__ int t4(int i) { return t5(i) + t5(i) - t5(i); }
__device__ int t3(int i) { return t4(i) + t4(i) - t4(i); }
__device__ int t2(int i) { return t3(i) + t3(i) - t3(i); }
__device__ int t1(int i) { return t2(i) + t2(i) - t2(i); }
__device__ int t0(int i) { return t1(i) + t1(i) - t1(i); }

__global__ void callTree(float *out) { out[t0(threadIdx.x)] = 0.0f; }
// CHECK: [[@LINE-1]]:40 store `out[t0(threadIdx.x)]` unknown: call to 't10' not inlined (the kernel inlines too many calls)

__global__ void smallTree(float *out) { out[t5(threadIdx.x)] = 0.0f; }
// CHECK: [[@LINE-1]]:41 store `out[t5(threadIdx.x)]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced

int main() {
  double *d;
  float *f;
  templateTree<<<64, dim3(64, 8)>>>(d, d);
  guardedCall<<<64, 256>>>(f, f, 1 << 20);
  callTree<<<64, 256>>>(f);
  smallTree<<<64, 256>>>(f);
}
