// A kernel that touches no global memory: it must still be listed.

__global__ void onlyShared(int n) {
  __shared__ float s[32];
  s[threadIdx.x] = n;
}
