// nvcc joins a thread's loads (or stores) of neighbouring elements of a
// __shared__ array into one 8- or 16-byte instruction when the first is
// aligned to the width: s[2 * tid] and s[2 * tid + 1] are one LDS.64,
// served a half-warp at a time, 2 wavefronts, its ideal, where two 4-byte
// loads at a stride of 2 words would be 2-way conflicts. The H200 measures
// LDS.64/STS.64 at 2 wavefronts per request on cuda-samples' dwtHaar1D and
// fastWalshTransform and SHOC's and Altis's sort.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

__global__ void haar(const float *in, float *out) {
  extern __shared__ float s[];
  __shared__ float q[512];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  // CHECK: [[@LINE-1]]:3 store `s[tid]` shared {{.*}} conflict-free
  // CHECK-NEXT: [[@LINE-2]]:12 load `in[tid]`
  s[tid + 128] = in[tid + 128];
  // CHECK-NEXT: [[@LINE-1]]:3 store `s[tid + 128]` shared {{.*}} conflict-free
  // CHECK-NEXT: [[@LINE-2]]:18 load `in[tid + 128]`
  __syncthreads();
  // Positive: an even element and the next, one 8-byte load a lane.
  float a = s[2 * tid];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid]` shared addr=s + 8*threadIdx.x wf=2 ideal=2 ways=1 conflict-free
  float b = s[2 * tid + 1];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid + 1]` shared addr=s + 4*(2*threadIdx.x + 1) wf=2 ideal=2 ways=1 conflict-free
  // JSON: "text": "s[2 * tid]",
  // JSON: "elem_bytes": 8,
  // JSON-NEXT: "whole_element": {
  // JSON-NEXT: "struct": null,
  // JSON-NEXT: "members": [
  // JSON-NEXT: "s[2 * tid]",
  // JSON-NEXT: "s[2 * tid + 1]"
  // JSON-NEXT: ]
  out[tid] = a - b;
  // CHECK-NEXT: [[@LINE-1]]:3 store `out[tid]`
  // Positive: four elements, one 16-byte store a lane.
  q[4 * tid] = a;
  // CHECK-NEXT: [[@LINE-1]]:3 store `q[4 * tid]` shared {{.*}} wf=4 ideal=4 ways=1 conflict-free
  q[4 * tid + 1] = b;
  // CHECK-NEXT: [[@LINE-1]]:3 store `q[4 * tid + 1]` shared {{.*}} wf=4 ideal=4 ways=1 conflict-free
  q[4 * tid + 2] = a;
  // CHECK-NEXT: [[@LINE-1]]:3 store `q[4 * tid + 2]` shared {{.*}} wf=4 ideal=4 ways=1 conflict-free
  q[4 * tid + 3] = b;
  // CHECK-NEXT: [[@LINE-1]]:3 store `q[4 * tid + 3]` shared {{.*}} wf=4 ideal=4 ways=1 conflict-free
  __syncthreads();
  // Negative near-miss: an odd element and the next are not aligned to 8
  // bytes: two 4-byte loads, each 2-way conflicted.
  float c = s[2 * tid + 1];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid + 1]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  float d = s[2 * tid + 2];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid + 2]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  // Negative near-miss: a store between the two loads may alias them.
  float e = s[2 * tid];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  s[tid] = c;
  // CHECK-NEXT: [[@LINE-1]]:3 store `s[tid]` shared {{.*}} conflict-free
  float f = s[2 * tid + 1];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid + 1]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  out[tid + 128] = c + d + e + f;
  // CHECK-NEXT: [[@LINE-1]]:3 store `out[tid + 128]`
}

// Negative near-miss: the launch passes stride 1, so the lanes are where
// s[2 * tid] and s[2 * tid + 1] would be, but nvcc compiles for any
// stride: two 4-byte loads (a sorting network's compare-exchange).
__global__ void exchange(float *out, int stride) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  float a = s[2 * tid];
  // CHECK: [[@LINE-1]]:13 load `s[2 * tid]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  float b = s[2 * tid + stride];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid + stride]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  out[tid] = a + b;
  // CHECK-NEXT: [[@LINE-1]]:3 store `out[tid]`
}

// Positive: four elements read in another order than their addresses
// (Parboil cutcp's atom: the charge s[off + 3] first, then x, z, y): one
// LDS.128 of the address every lane shares, 2 wavefronts on the H100.
__global__ void atoms(float *out) {
  __shared__ float s[1024];
  float e = 0.f;
  for (int i = 0; i < 8; i++) {
    int off = i << 2;
    float q = s[off + 3];
    // CHECK: [[@LINE-1]]:15 load `s[off + 3]` shared {{.*}} wf=2 ideal=2 ways=1 uniform{{$}}
    if (q == 0.f)
      break;
    e += q * (s[off] + s[off + 2] + s[off + 1]);
    // CHECK-NEXT: [[@LINE-1]]:15 load `s[off]` shared {{.*}} wf=2 ideal=2 ways=1 uniform{{$}}
    // CHECK-NEXT: [[@LINE-2]]:24 load `s[off + 2]` shared {{.*}} wf=2 ideal=2 ways=1 uniform{{$}}
    // CHECK-NEXT: [[@LINE-3]]:37 load `s[off + 1]` shared {{.*}} wf=2 ideal=2 ways=1 uniform{{$}}
  }
  // Negative near-miss: out of order with another element of the array
  // between them: not joined (two 4-byte loads, 2-way conflicted each).
  unsigned tid = threadIdx.x;
  float a = s[2 * tid + 1];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid + 1]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  float b = s[2 * tid + 64];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid + 64]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  float c = s[2 * tid];
  // CHECK-NEXT: [[@LINE-1]]:13 load `s[2 * tid]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_joined_elements.cu:[[#@LINE-2]]:13: warning: 2-way shared memory bank conflict
  out[tid] = e + a + b + c;
  // CHECK-NEXT: [[@LINE-1]]:3 store `out[tid]`
}

int main() {
  haar<<<1, 128, 1024>>>(0, 0);
  exchange<<<1, 128>>>(0, 1);
  atoms<<<1, 128>>>(0);
}
