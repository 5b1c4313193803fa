// A naive transpose: the store walks a column, so each lane of a warp writes
// its own sector.
__global__ void transposeNaive(float *out, const float *in, int width,
                               int height) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[x * height + y] = in[y * width + x];
}

void launch(float *out, const float *in, int width, int height) {
  dim3 block(32, 8);
  dim3 grid(width / 32, height / 8);
  transposeNaive<<<grid, block>>>(out, in, width, height);
}
