// nvcc warns about a narrowing conversion in braces; clang makes it an
// error in C++11 and later. The mode accepts it, converted as nvcc does.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

struct Span { int first, count; };

__global__ void rows(const float *in, float *out) {
  Span s = {blockIdx.x, 4};
  out[s.first * blockDim.x + threadIdx.x] = in[threadIdx.x * s.count];
  // CHECK: [[@LINE-1]]:3 store `out[s.first * blockDim.x + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:45 load `in[threadIdx.x * s.count]` {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: narrowing ({{.*}}narrowing.cu)
// ON: exit: 1
// OFF: narrowing.cu:10:13: error: non-constant-expression cannot be narrowed from type 'unsigned int' to 'int' in initializer list
// OFF: exit: 2
