// Pointer parameters, pointer arithmetic, subscripts, *(p + i), size_t casts.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void rows(const float *a, float *out, int cols) {
  int r = blockIdx.x;
  int j = threadIdx.x;
  const float *row = a + r * cols;
  out[r * cols + j] = row[j];
  // CHECK: [[@LINE-1]]:3 store `out[r * cols + j]` addr=out + 4*(threadIdx.x + blockIdx.x*cols) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:23 load `row[j]` addr=a + 4*(threadIdx.x + blockIdx.x*cols) spr=4 ideal=4 eff=1 coalesced
}

__global__ void deref(const float *p, float *q) {
  size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  *(q + i) = *(p + 2 * i);
  // CHECK: [[@LINE-1]]:3 store `*(q + i)` addr=q + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:14 load `*(p + 2 * i)` addr=p + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}

__global__ void walk(float *p) {
  float *q = p + threadIdx.x * 4;
  q += 1;
  q[0] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `q[0]` addr=p + 4*(4*threadIdx.x + 1) spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
  p[1023 - threadIdx.x] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `p[1023 - threadIdx.x]` addr=p + 4*(-threadIdx.x + 1023) spr=4 ideal=4 eff=1 coalesced
}

int main() {
  float *a, *b;
  rows<<<64, 128>>>(a, b, 1000);
  deref<<<64, 256>>>(a, b);
}
