//===- CudaBuiltins.h - the CUDA device functions the interpreter models -===//

#ifndef CUDA_COALESCE_ANALYSIS_CUDABUILTINS_H
#define CUDA_COALESCE_ANALYSIS_CUDABUILTINS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace coalesce {

enum class BuiltinKind {
  None, ///< not a builtin: inline its body if it has one
  CachedLoad,
  CachedStore,
  Atomic,
  TextureFetch1D,
  IntMin,
  IntMax,
  IntMul,
  IntAbs,
  Shuffle,
  ShuffleUp,
  ShuffleDown,
  ShuffleXor,
};

/// What Name is, per CudaBuiltins.def ("atomicAdd_block" is an atomic).
BuiltinKind lookupCudaBuiltin(llvm::StringRef Name);

enum class BuiltinVariable {
  ThreadIdx,
  BlockIdx,
  BlockDim,
  GridDim,
};

/// The built-in variable called Name, per CudaBuiltins.def.
std::optional<BuiltinVariable> lookupCudaBuiltinVariable(llvm::StringRef Name);

/// What a cooperative_groups member function returns, by group and method.
enum class GroupQuery {
  BlockThreadRank,
  BlockSize,
  GridThreadRank,
  GridSize,
  GridBlockRank,
  GridNumBlocks,
  TileThreadRank,
  TileSize,
  TileMetaGroupRank,
  TileMetaGroupSize,
  TileShuffle,
  TileShuffleUp,
  TileShuffleDown,
  TileShuffleXor,
  // Methods returning a dim3: read through .x, .y, .z.
  BlockGroupIndex, ///< blockIdx
  BlockThreadIndex, ///< threadIdx
  BlockDimThreads, ///< blockDim
  GridBlockIndex,  ///< blockIdx
  GridDimBlocks,   ///< gridDim
};

/// Method of a group class ("thread_block", "grid_group",
/// "thread_block_tile"), per CudaBuiltins.def.
std::optional<GroupQuery> lookupGroupMethod(llvm::StringRef Group,
                                            llvm::StringRef Method);

/// 0, 1, 2 for the components "x", "y", "z" of a built-in variable.
std::optional<unsigned> builtinVariableComponent(llvm::StringRef Name);

} // namespace coalesce

#endif
