#include "include_cycle.cu"
__global__ void cycle(float *out) { out[threadIdx.x] = 0.0f; }
