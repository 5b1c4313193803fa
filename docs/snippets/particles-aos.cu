struct Particle {
  float x, y, z;
};

__global__ void drift(Particle *p, float dx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += dx;
}
