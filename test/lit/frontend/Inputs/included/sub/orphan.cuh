// Included by nothing: analyzed with the command of its neighbour, sub/other.cu.
#ifndef SCALE
#error "SCALE comes from the neighbour's command"
#endif

__global__ void strideScale(float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i * SCALE] *= 2.0f;
}
