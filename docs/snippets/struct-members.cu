struct Particle {
  float x, y, z;
};

struct Body {
  float x, y, z, vx, vy, vz;
};

__global__ void sumX(const Particle *p, const Body *b, const float4 *v,
                     float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + b[i].x + v[i].x;
}
