__global__ void transposeNaive(const float *in, float *out, int width,
                               int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    out[x * height + y] = in[y * width + x];
}
