// One of two files whose kernels share a name and call curand_init: the
// same access in curand_kernel.h, reached by a different user's call.
#include <curand_kernel.h>

__global__ void init(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}
