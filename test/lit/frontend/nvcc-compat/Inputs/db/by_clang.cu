__global__ void k(float *a) {
  register int i = threadIdx.x;
  a[i] = 0;
}
