// nvcc's cuda_runtime.h includes <math.h> for the host; clang's CUDA wrapper
// does not, so a host function that calls isfinite, isnan or isinf
// unqualified, in a file that includes only <stdlib.h> (llm.c's
// validate_result), finds only the wrapper's __device__ overloads. The mode
// includes <math.h> as nvcc does, and names it only where the code needed
// it: a file that includes <math.h> itself, or calls none of them, gets no
// note.
// The built-in headers' prelude includes <math.h> in both modes, standing
// in for nvcc's runtime headers, so the difference shows only against a
// toolkit (test/unit/MathHeaderUseTest.cpp covers the tag without one).
// REQUIRES: cuda-toolkit
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache %S/Inputs/math-h-included.cu | FileCheck %s --check-prefix=INCLUDED
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache %S/Inputs/plain.cu | FileCheck %s --check-prefix=PLAIN

#include <stdlib.h>

template <class T> int nonFinite(const T *a, int n) {
  int count = 0;
  for (int i = 0; i < n; i++)
    if (!isfinite(a[i]) || isnan(a[i]))
      count++;
  return count;
}

__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[3 * threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[3 * threadIdx.x]` {{.*}} spr=12 ideal=4 {{.*}} FLAGGED coalescing-strided{{$}}
}

int main() {
  float h[4] = {0, 1, 2, 3};
  return nonFinite(h, 4);
}

// ON: cuda-coalesce: note: parsed as nvcc does: math-h ({{.*}}math-h.cu)
// ON: exit: 1
// OFF: math-h.cu:[[@LINE-18]]:10: error: no matching function for call to 'isfinite'
// OFF: exit: 2
// INCLUDED-NOT: parsed as nvcc does
// INCLUDED: exit: 0
// PLAIN-NOT: parsed as nvcc does
// PLAIN: exit: 0
