// Blocks smaller than a warp leave lanes empty; block sizes assigned after
// the declaration are followed; rows that are each contiguous but start
// mid-sector are misaligned (a note), not strided; values of induction
// variables after their loop keep their lane pattern.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void halfWarp(const float *in, float *out, int cols) {
  out[threadIdx.x] = in[blockIdx.x * cols + threadIdx.x + 1];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=2 ideal=2 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[blockIdx.x * cols + threadIdx.x + 1]` addr=in + 4*(threadIdx.x + blockIdx.x*cols + 1) spr=3 ideal=2 eff=0.6667 misaligned
}

__global__ void rows16(const float *w, float *out, int hid) {
  int index = (hid + 1) * threadIdx.y + threadIdx.x + 1;
  out[index] = w[threadIdx.x + 1];
  // CHECK: [[@LINE-1]]:3 store `out[index]` addr=out + 4*(threadIdx.x + threadIdx.y + threadIdx.y*hid + 1) spr=5 ideal=4 eff=0.8 misaligned
  // CHECK: [[@LINE-2]]:16 load `w[threadIdx.x + 1]` addr=w + 4*(threadIdx.x + 1) spr=3 ideal=2 eff=0.6667 misaligned
}

__global__ void narrow(float *a) { a[threadIdx.y * 1024 + threadIdx.x] = 0.0f; }
// CHECK: [[@LINE-1]]:36 store `a[threadIdx.y * 1024 + threadIdx.x]` addr=a + 4*(threadIdx.x + 1024*threadIdx.y) spr=4 ideal=2 eff=0.5 strided FLAGGED coalescing-strided

__global__ void afterLoop(float *t, int xy, int nz) {
  int c = blockIdx.x * 256 + threadIdx.x;
  for (int k = 0; k < nz; ++k)
    c += xy;
  t[c] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `t[c]` addr=t + 4*(threadIdx.x + 256*blockIdx.x + xy*iterations(k)) spr=4 ideal=4 eff=1 coalesced
}

int main() {
  float *a;
  dim3 line;
  line.x = 16;
  halfWarp<<<64, line>>>(a, a, 100);
  rows16<<<1, dim3(16, 16)>>>(a, a, 16);
  int side;
  side = 4;
  narrow<<<1, dim3(side, side)>>>(a);
  afterLoop<<<64, 256>>>(a, 65536, 8);
}
