// Below the algebra's budget the small versions of the pathological inputs
// stay exact: the same addresses and figures as before the budget existed.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not=unknown

__global__ void small(float *a, const int *c, long n, long m) {
  long i = threadIdx.x;
  i = i * i;
  i = i * i;
  a[i] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `a[i]` addr=a + 4*threadIdx.x*threadIdx.x*threadIdx.x*threadIdx.x spr=31.875 ideal=4 eff=0.1255 warps=31..32/31 strided FLAGGED coalescing-strided
  long j = threadIdx.x;
  j = (j + n) * (j + m);
  a[j] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `a[j]` addr=a + 4*(threadIdx.x*threadIdx.x + threadIdx.x*m + threadIdx.x*n + m*n) spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  int k = threadIdx.x;
  if (c[0]) k += 1;
  if (c[1]) k += 2;
  a[k] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `a[k]` addr=a + 4*(c[1] != 0 ? (c[0] != 0 ? threadIdx.x + 1 : threadIdx.x) + 2 : (c[0] != 0 ? threadIdx.x + 1 : threadIdx.x)) spr=5 ideal=4 eff=0.8 misaligned
}
