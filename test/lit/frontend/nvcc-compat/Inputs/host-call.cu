void helper(float *a);

__global__ void k(float *a) {
  a[threadIdx.x] = 0;
  void (*f)(float *) = helper;
  f(a);
}
