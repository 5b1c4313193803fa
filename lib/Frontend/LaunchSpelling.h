//===- LaunchSpelling.h - nvcc's split launch chevrons ----------*- C++ -*-===//
//
// nvcc reads `k << < grid, block >> > (args)` as a kernel launch; clang lexes
// `<<<` and `>>>` only when their characters touch, and rejects the split
// spelling ("expected expression"). Code formatted by tools that put spaces
// between operators has it (Rodinia's particlefilter). The front end reads
// every source file through a file system that joins the chevrons, keeping
// the text's length, so that lines and columns stay the user's.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_LAUNCHSPELLING_H
#define CUDA_COALESCE_FRONTEND_LAUNCHSPELLING_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>

namespace coalesce {

/// Text with each split launch joined: `<<` then blanks then `<` (which no
/// C++ spells otherwise, `operator<< <T>` aside) becomes `<<<` then the
/// blanks, and the first `>>` blanks `>` after it, before the statement
/// ends, `>>>` then the blanks. Comments and string and character literals
/// are left alone. nullopt when there is nothing to join.
std::optional<std::string> joinSplitLaunches(llvm::StringRef Text);

/// FS, reading every file with its split launches joined.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
joiningSplitLaunches(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

} // namespace coalesce

#endif
