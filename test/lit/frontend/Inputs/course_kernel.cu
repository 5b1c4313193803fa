// A typical course submission: the runtime, half precision and cooperative
// groups, host code with cudaMalloc and a launch.
#include <cooperative_groups.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void scale(const __half *in, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  block.sync();
  if (i < n)
    out[2 * i] = __half2float(in[i]) * 2.0f;
}

int main() {
  const int n = 1 << 20;
  __half *in;
  float *out;
  cudaMalloc(&in, n * sizeof(__half));
  cudaMalloc(&out, 2 * n * sizeof(float));
  scale<<<n / 256, 256>>>(in, out, n);
  cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  cudaFree(in);
  cudaFree(out);
  return 0;
}
