// Guards that hold only at the grid's far edge (the last row, the last
// column, the last block): the first blocks sampled run the access in no
// lane, so the blocks where the guard turns are found from the guard itself
// (y == 255 with y = 8 * blockIdx.y + threadIdx.y: block 31) and sampled
// instead. The category comes from warps that run the access, never from
// warp 0 of block 0 with its guards relaxed.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void edges(double *f, int n) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  // The last row: of a warp's 4 rows of 8 doubles, the one.
  if (y == 255)
    f[y * 256 + x] = 0.0;
  // CHECK: [[@LINE-1]]:5 store `f[y * 256 + x]` {{.*}} spr=2 ideal=2 eff=1 coalesced{{$}}
  // The last column: a lane in each of the warp's 4 rows, 2048 bytes apart.
  if (x == 255)
    f[y * 256 + x] = 1.0;
  // CHECK: [[@LINE-1]]:5 store `f[y * 256 + x]` {{.*}} spr=4 ideal=1 eff=0.25 strided FLAGGED coalescing-strided{{$}}
  // The same, against the launch's n.
  if (x >= n - 1)
    f[y * 256 + x] = 2.0;
  // CHECK: [[@LINE-1]]:5 store `f[y * 256 + x]` {{.*}} spr=4 ideal=1 eff=0.25 strided FLAGGED coalescing-strided{{$}}
  // Rows after the first, first column: a lane a row (3 in warp 0 of
  // block 0, whose first row is the grid's first).
  if (y == 0)
    f[x] = 3.0;
  else if (x == 0)
    f[y * 256] = 4.0;
  // CHECK: [[@LINE-3]]:5 store `f[x]` {{.*}} spr=2 ideal=2 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:5 store `f[y * 256]` {{.*}} spr=3.75 ideal=1 eff=0.25 warps=3..4/3 strided FLAGGED coalescing-strided{{$}}
  // The grid's last block, in whole.
  if (blockIdx.x == gridDim.x - 1)
    f[y * 256 + x] = 5.0;
  // CHECK: [[@LINE-1]]:5 store `f[y * 256 + x]` {{.*}} spr=8 ideal=8 eff=1 coalesced{{$}}
}

// Warp 0 of block 0 holds the layer z == 0 alone and never runs the second
// store: the category is the other warps' (a lane in each of 4 rows), not
// that of warp 0 with its guards relaxed (4 whole rows, coalesced).
__global__ void layers(double *f) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
  if (z == 0)
    f[y * 32 + x] = 1.0;
  else if (x == 0)
    f[(z * 32 + y) * 32 + x] = 0.0;
  // CHECK: [[@LINE-3]]:5 store `f[y * 32 + x]` {{.*}} spr=8 ideal=8 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:5 store `f[(z * 32 + y) * 32 + x]` {{.*}} spr=4 ideal=1 eff=0.25 strided FLAGGED coalescing-strided{{$}}
}

// Negative: a guard that leaves the first blocks lanes (an interior guard,
// a bounds check) is sampled where it was: full warps but the first.
__global__ void interior(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    out[i] = 1.0f;
  // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} coalesced{{$}}
  if (i < n)
    out[i] = 2.0f;
  // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Negative: an edge guard against a size the analyzer only assumed (no
// launch passes ny) decides no lane: the numbers are full warps', and the
// report says the guard was not evaluated.
__global__ void assumedEdge(float *f, int ny) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y == ny - 1)
    f[y * 1024 + x] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `f[y * 1024 + x]` {{.*}} spr=4 ideal=4 eff=1 coalesced guard?{{$}}
}

void run(double *f, float *o) {
  dim3 g(32, 32), b(8, 8);
  edges<<<g, b>>>(f, 256);
  dim3 lg(4, 8, 4), lb(8, 4, 2);
  layers<<<lg, lb>>>(f);
  interior<<<64, 256>>>(o, 16384);
}
