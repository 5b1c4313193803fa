// RUN: %coalesce %s 2>/dev/null | FileCheck %s --implicit-check-not=warning:
// RUN: %coalesce --explain %s 2>/dev/null | FileCheck %s --check-prefix=EXPLAIN
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --check-prefix=JSON
// RUN: %coalesce --checks=-shared-bank-conflict %s 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=warning:

// The 32x32 tile read down a column: every lane in bank 0.

__global__ void columnRead(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: shared-bank-conflict.cu:[[#@LINE-1]]:41: warning: 32-way shared memory bank conflict: lanes 0..31 load 32 different words of 'tile' in bank 0 (32 wavefronts where 1 would do) [shared-bank-conflict]
  // CHECK: note: lane address = tile + 4*(32*threadIdx.x + threadIdx.y)
  // CHECK-NEXT: note: lanes are 128 bytes apart; bank = (byte offset / 4) mod 32
  // CHECK-NEXT: note: pad each row by one word (e.g. 'float tile[32][33]')
  // EXPLAIN: warning: 32-way shared memory bank conflict
  // EXPLAIN: banks: lane -> bank of its first word (32 banks of 4 bytes), * in bank 0
  // EXPLAIN-NEXT: {{^}}    lanes  0-15:   0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*{{$}}
  // EXPLAIN-NEXT: {{^}}    lanes 16-31:   0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*{{$}}
  // JSON: [[#@LINE-9]]:41 load `tile[threadIdx.x][threadIdx.y]` shared addr=tile + 4*(32*threadIdx.x + threadIdx.y) wf=32 ideal=1 ways=32 bank-conflict FLAGGED shared-bank-conflict
}

__global__ void strideTwo(float *out) {
  __shared__ float buf[64];
  buf[threadIdx.x * 2] = 1.0f;
  // CHECK: shared-bank-conflict.cu:[[#@LINE-1]]:3: warning: 2-way shared memory bank conflict: lanes 0 and 16 store 2 different words of 'buf' in bank 0 (2 wavefronts where 1 would do) [shared-bank-conflict]
  // EXPLAIN: warning: 2-way shared memory bank conflict
  // EXPLAIN: lanes  0-15:   0*  2   4   6   8  10  12  14  16  18  20  22  24  26  28  30{{$}}
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void histogram(const int *keys, int *out) {
  __shared__ int bins[32 * 32];
  atomicAdd(&bins[threadIdx.x * 32], 1);
  // CHECK: shared-bank-conflict.cu:[[#@LINE-1]]:3: warning: 32-way shared memory bank conflict: lanes 0..31 update 32 different words of 'bins' in bank 0 (32 wavefronts where 1 would do) [shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = bins[threadIdx.x];
}

__global__ void dynamicTile(float *out) {
  extern __shared__ double dyn[];
  dyn[threadIdx.x * 16] = 0.0;
  // CHECK: shared-bank-conflict.cu:[[#@LINE-1]]:3: warning: 16-way shared memory bank conflict: lanes 0..15 store 16 different words of 'dyn' in bank 0 (32 wavefronts where 2 would do) [shared-bank-conflict]
  // CHECK: note: a 64-bit access is served 16 lanes at a time: 2 wavefronts is its ideal
  __syncthreads();
  out[threadIdx.x] = dyn[threadIdx.x];
}

__global__ void cube(float *out) {
  __shared__ float vol[8][8][32];
  vol[threadIdx.x % 8][threadIdx.x / 8][0] = 1.0f;
  // CHECK: shared-bank-conflict.cu:[[#@LINE-1]]:3: warning: 32-way shared memory bank conflict: lanes 0..31 store 32 different words of 'vol' in bank 0 (32 wavefronts where 1 would do) [shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = vol[0][0][threadIdx.x];
}

__global__ void halfWarpRows(float *out) {
  __shared__ float tile[16][16];
  tile[threadIdx.x][threadIdx.y] = 1.0f;
  // A 16x16 block (from the launch): a warp holds two rows of threadIdx.y.
  // CHECK: shared-bank-conflict.cu:[[#@LINE-2]]:3: warning: 8-way shared memory bank conflict: 8 lanes (0, 2, 4, ...) store 8 different words of 'tile' in bank 0 (8 wavefronts where 1 would do) [shared-bank-conflict]
  // CHECK: note: lane address = tile + 4*(16*threadIdx.x + threadIdx.y)
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}

// Quiet: padding, a broadcast, an XOR swizzle, doubles and float3s side by side.
__global__ void quiet(const float *in, float *out) {
  __shared__ float padded[32][33];
  __shared__ float swz[32][32];
  __shared__ double d[64];
  __shared__ float3 v[64];
  padded[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  swz[threadIdx.y][threadIdx.x ^ threadIdx.y] = in[threadIdx.x];
  d[threadIdx.x] = in[threadIdx.x];
  v[threadIdx.x] = make_float3(1.0f, 2.0f, 3.0f);
  __syncthreads();
  float a = padded[threadIdx.x][threadIdx.y];
  float b = swz[threadIdx.x][threadIdx.y ^ threadIdx.x];
  // JSON: [[#@LINE-1]]:13 load `swz[threadIdx.x][threadIdx.y ^ threadIdx.x]` shared addr={{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  float c = padded[3][threadIdx.y];
  // JSON: [[#@LINE-1]]:13 load `padded[3][threadIdx.y]` shared addr={{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  float e = float(d[threadIdx.x]) + v[threadIdx.x].y;
  // JSON: [[#@LINE-1]]:19 load `d[threadIdx.x]` shared addr={{.*}} wf=2 ideal=2 ways=1 conflict-free{{$}}
  out[threadIdx.y * 32 + threadIdx.x] = a + b + c + e;
}

// OFF: cuda-coalesce: 1 file, 7 kernels, 11 global accesses, 0 flagged

int main() {
  float *f;
  int *i;
  columnRead<<<1, dim3(32, 32)>>>(f, f);
  strideTwo<<<1, 32>>>(f);
  histogram<<<1, 32>>>(i, i);
  dynamicTile<<<1, 32, 32 * 16 * sizeof(double)>>>(f);
  cube<<<1, 64>>>(f);
  halfWarpRows<<<1, dim3(16, 16)>>>(f);
  quiet<<<1, dim3(32, 32)>>>(f, f);
}
