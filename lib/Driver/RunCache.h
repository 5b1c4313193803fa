//===- RunCache.h - the caches over one run's files -------------*- C++ -*-===//
//
// Before any file of a run is analyzed, the caches are asked about all of
// them at once: which files have a stored result (ResultCache.h) and need no
// child, and which precompiled prelude (PreludePch.h) each of the others is
// parsed with, the preludes that pay being built first. After a child has
// analyzed a file, its result is stored for the next run.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_RUNCACHE_H
#define CUDA_COALESCE_DRIVER_RUNCACHE_H

#include "Driver/ChildProcesses.h"
#include "Driver/FileAnalysis.h"
#include "Driver/PreludePch.h"
#include "Driver/ResultCache.h"
#include "Driver/Runner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {

/// One input's part in the caches.
struct CachedUnit {
  /// Its command line, made up front to name its entry. None without the
  /// cache, for a file whose configuration is bad, and for one whose
  /// command cannot be made: that file fails in its child, with its
  /// message, as without the cache.
  std::optional<UnitCommand> Command;
  std::string PchPath; ///< the precompiled prelude it loads; empty: none
  std::string Key;     ///< its entry in the result cache
  /// Its stored result: the file needs no child.
  std::optional<CachedResult> Hit;
};

class RunCache {
public:
  /// C's cache (--cache-dir or its default; none with --no-cache). A
  /// directory that cannot be written is a warning on Err, and the run goes
  /// on without a cache.
  static RunCache open(const RunConfig &C, llvm::raw_ostream &Err);

  /// The cache directory; empty for none.
  const std::string &directory() const { return Dir; }

  /// Each input's part, Inputs[I] analyzed with Opts[I]; nothing for an
  /// input with a configuration error (ConfigErrors[I] not empty). The
  /// preludes that pay are built first, in children under Limits.
  std::vector<CachedUnit> plan(llvm::ArrayRef<std::string> Inputs,
                               llvm::ArrayRef<FileOptions> Opts,
                               llvm::ArrayRef<std::string> ConfigErrors,
                               const FrontendSetup &Setup,
                               const ChildLimits &Limits);

  /// The child's work for a unit with a command: the payload
  /// (encodeFileResult) with the files parsed for it in front, for store().
  static std::string analyze(const CachedUnit &U, const FrontendSetup &Setup,
                             const FileOptions &Opts);

  /// In the parent, when the child analyze() ran in has finished (O):
  /// stores its result under U's key, and leaves in O the payload alone.
  void store(const CachedUnit &U, ChildOutcome &O);

  /// --cache-stats: the line that counts the run's hits and misses and the
  /// preludes it built.
  void printStats(llvm::raw_ostream &Err, size_t Hits, size_t Misses) const;

private:
  RunCache(std::string Dir, std::string KeyLimits, bool UseResults)
      : Dir(std::move(Dir)), KeyLimits(std::move(KeyLimits)),
        UseResults(UseResults) {}

  /// The preludes of Stale (key -> the files that would load it) that pay,
  /// built; a built one's digest goes into Fresh.
  void buildPreludesThatPay(
      const std::map<std::string, std::vector<size_t>> &Stale,
      llvm::ArrayRef<CachedUnit> Units, llvm::ArrayRef<PreludePch> Pchs,
      const ChildLimits &Limits,
      std::map<std::string, std::optional<std::string>> &Fresh);

  std::string Dir;
  /// The run's per-file time and memory limits, in every key (resultKey()).
  std::string KeyLimits;
  /// False when a stored result will not do: --confine's
  /// --expanded-sources are written by the analysis itself. Results are
  /// then neither looked up nor stored; the preludes still serve.
  bool UseResults;
  unsigned PchBuilt = 0;
};

} // namespace coalesce

#endif
