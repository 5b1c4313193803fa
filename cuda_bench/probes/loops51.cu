// Stop 51's probe: the loops over a shared row whose scalar loads nvcc joins
// into LDS.64 and LDS.128 (sgemm's b_s[j][kk], matrixMul's As[ty][k]), and
// the ones it leaves scalar. One block of 256 threads is 8 warps; warp w
// reads row w of s (every lane the same element) or lane l row l of r (each
// lane a row of its own). Written before this ran; what the GPU measured is
// in loops51.manifest.

#include <cstdio>

constexpr int Threads = 256;

#define FILL                                                                   \
  __shared__ float s[8][64];                                                   \
  __shared__ float r[32][16];                                                  \
  unsigned tid = threadIdx.x, w = tid / 32, l = tid % 32;                      \
  s[w][l] = in[blockIdx.x * 512 + tid];                                        \
  s[w][l + 32] = in[blockIdx.x * 512 + tid + 256];                             \
  if (tid < 128) {                                                             \
    r[tid / 4][tid % 4 * 4] = in[tid];                                         \
    r[tid / 4][tid % 4 * 4 + 1] = in[tid];                                     \
    r[tid / 4][tid % 4 * 4 + 2] = in[tid];                                     \
    r[tid / 4][tid % 4 * 4 + 3] = in[tid];                                     \
  }                                                                            \
  __syncthreads();                                                             \
  float acc = 0.f;

#define STORE out[blockIdx.x * Threads + tid] = acc;

// Sixteen elements of the warp's row, a constant count.
__global__ void rowOf16(float *out, const float *in) {
  FILL
  for (int k = 0; k < 16; ++k)
    acc += s[w][k] * tid;
  STORE
}

// Six: not a multiple of four.
__global__ void rowOf6(float *out, const float *in) {
  FILL
  for (int k = 0; k < 6; ++k)
    acc += s[w][k] * tid;
  STORE
}

// Two.
__global__ void rowOf2(float *out, const float *in) {
  FILL
  for (int k = 0; k < 2; ++k)
    acc += s[w][k] * tid;
  STORE
}

// Sixteen from the second element: the first is not 16-byte aligned.
__global__ void fromSecond(float *out, const float *in) {
  FILL
  for (int k = 0; k < 16; ++k)
    acc += s[w][k + 1] * tid;
  STORE
}

// Sixteen from an even element a run passes: aligned to 8 bytes, not
// known to 16.
__global__ void fromEven(float *out, const float *in, int start) {
  FILL
  for (int k = 0; k < 16; ++k)
    acc += s[w][2 * start + k] * tid;
  STORE
}

// A count the run passes (16).
__global__ void runtimeCount(float *out, const float *in, int n) {
  FILL
  for (int k = 0; k < n; ++k)
    acc += s[w][k] * tid;
  STORE
}

// Sixteen, kept a loop.
__global__ void notUnrolled(float *out, const float *in) {
  FILL
#pragma unroll 1
  for (int k = 0; k < 16; ++k)
    acc += s[w][k] * tid;
  STORE
}

// Sixty-four: the whole row.
__global__ void rowOf64(float *out, const float *in) {
  FILL
  for (int k = 0; k < 64; ++k)
    acc += s[w][k] * tid;
  STORE
}

// Every other element.
__global__ void everyOther(float *out, const float *in) {
  FILL
  for (int k = 0; k < 16; ++k)
    acc += s[w][2 * k] * tid;
  STORE
}

// A division carried from one iteration to the next (eigenvalues' count).
__global__ void carriedDivision(float *out, const float *in, float x) {
  FILL
  acc = 1.f;
  for (int k = 0; k < 16; ++k)
    acc = s[w][k] - x / acc;
  STORE
}

// Two nested loops, the outer one choosing the row (sgemm's b_s[j][kk]).
__global__ void nested(float *out, const float *in) {
  FILL
  float c[16];
  for (int kk = 0; kk < 16; ++kk)
    c[kk] = 0.f;
  for (int j = 0; j < 8; ++j)
    for (int kk = 0; kk < 16; ++kk)
      c[kk] += tid * s[j][kk];
  for (int kk = 0; kk < 16; ++kk)
    acc += c[kk];
  STORE
}

// Each lane its own row of sixteen floats: 64 bytes a lane apart.
__global__ void ownRow(float *out, const float *in) {
  FILL
  for (int k = 0; k < 16; ++k)
    acc += r[l][k] * tid;
  STORE
}

// Each lane its own row of seventeen: not known aligned.
__global__ void ownPaddedRow(float *out, const float *in) {
  __shared__ float p[32][17];
  unsigned tid = threadIdx.x, l = tid % 32;
  if (tid < 32)
    for (int k = 0; k < 17; ++k)
      p[tid][k] = in[tid * 17 + k];
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < 16; ++k)
    acc += p[l][k] * tid;
  STORE
}

// Doubles: eight of the warp's row.
__global__ void doubleRow(float *out, const float *in) {
  __shared__ double d[8][32];
  unsigned tid = threadIdx.x, w = tid / 32, l = tid % 32;
  d[w][l] = in[blockIdx.x * Threads + tid];
  __syncthreads();
  double acc = 0.0;
  for (int k = 0; k < 8; ++k)
    acc += d[w][k] * tid;
  out[blockIdx.x * Threads + tid] = float(acc);
}

// The same row read and another array written in the loop.
__global__ void withStore(float *out, const float *in) {
  FILL
  __shared__ float t[8][16];
  for (int k = 0; k < 16; ++k) {
    acc += s[w][k] * tid;
    t[w][k] = acc;
  }
  __syncthreads();
  acc += t[w][l % 16];
  STORE
}

// A global row, the warp's own: LDG.128 needs an alignment nvcc cannot see.
__global__ void globalRow(float *out, const float *__restrict__ in) {
  unsigned tid = threadIdx.x, w = tid / 32;
  float acc = 0.f;
  for (int k = 0; k < 16; ++k)
    acc += in[(blockIdx.x * 8 + w) * 64 + k] * tid;
  STORE
}

int main() {
  const int Blocks = 64, N = Blocks * 2 * Threads;
  float *a, *b;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  cudaMemset(a, 0, N * sizeof(float));
  cudaMemset(b, 0, N * sizeof(float));
  rowOf16<<<Blocks, Threads>>>(b, a);
  rowOf6<<<Blocks, Threads>>>(b, a);
  rowOf2<<<Blocks, Threads>>>(b, a);
  fromSecond<<<Blocks, Threads>>>(b, a);
  fromEven<<<Blocks, Threads>>>(b, a, 4);
  runtimeCount<<<Blocks, Threads>>>(b, a, 16);
  notUnrolled<<<Blocks, Threads>>>(b, a);
  rowOf64<<<Blocks, Threads>>>(b, a);
  everyOther<<<Blocks, Threads>>>(b, a);
  carriedDivision<<<Blocks, Threads>>>(b, a, 0.5f);
  nested<<<Blocks, Threads>>>(b, a);
  ownRow<<<Blocks, Threads>>>(b, a);
  ownPaddedRow<<<Blocks, Threads>>>(b, a);
  doubleRow<<<Blocks, Threads>>>(b, a);
  withStore<<<Blocks, Threads>>>(b, a);
  globalRow<<<Blocks, Threads>>>(b, a);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
