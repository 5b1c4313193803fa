// nvcc hands an inline assembly string to ptxas as written, so
// "%globaltimer" (a PTX register) needs no "%%"; clang rejects the escape.
// The mode accepts it: the statement is left out (the analysis never reads
// inline assembly) and the kernel's accesses are analyzed.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

__global__ void stamp(unsigned long long *out) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  out[threadIdx.x * 4] = t;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * 4]` {{.*}} spr=32 ideal=8 {{.*}} FLAGGED coalescing-strided{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: asm-escape ({{.*}}asm-escape.cu)
// ON: exit: 1
// OFF: asm-escape.cu:11:31: error: invalid % escape in inline assembly string
// OFF: exit: 2
