//===- CacheDirectory.h - where the caches live, and how they are written -*- C++ -*-===//
//
// The precompiled prelude (PreludePch.h) and the per-file results
// (ResultCache.h) live under one directory, by default
// $XDG_CACHE_HOME/cuda-coalesce, else ~/.cache/cuda-coalesce. Several runs
// may share it at once: every file is written under a temporary name beside
// its final one and renamed into place, so a reader sees a whole file or
// none, and the last writer wins.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_CACHEDIRECTORY_H
#define CUDA_COALESCE_DRIVER_CACHEDIRECTORY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace coalesce {

/// $XDG_CACHE_HOME/cuda-coalesce, else $HOME/.cache/cuda-coalesce; empty
/// when neither variable is set.
std::string defaultCacheDirectory();

/// Creates Dir and its two parts (pch/, results/) and checks that a file
/// can be written there; the error names Dir and the reason. Removes the
/// temporaries of writers that are gone (a run killed while a child built
/// the PCH: the child dies with SIGKILL and cleans nothing).
llvm::Error prepareCacheDirectory(const std::string &Dir);

std::string pchDirectory(llvm::StringRef CacheDir);
std::string resultDirectory(llvm::StringRef CacheDir);

/// What identifies this build of the tool in every key: its version, the
/// clang library's full version, and the executable's size and
/// modification time (a rebuild changes them).
const std::string &toolBuildId();

/// A 128-bit BLAKE3 digest of the parts (each length-prefixed, so that
/// {"ab","c"} and {"a","bc"} differ), as 32 hex digits.
std::string digestHex(llvm::ArrayRef<llvm::StringRef> Parts);

/// Writes Bytes to Path: a unique temporary file beside it, then a rename.
/// The temporary is created new: a link planted under its name is an
/// error, never written through; a link at Path is replaced, not followed.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Bytes);

/// A unique name beside Path for a writer that renames it into place
/// itself (the PCH, which clang writes).
std::string temporaryNameBeside(llvm::StringRef Path);

} // namespace coalesce

#endif
