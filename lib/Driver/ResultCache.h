//===- ResultCache.h - a file's results, kept for the next run --*- C++ -*-===//
//
// A rerun on unchanged files costs a digest per file, not a parse. An entry
// is found by a key made of everything known before the parse (the tool,
// the working directory, the file's path and command line, the analysis
// options, the precompiled prelude's inputs) and holds what the analysis
// printed and returned (FileResultCodec.h), with the digest of every file
// clang parsed for it: the entry is used only while each of those files
// still has the same contents. An entry that cannot be read whole, or does
// not check out, is a miss, and the run writes a good one in its place.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_RESULTCACHE_H
#define CUDA_COALESCE_DRIVER_RESULTCACHE_H

#include "Driver/FileAnalysis.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace coalesce {

/// What a hit hands back: the child's output, as if it had just run.
struct CachedResult {
  std::string Stderr;
  std::string Payload; ///< encodeFileResult()
};

/// The entry's key. PchDigest is freshPchDigest() of the prelude the file
/// is parsed with, or empty for none. Limits names the run's per-file time
/// and memory limits: a result made under one limit is not what a run under
/// another (that stops the analysis) would print.
std::string resultKey(const UnitCommand &Cmd, const FrontendSetup &Setup,
                      const FileOptions &Opts, llvm::StringRef PchDigest,
                      llvm::StringRef Limits);

/// A child's result with the files it parsed in front, for the parent to
/// store (it alone has all that the child printed); and back.
std::string wrapWithParsedFiles(const std::vector<FileDigest> &Parsed,
                                llvm::StringRef Payload);
bool unwrapParsedFiles(llvm::StringRef Wrapped,
                       std::vector<FileDigest> &Parsed, std::string &Payload);

/// The entry under Key in CacheDir, when it is whole and every file it
/// depends on is unchanged.
std::optional<CachedResult> lookupResult(llvm::StringRef CacheDir,
                                         llvm::StringRef Key);

/// Records an entry (atomically; a failure only costs the next run a parse).
llvm::Error storeResult(llvm::StringRef CacheDir, llvm::StringRef Key,
                        const std::vector<FileDigest> &Parsed,
                        const CachedResult &Result);

/// Where the entry under Key lives (tests truncate it).
std::string resultPath(llvm::StringRef CacheDir, llvm::StringRef Key);

} // namespace coalesce

#endif
