// nvcc unrolls a loop whose count it knows, and joins a thread's loads of
// neighbouring elements of a __shared__ array from consecutive iterations
// into one 128-bit (or 64-bit) load, when it can prove the chunks aligned:
// every term of the offset at the loop's first iteration but a constant a
// multiple of the width, in an array it places, and nothing in the body
// (a store to memory, a division) keeps the loads in place. Parboil's sgemm (b_s[j][kk], kk < 16) and
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
  // Positive: from the second element: ptxas starts at the aligned element
  // before it (measured on the H100: four LDS.128 from element 0, and one
  // LDS for the last).
  for (int k = 0; k < 16; ++k)
    acc += s[w][k + 1];
  // CHECK: [[@LINE-1]]:12 load `s[w][k + 1]` shared {{.*}} wf=2 ideal=2 ways=1 uniform joined=4x16{{$}}
  // Negative: a store to shared memory in the loop keeps the loads in
  // place (measured: sixteen LDS, 1 wavefront each).
  for (int k = 0; k < 16; ++k) {
    acc += s[w][k];
    p[w][k] = acc;
  }
  // CHECK: [[@LINE-3]]:12 load `s[w][k]` shared {{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  // CHECK: [[@LINE-3]]:5 store `p[w][k]` shared
  // Negative: so does a division (measured: LDS.64, then fourteen LDS).
  for (int k = 0; k < 16; ++k)
    acc = s[w][k] - 3.f / acc;
  // CHECK: [[@LINE-1]]:11 load `s[w][k]` shared {{.*}} wf=1 ideal=1 ways=1 uniform{{$}}
  // Positive: a local array written in the loop is registers, no store.
  float c[16];
  for (int k = 0; k < 16; ++k)
    c[k] = s[w][k] * 2.f;
  acc += c[3];
  // CHECK: [[@LINE-2]]:12 load `s[w][k]` shared {{.*}} wf=2 ideal=2 ways=1 uniform joined=4x16{{$}}
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
