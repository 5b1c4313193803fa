__global__ void clear(float *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}

__global__ void broken(float *p) {
  p[threadIdx.x] = undeclared;
}
