// The tidy module registers every check of lib/Findings/CheckRegistry, the
// shared-memory one included: clang-tidy-19 lists it and reports what the
// CLI reports, under the same name.
// RUN: %clang-tidy --load=%tidy-module --checks='-*,shared-bank-conflict' --list-checks | FileCheck %s --check-prefix=LIST
// LIST: shared-bank-conflict
// RUN: %clang-tidy --load=%tidy-module --checks='-*,shared-bank-conflict' %s -- %tidy-cuda-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// Turned off, the same file is quiet.
// RUN: %clang-tidy --load=%tidy-module --checks='-*,coalescing-*' %s -- %tidy-cuda-flags 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=warning: --implicit-check-not=error:
// OFF-NOT: shared-bank-conflict

// A 32x32 tile read down a column: every lane in bank 0.
__global__ void transposeTile(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: shared-bank-conflict.cu:[[#@LINE-1]]:41: warning: 32-way shared memory bank conflict: lanes 0..31 load 32 different words of 'tile' in bank 0 (32 wavefronts where 1 would do) [shared-bank-conflict]
  // The warning carries the fix (the tile padded to 33 columns) as a fix-it.
  // CHECK-NEXT: {{^ *}}[[#@LINE-6]] |   __shared__ float tile[32][32];
  // CHECK-NEXT: ~~
  // CHECK-NEXT: 33
  // CHECK: shared-bank-conflict.cu:[[#@LINE-6]]:41: note: lane address = tile + 4*(32*threadIdx.x + threadIdx.y)
}

// The same tile padded by one word a row: lanes walking a column fall in 32
// different banks, so nothing is reported.
__global__ void transposePadded(const float *in, float *out) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(const float *in, float *out) {
  transposeTile<<<1, dim3(32, 32)>>>(in, out);
  transposePadded<<<1, dim3(32, 32)>>>(in, out);
}
