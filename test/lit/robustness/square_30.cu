// Issue 10: 30 times i = i * i (i to the 2^30th) used to run out of memory. Past the algebra's size budget the address is unknown with a one-line reason.
// RUN: %exitcode %coalesce --verbose %s | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// CHECK: remark: address not computable: too complex to track [coalescing-unknown]
// CHECK: exit: 0

__global__ void square(float *a) {
  long i = threadIdx.x;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  i = i * i;
  a[i] = 0.0f;
}
