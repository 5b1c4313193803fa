// nvcc reads these launches; clang's lexer wants the chevrons whole.
__global__ void firstLaneStores(const float *in, float *out) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

__global__ void strided(float *out, int n) {
  out[(blockIdx.x * blockDim.x + threadIdx.x) * n] = 0.0f;
}

void host(const float *a, float *b) {
  // A comment that says k << < g, b >> > stays a comment.
  firstLaneStores << < 64, 512 >> > (a, b);
  strided<< <64,  128>>  >(b, 2);
}
