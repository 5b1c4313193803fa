struct Particle {
  float x, y, z;
};

__global__ void sumMembers(const Particle *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x + p[i].y + p[i].z;
}
