//===- NvccFlags.h - compile commands to clang flags ------------*- C++ -*-===//
//
// Real CUDA projects built with CMake write nvcc command lines into
// compile_commands.json. Clang understands few of nvcc's flags, so a command
// is reduced to what changes how the source parses (include paths, macros,
// forced includes, the language standard, relocatable device code) and the
// GPU architecture; everything about code generation, linking and the host
// compiler is dropped. The same filter serves clang and gcc command lines.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_NVCCFLAGS_H
#define CUDA_COALESCE_FRONTEND_NVCCFLAGS_H

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace coalesce {

struct ParseFlags {
  /// Flags clang accepts, in their original order (no compiler, no inputs).
  std::vector<std::string> Args;
  /// The first real GPU architecture named (sm_XX), empty if none.
  std::string GpuArch;
};

/// Filters a whole command line (Command[0] is the compiler). Source files
/// (arguments that do not start with '-' and are not a flag's value) are
/// dropped: the caller adds the file it analyzes.
ParseFlags translateCompileCommand(llvm::ArrayRef<std::string> Command);

} // namespace coalesce

#endif
