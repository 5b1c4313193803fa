// A guard or a loop's length that changes with the block in no straight
// line (a warp a row, row r holding r % T values, as an autoregressive
// softmax has them): the grid's first blocks hold its shortest rows and do
// not stand for the rest. Runs of blocks spread over the grid are sampled,
// and a loop whose length is the warp's own is sampled over the longest
// warp's iterations, so that each warp weighs the requests it makes.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// Over the whole grid, 14.32 sectors per float4 request and 3.91 per float
// request (every row's requests counted: full ones and its partial last);
// the first 8 blocks alone gave 4.27 and 3.
__global__ void rowsOfGrowingLength(float *out, const float *in, int N, int T) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int idx = blockIdx.x * (blockDim.x / 32) + warp;
  if (idx >= N * T)
    return;
  int own = idx % T;
  const float *x = in + idx * T;
  const float4 *xv = reinterpret_cast<const float4 *>(x);
  float s = 0.f;
  for (int i = lane; i < own / 4; i += 32) {
    float4 v = xv[i];
    s += v.x + v.y + v.z + v.w;
  }
  // CHECK: [[@LINE-3]]:16 load `xv[i]` {{.*}} spr=1{{[45]}}.{{[0-9]+}} {{.*}} coalesced{{$}}
  for (int i = lane; i <= own; i += 32)
    out[idx * T + i] = x[i] * s;
  // CHECK: [[@LINE-1]]:5 store `out[idx * T + i]` {{.*}} spr=3.9{{[0-9]*}} {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:24 load `x[i]` {{.*}} spr=3.9{{[0-9]*}} {{.*}} coalesced{{$}}
}

// Negative: a bounds check is a straight line in the block (it turns once,
// at the grid's end) and a grid-stride loop's length hardly changes; the
// first blocks stand for the grid, as before.
__global__ void boundsChecked(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
  // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:14 load `in[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  for (int k = i; k < n; k += gridDim.x * blockDim.x)
    out[2 * k] = in[k];
  // CHECK: [[@LINE-1]]:5 store `out[2 * k]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:18 load `in[k]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Negative: every other block skips the store. Irregular in the block, but
// the blocks that store do it alike: the spread sample finds the same
// requests the first blocks make.
__global__ void everyOtherBlock(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x % 2 == 0)
    out[i] = in[3 * i];
  // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:14 load `in[3 * i]` {{.*}} spr=12 ideal=4 eff=0.3333 strided FLAGGED coalescing-strided{{$}}
}

// Rows of 1001 floats, a block a row, every third block skipped: along
// the spread the blocks are taken in runs of 8, the blocks after which a
// row is back at its place in its sector, so that every misalignment is
// counted (4.875 sectors per request over the grid; 5 with runs of one
// block).
__global__ void misalignedRows(float *out, const float *in) {
  if (blockIdx.x % 3 != 1)
    out[blockIdx.x * 1001 + threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x * 1001 + threadIdx.x]` {{.*}} spr=4.{{[89][0-9]*}} ideal=4 {{.*}} misaligned{{$}}
  // CHECK: [[@LINE-2]]:44 load `in[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

int main() {
  float *in, *out;
  int N = 48, T = 1024, n = 1 << 20;
  rowsOfGrowingLength<<<N * T * 32 / 256, 256>>>(out, in, N, T);
  boundsChecked<<<n / 256, 256>>>(out, in, n);
  everyOtherBlock<<<n / 256, 256>>>(out, in);
  misalignedRows<<<4096, 256>>>(out, in);
}
