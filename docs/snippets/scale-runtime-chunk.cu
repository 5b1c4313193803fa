// The chunk is a parameter.
__global__ void scaleBy(float *data, float a, int n, int per) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * per; k < (t + 1) * per; ++k)
    if (k < n)
      data[k] *= a;
}

// The chunk is the work divided by the number of threads in the grid.
__global__ void scaleSplit(float *data, float a, int n) {
  int threads = gridDim.x * blockDim.x;
  int per = (n + threads - 1) / threads;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * per; k < (t + 1) * per; ++k)
    if (k < n)
      data[k] *= a;
}
