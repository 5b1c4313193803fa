// A kernel launched from a kernel (dynamic parallelism) is valid CUDA that
// clang 19 rejects. The mode rewrites the launch in memory as a call of a
// no-op device function with the same arguments (the columns kept) and
// analyzes both kernels, the launching one with every access of its own,
// the stores of the launch's arguments into its parameter buffer included
// (engine/device_launch.cu).
// RUN: %exitcode %coalesce %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

__global__ void child(float *a, int n) {
  a[threadIdx.x * n] = 0;
  // CHECK: [[@LINE-1]]:3 store `a[threadIdx.x * n]`
}

template <int N> __global__ void sized(float *a) { a[threadIdx.x * N] = 0; }

__global__ void parent(float *a, float *b) {
  b[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  // CHECK: [[@LINE-1]]:3 store `b[blockIdx.x * blockDim.x + threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  if (threadIdx.x == 0)
    child<<<1, 32>>>(a, 2);
  // CHECK: [[@LINE-1]]:22 store `a` addr=unknown spr=1 ideal=1 eff=0.25 uniform
  // CHECK: [[@LINE-2]]:25 store `2` addr=unknown spr=1 ideal=1 eff=0.125 uniform
  if (threadIdx.x == 1)
    sized<4>
        <<<1, 32>>>(a);
  // CHECK: [[@LINE-1]]:21 store `a` addr=unknown spr=1 ideal=1 eff=0.25 uniform
  a[threadIdx.x] = b[2 * threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `a[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:20 load `b[2 * threadIdx.x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
}

// A host function referred to from a kernel is an error for nvcc as well: the
// mode leaves it one.
// RUN: %exitcode %coalesce %S/Inputs/host-call.cu | FileCheck %s --check-prefix=HOST
// HOST: host-call.cu:5:24: error: reference to __host__ function 'helper' in __global__ function
// HOST-NOT: parsed as nvcc does
// HOST: exit: 2

// ON: cuda-coalesce: note: parsed as nvcc does: device-launch ({{.*}}device-launch.cu)
// ON: cuda-coalesce: 1 file, 2 kernels, 7 global accesses, 2 flagged
// ON: exit: 1
// OFF: device-launch.cu:22:5: error: reference to __global__ function 'child' in __global__ function
// OFF: note: kernel parent ({{.*}}) not analyzed: its body has errors
// OFF: exit: 2
