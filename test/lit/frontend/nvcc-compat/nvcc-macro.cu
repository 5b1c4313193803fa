// nvcc defines __NVCC__; code that picks CUDA over HIP by it must take the
// CUDA branch. The report names the macro only where the code tested it.
// RUN: %exitcode %coalesce %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF
// A file that never tests it gets no note.
// RUN: %exitcode %coalesce %S/Inputs/plain.cu | FileCheck %s --check-prefix=PLAIN

#ifdef __NVCC__
#include <cuda_runtime.h>
#else
#include <hip/hip_runtime.h>
#endif

__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[3 * threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:22 load `in[3 * threadIdx.x]` {{.*}} spr=12 ideal=4 {{.*}} FLAGGED coalescing-strided{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: __NVCC__ ({{.*}}nvcc-macro.cu)
// ON: exit: 1
// OFF: nvcc-macro.cu:12:10: fatal error: 'hip/hip_runtime.h' file not found
// OFF: exit: 2
// PLAIN-NOT: parsed as nvcc does
// PLAIN: exit: 0
