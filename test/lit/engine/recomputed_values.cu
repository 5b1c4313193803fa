// A value the iteration recomputes for the next one from the induction
// variables alone ("pos -= blockDim.x; pos2 = pos / w * n + pos % w"
// closing the body, Chai's PAD; "i += blockDim.x; idx = 4 * i"), which
// entered the loop as the same formula at the first iteration: in
// iteration k it holds the formula at k. One that entered with another
// value, that only some paths recompute or that a continue can skip stays
// unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// Positive: the next element's place, recomputed at the bottom.
__global__ void rotated(const float *in, float *out, int n) {
  int i = threadIdx.x;
  int idx = 4 * i;
  for (int k = 0; k < n; k++) {
    out[idx] = in[i];
    // CHECK: [[@LINE-1]]:5 store `out[idx]` addr=out + 16*(threadIdx.x + 256*iter(k)) spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
    // CHECK: [[@LINE-2]]:16 load `in[i]` addr=in + 4*(threadIdx.x + 256*iter(k)) spr=4 ideal=4 eff=1 coalesced
    i += blockDim.x;
    idx = 4 * i;
  }
}

// Positive: a padded row's place, through a division and a remainder.
__global__ void padded(const float *matrix, float *out, int m, int n, int pad) {
  int pos = blockIdx.x * 4 * blockDim.x + threadIdx.x;
  int row = pos / (n + pad);
  int x = pos % (n + pad);
  int pos2 = row * n + x;
  float s = 0;
#pragma unroll
  for (int j = 0; j < 4; j++) {
    if (x < n)
      s += matrix[pos2];
    // CHECK: [[@LINE-1]]:12 load `matrix[pos2]` addr=matrix + 4*((threadIdx.x + 1024*blockIdx.x + 256*iter(j)) % (n + pad) + n*((threadIdx.x + 1024*blockIdx.x + 256*iter(j)) / (n + pad))) {{.*}}
    pos += blockDim.x;
    row = pos / (n + pad);
    x = pos % (n + pad);
    pos2 = row * n + x;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
}

// Positive: inside a loop around, whose iteration stands still in this
// one.
__global__ void nested(const float *in, float *out, int n) {
  for (int t = blockIdx.x; t < n; t += gridDim.x) {
    int i = t * 1024 + threadIdx.x;
    int idx = 2 * i;
    for (int k = 0; k < 4; k++) {
      out[idx] = in[i];
      // CHECK: [[@LINE-1]]:7 store `out[idx]` addr=out + 8*(threadIdx.x + 1024*blockIdx.x + 256*iter(k) + 1024*iter(t)*gridDim.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
      // CHECK: [[@LINE-2]]:18 load `in[i]` addr=in + 4*(threadIdx.x + 1024*blockIdx.x + 256*iter(k) + 1024*iter(t)*gridDim.x) spr=4 ideal=4 eff=1 coalesced
      i += blockDim.x;
      idx = 2 * i;
    }
  }
}

// Positive: inside a loop around that the warp walks along a list of
// tasks (each the same in every lane, 'carried(t)'), which stands still
// in this one too (Chai's PAD taking its tasks from a queue).
__global__ void queued(const float *in, float *out, const int *nextTask,
                       int first) {
  for (int t = first; t >= 0; t = nextTask[t]) {
    // CHECK: [[@LINE-1]]:35 load `nextTask[t]` addr=nextTask + 4*carried(t) {{.*}} uniform
    int i = t * 1024 + threadIdx.x;
    int idx = 2 * i;
    for (int k = 0; k < 4; k++) {
      out[idx] = in[i];
      // CHECK: [[@LINE-1]]:7 store `out[idx]` addr=out + 8*(threadIdx.x + iter(k)*blockDim.x + 1024*carried(t)) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
      // CHECK: [[@LINE-2]]:18 load `in[i]` addr=in + 4*(threadIdx.x + iter(k)*blockDim.x + 1024*carried(t)) spr=4 ideal=4 eff=1 coalesced
      i += blockDim.x;
      idx = 2 * i;
    }
  }
}

// Negative: it entered with another value (0, not 4 * i at the first
// iteration): unknown.
__global__ void notFirst(const float *in, float *out, int n) {
  int i = threadIdx.x;
  int idx = 0;
  for (int k = 0; k < n; k++) {
    out[idx] = in[i];
    // CHECK: [[@LINE-1]]:5 store `out[idx]` unknown: 'idx' is changed inside a loop
    // CHECK: [[@LINE-2]]:16 load `in[i]` {{.*}} coalesced
    i += blockDim.x;
    idx = 4 * i;
  }
}

// Negative: recomputed on some paths only, or skipped by a continue:
// unknown.
__global__ void sometimes(const float *in, float *out, const int *flags, int n) {
  int i = threadIdx.x;
  int idx = 4 * i, jdx = 4 * i;
  for (int k = 0; k < n; k++) {
    out[idx] = in[jdx];
    // CHECK: [[@LINE-1]]:5 store `out[idx]` unknown: 'idx' is changed inside a loop
    // CHECK: [[@LINE-2]]:16 load `in[jdx]` unknown: 'jdx' is changed inside a loop
    i += blockDim.x;
    if (flags[k])
      idx = 4 * i;
    // CHECK: [[@LINE-2]]:9 load `flags[k]` {{.*}} uniform
    if (k == n / 2)
      continue;
    jdx = 4 * i;
  }
}

int main() {
  float *a, *b;
  int *f;
  rotated<<<64, 256>>>(a, b, 100);
  padded<<<64, 256>>>(a, b, 1000, 1000, 3);
  nested<<<64, 256>>>(a, b, 100);
  notFirst<<<64, 256>>>(a, b, 100);
  sometimes<<<64, 256>>>(a, b, f, 100);
}
