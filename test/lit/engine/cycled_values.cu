// Values that come back every few iterations of a loop: two buffers swapped
// by pointer ("t = src; src = dst; dst = t"), three rotated, an index
// toggled ("cur = 1 - cur", "buf ^= 1"). In iteration k each holds the k-th
// value of its cycle, and after a loop that runs N whole iterations the
// N-th; shared buffers stay shared.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// Ping-pong between two __shared__ arrays: every access is shared, the
// stride-2 read a 2-way conflict, in whichever array the iteration reads.
__global__ void pingPong(float *out, const float *in, int n) {
  __shared__ float a[512];
  __shared__ float b[512];
  float *src = a, *dst = b;
  src[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `src[threadIdx.x]` shared addr=a + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` addr=in + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  __syncthreads();
  for (int s = 1; s < n; s *= 2) {
    dst[threadIdx.x] = src[2 * threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `dst[threadIdx.x]` shared addr=(iter(s) % 2 == 0 ? b : a) + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
    // CHECK: [[@LINE-2]]:24 load `src[2 * threadIdx.x]` shared addr=(iter(s) % 2 == 0 ? a : b) + 8*threadIdx.x wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
    __syncthreads();
    float *t = src;
    src = dst;
    dst = t;
  }
  out[threadIdx.x] = src[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `src[threadIdx.x]` shared addr=(iterations(s) % 2 == 0 ? a : b) + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
}

// Four iterations, a count the analysis knows: the buffer written last
// is read after the loop.
__global__ void pingPongFour(float *out) {
  __shared__ float a[256];
  __shared__ float b[256];
  float *src = a, *dst = b;
  for (int s = 0; s < 4; ++s) {
    dst[threadIdx.x] = src[threadIdx.x] + 1.f;
    float *t = src;
    src = dst;
    dst = t;
  }
  out[threadIdx.x] = src[threadIdx.x];
  // CHECK: [[@LINE-6]]:5 store `dst[threadIdx.x]` shared addr=(iter(s) % 2 == 0 ? b : a) + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
  // CHECK: [[@LINE-7]]:24 load `src[threadIdx.x]` shared addr=(iter(s) % 2 == 0 ? a : b) + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
  // CHECK: [[@LINE-3]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-4]]:22 load `src[threadIdx.x]` shared addr=a + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
}

// Three time levels rotated (a wave equation's prev, cur, next): the
// allocation changes, the lanes' pattern does not.
__global__ void rotate(float *p0, float *p1, float *p2, int steps) {
  float *prev = p0, *cur = p1, *next = p2;
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  for (int t = 0; t < steps; ++t) {
    next[i] = 2.f * cur[i] - prev[i] + cur[i - 1] + cur[i + 1];
    // CHECK: [[@LINE-1]]:5 store `next[i]` addr=(iter(t) % 3 == 0 ? p2 : (iter(t) % 3 == 1 ? p0 : p1)) + 4*(threadIdx.x + 256*blockIdx.x + 1) spr=5 ideal=4 eff=0.8 misaligned
    // CHECK: [[@LINE-2]]:21 load `cur[i]` addr=(iter(t) % 3 == 0 ? p1 : (iter(t) % 3 == 1 ? p2 : p0)) + 4*(threadIdx.x + 256*blockIdx.x + 1) spr=5 ideal=4 eff=0.8 misaligned
    // CHECK: [[@LINE-3]]:30 load `prev[i]` addr=(iter(t) % 3 == 0 ? p0 : (iter(t) % 3 == 1 ? p1 : p2)) + 4*(threadIdx.x + 256*blockIdx.x + 1) spr=5 ideal=4 eff=0.8 misaligned
    // CHECK: [[@LINE-4]]:40 load `cur[i - 1]` addr=(iter(t) % 3 == 0 ? p1 : (iter(t) % 3 == 1 ? p2 : p0)) + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
    // CHECK: [[@LINE-5]]:53 load `cur[i + 1]` addr=(iter(t) % 3 == 0 ? p1 : (iter(t) % 3 == 1 ? p2 : p0)) + 4*(threadIdx.x + 256*blockIdx.x + 2) spr=5 ideal=4 eff=0.8 misaligned
    float *r = prev;
    prev = cur;
    cur = next;
    next = r;
  }
}

// A 0/1 index toggled: the odd iterations read one float further, 5
// sectors where 4 would do; after 8 iterations it is 0 again.
__global__ void toggle(float *out, const float *in) {
  int cur = 0;
  float acc = 0.f;
  for (int t = 0; t < 8; ++t) {
    acc += in[blockIdx.x * 256 + threadIdx.x + cur];
    // CHECK: [[@LINE-1]]:12 load `in[blockIdx.x * 256 + threadIdx.x + cur]` addr=in + 4*(threadIdx.x + 256*blockIdx.x + (iter(t) % 2 == 0 ? 0 : 1)) spr=4.5 ideal=4 eff=0.8889 warps=4..5/4 misaligned
    cur = 1 - cur;
  }
  out[blockIdx.x * 256 + threadIdx.x + cur] = acc;
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 256 + threadIdx.x + cur]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}

// The same with xor, on a shared double buffer whose rows are 33 floats.
__global__ void xorToggle(float *out, const float *in, int k) {
  __shared__ float tile[2][33 * 32];
  int buf = 0;
  for (int t = 0; t < k; ++t) {
    tile[buf][33 * threadIdx.x] = in[t * 32 + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `tile[buf][33 * threadIdx.x]` shared addr=tile + 132*(threadIdx.x + 32*(iter(t) % 2 == 0 ? 0 : 1)) wf=1 ideal=1 ways=1 conflict-free
    // CHECK: [[@LINE-2]]:35 load `in[t * 32 + threadIdx.x]` addr=in + 4*(threadIdx.x + 32*iter(t)) spr=4 ideal=4 eff=1 coalesced
    __syncthreads();
    buf ^= 1;
  }
  out[threadIdx.x] = tile[buf][threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `tile[buf][threadIdx.x]` shared addr=tile + 4*(threadIdx.x + 1056*(0 < k ? ((k - 1) % 2 == 0 ? 0 : 1) ^ 1 : 0)) wf=1 ideal=1 ways=1 conflict-free
}

// Two integer offsets swapped.
__global__ void offsetSwap(float *out, const float *in) {
  int a = 0, b = 8;
  for (int t = 0; t < 3; ++t) {
    out[blockIdx.x * 256 + threadIdx.x + a] = in[t];
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x * 256 + threadIdx.x + a]` addr=out + 4*(threadIdx.x + 256*blockIdx.x + (iter(t) % 2 == 0 ? 0 : 8)) spr=4 ideal=4 eff=1 coalesced
    // CHECK: [[@LINE-2]]:47 load `in[t]` addr=in + 4*iter(t) spr=1 ideal=1 eff=0.125 uniform
    int x = a;
    a = b;
    b = x;
  }
}

