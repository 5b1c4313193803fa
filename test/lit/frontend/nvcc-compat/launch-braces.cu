// nvcc takes a braced list in a launch's configuration as the dim3 it
// initializes (`<<<grid, {32, 8, 1}>>>`); clang's grammar has only
// expressions there and drops the launch. The mode writes each braced
// argument as `dim3(...)` in memory and parses the file again, so the
// launch gives its block to the kernel.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF
// RUN: %exitcode %coalesce %s -- -DNOT_A_LAUNCH | FileCheck %s --check-prefix=NOT

__global__ void rows(const float *in, float *out, int nx) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * nx + x] = in[x * nx + y];
  // With the block of the launch, 32 x 8, the load is a column walk and the
  // store a row: the store's sectors are a warp's 32 floats, the load's 32
  // lanes apart.
  // CHECK: [[@LINE-4]]:3 store `out[y * nx + x]` {{.*}} spr=4 ideal=4 eff=1 coalesced depends {{.*}}
  // CHECK: [[@LINE-5]]:21 load `in[x * nx + y]` {{.*}} spr=32 ideal=4 {{.*}} FLAGGED coalescing-strided{{$}}
}

// The grid braced too, and a braced list of one value.
__global__ void wide(float *out) { out[threadIdx.x * 2] = 0; }
// CHECK: [[@LINE-1]]:36 store `out[threadIdx.x * 2]` {{.*}} spr=8 ideal=4 {{.*}} FLAGGED coalescing-strided{{$}}

void launch(const float *in, float *out, int nx, cudaStream_t s) {
  dim3 grid(nx / 32, nx / 8);
  rows<<<grid, {32, 8, 1}, 0, s>>>(in, out, nx);
  wide<<<{4, 1}, {64}>>>(out);
#ifdef NOT_A_LAUNCH
  // A brace that opens no argument of a launch stays an error.
  int bad = sizeof {2};
#endif
}

// ON: cuda-coalesce: note: parsed as nvcc does: launch-braces ({{.*}}launch-braces.cu)
// ON: exit: 1
// OFF: launch-braces.cu:28:16: error: expected expression
// OFF: exit: 2
// NOT: launch-braces.cu:32:20: error: expected expression
// NOT: exit: 2
