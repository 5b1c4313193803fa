// Stop 52's probe: conditional operators whose arms read one array, or
// two, in and out of loops (selects51's haloOnce, 'threadIdx.y == 0 ?
// A[(j + 1) * nx + i] : A[j * nx + i]', measured one LDG of 4 sectors).
// Written before this ran; what the GPU measured is in selects52.manifest.
#include <cstdio>

// Blocks of 32 x 4: one warp a row of threadIdx.y.
__global__ void twoArrays(const float *A, const float *B, float *out, int nx) {
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  float v = threadIdx.y == 0 ? A[j * nx + i] : B[j * nx + i];
  out[j * nx + i] = v;
}

// One array, in a loop.
__global__ void oneArrayInLoop(const float *A, float *out, int nx, int nz) {
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  float acc = 0.f;
  for (int k = 1; k < nz - 1; k++)
    acc += threadIdx.y == 3 ? A[k * 65536 + j * nx + i]
                            : A[k * 65536 + (j + 1) * nx + i];
  out[j * nx + i] = acc;
}

// A clamp at a row's end, in shared memory, a lane the odd one.
__global__ void clampShared(float *out, const float *in) {
  __shared__ float row[256];
  unsigned t = threadIdx.x + 32 * threadIdx.y;
  row[t] = in[t];
  __syncthreads();
  float right = threadIdx.x < 31 ? row[t + 1] : row[t];
  out[t] = right;
}

// One array, the lanes of a warp split between the arms.
__global__ void splitLanes(const float *A, float *out, int nx) {
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  float v = threadIdx.x < 16 ? A[j * nx + i] : A[(j + 1) * nx + i];
  out[j * nx + i] = v;
}

int main() {
  const int nx = 256, nz = 16;
  float *a, *b, *o;
  cudaMalloc(&a, (nz + 1) * 65536 * sizeof(float));
  cudaMalloc(&b, 65536 * sizeof(float));
  cudaMalloc(&o, 65536 * sizeof(float));
  cudaMemset(a, 0, (nz + 1) * 65536 * sizeof(float));
  cudaMemset(b, 0, 65536 * sizeof(float));
  dim3 grid(nx / 32, 32), block(32, 4);
  twoArrays<<<grid, block>>>(a, b, o, nx);
  oneArrayInLoop<<<grid, block>>>(a, o, nx, nz);
  clampShared<<<64, block>>>(o, a);
  splitLanes<<<grid, block>>>(a, o, nx);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
