// A launch inside a branch sees only the writes that can reach it: a write
// on the other branch of the same if, or of an if on the same condition
// that nothing changes in between, does not. Rodinia huffman's scan sets
// numThreads = blockSize under "numBlocks > 1" (and two other values on
// the other branches) and launches under "numBlocks > 1" again: 256
// threads, not a block computed at run time. The condition may read only
// variables nothing writes after their initialisation, and call nothing.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON

// Launched with 256 threads under "blocks > 1": the block is known (no
// block= range).
__global__ void wide(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[2 * i]` addr=in + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
}
// Launched on the else branch of that if: 4 threads.
__global__ void narrow(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} spr=1 ideal=1 eff=0.5 coalesced{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` {{.*}} spr=1 ideal=1 eff=0.5 coalesced{{$}}
  // JSON: "kernel": "narrow"
  // JSON: "blockDim": [
  // JSON-NEXT: 4,
}
// Launched on the else branch of the if that writes: 16 threads.
__global__ void sameIf(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} spr=2 ideal=2 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` {{.*}} spr=2 ideal=2 eff=1 coalesced{{$}}
}
// Negatives: the condition's variable is written between the two ifs, or
// the condition calls a function: the block stays a run-time one.
__global__ void changed(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced block=1..4{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced block=1..4{{$}}
}
__global__ void called(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced block=1..4{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced block=1..4{{$}}
}

bool isBig(int n) { return n > 4096; }

void host(const float *in, float *out, int n) {
  int blocks = n / 512;
  int threads;
  if (blocks > 1)
    threads = 256;
  else
    threads = 4;
  if (blocks > 1)
    wide<<<blocks, threads>>>(in, out);
  else
    narrow<<<1, threads>>>(in, out);
  int t;
  if (n > 64)
    t = 64;
  else {
    t = 16;
    sameIf<<<1, t>>>(in, out);
  }
  int m = n / 2;
  int t2;
  if (m > 1)
    t2 = 256;
  else
    t2 = 16;
  m = m + 1;
  if (m > 1)
    changed<<<1, t2>>>(in, out);
  int t3;
  if (isBig(n))
    t3 = 256;
  else
    t3 = 16;
  if (isBig(n))
    called<<<1, t3>>>(in, out);
}
