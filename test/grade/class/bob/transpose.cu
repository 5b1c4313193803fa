// Naive transpose: the store walks a column, lanes n floats apart.
__global__ void transpose(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}

__global__ void updateParticles(float *x, float *y, float *z, const float *vx,
                                const float *vy, const float *vz, float dt,
                                int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] += vx[i] * dt;
    y[i] += vy[i] * dt;
    z[i] += vz[i] * dt;
  }
}
