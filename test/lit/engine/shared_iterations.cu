// A shared access is predicted over the warps and the iterations of its
// innermost loop that the launch samples, as a global one is: the report's
// wavefronts per request are their mean (nvcc unrolls such a loop into an
// instruction per iteration, and Nsight Compute's count for the line is
// that mean); the message describes the costliest. A wavefront that moves
// along a tile's anti-diagonal, one more lane each step (Needleman-Wunsch):
// rows of 17 ints put lanes 16 words apart, every other lane in one bank, so iteration
// m takes ceil((m + 1) / 2) wavefronts: 1 at the first, 8 at the last,
// 4.5 on average, as the H200 measures (Altis nw).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %coalesce %s | FileCheck %s --check-prefix=TEXT
// TEXT: shared_iterations.cu:[[# @LINE + 22]]:7: warning: 8-way shared memory bank conflict: 8 lanes (0, 2, 4, ...) store 8 different words of 'temp' in bank 0 (8 wavefronts where 1 would do); iterations differ: 1 to 8 wavefronts, 4.5 per request on average, 1 in warp 0 of block 0 [shared-bank-conflict]
// TEXT-NOT: warning:
// JSON: "text": "temp[m - tx + 1][tx + 1]",
// JSON: "wavefronts_per_request": 4.5,
// JSON-NEXT: "ideal_wavefronts": 1,
// JSON-NEXT: "warps": {
// JSON-NEXT: "sampled": 16,
// JSON-NEXT: "min": 1,
// JSON-NEXT: "max": 8,
// JSON-NEXT: "warp0": 1

#define B 16

// Positive: the anti-diagonal, a lane more each iteration.
__global__ void diagonal(int *out) {
  __shared__ int temp[B + 1][B + 1];
  int tx = threadIdx.x;
  temp[tx][0] = tx;
  // CHECK: [[@LINE-1]]:3 store `temp[tx][0]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
  __syncthreads();
  for (int m = 0; m < B; m++) {
    if (tx <= m)
      temp[m - tx + 1][tx + 1] = temp[m - tx][tx] + 1;
    // CHECK: [[@LINE-1]]:7 store `temp[m - tx + 1][tx + 1]` shared {{.*}} wf=4.5 ideal=1 ways=8 warps=1..8/1 bank-conflict FLAGGED shared-bank-conflict
    // CHECK: [[@LINE-2]]:34 load `temp[m - tx][tx]` shared {{.*}} wf=4.5 ideal=1 ways=8 warps=1..8/1 bank-conflict FLAGGED shared-bank-conflict
    __syncthreads();
  }
  out[tx] = temp[B][tx];
  // CHECK: [[@LINE-1]]:3 store `out[tx]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:13 load `temp[B][tx]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
}

// Negative: a loop whose every iteration is the same row pattern: one
// number, no spread, conflict-free and quiet.
__global__ void rows(int *out) {
  __shared__ int tile[B][32];
  int tx = threadIdx.x;
  int sum = 0;
  for (int m = 0; m < B; m++) {
    tile[m][tx] = m;
    // CHECK: [[@LINE-1]]:5 store `tile[m][tx]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
    sum += tile[m][tx];
    // CHECK: [[@LINE-1]]:12 load `tile[m][tx]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
  }
  out[tx] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[tx]` {{.*}} coalesced
}

int main() {
  diagonal<<<1, B>>>(0);
  rows<<<1, 32>>>(0);
}
