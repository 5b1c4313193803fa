// Kernels for clangd_kernel_reuse.py: each edit of the test touches some of
// them, and the others' results are reused.
#define STRIDE 2

struct Pair {
  float a, b;
};

// Shared by scaleRows and scaleCols.
__device__ float fetch(const float *p, int i) { return p[i]; }

__global__ void copyStrided(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * STRIDE];
}

__global__ void scaleRows(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * fetch(in, i);
}

__global__ void scaleCols(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 3.0f * fetch(in, i * 4);
}

__global__ void sumPairs(float *out, const Pair *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].a;
}

__global__ void transposeTile(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out, const float *in, const Pair *pairs, int n) {
  copyStrided<<<n / 256, 256>>>(out, in);
  scaleRows<<<n / 256, 256>>>(out, in, n);
  scaleCols<<<n / 256, 256>>>(out, in, n);
  sumPairs<<<n / 256, 256>>>(out, pairs);
  transposeTile<<<1, dim3(32, 32)>>>(in, out);
}
