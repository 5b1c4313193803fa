#include "own/helper.cuh"
#include "../confine/secret.h"
#embed "secret.h"
__global__ void k(float *out) { out[threadIdx.x] = 0; }
