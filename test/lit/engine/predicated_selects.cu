// A conditional operator with short arms on the thread is if-converted:
// nvcc selects between the arms' values, each load issued under its
// predicate by every warp, so warps whose lanes all take the other arm
// make a request of no sectors. Parboil's stencil reads its halo as
// 'y_h_bound ? A0[...] : sh_A0[...]' in its z loop: 0.99 sectors per
// request on the H200 (one warp of four with a lane on, 4 sectors each),
// where the branched mean is 4. Unlike an if's body, this holds for global
// memory inside a loop too.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void halo(const float *A, float *out, int nx, int nz) {
  extern __shared__ float sh[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  const bool top = threadIdx.y == blockDim.y - 1;
  sh[threadIdx.y * blockDim.x + threadIdx.x] = A[j * nx + i];
  // CHECK: [[@LINE-1]]:3 store `sh[{{.*}}]` shared
  // CHECK: [[@LINE-2]]:48 load `A[j * nx + i]`
  __syncthreads();
  for (int k = 1; k < nz - 1; k++) {
    // Positive: an lvalue conditional (both arms float lvalues), one warp
    // of four takes the global arm.
    float up = top ? A[k * 65536 + (j + 1) * nx + i]
                   : sh[(threadIdx.y + 1) * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-2]]:22 load `A[k * 65536 + (j + 1) * nx + i]` {{.*}} spr=1 ideal=1 eff=1 coalesced if-branched=4
    // CHECK: [[@LINE-2]]:22 load `sh[{{.*}}]` shared {{.*}} wf=0.75 ideal=0.75 ways=1 conflict-free if-branched=1
    // Positive: a value for the other arm.
    float down = threadIdx.y == 0 ? A[k * 65536 + (j - 1) * nx + i] : 0.f;
    // CHECK: [[@LINE-1]]:37 load `A[k * 65536 + (j - 1) * nx + i]` {{.*}} spr=1 ideal=1 eff=1 coalesced if-branched=4
    // Negative: a guard on the block, which switches whole blocks off
    // (warps of other blocks issue nothing, predicated or not).
    float far = blockIdx.y == 0 ? A[k * 65536 + 2 * nx + i] : 0.f;
    // CHECK: [[@LINE-1]]:35 load `A[k * 65536 + 2 * nx + i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
    out[k * 65536 + j * nx + i] = up + down + far;
    // CHECK: [[@LINE-1]]:5 store `out[k * 65536 + j * nx + i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  }
}

int main() {
  float *p;
  halo<<<dim3(8, 8), dim3(32, 4), 512>>>(p, p, 256, 64);
}
