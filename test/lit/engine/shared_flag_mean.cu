// A shared access is flagged when its mean over the sampled requests is at
// least 1.9 times their ideal, the bar the measurements call a line
// bank-conflicted by, as a global access is by its sectors. A loop some of
// whose iterations conflict is described at its costliest with the mean,
// and flagged only when the mean is a loss: a sorting network's
// compare-exchange that conflicts in 5 of 8 requests (1.625 wavefronts per
// request) measures 1.5 on the H200 (cuda-samples' mergeSort and
// oddEvenMergeSort), under the bar.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

__global__ void strides(int *out) {
  __shared__ int s[32 * 4];
  int sum = 0;
  // Positive: strides 1, 2, 3 and 4 words: 1, 2, 1 and 4 wavefronts, 2
  // on average.
  for (int k = 0; k < 4; ++k)
    sum += s[threadIdx.x * (1 + k)];
  // CHECK: [[@LINE-1]]:12 load `s[threadIdx.x * (1 + k)]` shared {{.*}} wf=2 ideal=1 ways=4 warps=1..4/1 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: shared_flag_mean.cu:[[#@LINE-2]]:12: warning: 4-way shared memory bank conflict: {{.*}} (4 wavefronts where 1 would do); iterations differ: 1 to 4 wavefronts, 2 per request on average, 1 in warp 0 of block 0 [shared-bank-conflict]
  // Negative near-miss: strides 1, 1, 1 and 2: the last iteration
  // conflicts, 1.25 wavefronts on average; described, not flagged.
  for (int k = 0; k < 4; ++k)
    sum += s[threadIdx.x * (1 + k / 3)];
  // CHECK: [[@LINE-1]]:12 load `s[threadIdx.x * (1 + k / 3)]` shared {{.*}} wf=1.25 ideal=1 ways=2 warps=1..2/1 bank-conflict{{$}}
  out[threadIdx.x] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]`
}

int main() {
  strides<<<1, 32>>>(0);
}
