// CPU-style work split: each thread owns a contiguous chunk of particles.
__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void updateParticles(float *x, float *y, float *z, const float *vx,
                                const float *vy, const float *vz, float dt,
                                int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int per = 32;
  for (int i = t * per; i < (t + 1) * per && i < n; ++i)
    x[i] += vx[i] * dt;
}
