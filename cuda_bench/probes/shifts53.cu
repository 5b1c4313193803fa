// Stop 53's probe: values that start different in each lane and that every
// iteration of a loop moves by one amount in all lanes (Parboil cutcp's
// neighbour index, carried by an outer loop through an inner one), and a
// step some lanes skip with a continue. Written before this ran; what the
// GPU measured is in shifts53.manifest.
#include <cstdio>

constexpr int Threads = 256, Blocks = 64;

__constant__ int listLen;
__constant__ int3 nbr[1024];

// cutcp's loader whole: the outer loop carries nb on through the inner one.
// Its blocks of 128 threads, eight half-warps, fill the cache's 1024 floats.
__global__ void carriedBins(const float4 *binZero, float *out, int bx, int by) {
  __shared__ float cache[32 * 8 * 4];
  int tid = threadIdx.x;
  int nb = tid >> 4;
  float acc = 0.f;
  for (int total = 0; total < listLen; total += 32) {
    for (int c = 0; c < 4 && nb < listLen; c++, nb += 8) {
      int i = nbr[nb].x, j = nbr[nb].y, k = nbr[nb].z;
      float *p = ((float *)binZero) + (((k * by + j) * bx + i) << 5);
      cache[32 * (tid >> 4) + (c << 8) + (tid & 15)] = p[tid & 15];
      cache[32 * (tid >> 4) + (c << 8) + (tid & 15) + 16] = p[(tid & 15) + 16];
    }
    __syncthreads();
    acc += cache[tid];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

// A row of 64 floats at a time, m of them an outer iteration.
__global__ void rows(const float *in, float *out, int n, int m) {
  int col = threadIdx.x + blockIdx.x * 64 * 64;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    for (int q = 0; q < m; ++q)
      col += 64;
    s += in[col];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// One float at a time, m of them an outer iteration: the warp's 128 bytes
// start wherever 3 * r floats put them.
__global__ void rowsOdd(const float *in, float *out, int n, int m) {
  int col = threadIdx.x + blockIdx.x * 64 * 64;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    for (int q = 0; q < m; ++q)
      col += 1;
    s += in[col];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// The step after a continue the data take in a third of the lanes, other
// lanes each iteration: each lane falls behind by its own count.
__global__ void skipped(const float *in, const float *flag, float *out, int n) {
  int col = threadIdx.x + blockIdx.x * 64 * 64;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    if (flag[r * blockDim.x + threadIdx.x] > 0.f)
      continue;
    col += 64;
    s += in[col];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// The same with a flag each lane keeps: the lanes that continue never
// reach the load, and those that do have stepped every time.
__global__ void skippedAlways(const float *in, const float *flag, float *out,
                              int n) {
  int col = threadIdx.x + blockIdx.x * 64 * 64;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    if (flag[threadIdx.x] > 0.f)
      continue;
    col += 64;
    s += in[col];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int main() {
  const int N = Threads * Blocks;
  float *big, *out, *flag;
  cudaMalloc(&big, 64 * 64 * (Blocks + 1) * sizeof(float) + 64 * N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&flag, 16 * Threads * sizeof(float));
  cudaMemset(big, 0, 64 * 64 * (Blocks + 1) * sizeof(float) + 64 * N * sizeof(float));
  float hf[16 * Threads];
  for (int t = 0; t < 16 * Threads; ++t)
    hf[t] = (t % Threads + t / Threads) % 3 == 0 ? 1.f : 0.f;
  cudaMemcpy(flag, hf, sizeof(hf), cudaMemcpyHostToDevice);
  int3 hn[1024];
  for (int t = 0; t < 1024; ++t)
    hn[t] = make_int3((t * 7) % 16, (t * 3) % 16, t % 8);
  cudaMemcpyToSymbol(nbr, hn, sizeof(hn));
  int len = 96;
  cudaMemcpyToSymbol(listLen, &len, sizeof(int));
  carriedBins<<<Blocks, Threads / 2>>>((const float4 *)big, out, 16, 16);
  rows<<<Blocks, Threads>>>(big, out, 16, 3);
  rowsOdd<<<Blocks, Threads>>>(big, out, 16, 3);
  skipped<<<Blocks, Threads>>>(big, flag, out, 16);
  skippedAlways<<<Blocks, Threads>>>(big, flag, out, 16);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
