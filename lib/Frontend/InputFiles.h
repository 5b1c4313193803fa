//===- InputFiles.h - checks on the files a run is asked to read -*- C++ -*-===//

#ifndef CUDA_COALESCE_FRONTEND_INPUTFILES_H
#define CUDA_COALESCE_FRONTEND_INPUTFILES_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace coalesce {

/// Files larger than this are refused: source files this large are generated
/// data, and parsing them would take the run's time for nothing.
constexpr uint64_t MaxSourceBytes = 8u << 20;

/// Checks that Path is a readable, reasonably sized text file. The error
/// message is what is wrong, one line, without the "error: " prefix and
/// without the path: the caller says where ("<what> (<file>)").
llvm::Error checkSourceFile(const std::string &Path);

} // namespace coalesce

#endif
