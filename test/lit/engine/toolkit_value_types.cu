// An element handed to a function of the toolkit's headers by reference,
// or copied into one of its classes, is read or written in that
// function's body, and nvcc's line information books the instruction
// there: __hfma2(a[i], b[i], v) takes its operands by value, so a[i] is
// read in __half2's copy constructor (cuda_fp16.h); __half's operator*
// takes references and reads them on its own line (cuda_fp16.hpp); v[t] = x
// writes through __half2's operator=. The JSON report repeats each such
// access there, marked inlined_from (measured on the H200: cuda-samples
// fp16ScalarProduct, Altis MaxFlops). An implicit or defaulted member
// (__half's operator=) gives no repeat, nor does a plain float.
// REQUIRES: cuda-toolkit
// RUN: %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --format=json %s > %t.json || true
// RUN: %summarize --inlined < %t.json | FileCheck %s

#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void dot(const half2 *a, const half2 *b, float *out) {
  __shared__ half2 sh[128];
  half2 value = __float2half2_rn(0.f);
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    value = __hfma2(a[i], b[i], value);
  sh[threadIdx.x] = value;
  __syncthreads();
  if (threadIdx.x < 64)
    sh[threadIdx.x] = sh[threadIdx.x] + sh[threadIdx.x + 64];
  if (threadIdx.x == 0)
    out[blockIdx.x] = __low2float(sh[0]);
}

__global__ void mul(const __half *a, __half *c, const float *f, float *g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] * a[i + 1];
  g[i] = f[i] * f[i + 1];
}

// A conversion operator reads the object it is called on: in[i] is loaded
// (it was missing from the report) and booked in __nv_bfloat16's
// operator float().
__global__ void widen(const __nv_bfloat16 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  out[i] = x;
}
// CHECK-DAG: {{^}}42:13 load `in[i]` {{.*}} spr=2 ideal=2 eff=1 coalesced
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} load `in[i]` inlined from 42:13

// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} load `a[i]` inlined from 22:21
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} load `b[i]` inlined from 22:27
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} store `sh[threadIdx.x]` inlined from 23:3
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} store `sh[threadIdx.x]` inlined from 26:5
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} load `sh[threadIdx.x + 64]` inlined from 26:41
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} load `a[i]` inlined from 33:10
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} load `a[i + 1]` inlined from 33:17
// RUN: %summarize --inlined < %t.json | FileCheck %s --check-prefix=NONE
// NONE-NOT: store `c[i]` inlined from
// NONE-NOT: `f[i]` inlined from
// NONE-NOT: `g[i]` inlined from

// Where nvcc itself books them: every line nvcc's -lineinfo names for a
// global or shared load or store is a line of the report.
// RUN: %if nvcc %{ %nvcc -O3 -arch=sm_90 -lineinfo -ptx %s -o %t.ptx %}
// RUN: %if nvcc %{ %python %S/Inputs/booked_lines.py ptx %t.ptx > %t.nvcc %}
// RUN: %if nvcc %{ %python %S/Inputs/booked_lines.py report < %t.json > %t.report %}
// RUN: %if nvcc %{ %python -c "import sys; a=set(open(sys.argv[1]).read().split()); b=set(open(sys.argv[2]).read().split()); m=sorted(a-b); print('missing', m); sys.exit(1 if m else 0)" %t.nvcc %t.report %}
