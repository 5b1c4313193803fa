// Issue 10: Rodinia's hotspot with "#define BLOCK_SIZE 65536" launches
// 65536 x 65536 threads per block; the product wrapped to 0 and the lane
// evaluation divided by zero. The shape is rejected, the default assumed.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --implicit-check-not=warning:
// RUN: %coalesce --format=json %s | %normalize-json | FileCheck %s --check-prefix=JSON
#define BLOCK_SIZE 65536

__global__ void k(float *a) { a[threadIdx.y * BLOCK_SIZE + threadIdx.x] = 0.0f; }

void host(float *a) {
  dim3 threads(BLOCK_SIZE, BLOCK_SIZE);
  k<<<1, threads>>>(a);
}
// CHECK: exit: 0
// JSON: "assumptions": {
// JSON-NEXT: "blockDim": "256 1 1",
// JSON-NEXT: "blockDim.x": 256
