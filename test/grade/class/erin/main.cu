// Does not compile: a missing semicolon.
__global__ void transpose(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x
  out[x] = in[x];
}

__global__ void updateParticles(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] += 1.0f;
}
