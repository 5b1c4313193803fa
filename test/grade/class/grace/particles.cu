#include "include/params.h"

// Reads the velocity with a stride of two: half of every sector is wasted.
__global__ void updateParticles(float *x, float *y, float *z, Velocity v,
                                float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] += v.vx[2 * i] * dt;
    y[i] += v.vy[i] * dt;
    z[i] += v.vz[i] * dt;
  }
}
