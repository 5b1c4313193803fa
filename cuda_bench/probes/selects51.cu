// Stop 51's probe: conditional operators whose arms load, on a thread
// condition, in and out of loops (Parboil stencil's 'y_h_bound ? A0[...] :
// sh_A0[...]' measured 0.99 sectors per request, predicated). Written
// before this ran; what the GPU measured is in selects51.manifest.
#include <cstdio>

// Blocks of 32 x 4: one warp a row of threadIdx.y.
__global__ void haloInLoop(const float *A, float *out, int nx, int nz) {
  __shared__ float sh[5 * 32];
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  const bool top = threadIdx.y == blockDim.y - 1;
  sh[threadIdx.y * 32 + threadIdx.x] = A[j * nx + i];
  __syncthreads();
  float acc = 0.f;
  for (int k = 1; k < nz - 1; k++) {
    float up = top ? A[k * 65536 + (j + 1) * nx + i]
                   : sh[(threadIdx.y + 1) * 32 + threadIdx.x];
    float down = threadIdx.y == 0 ? A[k * 65536 + (j - 1) * nx + i] : 0.f;
    acc += up + down;
  }
  out[j * nx + i] = acc;
}

// The same selection once, outside a loop.
__global__ void haloOnce(const float *A, float *out, int nx) {
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  float down = threadIdx.y == 0 ? A[(j + 1) * nx + i] : A[j * nx + i];
  out[j * nx + i] = down;
}

// A selection whose arm sums two loads, in a loop.
__global__ void twoLoads(const float *A, float *out, int nx, int nz) {
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  float acc = 0.f;
  for (int k = 1; k < nz - 1; k++)
    acc += threadIdx.y == 3 ? A[k * 65536 + j * nx + i] * A[k * 65536 + (j + 2) * nx + i] : 1.f;
  out[j * nx + i] = acc;
}

int main() {
  const int nx = 256, nz = 16;
  float *a, *b;
  cudaMalloc(&a, (nz + 1) * 65536 * sizeof(float));
  cudaMalloc(&b, 65536 * sizeof(float));
  cudaMemset(a, 0, (nz + 1) * 65536 * sizeof(float));
  dim3 grid(nx / 32, 32), block(32, 4);
  haloInLoop<<<grid, block>>>(a, b, nx, nz);
  haloOnce<<<grid, block>>>(a, b, nx);
  twoLoads<<<grid, block>>>(a, b, nx, nz);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
