__global__ void rowSum(const float *M, float *sums, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < cols; ++k)
    acc += M[row * cols + k];
  sums[row] = acc;
}
