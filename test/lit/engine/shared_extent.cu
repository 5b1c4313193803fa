// An access to a __shared__ variable of a known size: a lane whose address
// falls past its end does not run it in a program that runs, whatever the
// analysis made of the guards that keep it off.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// A scan's up-sweep over n elements, n a parameter no launch gives (the
// default, 1048576, assumed): "tid < d" lets every lane through for the
// first 12 of its 20 iterations, while the lanes' stride doubles each one.
// Only the lanes inside s[1024] count: at iteration k, those below
// 512 / 2^k, none after the tenth. Before, every lane of every iteration
// sampled counted: 7.5 and 19.75 wavefronts (as for t[] below).
__global__ void upSweep(float *out, const float *in, int n) {
  __shared__ float s[1024];
  int tid = threadIdx.x;
  s[2 * tid] = in[2 * tid];
  // CHECK: [[@LINE-1]]:3 store `s[2 * tid]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED
  // CHECK: [[@LINE-2]]:16 load `in[2 * tid]` {{.*}} strided FLAGGED
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      s[offset * (2 * tid + 2) - 1] += s[offset * (2 * tid + 1) - 1];
      // CHECK: [[@LINE-1]]:7 load+store `s[offset * (2 * tid + 2) - 1]` shared {{.*}} wf=5.0909 {{.*}} bank-conflict FLAGGED
      // CHECK: [[@LINE-2]]:40 load `s[offset * (2 * tid + 1) - 1]` shared {{.*}} wf=6.6154 {{.*}} bank-conflict FLAGGED
    offset <<= 1;
  }
  __syncthreads();
  out[2 * tid] = s[2 * tid];
  // CHECK: [[@LINE-1]]:3 store `out[2 * tid]` {{.*}} strided FLAGGED
  // CHECK: [[@LINE-2]]:18 load `s[2 * tid]` shared {{.*}} wf=2 ideal=1 ways=2 bank-conflict FLAGGED
}

// Negative: an address every lane of warp 0 has past the end, an assumed
// value's (n - 1, n assumed 1048576): the value is wrong, not the lanes;
// the access is evaluated as before.
__global__ void lastOf(float *out, int n) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `s[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[n - 1];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:48 load `s[n - 1]` shared addr=s + 4*(n - 1) wf=1 ideal=1 ways=1 uniform{{$}}
}

// Negative: dynamic shared memory has the launch's size: no bound.
__global__ void dynamicUpSweep(float *out, int n) {
  extern __shared__ float t[];
  int tid = threadIdx.x;
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      t[offset * (2 * tid + 2) - 1] += t[offset * (2 * tid + 1) - 1];
      // CHECK: [[@LINE-1]]:7 load+store `t[offset * (2 * tid + 2) - 1]` shared {{.*}} wf=7.5 {{.*}} bank-conflict FLAGGED
      // CHECK: [[@LINE-2]]:40 load `t[offset * (2 * tid + 1) - 1]` shared {{.*}} wf=19.75 {{.*}} bank-conflict FLAGGED
    offset <<= 1;
  }
  out[tid] = t[tid];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:14 load `t[tid]` shared {{.*}} conflict-free{{$}}
}
