// A launch that knows its block in part: SHOC stencil2d's "dim3
// dimBlock(1, lCols)", cuda-samples FDTD3d's "dimBlock.x = 32; dimBlock.y =
// userBlockSize / 32". The components the launch gives are its own; the
// first it does not give takes the rest of 256 threads, and that part is
// an assumption the report names (blockDim.y).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %coalesce --format=json --block-dim=256 %s | %summarize | FileCheck %s --check-prefix=TOLD

// Positive: one thread along x, the lanes of a warp walk y: each reads the
// next column of the row, coalesced (256 x 1 assumed, they were 32 rows
// apart: strided).
__global__ void columns(const float *in, float *out, int width) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * width + col] = in[row * width + col];
  // CHECK: [[@LINE-1]]:3 store `out[row * width + col]` addr=out + 4*(threadIdx.y + threadIdx.x*width + blockIdx.x*width + blockIdx.y*blockDim.y) spr=4 ideal=4 eff=1 coalesced depends width%8=
  // CHECK: [[@LINE-2]]:28 load `in[row * width + col]` {{.*}} spr=4 ideal=4 eff=1 coalesced depends width%8=
  // JSON: "blockDim.y": 256
  // JSON: "blockDim": [
  // JSON-NEXT: 1,
  // JSON-NEXT: 256,
  // JSON-NEXT: 1
  // TOLD: [[@LINE-8]]:3 store `out[row * width + col]` {{.*}} spr=32 ideal=4 eff=0.125 strided unless width == 1 FLAGGED coalescing-strided{{$}}
  // TOLD: [[@LINE-9]]:28 load `in[row * width + col]` {{.*}} spr=32 ideal=4 eff=0.125 strided unless width == 1 FLAGGED coalescing-strided{{$}}
}

// Positive: x set by a member, y computed from a value the host reads:
// rows of 16 threads, two to a warp, a tile's column read down the rows.
__global__ void halfRows(const float *in, float *out, int width) {
  out[threadIdx.y * 16 + threadIdx.x] = in[threadIdx.x * width + threadIdx.y];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.y * 16 + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:41 load `in[threadIdx.x * width + threadIdx.y]` {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided depends width%2=
  // TOLD: [[@LINE-3]]:3 store `out[threadIdx.y * 16 + threadIdx.x]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-4]]:41 load `in[threadIdx.x * width + threadIdx.y]` {{.*}} spr=32 ideal=4 eff=0.125 strided unless width == 1 FLAGGED coalescing-strided{{$}}
}

// Negative: a block the launch knows in no part keeps the default, 256 x 1
// (runtime_block.cu).
__global__ void unknownBlock(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced block=1..4{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` {{.*}} coalesced block=1..4{{$}}
  // TOLD: [[@LINE-3]]:3 store `out[threadIdx.x]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-4]]:22 load `in[threadIdx.x]` {{.*}} coalesced{{$}}
}

// Positive: a block set by a chained assignment, "b.y = b.z = 1" (Parboil
// lbm), is known whole: 120 threads, warps of 32, 32, 32 and 24 lanes.
__global__ void rowOf120(const float *in, float *out) {
  out[blockIdx.x * 128 + threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 128 + threadIdx.x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/4 coalesced{{$}}
  // CHECK: [[@LINE-2]]:41 load `in[blockIdx.x * 128 + threadIdx.x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/4 coalesced{{$}}
  // TOLD: [[@LINE-3]]:3 store `out[blockIdx.x * 128 + threadIdx.x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/4 coalesced{{$}}
  // TOLD: [[@LINE-4]]:41 load `in[blockIdx.x * 128 + threadIdx.x]` {{.*}} spr=3.75 ideal=3.75 eff=1 warps=3..4/4 coalesced{{$}}
}

// Positive: a grid computed from the block's known component ("g.x = 64 /
// b.x", b.y unknown) is known: 2 blocks, lanes 2 floats apart.
__global__ void gridFromBlock(const float *in, float *out) {
  out[gridDim.x * threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[gridDim.x * threadIdx.x]` addr=out + 4*threadIdx.x*gridDim.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:34 load `in[threadIdx.x]` {{.*}} coalesced{{$}}
  // TOLD: [[@LINE-3]]:3 store `out[gridDim.x * threadIdx.x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // TOLD: [[@LINE-4]]:34 load `in[threadIdx.x]` {{.*}} coalesced{{$}}
}

void run(const float *in, float *out, int width, int lCols, int user, int n,
         int m) {
  dim3 grid(64, 64);
  dim3 stencil(1, lCols);
  columns<<<grid, stencil>>>(in, out, width);
  dim3 b;
  b.x = 16;
  b.y = user / 16 < 16 ? user / 16 : 16;
  halfRows<<<grid, b>>>(in, out, width);
  dim3 c(n, m);
  unknownBlock<<<grid, c>>>(in, out);
  dim3 d;
  d.x = 120;
  d.y = d.z = 1;
  rowOf120<<<grid, d>>>(in, out);
  dim3 e;
  e.x = 32;
  e.y = user;
  dim3 g;
  g.x = 64 / e.x;
  gridFromBlock<<<g, e>>>(in, out);
}
