// A launch whose block the host computes at run time (the block size set on
// two branches, as Rodinia huffman's scan sets numThreads on three): the
// default 256 threads stand in, and the launch is sampled again for blocks
// of 1 to 1024 threads along x; the report gives the range
// (block_depends_on) and a note. huffman's last recursion level launches 1
// thread: 1 sector per request, measured on the H200, where 256 threads
// make 4.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %coalesce --format=json --block-dim=64 %s | %summarize | FileCheck %s --check-prefix=TOLD

__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced block=1..4{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[2 * i]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided block=1..8{{$}}
  // A block told: no range.
  // TOLD: [[@LINE-4]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-5]]:12 load `in[2 * i]` {{.*}} strided FLAGGED coalescing-strided{{$}}
  // TEXT: runtime_block.cu:[[#@LINE-6]]:12: warning: strided load
  // TEXT: note: the launch's block is computed at run time; 256 threads are assumed (--block-dim gives the run's): 1 to 8 sectors per request for 1 to 1024 threads
  // JSON: "block_depends_on": {
  // JSON-NEXT: "assumed": 256,
  // JSON-NEXT: "sectors_per_request": {
  // JSON-NEXT: "fewest": 1,
  // JSON-NEXT: "most": 4
  // JSON: "by_block_x": {
  // JSON-NEXT: "1": 1,
  // JSON: "16": 2,
  // JSON: "1024": 4
}

// Negative: a block the launch gives (a constant, a variable set once) and
// a kernel no launch in the file names keep the default without a range.
__global__ void known(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-3]]:3 store `out[threadIdx.x]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-4]]:22 load `in[threadIdx.x]` {{.*}} coalesced{{$}}
}
__global__ void unlaunched(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-3]]:3 store `out[threadIdx.x]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-4]]:22 load `in[threadIdx.x]` {{.*}} coalesced{{$}}
}

void host(const float *in, float *out, int n) {
  int threads;
  if (n > 512)
    threads = 256;
  else
    threads = n / 2;
  scale<<<(n + threads - 1) / threads, threads>>>(in, out, n);
  int block = 128;
  known<<<n / block, block>>>(in, out);
}
