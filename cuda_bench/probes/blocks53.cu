// Stop 53's probe: launches that know their block in part (SHOC
// stencil2d's dim3(1, lCols); a member set to 16, the other from the
// device). Written before this ran; what the GPU measured is in
// blocks53.manifest. The unknown component comes from the device's
// properties, which the analyzer does not follow.
#include <cstdio>

constexpr int Width = 4096;

// One thread along x: the lanes of a warp walk y, a row's columns.
__global__ void columns(const float *in, float *out, int width) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * width + col] = in[row * width + col];
}

// Rows of 16 threads, two to a warp, reading a tile's column.
__global__ void halfRows(const float *in, float *out, int width) {
  out[(blockIdx.x * blockDim.y + threadIdx.y) * 16 + threadIdx.x] =
      in[threadIdx.x * width + blockIdx.x * blockDim.y + threadIdx.y];
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int lCols = prop.maxThreadsPerBlock / 4; // 256 on the H100 and H200
  int user = prop.maxThreadsPerBlock / 64; // 16
  float *in, *out;
  cudaMalloc(&in, sizeof(float) * Width * Width);
  cudaMalloc(&out, sizeof(float) * Width * Width);
  cudaMemset(in, 0, sizeof(float) * Width * Width);
  dim3 grid(64, Width / lCols);
  dim3 stencil(1, lCols);
  columns<<<grid, stencil>>>(in, out, Width);
  dim3 b;
  b.x = 16;
  b.y = user;
  halfRows<<<64, b>>>(in, out, Width);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
