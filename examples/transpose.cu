// transpose.cu - a matrix transpose, naive and through shared memory.
//
// transposeNaive reads a row (coalesced) and writes a column: neighbouring
// lanes store `height` floats apart, one sector and one 128-byte line each.
// cuda-coalesce warns on the store at line 28 (coalescing-strided, 32 sectors
// per request where 4 would do, 12.5%) and is quiet on the load.
//
// transposeTiled stages a 32x32 tile in shared memory, so the global load
// (line 37) and the global store (line 43) both walk rows: quiet. The
// shared-memory accesses are not global and are not reported.
//
// Nsight Compute on an H200 (sm_90, CUDA 13.0) counts the same L1 sectors
// per request as predicted above for every kernel in this file.

#include <cstdio>
#include <cuda_runtime.h>

constexpr int kTile = 32;
constexpr int kRows = 8; // a 32x8 block moves a 32x32 tile in 4 steps
constexpr int kWidth = 4096;
constexpr int kHeight = 4096;

__global__ void transposeNaive(const float *in, float *out, int width,
                               int height) {
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}

__global__ void transposeTiled(const float *in, float *out, int width,
                               int height) {
  __shared__ float tile[kTile][kTile + 1]; // +1 avoids bank conflicts
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();

  x = blockIdx.y * kTile + threadIdx.x; // swap the block coordinates
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const size_t bytes = size_t(kWidth) * kHeight * sizeof(float);
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemset(in, 0, bytes);

  dim3 grid(kWidth / kTile, kHeight / kTile);
  dim3 block(kTile, kRows);
  transposeNaive<<<grid, block>>>(in, out, kWidth, kHeight);
  transposeTiled<<<grid, block>>>(in, out, kWidth, kHeight);

  cudaError_t err = cudaDeviceSynchronize();
  std::printf("transpose: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
