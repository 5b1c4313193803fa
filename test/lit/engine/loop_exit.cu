// Where a counted loop leaves its variable when the lanes leave it after
// different counts. Counting by one to a bound the loop does not change,
// with no break, the variable leaves at the bound (max(start, bound) for
// "i < bound"); by a constant step s, at the first start + k*s past it:
// an exact lane expression when the bound or the start is the lane's own,
// and when the bound is loaded (Rodinia huffman pack2:
// for (i = 1; i < bitsize / 32; i++) with bitsize = cindex[tid], then
// srcData[offset + i], measured 15.4 sectors per request for 2 ideal on the
// H200) an unknown that is the data's, so that an access at the lane's row
// plus that column is a row of its own, flagged by coalescing-strided.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|load\+store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

__global__ void tailAfterLoadedBound(const unsigned *src, const unsigned *len,
                                     unsigned *dst) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned offset = tid * 64;
  unsigned bitsize = len[tid];
  // CHECK: [[@LINE-1]]:22 load `len[tid]` {{.*}} coalesced
  unsigned i, acc = 0;
  for (i = 1; i < bitsize / 32; i++)
    acc += 1;
  dst[tid] = src[offset + i] + acc;
  // CHECK: [[@LINE-1]]:3 store `dst[tid]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:14 load `src[offset + i]` strided: depends on 'len[tid]', loaded from memory, where the loop over 'i' ends FLAGGED coalescing-strided
  // TEXT: loop_exit.cu:[[#@LINE-3]]:14: warning: strided load: each lane indexes a row of its own, rows 256 bytes apart, at a column it loaded (the address depends on 'len[tid]', loaded from memory, where the loop over 'i' ends); up to 32 sectors per request, one a lane, unless the loaded columns undo the rows [coalescing-strided]
}

// The lane's own bound: i leaves at max(0, threadIdx.x), which is the lane.
// Counting down to it: min(start, bound - 1) for "i >= bound".
__global__ void tailAfterLaneBound(const float *in, float *out) {
  int i;
  for (i = 0; i < (int)threadIdx.x; i++)
    ;
  out[blockIdx.x * 32 + i] = in[blockIdx.x * 32 + i];
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 32 + i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:30 load `in[blockIdx.x * 32 + i]` {{.*}} coalesced
  int j;
  for (j = 1000; j >= (int)threadIdx.x * 2; --j)
    ;
  out[j + 1] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[j + 1]` addr=out + 4*(min(2*threadIdx.x - 1, 1000) + 1) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // TEXT: loop_exit.cu:[[#@LINE-2]]:3: warning: strided store
}

// A strided walk each lane starts at its own place, then walks back down
// from where it left (llm.c's fused_residual_forward_kernel4, a warp a row
// of C = 768 floats, four a lane): every lane leaves at its start plus
// 6 * 128, and the walk back reads the rows' last stretch, coalesced.
__global__ void zigzag(const float *in, float *out, int C) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  in += C * row;
  out += C * row;
  int c = threadIdx.x * 4;
  float sum = 0.0f;
  for (; c < C; c += 32 * 4)
    sum += in[c];
  // CHECK: [[@LINE-1]]:12 load `in[c]` {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
  c -= 32 * 4;
  for (; c >= 0; c -= 32 * 4)
    *reinterpret_cast<float4 *>(out + c) = make_float4(sum, sum, sum, sum);
  // CHECK: [[@LINE-1]]:5 store `*reinterpret_cast<float4 *>(out + c)` addr=out + 4*(4*threadIdx.x + 128*((-4*threadIdx.x + max(C, 4*threadIdx.x) + 127) / 128){{.*}} spr=16 ideal=16 eff=1 coalesced
  // TEXT: loop_exit.cu:[[#@LINE-6]]:12: warning: strided load
}

// Counting down by 64 from the lane's own start: lane 0 leaves 999 at -25,
// lane 31 leaves 968 at -56; 64 past that, 39 down to 8, one row.
__global__ void downByStep(float *out, int n) {
  int i = n - 1 - threadIdx.x;
  for (; i >= 0; i -= 64)
    out[i] = 0.0f;
  // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  out[i + 64] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[i + 64]` addr=out + 4*(-threadIdx.x - 64*((-threadIdx.x - min(-threadIdx.x + n - 1, -1) + n + 62) / 64) + n + 63) spr=4 ideal=4 eff=1 coalesced
}

