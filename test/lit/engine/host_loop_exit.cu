// A launch after a host loop that steps its arguments: the loop is run as
// the host runs it, from its variables' values at its start, while its
// condition holds ("for (; log2N > 11; log2N -= 2, N >>= 2)" then
// "k<<<M, N / 4>>>(log2N)", a multi-pass reduction's "while (n > 256)
// n = (n + 255) / 256" before its last pass). Every variable the loop's
// condition or steps read must be written on every iteration, by =, op=,
// ++ or --, and nothing may leave the loop early. Otherwise the argument
// stays unknown, or assumed as any parameter (1048576).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT

#define ELEMENTARY_LOG2SIZE 11

// log2N leaves the loop at 11 (23, 21, ..., 11), N at 2048, so the block
// is 512 threads and 1 << log2N is 2048.
__global__ void radix4(float *data, int log2N) {
  const int N = 1 << log2N;
  float *base = data + (blockIdx.x << log2N);
  base[threadIdx.x * 4] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `base[threadIdx.x * 4]` addr=data + 4*(4*threadIdx.x + blockIdx.x*(1 << log2N)) spr=16 ideal=4 {{.*}} strided FLAGGED
  base[threadIdx.x + blockDim.x] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `base[threadIdx.x + blockDim.x]` addr=data + 4*(threadIdx.x + blockIdx.x*(1 << log2N) + 512) spr=4 ideal=4 {{.*}} coalesced
  base[threadIdx.x * (N / 1024)] = 2.f;
  // CHECK: [[@LINE-1]]:3 store `base[threadIdx.x * (N / 1024)]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED
  // TEXT: [[@LINE-2]]:3: note: lane address = {{.*}}, assuming log2N = 11
}

// The last pass of a reduction: n leaves the loop at 16 (1048576, 4096,
// 16): lanes 64 bytes apart, a sector each.
__global__ void lastPass(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided FLAGGED
  // TEXT: [[@LINE-3]]:22: note: lane address = in + 4*threadIdx.x*n, assuming n = 16
}

// Negatives: a loop left early, one that steps n only under an if, and
// one whose iteration a continue inside a switch ends before n's step (the
// continue is the loop's, not the switch's).
__global__ void leftEarly(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} strided unless n == 1 FLAGGED
  // TEXT: [[@LINE-3]]:22: note: lane address = in + 4*threadIdx.x*n, assuming n = 1048576
}
__global__ void stepUnderIf(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} strided unless n == 1 FLAGGED
  // TEXT: [[@LINE-3]]:22: note: lane address = in + 4*threadIdx.x*n, assuming n = 1048576
}

__global__ void continuedInSwitch(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} strided unless n == 1 FLAGGED
  // TEXT: [[@LINE-3]]:22: note: lane address = in + 4*threadIdx.x*n, assuming n = 1048576
}

void fwt(float *d, int M, int log2N) {
  int N = 1 << log2N;
  for (; log2N > ELEMENTARY_LOG2SIZE; log2N -= 2, N >>= 2, M <<= 2) {
  }
  radix4<<<M, N / 4>>>(d, log2N);
}

void reduce(const float *in, float *out, int n, bool odd) {
  while (n > 16) {
    n = (n + 255) / 256;
  }
  lastPass<<<1, 32>>>(in, out, n);
  int m = n;
  for (int i = 0; i < 8; ++i) {
    if (i == 3)
      break;
    m *= 2;
  }
  leftEarly<<<1, 32>>>(in, out, m);
  int k = n;
  while (k < 100) {
    if (odd)
      k += 1;
    k *= 2;
  }
  stepUnderIf<<<1, 32>>>(in, out, k);
  int c = n;
  for (int i = 0; i < 4; ++i) {
    switch (i) {
    case 2:
      continue;
    default:
      break;
    }
    c *= 2;
  }
  continuedInSwitch<<<1, 32>>>(in, out, c);
}

int main() {
  float *d = nullptr;
  fwt(d, 1, 23);
  reduce(d, d, 1 << 20, true);
}
