// The cache-hinted loads and stores (__ldg, __ldcs, __stcg, ...) are
// functions of the toolkit's sm_32_intrinsics.hpp, one overload a line;
// nvcc's line information books each instruction on its overload's line
// (the inline assembly there), not on the user's call. The JSON report
// lists the access once more on that line, marked inlined_from the call,
// found by the function's name and pointee type (clang's CUDA wrapper
// declares its own and never reads that header). Text warns once, at the
// call. With the built-in headers there is no toolkit line to name.
// REQUIRES: cuda-toolkit
// RUN: %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --format=json %s > %t.json || true
// RUN: %summarize --inlined < %t.json | sort -t: -k1,1n -k2,2n | FileCheck %s
// RUN: %coalesce --no-cache --format=json %s | %summarize --inlined | FileCheck %s --check-prefix=BUILTIN

__global__ void hinted(const float *in, const float4 *in4,
                       const unsigned long long *u, float *out, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __ldg(&in[i * cols]) + __ldg(&in4[i]).x + float(__ldg(&u[i])) +
           __ldcs(in + i);
  __stcg(out + 2 * i, 1.0f);
}

// CHECK:      17:3 store `out[i]`
// CHECK-NEXT: 17:12 load `__ldg(&in[i * cols])` {{.*}} FLAGGED coalescing-strided
// CHECK-NEXT: 17:35 load `__ldg(&in4[i])`
// CHECK-NEXT: 17:60 load `__ldg(&u[i])`
// CHECK-NEXT: 18:12 load `__ldcs(in + i)`
// CHECK-NEXT: 19:3 store `__stcg(out + 2 * i, 1.0f)` {{.*}} FLAGGED coalescing-strided
// CHECK-DAG:  {{^[0-9]+}}:{{[0-9]+}} load `__ldg(&in[i * cols])` inlined from 17:12
// CHECK-DAG:  {{^[0-9]+}}:{{[0-9]+}} load `__ldg(&in4[i])` inlined from 17:35
// CHECK-DAG:  {{^[0-9]+}}:{{[0-9]+}} load `__ldg(&u[i])` inlined from 17:60
// CHECK-DAG:  {{^[0-9]+}}:{{[0-9]+}} load `__ldcs(in + i)` inlined from 18:12
// CHECK-DAG:  {{^[0-9]+}}:{{[0-9]+}} store `__stcg(out + 2 * i, 1.0f)` inlined from 19:3

// The __nv_bfloat16 overloads are cuda_bf16.hpp's, which clang parses:
// booked on their inline assembly's line.
#include <cuda_bf16.h>
__global__ void hintedBf16(const __nv_bfloat16 *in, __nv_bfloat16 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stcs(out + i, __ldcs(in + i));
}
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} load `__ldcs(in + i)` inlined from 39:19
// CHECK-DAG: {{^[0-9]+}}:{{[0-9]+}} store `__stcs(out + i, __ldcs(in + i))` inlined from 39:3

// BUILTIN-NOT: inlined from

// Where nvcc itself books them: every line nvcc's -lineinfo names for a
// global load or store is a line of the report.
// RUN: %if nvcc %{ %nvcc -O3 -arch=sm_90 -lineinfo -ptx %s -o %t.ptx %}
// RUN: %if nvcc %{ %python %S/Inputs/booked_lines.py ptx %t.ptx > %t.nvcc %}
// RUN: %if nvcc %{ %python %S/Inputs/booked_lines.py report < %t.json > %t.report %}
// RUN: %if nvcc %{ %python -c "import sys; a=set(open(sys.argv[1]).read().split()); b=set(open(sys.argv[2]).read().split()); m=sorted(a-b); print('missing', m); sys.exit(1 if m else 0)" %t.nvcc %t.report %}
