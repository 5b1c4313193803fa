// The launches of wide50.cu's kernels (a program's main.cu and its kernels
// file): one each, 64 blocks.
#include <cstdio>

__global__ void uniformDouble(double *out, const double *in);
__global__ void uniformFloat4(float *out, const float4 *in);
__global__ void halfWarpFloat4(float *out, const float4 *in);
__global__ void doubleElements(double *out, const double *in, int steps);
__global__ void uniformStores(float *out, const float *in);
__global__ void spreadElsewhere(float *out, int stride);
__global__ void blockSized(float *out);

int main() {
  const int Blocks = 64, Threads = 256;
  float *f, *big;
  double *d;
  float4 *f4;
  cudaMalloc(&f, Blocks * 512 * sizeof(float));
  cudaMalloc(&big, Blocks * 16384 * sizeof(float));
  cudaMalloc(&d, Blocks * 512 * sizeof(double));
  cudaMalloc(&f4, Blocks * sizeof(float4));
  cudaMemset(d, 0, Blocks * 512 * sizeof(double));
  cudaMemset(f4, 0, Blocks * sizeof(float4));
  cudaMemset(f, 0, Blocks * 512 * sizeof(float));
  uniformDouble<<<Blocks, Threads>>>(d, d);
  uniformFloat4<<<Blocks, Threads>>>(f, f4);
  halfWarpFloat4<<<Blocks, Threads>>>(f, f4);
  doubleElements<<<Blocks, Threads>>>(d, d, 48);
  uniformStores<<<Blocks, Threads>>>(f, f);
  spreadElsewhere<<<dim3(Blocks), dim3(512)>>>(big, 2);
  blockSized<<<dim3(Blocks), dim3(512)>>>(big);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
