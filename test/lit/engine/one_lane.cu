// An address the analysis cannot know (an atomic's result, a counter a
// loop moves on data, a pointer read from memory) costs one lane's sectors
// when no warp runs the access in more than one lane: the request is that
// lane's bytes, wherever they are (cuda-samples' cdpAdvancedQuicksort and
// newdelete, Altis's raytracing, measured 1 sector per request).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

struct Node {
  int begin, end;
  double weight;
};

__global__ void append(float *out, int *count, const float *in) {
  if (threadIdx.x == 0) {
    int k = atomicAdd(count, 1);
    // CHECK: [[@LINE-1]]:13 atomic `atomicAdd(count, 1)` addr=count spr=1 ideal=1 eff=0.125 uniform
    out[k] = in[blockIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[k]` addr=out + unknown(depends on 'atomicAdd(count, 1)', loaded from memory) spr=1 ideal=1 eff=0.125 uniform
    // CHECK: [[@LINE-2]]:14 load `in[blockIdx.x]` addr=in + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform
  }
}

__global__ void single(Node **nodes, const int *keep, int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    int i = 0;
    for (int a = 0; a < n; a++)
      if (keep[a])
        i++;
    // CHECK: [[@LINE-2]]:11 load `keep[a]` addr=keep + 4*iter(a) spr=1 ideal=1 eff=0.125 uniform
    Node *last = nodes[i];
    // CHECK: [[@LINE-1]]:18 load `nodes[i]` addr=nodes + unknown('i' is its value after a loop) spr=1 ideal=1 eff=0.25 uniform
    last->weight = 2.0;
    // CHECK: [[@LINE-1]]:5 store `last->weight` addr=unknown spr=1 ideal=1 eff=0.25 uniform
  }
}

// The block's last thread: warp 0 runs it in no lane, the sampled warps
// (warp 3 alone) in one (cuda-samples' cdpQuadtree launches so).
__global__ void lastLane(float *out, int *count) {
  if (threadIdx.x == 127) {
    int k = atomicAdd(count, 1);
    // CHECK: [[@LINE-1]]:13 atomic `atomicAdd(count, 1)` addr=count spr=1 ideal=1 eff=0.125 uniform
    out[k] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[k]` addr=out + unknown(depends on 'atomicAdd(count, 1)', loaded from memory) spr=1 ideal=1 eff=0.125 uniform
  }
}

// Under a guard that the launch's value makes false everywhere (depth 0),
// no sampled warp runs it: warp 0's lane guards, one lane, decide
// (cdpAdvancedQuicksort's "if (depth >= QSORT_MAXDEPTH)" launches).
__global__ void deep(float *out, int *count, int depth) {
  if (threadIdx.x == 0 && depth >= 16) {
    int k = atomicAdd(count, 1);
    // CHECK: [[@LINE-1]]:13 atomic `atomicAdd(count, 1)` {{.*}}
    out[k] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[k]` addr=out + unknown(depends on 'atomicAdd(count, 1)', loaded from memory) spr=1 ideal=1 eff=0.125 uniform
  }
}

// Negative: two lanes of a warp (threadIdx.x < 2), or a guard on data that
// may leave every lane on, keep no count (the atomic's result is the
// data's: a gather).
__global__ void pair(float *out, int *count) {
  if (threadIdx.x < 2) {
    int k = atomicAdd(count, 1);
    // CHECK: [[@LINE-1]]:13 atomic `atomicAdd(count, 1)` addr=count spr=1 ideal=1 eff=0.125 uniform
    out[k] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[k]` gather: depends on 'atomicAdd(count, 1)', loaded from memory
  }
}
__global__ void onData(float *out, int *count, const int *flag) {
  if (flag[threadIdx.x] == 0) {
    // CHECK: [[@LINE-1]]:7 load `flag[threadIdx.x]` addr=flag + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
    int k = atomicAdd(count, 1);
    // CHECK: [[@LINE-1]]:13 atomic `atomicAdd(count, 1)` addr=count spr=1 ideal=1 eff=0.125 uniform guard?
    out[k] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[k]` gather: depends on 'atomicAdd(count, 1)', loaded from memory
  }
}

// Negative: a guard that leaves one lane on in the first iteration only
// (d doubling: 1, 3, 7, ... lanes; cuda-samples' eigenvalues, measured 2.68
// wavefronts) is not one lane.
__global__ void tree(float *out, const int *start, int n) {
  int pos = start[blockIdx.x];
  // CHECK: [[@LINE-1]]:13 load `start[blockIdx.x]` addr=start + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform
  for (int d = 2; d < 64; d <<= 1) {
    pos = start[pos];
    // CHECK: [[@LINE-1]]:11 load `start[pos]` addr=start + 4*carried(pos) spr=1 ideal=1 eff=0.125 uniform
    if (threadIdx.x < d - 1)
      out[pos + threadIdx.x] = 1.0f;
    // CHECK: [[@LINE-1]]:7 store `out[pos + threadIdx.x]` addr=out + 4*(threadIdx.x + start[pos]) spr=1.8 ideal=1.8 eff=0.7917 warps=1..4/1 coalesced
  }
}

void host(float *o, int *c, const float *in, Node **nodes, const int *keep,
          const int *flag) {
  tree<<<64, 256>>>(o, c, 7);
  lastLane<<<64, 128>>>(o, c);
  deep<<<64, 128>>>(o, c, 0);
  append<<<64, 256>>>(o, c, in);
  single<<<1, 1>>>(nodes, keep, 100);
  pair<<<64, 256>>>(o, c);
  onData<<<64, 256>>>(o, c, flag);
}
