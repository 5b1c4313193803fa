// nvcc ignores the initializer of a __shared__ variable (warning 3019);
// clang rejects it and drops every statement that uses the variable. The
// mode removes the initializer in memory and parses the file again. A
// class whose default constructor clang does not take as empty (libcu++'s
// cuda::barrier) has no initializer to remove: the variable becomes a local
// one, which nothing the analysis reports depends on.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

struct Arrivals {
  int n;
  __device__ Arrivals() : n(0) {}
  __device__ void arrive() { ++n; }
};

__global__ void tile(const float *in, float *out) {
  __shared__ float t[32][33] = {};
  __shared__ int count = 0;
  __shared__ Arrivals arrivals;
  arrivals.arrive();
  t[threadIdx.x][0] = in[blockIdx.x * 32 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `t[threadIdx.x][0]` shared addr={{.*}} wf=1 ideal=1 {{.*}}
  // CHECK: [[@LINE-2]]:23 load `in[blockIdx.x * 32 + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  out[threadIdx.x * 2] = t[0][threadIdx.x] + count;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * 2]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: shared-init ({{.*}}shared-init.cu)
// ON: exit: 1
// OFF: shared-init.cu:18:20: error: initialization is not supported for __shared__ variables
// OFF: shared-init.cu:19:18: error: initialization is not supported for __shared__ variables
// OFF: shared-init.cu:20:23: error: initialization is not supported for __shared__ variables
// OFF: exit: 2
