// A shared access that warp 0 does not run (a branch on threadIdx.y taken
// by another warp) is judged by the warps that run it, with their lane
// guards, as a global one is: a halo column stored by 6 lanes of the second
// warp, rows of 34 words apart, falls in 6 different banks. Warp 0's lanes
// without the guards (all 32 of them, every 16th in one bank) once made it
// a 2-way conflict, flagged, though its mean said 1 wavefront
// (cuda-samples' HSOpticalFlow, measured 1 on the H200).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

#define BX 32
#define BY 6

__global__ void halo(const float *in, float *out) {
  __shared__ float tile[(BY + 2) * (BX + 2)];
  __shared__ float narrow[(BY + 2) * BX];
  if (threadIdx.y == 1) {
    if (threadIdx.x < BY) {
      // Positive: rows of 34 words, 6 lanes in 6 banks: conflict-free.
      tile[(threadIdx.x + 1) * (BX + 2)] = in[threadIdx.x];
      // CHECK: [[@LINE-1]]:7 store `tile[(threadIdx.x + 1) * (BX + 2)]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
      // CHECK-NEXT: [[@LINE-2]]:44 load `in[threadIdx.x]`
      // Negative near-miss: rows of 32 words, the 6 lanes in one bank.
      narrow[(threadIdx.x + 1) * BX] = in[threadIdx.x];
      // CHECK-NEXT: [[@LINE-1]]:7 store `narrow[(threadIdx.x + 1) * BX]` shared {{.*}} wf=6 ideal=1 ways=6 bank-conflict FLAGGED shared-bank-conflict
      // CHECK-NEXT: [[@LINE-2]]:40 load `in[threadIdx.x]`
      // TEXT: shared_idle_warp0.cu:[[#@LINE-3]]:7: warning: 6-way shared memory bank conflict: lanes 0..5 store 6 different words of 'narrow' in bank 0 (6 wavefronts where 1 would do) [shared-bank-conflict]
    }
  }
  __syncthreads();
  out[threadIdx.y * BX + threadIdx.x] = tile[threadIdx.y * (BX + 2) + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.y * BX + threadIdx.x]`
  // CHECK-NEXT: [[@LINE-2]]:41 load `tile[threadIdx.y * (BX + 2) + threadIdx.x]` shared {{.*}} conflict-free
}

int main() {
  halo<<<1, dim3(BX, BY)>>>(0, 0);
}
