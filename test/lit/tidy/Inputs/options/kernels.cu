// Stride 2 uses 50% of the bytes it fetches, stride 8 12.5%.
__global__ void stride2(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
__global__ void stride8(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}
// No launch in the file: the block shape comes from BlockDim. With 16x16
// blocks a warp holds two rows of threadIdx.y, 256 floats apart.
__global__ void rows(const float *in, float *out) {
  out[threadIdx.x * 256 + threadIdx.y] = in[threadIdx.y * 256 + threadIdx.x];
}
