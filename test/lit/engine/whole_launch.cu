// Predictions are means over a sample of the launch's warps (warps of the
// block, blocks of the grid, the first iterations of the innermost loop),
// as Nsight Compute measures them, with the spread in "warps". The category
// and the warning follow the whole launch, and the message says what
// differs. Accesses whose warps all cost the same read as before.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON

// 33 floats a block of 32 threads: block 0 is aligned, the next seven
// start inside a sector (measured on the H200: 4.88 sectors per request).
__global__ void rowsOf33(float *out, const float *in) {
  out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 32 + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:40 load `in[blockIdx.x * 33 + threadIdx.x]` addr=in + 4*(threadIdx.x + 33*blockIdx.x) spr=4.875 ideal=4 eff=0.8205 warps=4..5/4 misaligned
}

// The stride changes with the block: block 0 is coalesced, the other three
// of every four are strided (measured: 10.0 sectors per request).
__global__ void stridePerBlock(float *out, const float *in) {
  int s = blockIdx.x % 4 + 1;
  out[blockIdx.x * 32 + threadIdx.x] = in[(blockIdx.x * 32 + threadIdx.x) * s];
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 32 + threadIdx.x]` addr={{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:40 load `in[(blockIdx.x * 32 + threadIdx.x) * s]` addr={{.*}} spr=10 ideal=4 eff=0.4 warps=4..16/4 strided FLAGGED coalescing-strided
  // TEXT: whole_launch.cu:[[#@LINE-3]]:40: warning: strided load: lanes are 16 bytes apart; 10 sectors per request on average where 4 would do (40% of fetched bytes used); blocks differ: 4 to 16 sectors, 4 in warp 0 of block 0 [coalescing-strided]
}

// Rows of 1001 floats, one warp a row: each row starts 4 bytes further
// into a sector than the one before, so the warps of a block differ.
__global__ void rowsOf1001(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * 1001 + col] = 2.0f * in[row * 1001 + col];
  // CHECK: [[@LINE-1]]:3 store `out[row * 1001 + col]` addr={{.*}} spr=4.875 ideal=4 eff=0.8205 warps=4..5/4 misaligned
  // CHECK: [[@LINE-2]]:34 load `in[row * 1001 + col]` addr={{.*}} spr=4.875 ideal=4 eff=0.8205 warps=4..5/4 misaligned
}

// A stencil's later taps start inside a sector: iteration 0 is aligned,
// iterations 1 and 2 are not; the loop's bound makes iteration 3 inactive.
__global__ void taps(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < 3; ++k)
    sum += in[i + k];
  // CHECK: [[@LINE-1]]:12 load `in[i + k]` addr={{.*}} spr=4.6667 ideal=4 eff=0.8571 warps=4..5/4 misaligned
  out[i] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr={{.*}} spr=4 ideal=4 eff=1 coalesced
}

// Warp 0 of block 0 never runs the store; the blocks that do are judged.
__global__ void notInBlock0(float *out, const float *in) {
  if (blockIdx.x > 0)
    out[(blockIdx.x * 32 + threadIdx.x) * 2] = in[blockIdx.x * 32 + threadIdx.x];
  // CHECK: [[@LINE-1]]:5 store `out[(blockIdx.x * 32 + threadIdx.x) * 2]` addr={{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:48 load `in[blockIdx.x * 32 + threadIdx.x]` addr={{.*}} spr=4 ideal=4 eff=1 coalesced
  // TEXT: whole_launch.cu:[[#@LINE-3]]:5: warning: strided store: lanes are 8 bytes apart; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-strided]
}

// A partial warp is judged by its traffic: four lanes, four sectors where
// one would do, is a 4x loss (Rodinia gaussian's Fan2 measured 4.0 for 1),
// and two lanes in two sectors a 2x one. Four lanes in one sector stay
// quiet.
__global__ void partialWarps(float *m, int n) {
  if (threadIdx.x < 4)
    m[threadIdx.x * 1024] = 0;
  // CHECK: [[@LINE-1]]:5 store `m[threadIdx.x * 1024]` addr=m + 4096*threadIdx.x spr=4 ideal=1 eff=0.125 strided FLAGGED coalescing-strided
  // TEXT: whole_launch.cu:[[#@LINE-2]]:5: warning: strided store: lanes are 4096 bytes apart; 4 sectors per request where 1 would do (12.5% of fetched bytes used) [coalescing-strided]
  if (threadIdx.x < 2)
    m[threadIdx.x * 1024 + 1] = 1;
  // CHECK: [[@LINE-1]]:5 store `m[threadIdx.x * 1024 + 1]` addr={{.*}} spr=2 ideal=1 eff=0.125 strided FLAGGED coalescing-strided
  // TEXT: whole_launch.cu:[[#@LINE-2]]:5: warning: strided store: lanes are 4096 bytes apart; 2 sectors per request where 1 would do (12.5% of fetched bytes used) [coalescing-strided]
  if (threadIdx.x < 4)
    m[threadIdx.x + 8] = 2;
  // CHECK: [[@LINE-1]]:5 store `m[threadIdx.x + 8]` addr={{.*}} spr=1 ideal=1 eff=0.5 coalesced
}

// A block a row of 1001 floats (blockIdx.y), 250 threads: each row starts
// 4 bytes further into a sector, so 8 rows along y are sampled, not 2
// (the H200 measured 4.78125 sectors per request, 156672 for 32768; two
// rows said 4.44). Rows of 1024 floats are all aligned: 2 rows do.
__global__ void rowPerBlockY(float *out, const float *in) {
  out[blockIdx.y * 1001 + threadIdx.x] = in[blockIdx.y * 1001 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4.7813 ideal=4 eff=0.817 warps=4..5/4 misaligned
  // CHECK: [[@LINE-2]]:42 load {{.*}} spr=4.7813 ideal=4 eff=0.817 warps=4..5/4 misaligned
  out[blockIdx.y * 1024 + threadIdx.x] = in[blockIdx.y * 1024 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=0.9766 coalesced
  // CHECK: [[@LINE-2]]:42 load {{.*}} spr=4 ideal=4 eff=0.9766 coalesced
}

// A grid misaligned along x, y and z (33, 1001 and 100003 floats a block)
// would want 8 blocks along each: 64 at most are sampled, 8 x 8 x 1.
__global__ void cube(const float *in, float *out) {
  long i = blockIdx.x * 33L + blockIdx.y * 1001L + blockIdx.z * 100003L +
           threadIdx.x;
  out[i] = in[i];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4.875 ideal=4 eff=0.8205 warps=4..5/4 misaligned
  // CHECK: [[@LINE-2]]:12 load {{.*}} spr=4.875 ideal=4 eff=0.8205 warps=4..5/4 misaligned
  // JSON: "kernel": "cube"
  // JSON: "sampled": 64,
}

int main() {
  float *a, *b;
  cube<<<dim3(64, 64, 64), 32>>>(a, b);
  rowPerBlockY<<<dim3(1, 4096), 250>>>(a, b);
  rowsOf33<<<4096, 32>>>(a, b);
  stridePerBlock<<<4096, 32>>>(a, b);
  rowsOf1001<<<dim3(31, 512), dim3(32, 8)>>>(a, b);
  taps<<<4096, 256>>>(a, b);
  notInBlock0<<<4096, 32>>>(a, b);
  partialWarps<<<1, 32>>>(a, 1024);
}
