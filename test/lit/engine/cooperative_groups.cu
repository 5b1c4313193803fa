// Cooperative groups and warp shuffles are closed forms in the thread's
// position, not unknowns. Measured on the H200 (issue 12's table): an index
// from this_grid().thread_rank() takes 4 sectors per request,
// block.thread_rank() * 4 takes 16, in[__shfl_xor_sync(~0u, i, 1)] 4.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'
// The toolkit's headers declare the groups differently (static members,
// forwarding references): the same numbers.
// RUN: %if cuda-toolkit %{ %cuda-coalesce --color=false --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}' %}
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void groups(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> eight = cg::tiled_partition<8>(block);
  unsigned g = cg::this_grid().thread_rank();
  out[g] = in[block.thread_rank() * 4];
  // CHECK: [[@LINE-1]]:3 store `out[g]` addr=out + 4*(threadIdx.x + {{.*}} + 256*blockIdx.x + {{.*}}) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `in[block.thread_rank() * 4]` addr=in + 16*(threadIdx.x + {{.*}}) spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
  out[warp.meta_group_rank() * 32 + warp.thread_rank()] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[warp.meta_group_rank() * 32 + warp.thread_rank()]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  out[eight.thread_rank() * 32] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `out[eight.thread_rank() * 32]` {{.*}} spr=8 ideal=1 eff=0.125 strided FLAGGED coalescing-strided
  // Eight lanes share each tile index: four floats in one sector.
  out[block.size() * blockIdx.x + eight.meta_group_rank()] = 3.0f;
  // CHECK: [[@LINE-1]]:3 store `out[block.size() * blockIdx.x + eight.meta_group_rank()]` {{.*}} spr=1 ideal=1 eff=0.5 coalesced
}

__global__ void shuffles(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[__shfl_xor_sync(0xffffffffu, i, 1)];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `in[__shfl_xor_sync(0xffffffffu, i, 1)]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  // Every lane takes lane 0's index: a broadcast.
  out[__shfl_sync(0xffffffffu, i, 0)] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[__shfl_sync(0xffffffffu, i, 0)]` {{.*}} spr=1 ideal=1 eff=0.125 uniform
  // The lane below, in segments of 16: lanes 0 and 16 keep their own, so
  // 30 distinct floats.
  out[__shfl_up_sync(0xffffffffu, i, 1, 16)] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[__shfl_up_sync(0xffffffffu, i, 1, 16)]` {{.*}} spr=4 ideal=4 eff=0.9375 coalesced
  // A shuffled stride is still a stride.
  out[32 * __shfl_down_sync(0xffffffffu, i, 2)] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `out[32 * __shfl_down_sync(0xffffffffu, i, 2)]` {{.*}} spr=30 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  // A width that is not a power of two is not modelled.
  out[__shfl_sync(0xffffffffu, i, 0, 12)] = 3.0f;
  // CHECK: [[@LINE-1]]:3 store `out[__shfl_sync(0xffffffffu, i, 0, 12)]` unknown: a shuffle of a width that is not a constant power of two up to 32
}

// dim3 results: a block's group_index() and thread_index() are blockIdx
// and threadIdx, dim_threads() blockDim; a grid's block_index() blockIdx
// and dim_blocks() gridDim (measured on the H200: the first store, 4
// sectors per request).
__global__ void dims(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  out[block.group_index().x * block.size() + block.thread_index().x] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[block.group_index().x * block.size() + block.thread_index().x]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  out[block.thread_index().x * block.dim_threads().x] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `out[block.thread_index().x * block.dim_threads().x]` addr=out + 1024*threadIdx.x spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  out[grid.block_index().x + grid.dim_blocks().x * threadIdx.x] = 3.0f;
  // CHECK: [[@LINE-1]]:3 store `out[grid.block_index().x + grid.dim_blocks().x * threadIdx.x]` addr=out + 4*(threadIdx.x*gridDim.x + blockIdx.x) spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
}

// A thread_group is whatever group it was made from, followed through
// copies, locals and the parameters of the calls walked: a block's rank is
// the thread's, a tile's (tiled_partition(block, 32)) the lane's. Stride 2
// in shared memory: 2-way conflicts either way.
__device__ void stage(cg::thread_group g, float *tile) {
  tile[2 * g.thread_rank()] = 1.0f;
}
__global__ void anyGroup(float *out, int n) {
  __shared__ float tile[512];
  cg::thread_block block = cg::this_thread_block();
  stage(block, tile);
  cg::thread_group tile32 = cg::tiled_partition(block, 32);
  stage(tile32, tile);
  // CHECK: [[@LINE-8]]:3 store `tile[2 * g.thread_rank()]` shared addr=tile + 8*((threadIdx.x + {{.*}}) % 32) wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // CHECK: [[@LINE-9]]:3 store `tile[2 * g.thread_rank()]` shared addr=tile + 8*(threadIdx.x + {{.*}}) wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
  out[blockIdx.x * 256 + tile32.thread_rank()] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 256 + tile32.thread_rank()]` addr=out + 4*((threadIdx.x + {{.*}}) % 32 + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // A tile of a size the launch gives: not followed.
  cg::thread_group some = cg::tiled_partition(block, n);
  out[some.thread_rank()] = 2.0f;
  // CHECK: [[@LINE-1]]:3 store `out[some.thread_rank()]` unknown: result of a call to 'thread_rank'
}

int main() {
  float *a;
  dims<<<64, 256>>>(a);
  groups<<<64, 256>>>(a, a);
  shuffles<<<64, 256>>>(a, a);
  anyGroup<<<64, 256>>>(a, 16);
}
