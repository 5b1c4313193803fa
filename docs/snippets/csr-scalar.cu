// CSR SpMV, one thread a row.
__global__ void spmv(const int *rowptr, const int *col, const float *val,
                     const float *x, float *y, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0;
    for (int j = rowptr[row]; j < rowptr[row + 1]; ++j)
      sum += val[j] * x[col[j]];
    y[row] = sum;
  }
}
