// Issue 10: an index of 2500 terms built by macros overflowed the stack in clang's
// HasSideEffects, asked at every level of the sum (quadratic too). Past the
// depth budget the address is unknown with a one-line reason.
// RUN: %exitcode %coalesce --verbose %s | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark: --implicit-check-not=error:
// CHECK: remark: address not computable: too complex to track [coalescing-unknown]
// CHECK: exit: 0
#define T0 (t + n)
#define T1 T0 + T0
#define T2 T1 + T1
#define T3 T2 + T2
#define T4 T3 + T3
#define T5 T4 + T4
#define T6 T5 + T5
#define T7 T6 + T6
#define T8 T7 + T7
#define T9 T8 + T8
#define T10 T9 + T9
#define T11 T10 + T10
__global__ void terms(float *a, int n) {
  int t = threadIdx.x;
  a[T2 + T6 + T7 + T8 + T11] = 0.0f;
}
