// Stop 49's second probe: ifs with an else on the thread, which the first
// (predication49.cu) found predicated where the rule said branched; written
// after the rule took short sides as predicated, before this ran. Each
// kernel is launched once, 64 blocks of 256 threads. What the GPU measured
// is in ifelse49.manifest.
#include <cstdio>

constexpr int Threads = 256;

// One statement a side, shared memory.
__global__ void oneEach(float *out, const float *in) {
  __shared__ float s[Threads];
  unsigned tid = threadIdx.x;
  if (tid < 32)
    s[tid] = in[blockIdx.x];
  else
    s[tid] = 0.f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[(tid * 4) % Threads];
}

// One statement a side, global memory, the then side on one warp's lanes.
__global__ void oneEachGlobal(float *out, const float *in) {
  unsigned tid = threadIdx.x;
  float v;
  if (tid < 16)
    v = in[blockIdx.x * 16 + tid];
  else
    v = 1.f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = v;
}

// Two statements a side.
__global__ void twoEach(float *out, const float *in) {
  __shared__ float s[2 * Threads];
  unsigned tid = threadIdx.x;
  if (tid < 64) {
    s[tid] = in[blockIdx.x];
    s[tid + Threads] = 1.f;
  } else {
    s[tid] = 0.f;
    s[tid + Threads] = 2.f;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[tid] + s[tid + Threads];
}

// Three statements a side.
__global__ void threeEach(float *out, const float *in) {
  __shared__ float s[3 * Threads];
  unsigned tid = threadIdx.x;
  if (tid < 64) {
    s[tid] = in[blockIdx.x];
    s[tid + Threads] = 1.f;
    s[tid + 2 * Threads] = 2.f;
  } else {
    s[tid] = 0.f;
    s[tid + Threads] = 2.f;
    s[tid + 2 * Threads] = 3.f;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[tid] + s[tid + 2 * Threads];
}

// In a loop: a tree step with an else.
__global__ void treeElse(float *out, const float *in) {
  __shared__ float s[Threads];
  __shared__ float t[Threads];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned d = blockDim.x / 2; d > 0; d >>= 1) {
    if (tid < d)
      s[tid] += s[tid + d];
    else
      t[tid] = 0.f;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = s[tid % 32] + t[tid];
}

// The kernel's last statement, one statement a side.
__global__ void lastEach(float *out, const float *in) {
  unsigned tid = threadIdx.x;
  if (tid < 32)
    out[blockIdx.x * blockDim.x + tid] = in[blockIdx.x];
  else
    out[blockIdx.x * blockDim.x + tid] = 0.f;
}

int main() {
  const int Blocks = 64, N = Blocks * 3 * Threads;
  float *a, *b;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  cudaMemset(a, 0, N * sizeof(float));
  oneEach<<<Blocks, Threads>>>(b, a);
  oneEachGlobal<<<Blocks, Threads>>>(b, a);
  twoEach<<<Blocks, Threads>>>(b, a);
  threeEach<<<Blocks, Threads>>>(b, a);
  treeElse<<<Blocks, Threads>>>(b, a);
  lastEach<<<Blocks, Threads>>>(b, a);
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(E));
  return E == cudaSuccess ? 0 : 1;
}
