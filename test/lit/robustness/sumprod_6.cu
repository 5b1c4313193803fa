// Issue 10: six times i = (i + n) * (i + m) used to take 3.2 GB: products of sums stop expanding at the budget.
// RUN: %exitcode %coalesce --verbose %s | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// CHECK: remark: address not computable: too complex to track [coalescing-unknown]
// CHECK: exit: 0

__global__ void sumprod(float *a, long n, long m) {
  long i = threadIdx.x;
  i = (i + n) * (i + m);
  i = (i + n) * (i + m);
  i = (i + n) * (i + m);
  i = (i + n) * (i + m);
  i = (i + n) * (i + m);
  i = (i + n) * (i + m);
  a[i] = 0.0f;
}
