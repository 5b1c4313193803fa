// A minute of analysis in bounded memory: each of twenty kernels inlines
// its budget of 20,000 bodies (eight calls at each of seven levels would
// be two million; InlineBudget stops there), and each body walks a
// triangular loop nest. The kernels' accesses are one each, so memory
// stays small while the time adds up. clangd must stop the analysis at its
// deadline, at a newer text of the file, or at shutdown. The literal
// conversion is a clang warning of its own, published whatever the
// analysis does.
__device__ int level0(int i) {
  int s = 2.5;
  for (int j = 0; j < i; ++j)
    for (int k = 0; k < j; ++k)
      for (int m = 0; m < k; ++m)
        for (int n = 0; n < m; ++n)
          s += j * 64 + k * 8 + m * 2 + n;
  return s;
}
__device__ int level1(int i) {
  return level0(i) + level0(i) + level0(i) + level0(i) +
         level0(i) + level0(i) + level0(i) + level0(i);
}
__device__ int level2(int i) {
  return level1(i) + level1(i) + level1(i) + level1(i) +
         level1(i) + level1(i) + level1(i) + level1(i);
}
__device__ int level3(int i) {
  return level2(i) + level2(i) + level2(i) + level2(i) +
         level2(i) + level2(i) + level2(i) + level2(i);
}
__device__ int level4(int i) {
  return level3(i) + level3(i) + level3(i) + level3(i) +
         level3(i) + level3(i) + level3(i) + level3(i);
}
__device__ int level5(int i) {
  return level4(i) + level4(i) + level4(i) + level4(i) +
         level4(i) + level4(i) + level4(i) + level4(i);
}
__device__ int level6(int i) {
  return level5(i) + level5(i) + level5(i) + level5(i) +
         level5(i) + level5(i) + level5(i) + level5(i);
}
__device__ int level7(int i) {
  return level6(i) + level6(i) + level6(i) + level6(i) +
         level6(i) + level6(i) + level6(i) + level6(i);
}
__global__ void everywhere0(float *a) { a[level7(threadIdx.x) + 0] = 0; }
__global__ void everywhere1(float *a) { a[level7(threadIdx.x) + 1] = 0; }
__global__ void everywhere2(float *a) { a[level7(threadIdx.x) + 2] = 0; }
__global__ void everywhere3(float *a) { a[level7(threadIdx.x) + 3] = 0; }
__global__ void everywhere4(float *a) { a[level7(threadIdx.x) + 4] = 0; }
__global__ void everywhere5(float *a) { a[level7(threadIdx.x) + 5] = 0; }
__global__ void everywhere6(float *a) { a[level7(threadIdx.x) + 6] = 0; }
__global__ void everywhere7(float *a) { a[level7(threadIdx.x) + 7] = 0; }
__global__ void everywhere8(float *a) { a[level7(threadIdx.x) + 8] = 0; }
__global__ void everywhere9(float *a) { a[level7(threadIdx.x) + 9] = 0; }
__global__ void everywhere10(float *a) { a[level7(threadIdx.x) + 10] = 0; }
__global__ void everywhere11(float *a) { a[level7(threadIdx.x) + 11] = 0; }
__global__ void everywhere12(float *a) { a[level7(threadIdx.x) + 12] = 0; }
__global__ void everywhere13(float *a) { a[level7(threadIdx.x) + 13] = 0; }
__global__ void everywhere14(float *a) { a[level7(threadIdx.x) + 14] = 0; }
__global__ void everywhere15(float *a) { a[level7(threadIdx.x) + 15] = 0; }
__global__ void everywhere16(float *a) { a[level7(threadIdx.x) + 16] = 0; }
__global__ void everywhere17(float *a) { a[level7(threadIdx.x) + 17] = 0; }
__global__ void everywhere18(float *a) { a[level7(threadIdx.x) + 18] = 0; }
__global__ void everywhere19(float *a) { a[level7(threadIdx.x) + 19] = 0; }
