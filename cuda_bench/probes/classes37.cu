// One kernel per construct the analyzer learned in stop 37, each launched
// once so Nsight Compute's source counters give every load and store its
// measured sectors (or wavefronts) per request. See
// cuda_bench/README.md ("Whole suites").
#include <cstdio>

// Warps 0-3 copy rows of a, warps 4-7 rows of b, through a pointer a loop
// moves (the CUDA samples' tensor-core GEMMs): a pointer chosen by a
// condition of the warp.
__global__ void __launch_bounds__(256) chosenByWarp(const float *a,
                                                    const float *b,
                                                    float4 *out, int ld) {
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const float *rows = warp < 4 ? a + 64 * ld * warp : b + 64 * ld * (warp - 4);
  const float4 *p = (const float4 *)(rows + (lane / 8) * ld) + lane % 8;
  for (int k = 0; k < 8; ++k) {
    out[blockIdx.x * 2048 + threadIdx.x + 256 * k] = *p;
    p = (const float4 *)((const float *)p + 4 * ld);
  }
}

// A grid-stride walk of a power-of-two buffer, the mask stepped by a
// launch value (Altis DeviceMemory).
__global__ void maskedStride(const float *data, float *out, int threads,
                             int size, int repeat) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid;
  float sum = 0;
  for (int j = 0; j < repeat; ++j) {
    sum += data[s & (size - 1)];
    sum += data[(s + threads) & (size - 1)];
    s = (s + threads * 16) & (size - 1);
  }
  out[gid] = sum;
}

// A scan tile padded with the operator slip of GPU Gems' macro: the
// offset is 0 for every lane (the shift amount is clamped on the GPU).
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define SLIPPED_OFFSET(n) ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))
__global__ void __launch_bounds__(256) slippedPadding(const float *in,
                                                      float *out) {
  __shared__ float s[2 * 256 + 2 * 256 / NUM_BANKS];
  int t = threadIdx.x;
  int ai = 2 * t, bi = 2 * t + 1;
  s[ai + SLIPPED_OFFSET(ai)] = in[blockIdx.x * 512 + ai];
  s[bi + SLIPPED_OFFSET(bi)] = in[blockIdx.x * 512 + bi];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[ai + SLIPPED_OFFSET(ai)] + s[bi + SLIPPED_OFFSET(bi)];
}

// A pointer declared without a value and set under an always-true if
// (Parboil sad).
__global__ void __launch_bounds__(256) setInOneBranch(const unsigned *in,
                                                      unsigned *out) {
  unsigned *o;
  int k;
  int t = threadIdx.x + blockIdx.x * 256;
  if (threadIdx.x < 1000) {
    o = out + 32 * t;
    k = 2 * t;
  }
  o[0] = in[k];
}

// A helper called on three lines: nvcc books each call where it likes.
__device__ __forceinline__ void bump(float *h, int bin) { h[bin * 32] += 1.0f; }
__device__ __forceinline__ void bumpThree(float *h, int bin) {
  bump(h, bin);
  bump(h + 1, bin);
  bump(h + 2, bin);
}
__global__ void __launch_bounds__(256) helperLines(float *h) {
  bumpThree(h, threadIdx.x + blockIdx.x * 256);
}

int main() {
  const int Blocks = 64, Ld = 1024, Size = 1 << 22;
  float *a, *b, *out, *h;
  float4 *out4;
  unsigned *ui, *uo;
  cudaMalloc(&a, 512 * Ld * sizeof(float));
  cudaMalloc(&b, 512 * Ld * sizeof(float));
  cudaMalloc(&out4, Blocks * 2048 * sizeof(float4));
  cudaMalloc(&out, Size * sizeof(float));
  cudaMalloc(&h, Blocks * 256 * 32 * sizeof(float) + 64);
  cudaMalloc(&ui, 2 * Blocks * 256 * sizeof(unsigned));
  cudaMalloc(&uo, 32 * Blocks * 256 * sizeof(unsigned));
  cudaMemset(a, 0, 512 * Ld * sizeof(float));
  cudaMemset(b, 0, 512 * Ld * sizeof(float));
  cudaMemset(out, 0, Size * sizeof(float));
  cudaMemset(h, 0, Blocks * 256 * 32 * sizeof(float) + 64);
  cudaMemset(ui, 0, 2 * Blocks * 256 * sizeof(unsigned));
  chosenByWarp<<<Blocks, 256>>>(a, b, out4, Ld);
  maskedStride<<<Blocks, 256>>>(out, a, Blocks * 256, Size, 8);
  slippedPadding<<<Blocks, 256>>>(out, a);
  setInOneBranch<<<Blocks, 256>>>(ui, uo);
  helperLines<<<Blocks, 256>>>(h);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("classes37 probe: %s\n", cudaGetErrorString(E));
  return E == cudaSuccess ? 0 : 1;
}
