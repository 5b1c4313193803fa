// cuda-coalesce --fix pads the rows of a conflicting __shared__ tile (4- and
// 8-byte elements, a literal or a macro size) when every use indexes an
// element and the bank model finds the padded layout conflict-free; a tile
// under sizeof or used as a pointer is left as it is, with a note.
// RUN: cp %s %t.cu
// RUN: %exitcode %coalesce --no-cache --fix %t.cu | FileCheck %s --check-prefix=RUN1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %coalesce --no-cache %t.cu 2>/dev/null | FileCheck %s --check-prefix=AFTER --implicit-check-not=warning:
// RUN: %coalesce --no-cache %s 2>/dev/null | FileCheck %s --check-prefix=NOTES

#define TILE 32

__global__ void transposeFloat(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  // FIXED: {{^}}  __shared__ float tile[32][33];{{$}}
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  // NOTES: shared-bank-conflict.cu:[[#@LINE-1]]:20: warning: 32-way shared memory bank conflict
  // NOTES: note: fix: pad the rows of 'tile' by 1 element ([32][33]): the bank model finds its 2 accesses conflict-free then
}

__global__ void transposeDouble(const double *in, double *out, int n) {
  __shared__ double tile[TILE][TILE];
  // FIXED: {{^}}  __shared__ double tile[TILE][TILE + 1];{{$}}
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  // NOTES: shared-bank-conflict.cu:[[#@LINE-1]]:20: warning: 16-way shared memory bank conflict
  // NOTES: note: fix: pad the rows of 'tile' by 1 element ([TILE][TILE + 1])
}

// Negative: the tile's size is read, so padding would change the program.
__global__ void sized(float *out) {
  __shared__ float t2[32][32];
  // FIXED: {{^}}  __shared__ float t2[32][32];{{$}}
  t2[threadIdx.y][threadIdx.x] = sizeof(t2);
  __syncthreads();
  out[threadIdx.x] = t2[threadIdx.x][threadIdx.y];
  // NOTES: shared-bank-conflict.cu:[[#@LINE-1]]:22: warning: 32-way shared memory bank conflict
  // NOTES: note: no automatic fix: 't2' is under sizeof at line [[#@LINE-4]]: its size would change with the padding
  // AFTER: shared-bank-conflict.cu.tmp.cu:[[#@LINE-3]]:22: warning: 32-way shared memory bank conflict
}

// Negative: a row is walked through a pointer.
__global__ void rowPointer(float *out) {
  __shared__ float t3[32][32];
  // FIXED: {{^}}  __shared__ float t3[32][32];{{$}}
  float *row = t3[threadIdx.y];
  row[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t3[threadIdx.x][threadIdx.y];
  // NOTES: shared-bank-conflict.cu:[[#@LINE-1]]:22: warning: 32-way shared memory bank conflict
  // NOTES: note: no automatic fix: 't3' has a row used as a pointer at line [[#@LINE-5]]: pointer arithmetic across rows would cross the padding
  // AFTER: shared-bank-conflict.cu.tmp.cu:[[#@LINE-3]]:22: warning: 32-way shared memory bank conflict
}

// Negative: padded, the array would pass the 48 KB of static shared memory.
__global__ void tooBig(float *out) {
  __shared__ float big[96][128];
  // FIXED: {{^}}  __shared__ float big[96][128];{{$}}
  big[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = big[threadIdx.x][threadIdx.y];
  // NOTES: shared-bank-conflict.cu:[[#@LINE-1]]:22: warning: 32-way shared memory bank conflict
  // NOTES: note: no automatic fix: padded, 'big' would take 49536 bytes, more than the 48 KB of static shared memory a kernel may declare
  // AFTER: shared-bank-conflict.cu.tmp.cu:[[#@LINE-3]]:22: warning: 32-way shared memory bank conflict
}

void host(const float *a, float *b, const double *c, double *d) {
  transposeFloat<<<dim3(64, 64), dim3(32, 32)>>>(a, b, 2048);
  transposeDouble<<<dim3(64, 64), dim3(32, 32)>>>(c, d, 2048);
  sized<<<1, dim3(32, 32)>>>(b);
  rowPointer<<<1, dim3(32, 32)>>>(b);
  tooBig<<<1, dim3(32, 32)>>>(b);
}

// RUN1: cuda-coalesce: fixed {{.*}}.tmp.cu:19: pad the rows of 'tile' (line 14) to [32][33] [shared-bank-conflict]
// RUN1-NEXT: cuda-coalesce: fixed {{.*}}.tmp.cu:30: pad the rows of 'tile' (line 25) to [TILE][TILE + 1] [shared-bank-conflict]
// RUN1-NEXT: cuda-coalesce: applied 2 fixes
// RUN1: exit: 1
