#include <cstdio>
__global__ void partial250(float *out, const float *in) {
  int i = blockIdx.y * 1001 + threadIdx.x;
  out[i] = in[i] + 1.0f;
}
__global__ void guarded256(float *out, const float *in) {
  int i = blockIdx.y * 1001 + threadIdx.x;
  if (threadIdx.x < 250)
    out[i] = in[i] + 1.0f;
}
__global__ void loop250(float *out, const float *in) {
  int row = blockIdx.y;
  for (int c = threadIdx.x; c < 1001; c += 250)
    out[row * 1001 + c] = in[row * 1001 + c] + 1.0f;
}
int main() {
  float *a, *b;
  cudaMalloc(&a, 4096 * 1001 * 4 + 4096);
  cudaMalloc(&b, 4096 * 1001 * 4 + 4096);
  partial250<<<dim3(1, 4096), 250>>>(a, b);
  guarded256<<<dim3(1, 4096), 256>>>(a, b);
  loop250<<<dim3(1, 4096), 250>>>(a, b);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}

// Rows of 1001 floats, a block a row along y, 250 threads (a 26-lane last
// warp): without a loop (partial250), as a 256-thread block whose last 6
// threads skip the access (guarded256), and walked by a loop that runs 5
// times in thread 0 and 4 in the others (loop250, whole_launch_kernels.cu's
// rowsBy250). Measured on the H200 with source_counters.sh
// (docs/bench/source-counters.md, "Beyond warp 0"); the comment is at the
// end so that the measured line numbers stay the program's.
