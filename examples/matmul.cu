// matmul.cu - naive C = A * B on N x N floats, row-major and column-major.
//
// matmulRowMajor, 32x8 blocks, threadIdx.x picks the column:
//   B[k * N + col]    line 34: lanes 4 bytes apart, coalesced, quiet;
//   A[row * N + k]    line 34: one address for the whole warp, uniform (1
//                     sector, broadcast), quiet; JSON efficiency 0.125;
//   C[row * N + col]  line 35: coalesced, quiet.
//
// matmulColMajor stores the matrices column-major but keeps the thread
// mapping, so the lane index now multiplies N and lanes sit 4096 bytes
// apart: 32 sectors per request where 4 would do (12.5%). cuda-coalesce
// warns on the store C[col * N + row] at line 49 (coalescing-strided) and
// on the load B[col * N + k] at line 48, which it files under
// coalescing-chunked because each thread walks its own row of B in the k
// loop; its note says to share the row across the warp. A[k * N + row] is
// uniform. The fix here is the mapping: let threadIdx.x pick the row, the
// index that is contiguous in column-major storage.
//
// Nsight Compute on an H200 (sm_90, CUDA 13.0) counts the same L1 sectors
// per request as predicted above for every kernel in this file.

#include <cstdio>
#include <cuda_runtime.h>

constexpr int kN = 1024;

__global__ void matmulRowMajor(const float *A, const float *B, float *C,
                               int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
      acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}

// Column-major storage, element (r, c) at [c * N + r], with the row-major
// kernel's thread mapping left unchanged.
__global__ void matmulColMajor(const float *A, const float *B, float *C,
                               int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
      acc += A[k * N + row] * B[col * N + k];
    C[col * N + row] = acc;
  }
}

int main() {
  const size_t bytes = size_t(kN) * kN * sizeof(float);
  float *A = nullptr, *B = nullptr, *C = nullptr;
  cudaMalloc(&A, bytes);
  cudaMalloc(&B, bytes);
  cudaMalloc(&C, bytes);
  cudaMemset(A, 0, bytes);
  cudaMemset(B, 0, bytes);

  dim3 block(32, 8);
  dim3 grid(kN / 32, kN / 8);
  matmulRowMajor<<<grid, block>>>(A, B, C, kN);
  matmulColMajor<<<grid, block>>>(A, B, C, kN);

  cudaError_t err = cudaDeviceSynchronize();
  std::printf("matmul: %s\n", cudaGetErrorString(err));
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
  return err == cudaSuccess ? 0 : 1;
}
