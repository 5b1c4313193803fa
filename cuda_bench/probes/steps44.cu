// Stop 44's classes on the GPU: rows whose length changes with the block
// in no straight line (a warp a row, row r holding r % T values, llm.c's
// autoregressive softmax), and floating-point atomicAdd on shared memory
// (a compare-and-swap loop). Each kernel launched once, so that Nsight
// Compute's source counters give each instruction's sectors (or
// wavefronts) per request. The analyzer predicts, per request:
//   rowsOfGrowingLength: the float4 loop 14.9 sectors (14.3 over every
//   row), the float loop and the store 3.99 (3.91 over every row);
//   misalignedRows (rows of 1001 floats, every third block skipped): 4.91
//   (4.87 over the grid); casFloat: 2 wavefronts where 2 would do;
//   casFloat2Way: 4 where 2; casDouble: 4 where 4; casOneWord (every lane
//   on one word): 64; intAdd (native ATOMS.ADD): 1. What the GPU measured
//   is in steps44.manifest (this header keeps the lines it was measured at).
#include <cstdio>

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
  for (int i = lane; i <= own; i += 32)
    out[idx * T + i] = x[i] * s;
}

__global__ void misalignedRows(float *out, const float *in) {
  if (blockIdx.x % 3 != 1)
    out[blockIdx.x * 1001 + threadIdx.x] = in[threadIdx.x];
}

__global__ void casFloat(float *out, const float *in) {
  __shared__ float f[256];
  f[threadIdx.x] = 0.f;
  __syncthreads();
  for (int k = 0; k < 8; ++k)
    atomicAdd(&f[(threadIdx.x + 32 * k) % 256], in[blockIdx.x * 256 + threadIdx.x]);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = f[threadIdx.x];
}

__global__ void casFloat2Way(float *out, const float *in) {
  __shared__ float f[512];
  f[threadIdx.x] = 0.f;
  f[threadIdx.x + 256] = 0.f;
  __syncthreads();
  atomicAdd(&f[2 * threadIdx.x], in[blockIdx.x * 256 + threadIdx.x]);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = f[threadIdx.x];
}

__global__ void casDouble(double *out, const float *in) {
  __shared__ double d[256];
  d[threadIdx.x] = 0.;
  __syncthreads();
  atomicAdd(&d[threadIdx.x], (double)in[blockIdx.x * 256 + threadIdx.x]);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = d[threadIdx.x];
}

__global__ void casOneWord(float *out, const float *in) {
  __shared__ float total;
  if (threadIdx.x == 0)
    total = 0.f;
  __syncthreads();
  atomicAdd(&total, in[blockIdx.x * 256 + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}

__global__ void intAdd(int *out, const float *in) {
  __shared__ int c[256];
  c[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&c[threadIdx.x], (int)in[blockIdx.x * 256 + threadIdx.x]);
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = c[threadIdx.x];
}

int main() {
  const int N = 48, T = 1024, Blocks = 1024;
  float *in, *out;
  double *dout;
  size_t Elems = size_t(N) * T * T;
  cudaMalloc(&in, Elems * sizeof(float));
  cudaMalloc(&out, Elems * sizeof(float));
  cudaMalloc(&dout, Blocks * 256 * sizeof(double));
  cudaMemset(in, 0, Elems * sizeof(float));
  rowsOfGrowingLength<<<N * T * 32 / 256, 256>>>(out, in, N, T);
  misalignedRows<<<4096, 256>>>(out, in);
  casFloat<<<Blocks, 256>>>(out, in);
  casFloat2Way<<<Blocks, 256>>>(out, in);
  casDouble<<<Blocks, 256>>>(dout, in);
  casOneWord<<<Blocks, 256>>>(out, in);
  intAdd<<<Blocks, 256>>>((int *)out, in);
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(E));
  cudaFree(in);
  cudaFree(out);
  cudaFree(dout);
  return E == cudaSuccess ? 0 : 1;
}
