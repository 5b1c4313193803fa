//===- CudaBuiltins.cpp ---------------------------------------------------===//

#include "Analysis/CudaBuiltins.h"

#include "llvm/ADT/StringMap.h"

namespace coalesce {

BuiltinKind lookupCudaBuiltin(llvm::StringRef Name) {
  static const llvm::StringMap<BuiltinKind> Table = [] {
    llvm::StringMap<BuiltinKind> T;
#define CUDA_BUILTIN(Name, Kind) T[#Name] = BuiltinKind::Kind;
#include "Analysis/CudaBuiltins.def"
    return T;
  }();
  auto It = Table.find(Name);
  if (It != Table.end())
    return It->second;
  if (Name.starts_with("atomic")) {
    llvm::StringRef Unscoped = Name;
    if (Unscoped.consume_back("_block") || Unscoped.consume_back("_system")) {
      It = Table.find(Unscoped);
      if (It != Table.end() && It->second == BuiltinKind::Atomic)
        return BuiltinKind::Atomic;
    }
  }
  return BuiltinKind::None;
}

} // namespace coalesce
