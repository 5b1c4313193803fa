__device__ void bump(float *h, int bin) { h[bin * 32] += 1.0f; }

__device__ void bumpThree(float *h, int bin) {
  bump(h, bin);
  bump(h, bin);
  bump(h, bin);
}

__global__ void count(float *h) {
  bumpThree(h, threadIdx.x);
}
