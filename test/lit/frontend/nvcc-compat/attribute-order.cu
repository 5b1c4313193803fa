// nvcc takes an attribute list after __shared__ (`__shared__ alignas(16)
// float t[...]`); clang wants it first. The mode swaps the two in memory
// (the line keeps its length) and parses the file again.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

__global__ void stage(const float4 *in, float *out) {
  __shared__ alignas(alignof(float4)) float tile[32][32];
  tile[threadIdx.x][0] = in[threadIdx.x].x;
  // CHECK: [[@LINE-1]]:3 store `tile[threadIdx.x][0]` shared {{.*}} wf=32 ideal=1 {{.*}} FLAGGED shared-bank-conflict{{$}}
  // CHECK: [[@LINE-2]]:26 load `in[threadIdx.x].x` {{.*}} spr=16 ideal=4 {{.*}}
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: attribute-order ({{.*}}attribute-order.cu)
// ON: exit: 1
// OFF: attribute-order.cu:9:14: error: an attribute list cannot appear here
// OFF: exit: 2