// A step of two to a loaded bound ends where the data says, as by one.
__global__ void loadedBoundByTwo(const unsigned *len, unsigned *dst) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned n = len[tid];
  // CHECK: [[@LINE-1]]:16 load `len[tid]` {{.*}} coalesced
  unsigned s;
  for (s = 0; s < n; s += 2)
    ;
  dst[tid * 64 + s] = 3;
  // CHECK: [[@LINE-1]]:3 store `dst[tid * 64 + s]` strided: depends on 'len[tid]', loaded from memory, where the loop over 's' ends FLAGGED coalescing-strided
  // TEXT: loop_exit.cu:[[#@LINE-2]]:3: warning: strided store
}

// Negative: a loop a lane may leave early (break), a bound the loop
// changes, a step the loop changes, and rows closer than a sector stay as
// they were: unknown, or a gather (off by default).
__global__ void tailsNotFollowed(const unsigned *src, const unsigned *len,
                                 const unsigned *keys, unsigned *dst,
                                 unsigned *hist) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned n = len[tid];
  // CHECK: [[@LINE-1]]:16 load `len[tid]` {{.*}} coalesced
  unsigned i;
  for (i = 0; i < n; i++)
    if (keys[tid * 64 + i] == 0)
      break;
  // CHECK: [[@LINE-2]]:9 load `keys[tid * 64 + i]` {{.*}} chunked FLAGGED coalescing-chunked
  // TEXT: loop_exit.cu:[[#@LINE-3]]:9: warning: chunked load
  dst[tid * 64 + i] = 1;
  // CHECK: [[@LINE-1]]:3 store `dst[tid * 64 + i]` unknown: 'i' is its value after a loop{{$}}
  unsigned k, m = n;
  for (k = 0; k < m; k++)
    m -= 1;
  dst[tid * 64 + k] = 2;
  // CHECK: [[@LINE-1]]:3 store `dst[tid * 64 + k]` unknown: 'k' is its value after a loop{{$}}
  unsigned s, step = 1;
  for (s = 0; s < n; s += step)
    step *= 2;
  dst[tid * 64 + s] = 3;
  // CHECK: [[@LINE-1]]:3 store `dst[tid * 64 + s]` unknown: 's' is its value after a loop{{$}}
  unsigned c;
  for (c = 0; c < n; c++)
    ;
  hist[tid * 4 + c] += 1;
  // CHECK: [[@LINE-1]]:3 load+store `hist[tid * 4 + c]` gather: depends on 'len[tid]', loaded from memory, where the loop over 'c' ends{{$}}
}

// A condition that is no comparison, with the variable on its right
// (n - i): no bound to read. This crashed the walk (a comparison's mirror
// asked of a subtraction) until 2026-12-03.
__global__ void notAComparison(float *out, int n) {
  int i;
  for (i = 0; n - i; ++i)
    out[threadIdx.x * 64 + i] = 0;
  // CHECK: [[@LINE-1]]:5 store `out[threadIdx.x * 64 + i]` {{.*}} chunked FLAGGED coalescing-chunked
  // TEXT: loop_exit.cu:[[#@LINE-2]]:5: warning: chunked store
  out[threadIdx.x + i] = 1;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x + i]` addr=out + 4*(threadIdx.x + iterations(i)) {{.*}} coalesced depends iterations(i)%8=[4,5,5,5,5,5,5,5]{{$}}
}

void launch(const float *in, float *out) {
  zigzag<<<256, dim3(32, 4)>>>(in, out, 768);
  downByStep<<<1, 32>>>(out, 1000);
}
