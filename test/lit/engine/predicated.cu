// A short, straight-line if on the thread ("if (threadIdx.x == 0) out[b] =
// v;") may be compiled to predicated instructions: every warp of the block
// then issues the access, and those whose lanes are all off make a request
// of no sectors, which Nsight Compute counts (Rodinia b+tree's findK,
// 256-thread blocks: 0.12 sectors per request); or to a branch, and only
// warp 0 issues it (srad's reduce: 1.00). Which, the compiler decides: the
// mean is the branch's (1), and warps.if_predicated the other (1/8). An if
// the compiler must branch around (a loop in its body, an else) or a guard
// that depends on the block has no if_predicated.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void lane0(float *out, const float *in, float *big, int n) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = in[blockIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x]` addr=out + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform if-predicated=0.125
    // CHECK: [[@LINE-2]]:23 load `in[blockIdx.x]` addr=in + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform if-predicated=0.125
  // Negative: a loop in the body is branched around.
  if (threadIdx.x == 0) {
    for (int k = 0; k < 4; ++k)
      big[blockIdx.x * 4 + k] = 0;
      // CHECK: [[@LINE-1]]:7 store `big[blockIdx.x * 4 + k]` {{.*}} spr=1 ideal=1 eff=0.125 uniform
  }
  // Negative: an if with an else.
  if (threadIdx.x == 0)
    out[blockIdx.x + 64] = 1;
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x + 64]` {{.*}} spr=1 ideal=1 eff=0.125 uniform
  else
    big[threadIdx.x] = 2;
    // CHECK: [[@LINE-1]]:5 store `big[threadIdx.x]` {{.*}} coalesced
  // Negative: a guard on the global index, off only at the grid's end.
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1000)
    out[i] = 3;
    // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} spr=3.9063 ideal=3.9063 eff=1 warps=1..4/4 coalesced
}

void run(float *a) { lane0<<<64, 256>>>(a, a, a, 1000); }
