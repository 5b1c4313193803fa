// CSR SpMV, one warp a row.
__global__ void spmv(const int *rowptr, const int *col, const float *val,
                     const float *x, float *y, int rows) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (row < rows) {
    float sum = 0;
    for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 32)
      sum += val[j] * x[col[j]];
    for (int o = 16; o > 0; o /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, o);
    if (lane == 0)
      y[row] = sum;
  }
}
