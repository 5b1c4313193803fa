// An atomic made through the toolkit's wrapper function: nvcc's line
// information books the instruction on the wrapper's statement
// (device_atomic_functions.hpp's "return __iAtomicAdd(address, val);"),
// where Nsight Compute shows it, so the JSON report lists the access there
// once more, marked inlined_from the user's call (measured on the H200:
// cuda-samples histogram, simpleAtomicIntrinsics, ...). The summary counts
// it once; text warns once, at the user's call. A project's own atomic
// function, and the analyzer's built-in headers (declarations without
// bodies), give no repeat.
// REQUIRES: cuda-toolkit
// RUN: %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --format=json %s | FileCheck %s
// RUN: %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --format=json %s | %summarize --inlined | sort -t: -k1,1n -k2,2n | FileCheck %s --check-prefix=ONCE
// RUN: %coalesce --no-cache --format=json %s | FileCheck %s --check-prefix=BUILTIN

__device__ int ownAtomic(int *p, int v) {
  int old = *p;
  *p = old + v;
  return old;
}

__global__ void hist(const int *in, int *bins, float *sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&bins[in[i] & 255], 1);
  atomicAdd(&sums[i], 1.0f);
  ownAtomic(&bins[i], 2);
}

// The int atomic, listed in the wrapper, then where it is written.
// CHECK:      "file": "{{.*}}device_atomic_functions.hpp",
// CHECK-NEXT: "line": {{[0-9]+}},
// CHECK-NEXT: "column": {{[0-9]+}},
// CHECK-NEXT: "kernel": "hist",
// CHECK-NEXT: "function": "atomicAdd",
// CHECK-NEXT: "access": "atomic",
// CHECK:      "call_chain": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "caller": "hist",
// CHECK-NEXT:     "callee": "atomicAdd",
// CHECK-NEXT:     "file": "{{.*}}toolkit_atomics.cu",
// CHECK-NEXT:     "line": 23,
// CHECK:      "inlined_from": {
// CHECK-NEXT:   "file": "{{.*}}toolkit_atomics.cu",
// CHECK-NEXT:   "line": 23,
// The float atomic, in sm_20_atomic_functions.hpp.
// CHECK:      "file": "{{.*}}sm_20_atomic_functions.hpp",
// CHECK:        "line": 24,
// CHECK:      "accesses": 5,

// With the repeats (sorted by line here: the toolkit's lines come after
// the file's): each toolkit atomic's repeat names the user's call it
// repeats; the project's own atomic is repeated on its call's line only.
// ONCE:      16:13 load `*p`
// ONCE-NEXT: 17:3 store `*p`
// ONCE-NEXT: 23:3 atomic `atomicAdd(&bins[in[i] & 255], 1)`
// ONCE-NEXT: 23:19 load `in[i]`
// ONCE-NEXT: 24:3 atomic `atomicAdd(&sums[i], 1.0f)`
// ONCE-NEXT: 25:3 load `*p` inlined from 16:13
// ONCE-NEXT: 25:3 store `*p` inlined from 17:3
// ONCE-DAG:  {{^[0-9]+}}:{{[0-9]+}} atomic `atomicAdd(&bins[in[i] & 255], 1)` inlined from 23:3
// ONCE-DAG:  {{^[0-9]+}}:{{[0-9]+}} atomic `atomicAdd(&sums[i], 1.0f)` inlined from 24:3

// BUILTIN-NOT: atomic_functions.hpp
// BUILTIN:     "accesses": 5,
