// A grid the host computes at run time is taken as one block along y. A
// guard that keeps the first row of blocks out (j > 0, j = 4 * blockIdx.y
// + threadIdx.y) says the launch has more: the blocks past it are sampled,
// as many as a grid is assumed along x. Parboil stencil's halo read under
// 'threadIdx.y == 0' in 'if (j > 0 ...)' measured 0.99 sectors a request
// (one warp in four with lanes on, the others predicated off), where warp
// 0 alone said 4.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void halo(const float *A0, float *out, int nx, int ny, int nz) {
  __shared__ float sh[256];
  int i = blockIdx.x * 64 + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int sh_id = threadIdx.x + threadIdx.y * 64;
  const bool inside = j > 0 && j < ny - 1;
  const bool low = threadIdx.y == 0;
  sh[sh_id] = A0[j * nx + i];
  __syncthreads();
  for (int k = 1; k < nz - 1; k++) {
    if (inside) {
      // Positive: the rows past the first.
      float down = low ? A0[k * 65536 + (j - 1) * nx + i] : sh[sh_id - 64];
      out[k * 65536 + j * nx + i] = down * 2.f + sh[sh_id] * 3.f - sh[sh_id + 1];
    }
  }
}
// CHECK: 17:3 store `sh[sh_id]` shared
// CHECK: 17:15 load `A0[j * nx + i]` {{.*}} spr=4 ideal=4
// CHECK: 22:26 load `A0[k * 65536 + (j - 1) * nx + i]` {{.*}} spr=0.9941 ideal=0.9941 eff=1 coalesced if-branched=4
// CHECK: 22:61 load `sh[sh_id - 64]` shared
// CHECK: 23:7 store `out[k * 65536 + j * nx + i]`
// CHECK: 23:50 load `sh[sh_id]` shared
// CHECK: 23:68 load `sh[sh_id + 1]` shared

// Negative: a grid the launch gives is not widened: one row of blocks
// never runs the access, and warp 0 with the guard relaxed describes it.
__global__ void given(const float *A0, float *out, int nx) {
  int i = blockIdx.x * 64 + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (j > 0 && threadIdx.y == 0)
    out[j * nx + i] = A0[(j - 1) * nx + i];
}
// CHECK: [[@LINE-2]]:5 store `out[j * nx + i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
// CHECK: [[@LINE-3]]:23 load `A0[(j - 1) * nx + i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}

void launch(const float *a, float *o, int nx, int ny, int nz, int gx, int gy) {
  dim3 b(32, 4), g(gx, gy);
  halo<<<g, b>>>(a, o, nx, ny, nz);
  given<<<dim3(8, 1), b>>>(a, o, nx);
}
