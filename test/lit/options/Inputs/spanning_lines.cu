struct Quad {
  float x, y, z, w;
};

__global__ void spanning(const float *in, const Quad *quads, float *out,
                         int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[threadIdx.x * cols +
              blockIdx.x];
  out[threadIdx.x * cols +
      blockIdx.x] +=
      in[i];
  out[i] = quads[i]
               .y;
  out[i] = *(in +
             threadIdx.x * cols);
  out[2 * i] =
      in[i];
}
