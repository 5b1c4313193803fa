// A second definition of a kernel kernels.cu defines, which main.cu
// launches (other_unit_launches.cu).
__global__ void definedTwice(float *out) { out[threadIdx.x * 2] = 1.0f; }
