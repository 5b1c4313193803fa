// A literal followed by a macro name without a space ("%d"FMT) is a
// reserved user-defined literal in C++11: gcc, and so nvcc, warn; clang
// makes it an error. The mode reads it as two tokens, as they do.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

#define FMT "%d\n"

__global__ void show(const int *in) {
  printf("value "FMT, in[threadIdx.x]);
  // CHECK: [[@LINE-1]]:23 load `in[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: literal-suffix ({{.*}}literal-suffix.cu)
// ON: exit: 0
// OFF: literal-suffix.cu:11:18: error: invalid suffix on literal; C++11 requires a space between literal and identifier
// OFF: exit: 2
