//===- CudaBuiltins.h - the CUDA device functions the interpreter models -===//

#ifndef CUDA_COALESCE_ANALYSIS_CUDABUILTINS_H
#define CUDA_COALESCE_ANALYSIS_CUDABUILTINS_H

#include "llvm/ADT/StringRef.h"

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

} // namespace coalesce

#endif
