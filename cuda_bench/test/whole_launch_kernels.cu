// Kernels whose warps differ from warp 0 of block 0: the analyzer's
// whole-launch means are checked against Nsight Compute's per-line counters
// for them (docs/bench/source-counters.md, "Beyond warp 0"). A whole
// program: it allocates, launches every kernel once and checks for errors.
#include <cstdio>
#include <cuda_runtime.h>

// 33 floats a block of 32 threads: seven blocks of eight start mid-sector.
__global__ void rowsOf33(float *out, const float *in) {
  out[blockIdx.x * 32 + threadIdx.x] = in[blockIdx.x * 33 + threadIdx.x];
}

// The stride changes with the block: 1, 2, 3, 4, 1, ...
__global__ void stridePerBlock(float *out, const float *in) {
  int s = blockIdx.x % 4 + 1;
  out[blockIdx.x * 32 + threadIdx.x] = in[(blockIdx.x * 32 + threadIdx.x) * s];
}

// Rows of 1001 floats, one warp a row of a 32x8 block.
__global__ void rowsOf1001(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * 1001 + col] = 2.0f * in[row * 1001 + col];
}

// Rows of 1001 floats walked by 250-thread blocks, one block a row.
__global__ void rowsBy250(float *out, const float *in) {
  int row = blockIdx.y;
  for (int c = threadIdx.x; c < 1001; c += 250)
    out[row * 1001 + c] = in[row * 1001 + c] + 1.0f;
}

// A stencil's taps: the first is aligned, the next two are not.
__global__ void taps(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < 3; ++k)
    sum += in[i + k];
  out[i] = sum;
}

// Block 0 does not run the copy; the others copy at stride 2.
__global__ void notInBlock0(float *out, const float *in) {
  if (blockIdx.x > 0)
    out[(blockIdx.x * 32 + threadIdx.x) * 2] = in[blockIdx.x * 32 + threadIdx.x];
}

// Partial warps: four lanes a sector each; two lanes; four lanes in one.
__global__ void partialWarps(float *m) {
  if (threadIdx.x < 4)
    m[threadIdx.x * 1024] = 0;
  if (threadIdx.x < 2)
    m[threadIdx.x * 1024 + 1] = 1;
  if (threadIdx.x < 4)
    m[threadIdx.x + 8] = 2;
}

int main() {
  const size_t Floats = size_t(4096) * 1001 * 8;
  float *a, *b;
  if (cudaMalloc(&a, Floats * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&b, Floats * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(b, 0, Floats * sizeof(float));
  rowsOf33<<<4096, 32>>>(a, b);
  stridePerBlock<<<4096, 32>>>(a, b);
  rowsOf1001<<<dim3(31, 512), dim3(32, 8)>>>(a, b);
  rowsBy250<<<dim3(1, 4096), 250>>>(a, b);
  taps<<<4096, 256>>>(a, b);
  notInBlock0<<<4096, 32>>>(a, b);
  partialWarps<<<1, 32>>>(a);
  cudaError_t E = cudaDeviceSynchronize();
  if (E != cudaSuccess) {
    std::fprintf(stderr, "%s\n", cudaGetErrorString(E));
    return 1;
  }
  std::printf("ok\n");
  return 0;
}
