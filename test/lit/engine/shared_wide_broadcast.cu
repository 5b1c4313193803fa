// A 64- or 128-bit load that every lane makes of one address is served
// whole: an LDS.64 of one address takes 1 wavefront, an LDS.128 one per
// half-warp with a lane on (2 for a full warp), where the phases of a
// 64-bit (half-warps) and a 128-bit (quarter-warps) access would make 2
// and 4. Measured on an H200: 27 full-warp LDS.64 of one address at 1
// (cuda-samples mergeSort and newdelete, SHOC scan, Parboil cutcp, Altis
// particlefilter), 22 LDS.128 at 2 (SobolQRNG, cutcp, mri-gridding). A
// store keeps its phases (cutcp's STS.64 of one address: 2). An 8-byte
// element of an array keeps them too: nvcc joins uniform neighbours into
// one LDS.128 when it can (Altis lavamd's doubles, 2 wavefronts).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

struct Pair { double a, b; };

__global__ void broadcast(const float *in, float *out, int n) {
  __shared__ double total;
  __shared__ float *row;
  __shared__ float4 corner;
  __shared__ double weights[64];
  __shared__ double2 halves;
  unsigned tid = threadIdx.x;
  if (tid == 0) {
    total = in[0];
    row = out + n;
    corner = make_float4(in[1], in[2], in[3], in[4]);
    halves = make_double2(in[5], in[6]);
  }
  // CHECK: 23:5 store `total` shared
  // CHECK: 23:13 load `in[0]`
  // CHECK: 24:5 store `row` shared
  // CHECK: 25:5 store `corner` shared
  // CHECK-COUNT-4: 25:{{[0-9]+}} load `in[
  // CHECK: 26:5 store `halves` shared
  // CHECK-COUNT-2: 26:{{[0-9]+}} load `in[
  if (tid < 64)
    weights[tid] = in[tid];
  // CHECK: [[@LINE-1]]:5 store `weights[tid]` shared
  // CHECK: [[@LINE-2]]:20 load `in[tid]`
  __syncthreads();
  // Positive: an 8-byte variable of its own, one wavefront.
  double t = total;
  // CHECK: [[@LINE-1]]:14 load `total` shared addr=total wf=1 ideal=1 ways=1 uniform
  // Positive: a pointer, one wavefront.
  float *r = row;
  // CHECK: [[@LINE-1]]:14 load `row` shared addr=row wf=1 ideal=1 ways=1 uniform
  // Positive: 16 bytes, one wavefront per half-warp.
  float4 c = corner;
  // CHECK: [[@LINE-1]]:14 load `corner` shared addr=corner wf=2 ideal=2 ways=1 uniform
  double2 h = halves;
  // CHECK: [[@LINE-1]]:15 load `halves` shared addr=halves wf=2 ideal=2 ways=1 uniform
  // Negative: an element of an array of doubles keeps its two phases.
  double w = weights[n % 64];
  // CHECK: [[@LINE-1]]:14 load `weights[n % 64]` shared {{.*}} wf=2 ideal=2 ways=1 uniform
  // Negative: lanes on their own doubles, the phases as before.
  double v = weights[tid % 32];
  // CHECK: [[@LINE-1]]:14 load `weights[tid % 32]` shared {{.*}} wf=2 ideal=2 ways=1 conflict-free
  // Half a warp on: one wavefront for 16 bytes.
  if (tid % 32 < 16) {
    float4 d = corner;
    // CHECK: [[@LINE-1]]:16 load `corner` shared addr=corner wf=1 ideal=1 ways=1 uniform
    c.x += d.y;
  }
  r[tid] = t + w + v + h.x + c.x + c.w;
  // CHECK: [[@LINE-1]]:3 store `r[tid]`
}
