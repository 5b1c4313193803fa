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

namespace {

template <typename T, int STRIDE> void launchStrided(const bench::BankBuffers &b) {
  sharedStrided<T, STRIDE><<<kBlocks, kTile>>>(reinterpret_cast<const T *>(b.in), b.out);
  CUDA_CHECK_LAUNCH();
}

template <int PAD> void launchColumn(const bench::BankBuffers &b) {
  sharedColumn<PAD><<<kBlocks, kTile>>>(b.in, b.out);
  CUDA_CHECK_LAUNCH();
}

void launchSwizzled(const bench::BankBuffers &b) {
  sharedSwizzled<<<kBlocks, kTile>>>(b.in, b.out);
  CUDA_CHECK_LAUNCH();
}

void launchColumnWrite(const bench::BankBuffers &b) {
  sharedColumnWrite<<<kBlocks, kTile>>>(b.in, b.out);
  CUDA_CHECK_LAUNCH();
}

template <int PAD> void launchTranspose(const bench::BankBuffers &b) {
  transposeTiled<PAD><<<dim3(128, 128), kTile>>>(b.in, b.out, 4096);
  CUDA_CHECK_LAUNCH();
}

using bench::BankPattern;
const BankPattern kPatterns[] = {
    {.name = "stride_1", .kernel = "sharedStrided<float, 1>", .group = "stride",
     .label = "float, lanes 1 word apart", .elemBytes = 4, .launch = launchStrided<float, 1>},
    {.name = "stride_2", .kernel = "sharedStrided<float, 2>", .group = "stride",
     .label = "float, lanes 2 words apart", .elemBytes = 4, .launch = launchStrided<float, 2>},
    {.name = "stride_3", .kernel = "sharedStrided<float, 3>", .group = "stride",
     .label = "float, lanes 3 words apart (odd)", .elemBytes = 4, .launch = launchStrided<float, 3>},
    {.name = "stride_4", .kernel = "sharedStrided<float, 4>", .group = "stride",
     .label = "float, lanes 4 words apart", .elemBytes = 4, .launch = launchStrided<float, 4>},
    {.name = "stride_8", .kernel = "sharedStrided<float, 8>", .group = "stride",
     .label = "float, lanes 8 words apart", .elemBytes = 4, .launch = launchStrided<float, 8>},
    {.name = "stride_32", .kernel = "sharedStrided<float, 32>", .group = "stride",
     .label = "float, lanes 32 words apart", .elemBytes = 4, .launch = launchStrided<float, 32>},
    {.name = "broadcast", .kernel = "sharedStrided<float, 0>", .group = "stride",
     .label = "float, every lane one word", .elemBytes = 4, .launch = launchStrided<float, 0>},
    {.name = "column_32", .kernel = "sharedColumn<0>", .group = "column",
     .label = "float tile[32][32], column read", .elemBytes = 4, .launch = launchColumn<0>},
    {.name = "column_padded", .kernel = "sharedColumn<1>", .group = "column",
     .label = "float tile[32][33], column read", .elemBytes = 4, .launch = launchColumn<1>},
    {.name = "column_swizzled", .kernel = "sharedSwizzled", .group = "column",
     .label = "float tile[32][32], XOR swizzle", .elemBytes = 4, .launch = launchSwizzled},
    {.name = "column_write", .kernel = "sharedColumnWrite", .group = "column",
     .label = "float tile[32][32], column write", .elemBytes = 4, .launch = launchColumnWrite},
    {.name = "double_stride_1", .kernel = "sharedStrided<double, 1>", .group = "wide",
     .label = "double, consecutive", .elemBytes = 8, .launch = launchStrided<double, 1>},
    {.name = "double_stride_2", .kernel = "sharedStrided<double, 2>", .group = "wide",
     .label = "double, 2 apart", .elemBytes = 8, .launch = launchStrided<double, 2>},
    {.name = "float3_stride_1", .kernel = "sharedStrided<float3, 1>", .group = "wide",
     .label = "float3, consecutive (3 scalar loads)", .elemBytes = 12, .launch = launchStrided<float3, 1>},
    {.name = "float4_stride_1", .kernel = "sharedStrided<float4, 1>", .group = "wide",
     .label = "float4, consecutive", .elemBytes = 16, .launch = launchStrided<float4, 1>},
    {.name = "float4_stride_2", .kernel = "sharedStrided<float4, 2>", .group = "wide",
     .label = "float4, 2 apart", .elemBytes = 16, .launch = launchStrided<float4, 2>},
    {.name = "transpose", .kernel = "transposeTiled<0>", .group = "transpose",
     .label = "tiled transpose, tile[32][32]", .elemBytes = 4, .launch = launchTranspose<0>},
    {.name = "transpose_padded", .kernel = "transposeTiled<1>", .group = "transpose",
     .label = "tiled transpose, tile[32][33]", .elemBytes = 4, .launch = launchTranspose<1>},
};

} // namespace

const bench::BankPattern *bench::bankPatterns(size_t *count) {
  *count = sizeof(kPatterns) / sizeof(kPatterns[0]);
  return kPatterns;
}
