// A launch argument is a constant only when nothing changed the variable
// between its initialiser and the launch in a way the analyzer cannot
// follow: `n++` in a loop before the launch (Rodinia particlefilter counts
// `countOnes` so), `n += k`, `&n`, or `n` passed to a non-const reference.
// Those leave the value unknown (the default is assumed), where the
// initialiser alone would give a wrong number.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void counted(float *out, int n) {
  out[(blockIdx.x * blockDim.x + threadIdx.x) * n] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} addr=out + 4*(threadIdx.x*n + 256*blockIdx.x*n) spr=32 ideal=4 eff=0.125 strided unless n == 1 FLAGGED coalescing-strided
}
__global__ void added(float *out, int n) {
  out[(blockIdx.x * blockDim.x + threadIdx.x) * n] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=32 ideal=4 eff=0.125 strided unless n == 1 FLAGGED
}
__global__ void byReference(float *out, int n) {
  out[(blockIdx.x * blockDim.x + threadIdx.x) * n] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=32 ideal=4 eff=0.125 strided unless n == 1 FLAGGED
}
__global__ void byAddress(float *out, int n) {
  out[(blockIdx.x * blockDim.x + threadIdx.x) * n] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=32 ideal=4 eff=0.125 strided unless n == 1 FLAGGED
}
// Negative: assignments of constants, and reads through a const reference,
// still give the launch's value (2: 8 sectors per request).
__global__ void assigned(float *out, int n) {
  out[(blockIdx.x * blockDim.x + threadIdx.x) * n] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
}
__global__ void readOnly(float *out, int n) {
  out[(blockIdx.x * blockDim.x + threadIdx.x) * n] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
}

// A dim3 declared first and assigned whole later ("dim3 threads; ...
// threads = dim3(512, 1);", cuda-samples' simpleStreams) launches with the
// value assigned, not the default dim3(1, 1, 1): 64 threads, 2 warps, the
// row 64 floats apart.
__global__ void dimAssigned(float *out) {
  out[threadIdx.x * blockDim.x] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} addr=out + 256*threadIdx.x spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided{{$}}
}
// Negative: a dim3 assigned a value not followed (a host function's) is
// unknown: the block is a run-time value, not (1, 1, 1).
__global__ void dimOpaque(float *out) {
  out[threadIdx.x * blockDim.x] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} addr=out + 4*threadIdx.x*blockDim.x spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided block=1..32{{$}}
}

dim3 pickBlock();
void setTo(int &v);
void readInto(int *v);
int look(const int &v);
// Negative: a dim3 parameter holds what the caller passed, not dim3()'s
// (1, 1, 1): the block is unknown, the default assumed (256 threads: 4
// sectors, where one lane would say 1 sector), and the report gives the
// spread over block sizes.
__global__ void dimParameter(float *out) {
  out[threadIdx.x] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store {{.*}} addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced block=1..4{{$}}
}
void launchWith(float *a, dim3 block) { dimParameter<<<8, block>>>(a); }

void host(float *a, const int *disk) {
  int ones = 0;
  for (int k = 0; k < 81; ++k)
    if (disk[k] == 1)
      ones++;
  counted<<<64, 256>>>(a, ones);
  int grown = 2;
  grown += disk[0];
  added<<<64, 256>>>(a, grown);
  int set = 2;
  setTo(set);
  byReference<<<64, 256>>>(a, set);
  int read = 2;
  readInto(&read);
  byAddress<<<64, 256>>>(a, read);
  int fixed = 7;
  fixed = 2;
  assigned<<<64, 256>>>(a, fixed);
  int seen = 2;
  look(seen);
  readOnly<<<64, 256>>>(a, seen);
  dim3 threads, blocks;
  threads = dim3(64, 1);
  blocks = dim3(4096 / threads.x, 1);
  dimAssigned<<<blocks, threads>>>(a);
  dim3 picked;
  picked = pickBlock();
  dimOpaque<<<8, picked>>>(a);
}
