// Launches of kernels that kernels.cu defines (other_unit_launches.cu).
__global__ void spread(float *out, int n);
__global__ void strided(float *out, int stride);
__global__ void ownLaunch(float *out);
__global__ void disputed(float *out);
template <int N> __global__ void templated(float *out);
__global__ void definedTwice(float *out);

int main() {
  float *d;
  spread<<<dim3(4), dim3(512)>>>(d, 7);
  strided<<<8, 256>>>(d, 2);
  ownLaunch<<<1, 512>>>(d);
  disputed<<<1, 512>>>(d);
  templated<1><<<1, 512>>>(d);
  definedTwice<<<1, 512>>>(d);
}
