// A list the warp walks together: a value every lane loads at one place,
// computed from values the whole warp shares, is the warp's in every
// iteration, and so is the chase it feeds ("index = graph[index + NEXT]",
// the linked rows of a points-to graph, each row read a lane a word).
// A chase a lane makes from its own start, or that moves in some lanes
// only, is not: a gather, or unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

#define NIL 0xffffffffu
__constant__ const unsigned *rows;

// Positive: rows of 32 words chained by their word 33; every lane reads
// the row's own word, the chain's words are one address for the warp (the
// rows' pointer is constant memory, read alike in every iteration).
__global__ void walkRows(unsigned *out, const unsigned *heads) {
  unsigned index = heads[blockIdx.x];
  // CHECK: [[@LINE-1]]:20 load `heads[blockIdx.x]` {{.*}} uniform
  unsigned acc = 0;
  do {
    unsigned bits = rows[index + threadIdx.x];
    // CHECK: [[@LINE-1]]:21 load `rows[index + threadIdx.x]` addr=rows + 4*(threadIdx.x + carried(index)) spr=4 ideal=4 eff=1 coalesced
    unsigned base = rows[index + 32];
    // CHECK: [[@LINE-1]]:21 load `rows[index + 32]` addr=rows + 4*(carried(index) + 32) spr=1 ideal=1 eff=0.125 uniform
    if (base == NIL)
      break;
    acc |= bits;
    index = rows[index + 33];
    // CHECK: [[@LINE-1]]:13 load `rows[index + 33]` addr=rows + 4*(carried(index) + 33) spr=1 ideal=1 eff=0.125 uniform
  } while (index != NIL);
  out[blockIdx.x * 32 + threadIdx.x] = acc;
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 32 + threadIdx.x]` {{.*}} coalesced
}

// Positive: a chase two values deep, each the warp's: the second is read
// at a place the first moves.
__global__ void twoDeep(const int *next, const int *key, float *out, int head) {
  int p = head, k = 0;
  for (int i = 0; i < 8; ++i) {
    out[k * 32 + threadIdx.x] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[k * 32 + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*carried(k)) spr=4 ideal=4 eff=1 coalesced
    k = key[p];
    // CHECK: [[@LINE-1]]:9 load `key[p]` addr=key + 4*carried(p) spr=1 ideal=1 eff=0.125 uniform
    p = next[p];
    // CHECK: [[@LINE-1]]:9 load `next[p]` addr=next + 4*carried(p) spr=1 ideal=1 eff=0.125 uniform
  }
}

// Negative: each lane chases from a start of its own: a gather.
__global__ void laneChase(const int *next, float *out) {
  int p = threadIdx.x * 64;
  float s = 0;
  for (int i = 0; i < 8; ++i) {
    s += out[p + 1];
    // CHECK: [[@LINE-1]]:10 load `out[p + 1]` gather: depends on 'next[p]', loaded from memory
    p = next[p];
    // CHECK: [[@LINE-1]]:9 load `next[p]` gather: depends on 'next[p]', loaded from memory
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

// Negative: only half the warp moves on: from the second iteration the
// lanes hold two places.
__global__ void halfMoves(const int *next, float *out, int head, int n) {
  int p = head;
  float s = 0;
  for (int i = 0; i < n; ++i) {
    s += out[p + threadIdx.x];
    // CHECK: [[@LINE-1]]:10 load `out[p + threadIdx.x]` unknown: 'p' is changed inside a loop
    if (threadIdx.x < 16)
      p = next[p];
    // CHECK: [[@LINE-1]]:11 load `next[p]` unknown: 'p' is changed inside a loop
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

// Negative: an atomic's result differs between the lanes that made it at
// one address: the chase is not the warp's.
__global__ void atomicChase(int *count, float *out, int head) {
  int k = head;
  for (int i = 0; i < 4; ++i) {
    out[k + threadIdx.x] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[k + threadIdx.x]` unknown: 'k' is changed inside a loop
    k = atomicAdd(&count[k], 1);
    // CHECK: [[@LINE-1]]:9 atomic `atomicAdd(&count[k], 1)` unknown: 'k' is changed inside a loop
  }
}
