// wmma tiles the model of lib/Model/WmmaLowering.h predicts but the
// tensor-core samples do not measure: transposed ldmatrix, float
// accumulators stored col_major, tf32 tiles read transposed, half and bf16
// tiles in global memory, padded and unpadded rows; and the half
// accumulator the model leaves unknown, to see what nvcc makes of it.
// One warp a block, 8 blocks, each kernel once (suite_truth.sh profile with
// cuda_bench/suites/wmma-probe.manifest; docs/analysis.md says how).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include <cstdio>

using namespace nvcuda;

typedef wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;

__device__ void fillTile(half *s, const half *g, int n) {
  for (int i = threadIdx.x; i < n; i += 32)
    s[i] = g[i];
  __syncwarp();
}

__global__ void halfRowsUnpadded(const half *g, float *out) {
  __shared__ __align__(32) half s[16 * 16];
  fillTile(s, g, 16 * 16);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  Acc c;
  wmma::load_matrix_sync(a, s, 16);
  wmma::load_matrix_sync(b, s, 16);
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(out + blockIdx.x * 256, c, 16, wmma::mem_row_major);
}

__global__ void halfRowsPadded(const half *g, float *out) {
  __shared__ __align__(32) half s[16 * 24];
  fillTile(s, g, 16 * 24);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  Acc c;
  wmma::load_matrix_sync(a, s, 24);
  wmma::load_matrix_sync(b, s, 24);
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(out + blockIdx.x * 256, c, 16, wmma::mem_row_major);
}

__global__ void halfTransposed(const half *g, float *out) {
  __shared__ __align__(32) half s[16 * 16];
  fillTile(s, g, 16 * 16);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
  Acc c;
  wmma::load_matrix_sync(a, s, 16);
  wmma::load_matrix_sync(b, s, 16);
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(out + blockIdx.x * 256, c, 16, wmma::mem_row_major);
}

__global__ void halfGlobal(const half *g, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  Acc c;
  wmma::load_matrix_sync(a, g + blockIdx.x * 16 * 64, 64);
  wmma::load_matrix_sync(b, g + blockIdx.x * 16 * 64 + 16, 64);
  wmma::load_matrix_sync(c, out + blockIdx.x * 256, 16, wmma::mem_row_major);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(out + blockIdx.x * 256, c, 16, wmma::mem_col_major);
}

__global__ void floatAccumulator(float *out) {
  __shared__ __align__(32) float row[16 * 16];
  __shared__ __align__(32) float col[16 * 16];
  __shared__ __align__(32) float colPadded[16 * 20];
  Acc c;
  wmma::fill_fragment(c, 1.0f);
  wmma::store_matrix_sync(row, c, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(col, c, 16, wmma::mem_col_major);
  wmma::store_matrix_sync(colPadded, c, 20, wmma::mem_col_major);
  __syncwarp();
  Acc d, e;
  wmma::load_matrix_sync(d, row, 16, wmma::mem_row_major);
  wmma::load_matrix_sync(e, col, 16, wmma::mem_col_major);
  for (int i = 0; i < d.num_elements; ++i)
    d.x[i] += e.x[i];
  wmma::store_matrix_sync(out + blockIdx.x * 256, d, 16, wmma::mem_row_major);
}

__global__ void bf16Shared(const __nv_bfloat16 *g, float *out) {
  __shared__ __align__(32) __nv_bfloat16 s[16 * 24];
  for (int i = threadIdx.x; i < 16 * 24; i += 32)
    s[i] = g[i];
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
  Acc c;
  wmma::load_matrix_sync(a, s, 24);
  wmma::load_matrix_sync(b, s, 16);
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(out + blockIdx.x * 256, c, 16, wmma::mem_row_major);
}

__global__ void tf32Shared(const float *g, float *out) {
  __shared__ __align__(32) float s[16 * 16];
  for (int i = threadIdx.x; i < 16 * 16; i += 32)
    s[i] = g[i];
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> ar;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major> ac;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> br;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> bc;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
  wmma::load_matrix_sync(ar, s, 12);
  wmma::load_matrix_sync(bc, s, 8);
  wmma::load_matrix_sync(ac, s, 16);
  wmma::load_matrix_sync(br, s, 16);
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, ar, bc, c);
  wmma::mma_sync(c, ac, br, c);
  wmma::store_matrix_sync(out + blockIdx.x * 256, c, 16, wmma::mem_row_major);
}

__global__ void halfAccumulator(const half *g, half *out) {
  __shared__ __align__(32) half s[16 * 16];
  fillTile(s, g, 16 * 16);
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> c;
  wmma::load_matrix_sync(c, s, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(s, c, 16, wmma::mem_col_major);
  wmma::store_matrix_sync(out + blockIdx.x * 256, c, 16, wmma::mem_row_major);
}

int main() {
  const int Blocks = 8;
  half *h;
  __nv_bfloat16 *b;
  float *f, *out;
  half *hout;
  cudaMalloc(&h, Blocks * 16 * 64 * sizeof(half));
  cudaMalloc(&b, 16 * 24 * sizeof(__nv_bfloat16));
  cudaMalloc(&f, 16 * 16 * sizeof(float));
  cudaMalloc(&out, Blocks * 256 * sizeof(float));
  cudaMalloc(&hout, Blocks * 256 * sizeof(half));
  cudaMemset(h, 0, Blocks * 16 * 64 * sizeof(half));
  cudaMemset(b, 0, 16 * 24 * sizeof(__nv_bfloat16));
  cudaMemset(f, 0, 16 * 16 * sizeof(float));
  cudaMemset(out, 0, Blocks * 256 * sizeof(float));
  halfRowsUnpadded<<<Blocks, 32>>>(h, out);
  halfRowsPadded<<<Blocks, 32>>>(h, out);
  halfTransposed<<<Blocks, 32>>>(h, out);
  halfGlobal<<<Blocks, 32>>>(h, out);
  floatAccumulator<<<Blocks, 32>>>(out);
  bf16Shared<<<Blocks, 32>>>(b, out);
  tf32Shared<<<Blocks, 32>>>(f, out);
  halfAccumulator<<<Blocks, 32>>>(h, hout);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("wmma probe: %s\n", cudaGetErrorString(E));
  return E == cudaSuccess ? 0 : 1;
}
