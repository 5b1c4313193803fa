__global__ void good(const float *in, float *out) {
  out[threadIdx.x * 2] = in[threadIdx.x];
}
