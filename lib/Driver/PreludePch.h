//===- PreludePch.h - the CUDA headers, parsed once -------------*- C++ -*-===//
//
// Nearly all of clang's work on a .cu file is the CUDA prelude: the
// toolkit's (or the built-in) headers every file includes first. They are
// parsed once into a precompiled header in the cache directory and loaded
// by every file whose command line agrees on everything that can change
// them: the header mode, toolkit, GPU architecture, macros and language
// flags (the whole command line but the input and the user's include
// directories), and the tool itself. A PCH whose inputs changed on disk
// (a toolkit upgrade) is rebuilt. Building one costs more than it saves
// on a single file: RunCache.cpp builds it when two files or more of a run
// load it, or when an earlier run built or asked for it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_PRELUDEPCH_H
#define CUDA_COALESCE_DRIVER_PRELUDEPCH_H

#include "Driver/FileAnalysis.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace coalesce {

struct PreludePch {
  std::string Key;  ///< empty: the command cannot use one
  std::string Path; ///< <cache>/pch/<Key>.pch
  /// Path + ".inputs": one line per file the PCH was built from (size,
  /// modification time, path), written after the PCH.
  std::string InputsPath;
  /// Path + ".asked": written by a run that parsed a single file without
  /// the PCH (askForPch).
  std::string AskedPath;
};

/// The PCH for Cmd. None for a command that includes files of its own
/// before the input (-include, -imacros): the PCH must come first.
PreludePch preludePchFor(const UnitCommand &Cmd, llvm::StringRef CacheDir);

/// When the PCH and its list of inputs exist and every input still has its
/// recorded size and modification time: the digest of that list, which
/// stands for the headers in the results' keys.
std::optional<std::string> freshPchDigest(const PreludePch &P);

/// Whether P was built or asked for (askForPch) by an earlier run: a file
/// of its command line was analyzed before, and is likely to be again.
bool pchAskedBefore(const PreludePch &P);

/// Notes in the cache that a file parsed without P and would have loaded
/// it: the next run that needs P builds it. Best effort.
void askForPch(const PreludePch &P);

/// Builds the PCH in this process from Cmd's command line (the user's
/// include directories left out). Fails on any diagnostic, so that a file
/// that loads the PCH prints what it would print without.
llvm::Error buildPreludePch(const UnitCommand &Cmd, const PreludePch &P);

} // namespace coalesce

#endif
