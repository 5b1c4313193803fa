// Which iterations of the innermost loop the whole-launch mean samples:
// every one when the loop runs few enough, as many as the lanes take to come
// back to the same places in their sectors, runs of them spread over a loop
// too long to sample whole, and never more than the loop runs. Its count is
// taken only from a bound the analysis was told (a constant, the launch
// site, --assume), not from a value it assumed.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json --assume=steps=20 %s | %summarize | FileCheck %s --check-prefix=TOLD

// Rows of 2049 ints (Rodinia nw): each starts 4 bytes further into a sector,
// so 1 row in 8 is aligned (2 sectors for 16 ints) and 7 take 3: 2.875. The
// first four rows alone would say 3.
__global__ void tileRows(const int *in, int *out, int cols) {
  int base = cols * 16 * blockIdx.x + threadIdx.x + cols + 1;
  int s = 0;
  for (int ty = 0; ty < 16; ty++)
    s += in[base + cols * ty];
  // CHECK: [[@LINE-1]]:10 load `in[base + cols * ty]` addr={{.*}} spr=2.875 ideal=2 eff=0.6957 warps=2..3/3 misaligned
  out[blockIdx.x * 16 + threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=2 ideal=2 eff=1 coalesced
}

// A loop that runs twice: rows 0 and 1 (20 and 24 bytes into a sector, 5
// sectors each), not rows 2 and 3 beyond its end (28 bytes in, and aligned).
__global__ void twoRows(const int *in, int *out, int cols) {
  int s = 0;
  for (int ty = 0; ty < 2; ty++)
    s += in[threadIdx.x + cols * ty + 5];
  // CHECK: [[@LINE-1]]:10 load {{.*}} spr=5 ideal=4 eff=0.8 misaligned
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
}

// A pyramid of lanes shrinking by one at each end every iteration
// (Rodinia pathfinder), in two kernels. pyramid's 20 iterations (the
// launch's steps) are too many to sample with 8 warps in 8 blocks: 4 are
// taken, one in each quarter (0, 5, 10, 15), 3.8125 sectors per request
// (3.775 over all 20; the H200 measures 3.77 for the same loop in
// cuda_bench/test/construct_kernels.cu). The first four would give 4: no
// warp loses a sector before the eighth. pyramidUnlaunched has no launch: steps is
// assumed (1048576), which says nothing of how long the loop runs, so its
// first iterations are sampled, unless --assume tells it.
__device__ int pyramidSum(const int *wall, int cols, int steps, int x) {
  int s = 0;
  for (int i = 0; i < steps; i++)
    if (threadIdx.x >= i + 1 && threadIdx.x <= 254 - i)
      s += wall[cols * i + x];
  // CHECK: [[@LINE-1]]:12 load {{.*}} spr=3.8125 ideal=3.8125 eff=0.9795 warps=2..4/4 coalesced{{$}}
  // CHECK-NEXT: [[@LINE-2]]:12 load {{.*}} spr=4 ideal=4 eff=0.9805 coalesced depends
  // TOLD: [[@LINE-3]]:12 load {{.*}} spr=3.8125 ideal=3.8125 eff=0.9795 warps=2..4/4 coalesced{{$}}
  // TOLD-NEXT: [[@LINE-4]]:12 load {{.*}} spr=3.8125 ideal=3.8125 eff=0.9795 warps=2..4/4 coalesced depends
  return s;
}

__global__ void pyramid(const int *wall, int *out, int cols, int steps) {
  int x = blockIdx.x * 256 + threadIdx.x;
  out[x] = pyramidSum(wall, cols, steps, x);
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
}

__global__ void pyramidUnlaunched(const int *wall, int *out, int cols,
                                  int steps) {
  int x = blockIdx.x * 256 + threadIdx.x;
  out[x] = pyramidSum(wall, cols, steps, x);
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
}

void host(const int *in, int *out) {
  tileRows<<<1024, 16>>>(in, out, 2049);
  twoRows<<<1, 32>>>(in, out, 2049);
  pyramid<<<512, 256>>>(in, out, 100000, 20);
}

// A triangular loop (PolyBench correlation: j2 runs from j1 + 1 to m): each
// thread's count is its own, and thread 0's, the longest, spreads the
// sample. Lanes leave one an iteration near a warp's end, so a pattern
// repeats every 32 iterations: evenly spaced samples would all meet it at
// one phase (32 sectors, every warp full); spread over its phases, 31.03,
// where the whole launch gives 31.06 (the H200 measured 31.06 for
// PolyBench's).
__global__ void triangle(int m, float *symmat) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < m - 1)
    for (int j2 = j1 + 1; j2 < m; j2++)
      symmat[j2 * 1024 + j1] = 0.0f;
  // CHECK: [[@LINE-1]]:7 store {{.*}} spr=31.0294 ideal={{.*}} warps=2..32/32 strided FLAGGED coalescing-strided
}

void triangleHost(float *symmat) { triangle<<<4, 256>>>(1024, symmat); }
