//===- CudaBuiltins.cpp - what a CUDA name means to the interpreter ------===//
//
// The lookup side of CudaBuiltins.def, apart from the interpreter so that a
// new builtin is one line in the table and one case in EvalBuiltins.cpp.
//
//===----------------------------------------------------------------------===//

#include "Analysis/CudaBuiltins.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

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

std::optional<BuiltinVariable> lookupCudaBuiltinVariable(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<BuiltinVariable>>(Name)
#define CUDA_BUILTIN_VARIABLE(Name, Kind) .Case(#Name, BuiltinVariable::Kind)
#include "Analysis/CudaBuiltins.def"
      .Default(std::nullopt);
}

std::optional<unsigned> builtinVariableComponent(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Case("x", 0)
      .Case("y", 1)
      .Case("z", 2)
      .Default(std::nullopt);
}

} // namespace coalesce