// Negatives. A swap only where the data says, a swap a continue may skip:
// which buffer an iteration reads is not known.
__global__ void swapWhere(float *out, const float *in, const int *flags) {
  __shared__ float a[256];
  __shared__ float b[256];
  float *src = a, *dst = b;
  for (int t = 0; t < 8; ++t) {
    dst[threadIdx.x] = src[threadIdx.x] + in[t];
    // CHECK: [[@LINE-1]]:5 store `dst[threadIdx.x]` unknown: 'dst' is changed inside a loop
    // CHECK: [[@LINE-2]]:24 load `src[threadIdx.x]` unknown: 'src' is changed inside a loop
    // CHECK: [[@LINE-3]]:43 load `in[t]` addr=in + 4*iter(t) spr=1 ideal=1 eff=0.125 uniform
    if (flags[t]) {
    // CHECK: [[@LINE-1]]:9 load `flags[t]` addr=flags + 4*iter(t) spr=1 ideal=1 eff=0.125 uniform
      float *x = src;
      src = dst;
      dst = x;
    }
  }
  out[threadIdx.x] = src[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `src[threadIdx.x]` unknown: 'src' is its value after a loop
}
__global__ void swapSkipped(float *out, const float *in) {
  __shared__ float a[256];
  __shared__ float b[256];
  float *src = a, *dst = b;
  for (int t = 0; t < 8; ++t) {
    dst[threadIdx.x] = src[threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `dst[threadIdx.x]` unknown: 'dst' is changed inside a loop
    // CHECK: [[@LINE-2]]:24 load `src[threadIdx.x]` unknown: 'src' is changed inside a loop
    if (in[t] > 0.f)
    // CHECK: [[@LINE-1]]:9 load `in[t]` addr=in + 4*iter(t) spr=1 ideal=1 eff=0.125 uniform
      continue;
    float *x = src;
    src = dst;
    dst = x;
  }
  out[threadIdx.x] = src[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `src[threadIdx.x]` unknown: 'src' is its value after a loop
}
// Not a cycle: 0, 3, -3, 9, ... never comes back.
__global__ void neverBack(float *out, const float *in) {
  int cur = 0;
  for (int t = 0; t < 8; ++t)
    cur = 3 - 2 * cur;
  out[threadIdx.x] = in[threadIdx.x + cur];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x + cur]` unknown: 'cur' is its value after a loop
}
// Half the warp in one shared array, half in the other: the banks they
// meet in are the layout's, not the code's.
__global__ void laneChoice(float *out) {
  __shared__ float a[256];
  __shared__ float b[256];
  float *p = threadIdx.x < 16 ? a : b;
  out[threadIdx.x] = p[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `p[threadIdx.x]` unknown: array 'threadIdx.x < 16 ? a : b' is not one we can follow
}

int main() {
  float *f;
  int *g;
  pingPong<<<1, 256>>>(f, f, 256);
  pingPongFour<<<1, 256>>>(f);
  rotate<<<64, 256>>>(f, f, f, 10);
  toggle<<<64, 256>>>(f, f);
  xorToggle<<<1, 32>>>(f, f, 5);
  offsetSwap<<<64, 256>>>(f, f);
  swapWhere<<<1, 256>>>(f, f, g);
  swapSkipped<<<1, 256>>>(f, f);
  neverBack<<<1, 256>>>(f, f);
  laneChoice<<<1, 32>>>(f);
}

