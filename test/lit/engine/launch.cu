// Block sizes and constant arguments come from <<<grid, block>>> launch sites
// in the same translation unit (dim3 literals, constexpr, #define, local
// constants), else from __launch_bounds__, else from --block-dim. A 16x16
// block puts two threadIdx.y rows in one warp.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json --block-dim=4,8 --assume width=1024 %s | %summarize | FileCheck %s --check-prefix=OPTS --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

#define TILE 16
constexpr int kThreads = 128;

__global__ void tile2d(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[x * width + y];
  // Two 16-float rows per warp: the store covers two 64-byte runs (4 sectors,
  // ideal); in the transposed load lanes 0 and 16 share a sector.
  // CHECK: [[@LINE-3]]:3 store `out[y * width + x]` addr=out + 4*(threadIdx.x + threadIdx.y*width + 16*blockIdx.x + 16*blockIdx.y*width) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-4]]:24 load `in[x * width + y]` addr=in + 4*(threadIdx.y + threadIdx.x*width + 16*blockIdx.y + 16*blockIdx.x*width) spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
}

__global__ void rowPerWarp(float *out, int width) {
  out[threadIdx.y * width + threadIdx.x] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.y * width + threadIdx.x]` addr=out + 4*(threadIdx.x + threadIdx.y*width) spr=4 ideal=4 eff=1 coalesced
}

__global__ void __launch_bounds__(64) bounded(float *out, int stride) {
  out[(threadIdx.x + blockIdx.x * blockDim.x) * stride] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[(threadIdx.x + blockIdx.x * blockDim.x) * stride]` addr=out + 4*(threadIdx.x*stride + 64*blockIdx.x*stride) spr=12 ideal=4 eff=0.3333 strided FLAGGED coalescing-strided
}

__global__ void unlaunched(float *out, int width) {
  out[threadIdx.y * width + threadIdx.x] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.y * width + threadIdx.x]` addr=out + 4*(threadIdx.x + threadIdx.y*width) spr=4 ideal=4 eff=1 coalesced
}

// dim3(64): one argument makes a functional cast, not a temporary object;
// its block is the launch's all the same (64 threads, 8 bytes apart).
__global__ void oneArgument(float *out) {
  out[threadIdx.x * (blockDim.x / 32)] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * (blockDim.x / 32)]` addr=out + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}

int main() {
  float *a;
  oneArgument<<<dim3(8), dim3(64)>>>(a);
  dim3 block(TILE, TILE);
  tile2d<<<dim3(64, 64), block>>>(a, a, 1024);
  int rows = 4;
  rowPerWarp<<<1, dim3(kThreads / rows, rows)>>>(a, 512);
  const int stride = 3;
  bounded<<<100, 64>>>(a, stride);
}
// --block-dim reaches only the kernel with no launch site: there it makes
// eight rows of four floats, 16 useful bytes in each of 8 sectors.
// OPTS: store `out[y * width + x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
// OPTS: load `in[x * width + y]` {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
// OPTS: store `out[threadIdx.y * width + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced
// OPTS: store `out[(threadIdx.x + blockIdx.x * blockDim.x) * stride]` {{.*}} spr=12 ideal=4
// OPTS: store `out[threadIdx.y * width + threadIdx.x]` addr=out + 4*(threadIdx.x + threadIdx.y*width) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
// OPTS: store `out[threadIdx.x * (blockDim.x / 32)]` addr=out + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
