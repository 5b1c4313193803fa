// nvcuda::wmma's load_matrix_sync and store_matrix_sync are the warp's
// accesses nvcc makes of them (Model/WmmaLowering.h): a half tile in shared
// memory is one ldmatrix, each lane the address of a 16-byte row, so rows
// ldm * 2 bytes apart conflict when two of 8 fall in the same bank group
// (ldm 16: rows 32 bytes apart, 8 wavefronts where 4 would do; measured on
// the H200 for cudaTensorCoreGemm's 160-byte rows) and not when padded
// (ldm 24: 48 bytes). Elsewhere each register is its own load. An access is
// listed on the builtin's line in the header and again on the call's line.
// Tiles the model does not know are unknown, with the reason.
// RUN: %coalesce --format=json %s | %summarize --inlined | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

#include <mma.h>
using namespace nvcuda;

// The header's lines come first: 16 rows of 8 bytes from global memory
// are 8 sectors where 4 would do; the padded and the plain shared tile;
// bf16 read transposed; the float accumulator stored, row_major to global
// memory and col_major (a word a lane, 4 lanes of a line 64 bytes apart)
// to shared memory; the half accumulator.
// CHECK: {{[0-9]+}}:3 load `__hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0)` addr={{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
// CHECK: {{[0-9]+}}:3 load `__hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0)` shared addr=padded + {{.*}} wf=4 ideal=4 ways=1 conflict-free
// CHECK: {{[0-9]+}}:3 load `__hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0)` shared addr=plain + {{.*}} wf=8 ideal=4 ways=2 bank-conflict FLAGGED shared-bank-conflict
// CHECK: {{[0-9]+}}:3 load `__mma_bf16_m16n16k16_ld_b((int *)&a, (const int *)p, ldm, 0)` unknown: wmma m16n16k16 bf16 matrix_b stored row_major: each register pairs elements of two lines, a lowering not modelled
// CHECK: {{[0-9]+}}:5 store `__hmma_m16n16k16_st_c_f32(p, (const float *)&a, ldm, 0)` addr=out + {{.*}} spr=8 ideal=8 eff=1 coalesced
// CHECK: {{[0-9]+}}:5 store `__hmma_m16n16k16_st_c_f32(p, (const float *)&a, ldm, 1)` shared addr=acc + {{.*}} wf=4 ideal=1 ways=4 bank-conflict FLAGGED shared-bank-conflict
// CHECK: {{[0-9]+}}:5 load `__hmma_m16n16k16_ld_c_f16((int *)&a, (const int *)p, ldm, 0)` unknown: wmma m16n16k16 f16 accumulator tiles are not modelled

__global__ void __launch_bounds__(128) tiles(float *out, const __half *a,
                                             const __nv_bfloat16 *b, __half *h) {
  __shared__ __half plain[16 * 16];
  __shared__ __half padded[16 * 24];
  __shared__ float acc[16 * 16];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, __half> fh;
  wmma::load_matrix_sync(fa, plain, 16);
  wmma::load_matrix_sync(fa, padded, 24);
  wmma::load_matrix_sync(fa, a + blockIdx.x * 16 * 4096, 4096);
  wmma::load_matrix_sync(fb, b, 4096);
  wmma::load_matrix_sync(fh, h, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(acc, fc, 16, wmma::mem_col_major);
  wmma::store_matrix_sync(out + blockIdx.x * 256, fc, 16, wmma::mem_row_major);
}
// The warnings are at the user's call, naming where in the toolkit the
// access is; the notes are the tile's (pad it, stage it through shared).
// TEXT: wmma.cu:40:3: warning: strided load inside 'load_matrix_sync' (mma.h:[[#]], '__hmma_m16n16k16_ld_a({{.*}})'): lanes are scattered; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-strided]
// TEXT: note: in load_matrix_sync, called from kernel tiles at {{.*}}wmma.cu:40
// TEXT: note: a wmma tile in global memory is moved a fragment register at a time, a few bytes of each of 8 rows per instruction; copy the tile through shared memory, consecutive lanes on consecutive 16-byte pieces of a row, and load the fragments from there
// TEXT: wmma.cu:38:3: warning: 2-way shared memory bank conflict inside 'load_matrix_sync' (mma.h:[[#]], '__hmma_m16n16k16_ld_a({{.*}})'): lanes 0 and 4 load 2 different words of 'plain' in bank 0 (8 wavefronts where 4 would do) [shared-bank-conflict]
// TEXT: note: in load_matrix_sync, called from kernel tiles at {{.*}}wmma.cu:38
// TEXT: note: a 128-bit access is served 8 lanes at a time: 4 wavefronts is its ideal
// TEXT: note: pad the tile's rows by 16 bytes and pass the padded ldm (wmma needs a multiple of 16 bytes), so that the rows one instruction reads start in different banks
// TEXT: wmma.cu:43:3: warning: 4-way shared memory bank conflict inside 'store_matrix_sync'
// TEXT: note: in store_matrix_sync, called from kernel tiles at {{.*}}wmma.cu:43
// Each repeated on the line of its call (the one layout the call picks).
// CHECK: 38:3 load `__hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0)` inlined from {{[0-9]+}}:3
// CHECK: 39:3 load `__hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0)` inlined from {{[0-9]+}}:3
// CHECK: 40:3 load `__hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0)` inlined from {{[0-9]+}}:3
// CHECK: 41:3 load `__mma_bf16_m16n16k16_ld_b((int *)&a, (const int *)p, ldm, 0)` inlined from {{[0-9]+}}:3
// CHECK: 42:3 load `__hmma_m16n16k16_ld_c_f16((int *)&a, (const int *)p, ldm, 0)` inlined from {{[0-9]+}}:5
// CHECK: 43:3 store `__hmma_m16n16k16_st_c_f32(p, (const float *)&a, ldm, 1)` inlined from {{[0-9]+}}:5
// CHECK: 44:3 store `__hmma_m16n16k16_st_c_f32(p, (const float *)&a, ldm, 0)` inlined from {{[0-9]+}}:5
