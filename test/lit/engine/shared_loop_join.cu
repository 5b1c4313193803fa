// nvcc unrolls a loop whose count it knows, and joins a thread's loads of
// neighbouring elements of a __shared__ array from consecutive iterations
// into one 128-bit (or 64-bit) load, when it can prove the first aligned:
// every term of the offset at the loop's first iteration a multiple of the
// width, in an array it places. Parboil's sgemm (b_s[j][kk], kk < 16) and
// matrixMul's As[ty][k] measure LDS.128 at 2 wavefronts per request on the
// H200, where four 1-wavefront LDS would be predicted otherwise.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT

extern __shared__ float dynamicRows[];

__global__ void rows(float *out, const float *in, int n, int start) {
  __shared__ float s[8][64];
  __shared__ float r[32][16];
  __shared__ float p[32][17];
  unsigned tid = threadIdx.x, w = tid / 32, l = tid % 32;
  s[w][l] = in[tid];
  // CHECK: [[@LINE-1]]:3 store `s[w][l]` shared
  // CHECK: [[@LINE-2]]:13 load `in[tid]`
  r[l][w] = in[tid];
  // CHECK: [[@LINE-1]]:3 store `r[l][w]` shared
  // CHECK: [[@LINE-2]]:13 load `in[tid]`
  p[l][w] = in[tid];
  // CHECK: [[@LINE-1]]:3 store `p[l][w]` shared
  // CHECK: [[@LINE-2]]:13 load `in[tid]`
  __syncthreads();
  float acc = 0.f;
  // Positive: sixteen of the warp's row, one LDS.128 every four: 2
  // wavefronts each.
  for (int k = 0; k < 16; ++k)
    acc += s[w][k];
  // CHECK: [[@LINE-1]]:12 load `s[w][k]` shared addr=s + 4*(64*(threadIdx.x / 32) + iter(k)) wf=2 ideal=2 ways=1 uniform joined=4x16
  // Positive: the row an outer loop picks (sgemm's b_s[j][kk]).
  for (int j = 0; j < 8; ++j)
    for (int kk = 0; kk < 16; ++kk)
      acc += s[j][kk];
  // CHECK: [[@LINE-1]]:14 load `s[j][kk]` shared addr=s + 4*(64*iter(j) + iter(kk)) wf=2 ideal=2 ways=1 uniform joined=4x16
  // Positive: a count of 6 and an even start: 64-bit loads, 1 wavefront.
  for (int k = 0; k < 6; ++k)
    acc += s[w][2 * start + k];
  // CHECK: [[@LINE-1]]:12 load `s[w][2 * start + k]` shared {{.*}} wf=1 ideal=1 ways=1 uniform joined=2x8
  // Positive: each lane its own row of 64 bytes: 128-bit loads, a
  // quarter-warp at a time, its even lanes in banks 0 to 3, its odd ones
  // in banks 16 to 19: 4 wavefronts a quarter-warp.
  for (int k = 0; k < 16; ++k)
    acc += r[l][k];
  // CHECK: [[@LINE-1]]:12 load `r[l][k]` shared addr=r + 4*(16*(threadIdx.x % 32) + iter(k)) wf=16 ideal=4 ways=4 bank-conflict joined=4x16 FLAGGED shared-bank-conflict
  // TEXT: [[@LINE-2]]:12: warning: 4-way shared memory bank conflict: lanes 0, 2, 4 and 6 load 4 different words of 'r' in bank 0 (16 wavefronts where 4 would do)
  // TEXT: note: nvcc unrolls the loop and joins the loads of 4 iterations into one 128-bit load
  // Rows of 17 floats are not 16-byte aligned: the loads stay four bytes,
  // conflict-free, and padding by one element is the fix.
  // TEXT: [[@LINE-6]]:12: note: fix: pad the rows of 'r' by 1 element ([32][17])
  // Negative: from the second element, not known aligned.
  for (int k = 0; k < 16; ++k)
    acc += s[w][k + 1];
  // CHECK: [[@LINE-1]]:12 load `s[w][k + 1]` shared {{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  // Negative: kept a loop.
#pragma unroll 1
  for (int k = 0; k < 16; ++k)
    acc += s[w][k];
  // CHECK: [[@LINE-1]]:12 load `s[w][k]` shared {{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  // Negative: a count the run passes.
  for (int k = 0; k < n; ++k)
    acc += s[w][k];
  // CHECK: [[@LINE-1]]:12 load `s[w][k]` shared {{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  // Negative: every other element.
  for (int k = 0; k < 16; ++k)
    acc += s[w][2 * k];
  // CHECK: [[@LINE-1]]:12 load `s[w][2 * k]` shared {{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  // Negative: rows of 17 floats: the lanes' rows are not known aligned.
  for (int k = 0; k < 16; ++k)
    acc += p[l][k];
  // CHECK: [[@LINE-1]]:12 load `p[l][k]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free{{$}}
  // Negative: an array the launch sizes, aligned as it is declared.
  for (int k = 0; k < 16; ++k)
    acc += dynamicRows[16 * w + k];
  // CHECK: [[@LINE-1]]:12 load `dynamicRows[16 * w + k]` shared {{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  out[tid] = acc;
  // CHECK: [[@LINE-1]]:3 store `out[tid]`
}
