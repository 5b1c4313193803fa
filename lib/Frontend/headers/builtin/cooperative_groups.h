// Cooperative groups, the subset kernels commonly use: this_thread_block(),
// this_grid(), coalesced_threads(), tiled_partition() and the groups' sync,
// rank, size and warp-collective members.
//
// Declarations only; a group is an opaque handle to the analysis, which only
// needs these calls to resolve and their results to have the right types.
#ifndef CUDA_COALESCE_COOPERATIVE_GROUPS_H
#define CUDA_COALESCE_COOPERATIVE_GROUPS_H

#include "vector_types.h"

namespace cooperative_groups {

// Any group: what every group type can do.
class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
};

class thread_block : public thread_group {
public:
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
};

class grid_group : public thread_group {
public:
  __device__ bool is_valid() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_blocks() const;
  __device__ dim3 block_index() const;
  __device__ unsigned long long num_blocks() const;
  __device__ unsigned long long block_rank() const;
};

// Members shared by groups that live within one warp.
#define __CC_WARP_COLLECTIVES                                                  \
  template <class T> __device__ T shfl(T var, int srcRank) const;              \
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;    \
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;  \
  template <class T> __device__ T shfl_xor(T var, unsigned int mask) const;    \
  __device__ int any(int predicate) const;                                     \
  __device__ int all(int predicate) const;                                     \
  __device__ unsigned int ballot(int predicate) const;                         \
  template <class T> __device__ unsigned int match_any(T value) const;         \
  template <class T>                                                           \
  __device__ unsigned int match_all(T value, int &pred) const;                 \
  __device__ unsigned long long meta_group_rank() const;                       \
  __device__ unsigned long long meta_group_size() const;

class coalesced_group : public thread_group {
public:
  __CC_WARP_COLLECTIVES
};

// A tile of Size threads. As in the toolkit, the tile of a known parent
// derives from the parent-less one, so both spellings below work:
//   thread_block_tile<32> t = tiled_partition<32>(block);
//   auto t = tiled_partition<32>(block);
template <unsigned int Size, class ParentT = void> class thread_block_tile;

template <unsigned int Size>
class thread_block_tile<Size, void> : public thread_group {
public:
  __CC_WARP_COLLECTIVES
  static constexpr unsigned long long size() { return Size; }
  static constexpr unsigned long long num_threads() { return Size; }
};

template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {};

#undef __CC_WARP_COLLECTIVES

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();

template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tileSize);

template <class Group> __device__ void sync(const Group &g);
template <class Group> __device__ unsigned long long thread_rank(const Group &g);
template <class Group> __device__ unsigned long long group_size(const Group &g);

} // namespace cooperative_groups

#endif
