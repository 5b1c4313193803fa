// Issue 10: a launch whose block shape is impossible (16 x 2^32 wraps to 0
// in dim3's unsigned fields) divided by zero (SIGFPE). Such a shape is not
// used: the default block is assumed instead. A valid launch is still used.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --implicit-check-not=warning: 
// RUN: %coalesce --format=json %s | %normalize-json | FileCheck %s --check-prefix=JSON

__global__ void wraps(float *a) { a[threadIdx.x + blockDim.x * threadIdx.y] = 0.0f; }
__global__ void valid(float *a) { a[threadIdx.x + blockDim.x * threadIdx.y] = 0.0f; }

void host(float *a) {
  wraps<<<1, dim3(16, 4294967296)>>>(a);
  valid<<<1, dim3(16, 2)>>>(a);
}
// CHECK: warning: implicit conversion from 'long' to 'unsigned int' changes value from 4294967296 to 0
// CHECK: exit: 0
// JSON: "assumptions": {
// JSON-NEXT: "blockDim": "256 1 1",
// JSON-NEXT: "blockDim.x": 256
// JSON: "function": "wraps",
// JSON: "assumptions": {
// JSON-NEXT: "blockDim": "16 2 1"
// JSON-NEXT: },
// JSON: "function": "valid",
