// Eight calls at each of seven levels: the analyzer inlines 8^7 (two
// million) copies of level0's load and store, minutes of work and gigabytes
// of memory, while clang parses the file at once. clangd must stop the
// analysis at its deadline, at a newer text of the file, or at shutdown.
// The literal conversion is a clang warning of its own, published whatever
// the analysis does.
__device__ void level0(float *a, int i) {
  int scale = 2.5;
  a[i * 3] += scale;
}
__device__ void level1(float *a, int i) {
  level0(a, i); level0(a, i); level0(a, i); level0(a, i);
  level0(a, i); level0(a, i); level0(a, i); level0(a, i);
}
__device__ void level2(float *a, int i) {
  level1(a, i); level1(a, i); level1(a, i); level1(a, i);
  level1(a, i); level1(a, i); level1(a, i); level1(a, i);
}
__device__ void level3(float *a, int i) {
  level2(a, i); level2(a, i); level2(a, i); level2(a, i);
  level2(a, i); level2(a, i); level2(a, i); level2(a, i);
}
__device__ void level4(float *a, int i) {
  level3(a, i); level3(a, i); level3(a, i); level3(a, i);
  level3(a, i); level3(a, i); level3(a, i); level3(a, i);
}
__device__ void level5(float *a, int i) {
  level4(a, i); level4(a, i); level4(a, i); level4(a, i);
  level4(a, i); level4(a, i); level4(a, i); level4(a, i);
}
__device__ void level6(float *a, int i) {
  level5(a, i); level5(a, i); level5(a, i); level5(a, i);
  level5(a, i); level5(a, i); level5(a, i); level5(a, i);
}
__device__ void level7(float *a, int i) {
  level6(a, i); level6(a, i); level6(a, i); level6(a, i);
  level6(a, i); level6(a, i); level6(a, i); level6(a, i);
}
__global__ void everywhere(float *a) { level7(a, threadIdx.x); }
