// A conditional whose arms read two elements of one space,
// 'c ? A[x] : A[y]', is one read of the selected element: C++ makes the
// conditional an lvalue, and nvcc selects the address and loads it once,
// in every lane (measured on the H100: one LDG of 4 sectors a request for
// a warp-wide row, cuda_bench/probes/selects51.cu's haloOnce; of two
// global arrays too, selects52.cu). Arms in two spaces, or that compute
// more than one read, stay two loads, each under its arm's predicate.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// Positive: blocks of 32 x 4, the first row of warps reads the row below.
__global__ void halo(const float *A, float *out, int nx) {
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  float down = threadIdx.y == 0 ? A[(j + 1) * nx + i] : A[j * nx + i];
  out[j * nx + i] = down;
}
// CHECK: [[@LINE-3]]:16 load `threadIdx.y == 0 ? A[(j + 1) * nx + i] : A[j * nx + i]` addr=A + (threadIdx.y == 0 ? {{.*}}) spr=4 ideal=4 eff=1 coalesced{{$}}
// CHECK: [[@LINE-3]]:3 store `out[j * nx + i]` {{.*}} coalesced

// Positive: a clamp at the row's end, in shared memory.
__global__ void clamp(float *out, const float *in) {
  __shared__ float row[256];
  row[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float right = threadIdx.x < 255 ? row[threadIdx.x + 1] : row[threadIdx.x];
  out[threadIdx.x] = right;
}
// CHECK: [[@LINE-5]]:3 store `row[threadIdx.x]` shared
// CHECK: [[@LINE-6]]:22 load `in[threadIdx.x]`
// CHECK: [[@LINE-5]]:17 load `threadIdx.x < 255 ? row[threadIdx.x + 1] : row[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
// CHECK: [[@LINE-5]]:3 store `out[threadIdx.x]`

// Positive: two global arrays are one read of the selected pointer, each
// warp taking one (measured on the H100: one LDG, 4 sectors a request,
// cuda_bench/probes/selects52.cu).
__global__ void twoArrays(const float *A, const float *B, float *out, int nx) {
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  float v = threadIdx.y == 0 ? A[j * nx + i] : B[j * nx + i];
  out[j * nx + i] = v;
}
// CHECK: [[@LINE-3]]:13 load `threadIdx.y == 0 ? A[j * nx + i] : B[j * nx + i]` addr=(threadIdx.y == 0 ? A : B) + {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
// CHECK: [[@LINE-3]]:3 store

// Negative: a global arm and a shared one are two loads, each predicated
// (Parboil stencil's halo).
__global__ void twoSpaces(const float *A, float *out, int nx) {
  __shared__ float sh[128];
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 4 + threadIdx.y;
  sh[threadIdx.y * 32 + threadIdx.x] = 0.f;
  __syncthreads();
  float v = threadIdx.y == 0 ? A[j * nx + i] : sh[threadIdx.y * 32 + threadIdx.x];
  out[j * nx + i] = v;
}
// CHECK: [[@LINE-5]]:3 store `sh[threadIdx.y * 32 + threadIdx.x]` shared
// CHECK: [[@LINE-4]]:32 load `A[j * nx + i]` {{.*}} spr=1 ideal=1 eff=1 coalesced if-branched=4
// CHECK: [[@LINE-5]]:48 load `sh[threadIdx.y * 32 + threadIdx.x]` shared {{.*}}
// CHECK: [[@LINE-5]]:3 store

// Negative: an index read from memory is a read of its own.
__global__ void loadedIndex(const float *A, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i % 2 ? A[idx[i]] : A[i];
  out[i] = v;
}
// CHECK: [[@LINE-3]]:21 load `A[idx[i]]` gather
// CHECK: [[@LINE-4]]:23 load `idx[i]`
// CHECK: [[@LINE-5]]:33 load `A[i]`
// CHECK: [[@LINE-5]]:3 store

void launch(const float *a, const float *b, const int *idx, float *out) {
  dim3 grid(8, 32), block(32, 4);
  halo<<<grid, block>>>(a, out, 256);
  clamp<<<1, 256>>>(out, a);
  twoArrays<<<grid, block>>>(a, b, out, 256);
  twoSpaces<<<grid, block>>>(a, out, 256);
  loadedIndex<<<64, 256>>>(a, idx, out);
}
