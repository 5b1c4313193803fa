// Kernels of the shared-memory bank-conflict family, and their launches.
//
// cuda-coalesce parses this file, and its predicted wavefronts per request for every shared access are
// checked against the measured ones (test/bench/check_bank_predictions.py), so the kernels stay plain:
// strides, paddings and element types are template arguments, every launch is <<<grid, kTile>>> with a
// 32x8 block, and each kernel has one shared store and one shared load.
#include "bank_patterns.h"

#include "cuda_check.h"

constexpr int kReps = 16; // loads of the pattern per thread: the load instructions outnumber the stores
constexpr int kBlocks = 2112;
const dim3 kTile(32, 8);

__device__ inline float total(float v) { return v; }
__device__ inline float total(double v) { return float(v); }
__device__ inline float total(float3 v) { return v.x + v.y + v.z; }
__device__ inline float total(float4 v) { return v.x + v.y + v.z + v.w; }

// Lanes STRIDE elements apart: bank = (lane * STRIDE * sizeof(T) / 4) mod 32. STRIDE 0 is a broadcast.
template <typename T, int STRIDE>
__global__ void sharedStrided(const T *in, float *out) {
  // Whole warps of the block fill it (the stores' cost is each warp's), and the loads stay inside.
  constexpr int kElems = 32 * STRIDE + 32;
  __shared__ T buf[kElems];
  int tid = threadIdx.y * 32 + threadIdx.x;
  for (int i = tid; i < kElems; i += 256)
    buf[i] = in[i];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < kReps; ++k)
    acc += total(buf[threadIdx.x * STRIDE + threadIdx.y + k]);
  out[blockIdx.x * 256 + tid] = acc;
}

// A 32x32 tile written by rows and read down a column: every lane of the warp in one bank unless PAD
// shifts each row by a bank.
template <int PAD>
__global__ void sharedColumn(const float *in, float *out) {
  __shared__ float tile[32][32 + PAD];
  int tid = threadIdx.y * 32 + threadIdx.x;
  for (int r = threadIdx.y; r < 32; r += 8)
    tile[r][threadIdx.x] = in[r * 32 + threadIdx.x];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < kReps; ++k)
    acc += tile[threadIdx.x][threadIdx.y + k];
  out[blockIdx.x * 256 + tid] = acc;
}

// The same tile with column c of row r stored at r ^ c: a column read touches 32 banks.
__global__ void sharedSwizzled(const float *in, float *out) {
  __shared__ float tile[32][32];
  int tid = threadIdx.y * 32 + threadIdx.x;
  for (int r = threadIdx.y; r < 32; r += 8)
    tile[r][threadIdx.x ^ r] = in[r * 32 + threadIdx.x];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < kReps; ++k)
    acc += tile[threadIdx.x][(threadIdx.y + k) ^ threadIdx.x];
  out[blockIdx.x * 256 + tid] = acc;
}

// Written down a column (the store conflicts), read by rows.
__global__ void sharedColumnWrite(const float *in, float *out) {
  __shared__ float tile[32][32];
  int tid = threadIdx.y * 32 + threadIdx.x;
  for (int c = threadIdx.y; c < 32; c += 8)
    tile[threadIdx.x][c] = in[c * 32 + threadIdx.x];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < kReps; ++k)
    acc += tile[threadIdx.y + k][threadIdx.x];
  out[blockIdx.x * 256 + tid] = acc;
}

// The tiled transpose of a 4096x4096 matrix: rows in, columns out of the tile.
template <int PAD>
__global__ void transposeTiled(const float *in, float *out, int n) {
  __shared__ float tile[32][32 + PAD];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  int xo = blockIdx.y * 32 + threadIdx.x;
  int yo = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(yo + j) * n + xo] = tile[threadIdx.x][threadIdx.y + j];
}

namespace bench {

template <typename T, int STRIDE> void launchStrided(const BankBuffers &b) {
  sharedStrided<T, STRIDE><<<kBlocks, kTile>>>(reinterpret_cast<const T *>(b.in), b.out);
  CUDA_CHECK_LAUNCH();
}

template <int PAD> void launchColumn(const BankBuffers &b) {
  sharedColumn<PAD><<<kBlocks, kTile>>>(b.in, b.out);
  CUDA_CHECK_LAUNCH();
}

void launchSwizzled(const BankBuffers &b) {
  sharedSwizzled<<<kBlocks, kTile>>>(b.in, b.out);
  CUDA_CHECK_LAUNCH();
}

void launchColumnWrite(const BankBuffers &b) {
  sharedColumnWrite<<<kBlocks, kTile>>>(b.in, b.out);
  CUDA_CHECK_LAUNCH();
}

template <int PAD> void launchTranspose(const BankBuffers &b) {
  transposeTiled<PAD><<<dim3(128, 128), kTile>>>(b.in, b.out, 4096);
  CUDA_CHECK_LAUNCH();
}

template void launchStrided<float, 0>(const BankBuffers &);
template void launchStrided<float, 1>(const BankBuffers &);
template void launchStrided<float, 2>(const BankBuffers &);
template void launchStrided<float, 3>(const BankBuffers &);
template void launchStrided<float, 4>(const BankBuffers &);
template void launchStrided<float, 8>(const BankBuffers &);
template void launchStrided<float, 32>(const BankBuffers &);
template void launchStrided<double, 1>(const BankBuffers &);
template void launchStrided<double, 2>(const BankBuffers &);
template void launchStrided<float3, 1>(const BankBuffers &);
template void launchStrided<float4, 1>(const BankBuffers &);
template void launchStrided<float4, 2>(const BankBuffers &);
template void launchColumn<0>(const BankBuffers &);
template void launchColumn<1>(const BankBuffers &);
template void launchTranspose<0>(const BankBuffers &);
template void launchTranspose<1>(const BankBuffers &);

} // namespace bench
