__global__ void sumColumns(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  if (threadIdx.y == 0) {
    float sum = 0;
    for (int r = 0; r < 32; ++r)
      sum += tile[threadIdx.x][r];
    out[threadIdx.x] = sum;
  }
}

int main() {
  float *p;
  sumColumns<<<1, dim3(32, 32)>>>(p, p);
}
