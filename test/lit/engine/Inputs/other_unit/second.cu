// A second launch of disputed, with another block (other_unit_launches.cu).
__global__ void disputed(float *out);

void again(float *d) { disputed<<<1, 64>>>(d); }
