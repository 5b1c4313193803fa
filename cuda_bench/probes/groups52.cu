// Stop 52's probe: values a group of lanes loads at one address (Parboil
// cutcp's bin offsets, NbrList[tid >> 4]), which place the group's lanes
// together. Written before this ran; what the GPU measured is in
// groups52.manifest. The index arrays hold distinct values, so no two
// groups share a place.
#include <cstdio>

constexpr int Threads = 256, Blocks = 64;

__constant__ int3 nbr[1024];

// cutcp's form: a half-warp a bin of 32 floats, two bins a warp.
__global__ void bins(const float4 *binZero, float *out, int bx, int by, int n) {
  __shared__ float cache[32 * 8 * 4];
  int tid = threadIdx.x;
  int nb = tid >> 4;
  for (int c = 0; c < 4 && nb < n; c++, nb += 8) {
    int i = nbr[nb].x, j = nbr[nb].y, k = nbr[nb].z;
    float *p = ((float *)binZero) + (((k * by + j) * bx + i) << 5);
    int m = tid & 15;
    cache[32 * (tid >> 4) + (c << 8) + m] = p[m];
    cache[32 * (tid >> 4) + (c << 8) + m + 16] = p[m + 16];
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = cache[tid];
}

// Groups of four lanes, 16 bytes each, in rows of 64 floats.
__global__ void quads(const float *in, const int *cell, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int c = cell[tid >> 2];
  out[tid] = in[c * 64 + (tid & 3)];
}

// Rows of eight floats, a row a group of eight lanes.
__global__ void rowsOfEight(const float *in, const int *start, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int s = start[tid >> 3];
  out[tid] = in[s * 8 + (tid & 7)];
}

// A start of any element (not counted: the data's).
__global__ void anyStart(const float *in, const int *start, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int s = start[tid >> 3];
  out[tid] = in[s + (tid & 7)];
}

// A group's store: half-warps write their bins.
__global__ void binStores(float *bins, const int *cell, const float *in) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int c = cell[tid >> 4];
  bins[c * 32 + (tid & 15)] = in[tid];
}

int main() {
  const int N = Threads * Blocks;
  float *big, *out;
  int *idx;
  cudaMalloc(&big, 64 * N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&idx, N * sizeof(int));
  cudaMemset(big, 0, 64 * N * sizeof(float));
  // Distinct values, scattered: 37 is prime to N.
  int *h = new int[N];
  for (int t = 0; t < N; ++t)
    h[t] = (t * 37) % N;
  cudaMemcpy(idx, h, N * sizeof(int), cudaMemcpyHostToDevice);
  int3 hn[1024];
  for (int t = 0; t < 1024; ++t)
    hn[t] = make_int3((t * 7) % 16, (t * 3) % 16, t % 8);
  cudaMemcpyToSymbol(nbr, hn, sizeof(hn));
  bins<<<Blocks, Threads>>>((const float4 *)big, out, 16, 16, 32);
  quads<<<Blocks, Threads>>>(big, idx, out);
  rowsOfEight<<<Blocks, Threads>>>(big, idx, out);
  anyStart<<<Blocks, Threads>>>(big, idx, out);
  binStores<<<Blocks, Threads>>>(big, idx, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  delete[] h;
  return e != cudaSuccess;
}
