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

/// 0, 1, 2 for the components "x", "y", "z" of a built-in variable.
std::optional<unsigned> builtinVariableComponent(llvm::StringRef Name);

} // namespace coalesce

#endif
