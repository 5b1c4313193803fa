// Stop 49's rule for the ifs nvcc predicates, on kernels written after the
// rule was (docs/analysis.md, "The whole launch, not one warp"): an if is
// taken to be predicated, every warp issuing its accesses and the warps with
// no lane on counting as requests of nothing, when it has no else, a body of
// at most two straight-line statements, is not the kernel's last statement,
// guards on the thread (and loops, launch values), and touches shared memory
// or global memory outside a loop. Each kernel is launched once, 64 blocks of
// 256 threads, so that Nsight Compute's source counters give each
// instruction's sectors or wavefronts per request. What the GPU measured is
// in predication49.manifest.
#include <cstdio>

constexpr int Threads = 256;

// A tree reduction: predicated steps, then the kernel's last statement.
__global__ void treeShared(float *out, const float *in) {
  __shared__ float s[Threads];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned d = blockDim.x / 2; d > 0; d >>= 1) {
    if (tid < d)
      s[tid] += s[tid + d];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// The last warp unrolled: six statements, branched around.
__global__ void lastWarp(float *out, const float *in) {
  __shared__ float s[Threads];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  if (tid < 64)
    s[tid] += s[tid + 64];
  __syncthreads();
  if (tid < 32) {
    volatile float *v = s;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[tid % 32];
}

// One lane stores, and the kernel goes on: predicated.
__global__ void midStore(float *out, int *flags, const float *in) {
  __shared__ float s[Threads];
  unsigned tid = threadIdx.x;
  if (tid == 0)
    flags[blockIdx.x] = 1;
  if (tid < 8)
    s[tid * 32] = in[blockIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[(tid % 8) * 32];
}

// Three statements and a nested if: branched around.
__global__ void longBodies(float *out, const float *in) {
  __shared__ float s[Threads];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  if (tid < 64) {
    s[tid] += 1.f;
    s[tid + 64] += 2.f;
    s[tid + 128] += 3.f;
  }
  __syncthreads();
  if (tid < 64) {
    float v = s[tid + 192];
    if (v > 0.5f)
      s[tid + 192] = 0.f;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[tid];
}

// A tree reduction in global memory: branched around.
__global__ void treeGlobal(float *g, float *out) {
  float *x = g + blockIdx.x * blockDim.x;
  unsigned tid = threadIdx.x;
  for (unsigned d = blockDim.x / 2; d > 0; d >>= 1) {
    if (tid < d)
      x[tid] += x[tid + d];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = x[tid % 32];
}

// Two global stores of 16 lanes, outside a loop: predicated.
__global__ void globalPair(float *a, float *b, const float *in) {
  unsigned tid = threadIdx.x;
  float v = in[blockIdx.x * blockDim.x + tid];
  if (tid < 16) {
    a[blockIdx.x * 16 + tid] = v;
    b[blockIdx.x * 16 + tid] = 2.f * v;
  }
  __syncthreads();
  a[4096 + blockIdx.x * blockDim.x + tid] = v;
}

// The same helper called before the end (predicated) and as the kernel's
// last statement (branched).
__device__ void publish(float *out, const float *s) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

__global__ void helperTwice(float *out, const float *in) {
  __shared__ float s[Threads];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  publish(out + 64, s + 1);
  __syncthreads();
  publish(out, s);
}

// A work-efficient scan's up-sweep over n = 512 elements (the launch's).
__global__ void upSweep(float *out, const float *in, int n) {
  __shared__ float s[2 * Threads];
  int tid = threadIdx.x;
  s[2 * tid] = in[blockIdx.x * n + 2 * tid];
  s[2 * tid + 1] = in[blockIdx.x * n + 2 * tid + 1];
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      s[offset * (2 * tid + 2) - 1] += s[offset * (2 * tid + 1) - 1];
    offset <<= 1;
  }
  __syncthreads();
  out[blockIdx.x * n + 2 * tid] = s[2 * tid];
}

// An if with an else: branched around.
__global__ void withElse(float *out, const float *in) {
  __shared__ float s[Threads];
  unsigned tid = threadIdx.x;
  if (tid < 32)
    s[tid] = in[blockIdx.x];
  else
    s[tid] = 0.f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[(tid * 4) % Threads];
}

int main() {
  const int Blocks = 64, N = Blocks * 2 * Threads;
  float *a, *b, *c;
  int *flags;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  cudaMalloc(&c, N * sizeof(float));
  cudaMalloc(&flags, Blocks * sizeof(int));
  cudaMemset(a, 0, N * sizeof(float));
  cudaMemset(b, 0, N * sizeof(float));
  cudaMemset(c, 0, N * sizeof(float));
  treeShared<<<Blocks, Threads>>>(b, a);
  lastWarp<<<Blocks, Threads>>>(b, a);
  midStore<<<Blocks, Threads>>>(b, flags, a);
  longBodies<<<Blocks, Threads>>>(b, a);
  treeGlobal<<<Blocks, Threads>>>(a, b);
  globalPair<<<Blocks, Threads>>>(b, c, a);
  helperTwice<<<Blocks, Threads>>>(b, a);
  upSweep<<<Blocks, Threads>>>(b, a, 2 * Threads);
  withElse<<<Blocks, Threads>>>(b, a);
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(E));
  return E == cudaSuccess ? 0 : 1;
}
