// A shared access under a guard that compares the lane with a value loaded
// from memory ('if (tid < d)', d a count the data sets) runs in the lanes
// the data picks, and its banks are theirs: a scan's up-sweep whose stride
// doubles as d halves conflicts 32 ways with every lane on, and in no
// warp of a run where d is small (cuda-samples' eigenvalues: predicted
// 7.5 to 24 wavefronts with every lane on, measured 1). With every lane on
// conflicting, the access is unknown, with the reason; with every lane on
// conflict-free, any lanes the data picks are conflict-free too, and it
// stays so.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

__global__ void upsweep(const unsigned *count, int *out) {
  __shared__ int s[1024];
  unsigned n = count[0];
  // CHECK: [[@LINE-1]]:16 load `count[0]`
  s[threadIdx.x] = out[threadIdx.x];
  // CHECK-NEXT: [[@LINE-1]]:3 store `s[threadIdx.x]` shared {{.*}} conflict-free
  // CHECK-NEXT: [[@LINE-2]]:20 load `out[threadIdx.x]`
  unsigned offset = 1;
  for (unsigned d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    // Positive: the lanes the up-sweep runs are the data's.
    if (threadIdx.x < d) {
      unsigned ai = offset * (2 * threadIdx.x + 1) - 1;
      unsigned bi = offset * (2 * threadIdx.x + 2) - 1;
      s[bi] += s[ai];
      // CHECK-NEXT: [[@LINE-1]]:7 load+store `s[bi]` unknown: which lanes run it depends on 'count[0]', loaded from memory (a guard compares the lane with it), and so do its bank conflicts
      // CHECK-NEXT: [[@LINE-2]]:16 load `s[ai]` unknown: which lanes run it depends on 'count[0]'
    }
    offset <<= 1;
  }
  __syncthreads();
  // Negative near-miss: consecutive words under the same kind of guard:
  // conflict-free with any lanes on.
  if (threadIdx.x < n)
    out[threadIdx.x] = s[threadIdx.x];
  // CHECK-NEXT: [[@LINE-1]]:5 store `out[threadIdx.x]`
  // CHECK-NEXT: [[@LINE-2]]:24 load `s[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
  // Negative near-miss: a column under a guard the analysis evaluates.
  if (threadIdx.x < 16)
    out[threadIdx.x] = s[32 * threadIdx.x];
  // CHECK-NEXT: [[@LINE-1]]:5 store `out[threadIdx.x]`
  // CHECK-NEXT: [[@LINE-2]]:24 load `s[32 * threadIdx.x]` shared {{.*}} wf=16 ideal=1 ways=16 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_lanes_from_data.cu:[[#@LINE-3]]:24: warning: 16-way shared memory bank conflict
}

int main() { upsweep<<<1, 512>>>(0, 0); }
