//===- RunCache.cpp -------------------------------------------------------===//

#include "Driver/RunCache.h"
#include "Driver/CacheDirectory.h"
#include "Driver/FileResultCodec.h"
#include "Driver/PreludePch.h"

#include "llvm/ADT/StringRef.h"

#include <map>

using namespace llvm;

namespace coalesce {

RunCache RunCache::open(const RunConfig &C, raw_ostream &Err) {
  std::string Dir;
  if (C.UseCache) {
    Dir = C.CacheDir.empty() ? defaultCacheDirectory() : C.CacheDir;
    if (Dir.empty()) {
      Err << "cuda-coalesce: warning: no cache: neither XDG_CACHE_HOME nor "
             "HOME is set (give --cache-dir, or --no-cache)\n";
    } else if (Error E = prepareCacheDirectory(Dir)) {
      Err << "cuda-coalesce: warning: no cache: " << toString(std::move(E))
          << "\n";
      Dir.clear();
    }
  }
  return RunCache(std::move(Dir),
                  std::to_string(C.TimeoutSeconds) + " s, " +
                      std::to_string(C.MemoryLimitMB) + " MB",
                  C.ExpandedSourcesFile.empty());
}

std::vector<CachedUnit> RunCache::plan(ArrayRef<std::string> Inputs,
                                       ArrayRef<FileOptions> Opts,
                                       ArrayRef<std::string> ConfigErrors,
                                       const FrontendSetup &Setup,
                                       const ChildLimits &Limits) {
  const size_t N = Inputs.size();
  std::vector<CachedUnit> Units(N);
  if (Dir.empty())
    return Units;
  // A file whose command line cannot be made fails in its child, with
  // its message, as without the cache.
  std::vector<PreludePch> Pchs(N);
  std::map<std::string, std::optional<std::string>> Fresh; // key -> digest
  for (size_t I = 0; I < N; ++I) {
    if (!ConfigErrors[I].empty())
      continue;
    Expected<UnitCommand> Cmd = unitCommand(Inputs[I], Setup, Opts[I]);
    if (!Cmd) {
      consumeError(Cmd.takeError());
      continue;
    }
    Units[I].Command = std::move(*Cmd);
    Pchs[I] = preludePchFor(*Units[I].Command, Dir);
    if (!Pchs[I].Key.empty() && !Fresh.count(Pchs[I].Key))
      Fresh[Pchs[I].Key] = freshPchDigest(Pchs[I]);
  }
  auto KeyWith = [&](size_t I, const std::string &Digest) {
    return resultKey(*Units[I].Command, Setup, Opts[I], Digest, KeyLimits);
  };
  auto Lookup = [&](const std::string &Key) -> std::optional<CachedResult> {
    if (!UseResults)
      return std::nullopt;
    return lookupResult(Dir, Key);
  };
  auto UsePch = [&](size_t I, const std::string &Digest) {
    Units[I].PchPath = Pchs[I].Path;
    Units[I].Key = KeyWith(I, Digest);
    Units[I].Hit = Lookup(Units[I].Key);
  };
  // A result stored by a run that parsed without the PCH serves as well
  // as one made with it (its entry lists the prelude's headers too).
  std::map<std::string, std::vector<size_t>> Stale; // key -> files missed
  for (size_t I = 0; I < N; ++I) {
    if (!Units[I].Command)
      continue;
    const std::string &Key = Pchs[I].Key;
    std::optional<std::string> Digest =
        Key.empty() ? std::nullopt : Fresh[Key];
    if (Digest)
      UsePch(I, *Digest);
    std::string Plain = KeyWith(I, "");
    if (!Units[I].Hit)
      Units[I].Hit = Lookup(Plain);
    if (Units[I].Hit || Digest)
      continue;
    Units[I].Key = std::move(Plain);
    if (!Key.empty())
      Stale[Key].push_back(I);
  }
  buildPreludesThatPay(Stale, Units, Pchs, Limits, Fresh);
  for (const auto &[Key, Files] : Stale)
    if (Fresh[Key])
      for (size_t I : Files)
        UsePch(I, *Fresh[Key]);
  return Units;
}

void RunCache::buildPreludesThatPay(
    const std::map<std::string, std::vector<size_t>> &Stale,
    ArrayRef<CachedUnit> Units, ArrayRef<PreludePch> Pchs,
    const ChildLimits &Limits,
    std::map<std::string, std::optional<std::string>> &Fresh) {
  // A PCH costs about what parsing its headers once does, and saves a
  // little less than that on each file that loads it: it is built for
  // the files of this run when two or more parse with it, or when an
  // earlier run built or asked for it (a hook run again on one file).
  // A single file otherwise parses without one, and asks for it.
  std::vector<size_t> ToBuild;
  for (const auto &[Key, Files] : Stale) {
    const PreludePch &P = Pchs[Files.front()];
    if (Files.size() > 1 || pchAskedBefore(P))
      ToBuild.push_back(Files.front());
    else
      askForPch(P);
  }
  // Built in children like the files themselves: a prelude that crashes
  // clang costs only the PCH, and its files are then parsed without one.
  runInChildren(
      ToBuild.size(), Limits,
      [&](size_t J) {
        size_t I = ToBuild[J];
        return std::string(
            errorToBool(buildPreludePch(*Units[I].Command, Pchs[I])) ? ""
                                                                     : "ok");
      },
      [&](size_t J, ChildOutcome O) {
        const PreludePch &P = Pchs[ToBuild[J]];
        if (O.How == ChildOutcome::Finished && O.Payload == "ok") {
          Fresh[P.Key] = freshPchDigest(P);
          PchBuilt += Fresh[P.Key].has_value();
        }
      });
}

std::string RunCache::analyze(const CachedUnit &U, const FrontendSetup &Setup,
                              const FileOptions &Opts) {
  std::vector<FileDigest> Parsed;
  UnitCaching Caching;
  Caching.PchPath = U.PchPath;
  Caching.Parsed = &Parsed;
  std::string Payload = encodeFileResult(
      analyzeUnit(*U.Command, Setup, Opts, errs(), Caching));
  return wrapWithParsedFiles(Parsed, Payload);
}

void RunCache::store(const CachedUnit &U, ChildOutcome &O) {
  // Stored here, with everything the child printed (clang writes its "N
  // errors generated" line past the diagnostics consumer). A PCH that clang
  // refused (changed under a concurrent run) is not the file's result;
  // neither is a parse that never started.
  std::vector<FileDigest> Parsed;
  std::string Payload;
  if (!unwrapParsedFiles(O.Payload, Parsed, Payload))
    return;
  StringRef Said = O.Stderr;
  if (!Parsed.empty() && !Said.contains("precompiled header") &&
      !Said.contains("PCH file") && UseResults)
    // A failure to store costs only the next run a parse.
    consumeError(storeResult(Dir, U.Key, Parsed, {O.Stderr, Payload}));
  O.Payload = std::move(Payload);
}

void RunCache::printStats(raw_ostream &Err, size_t Hits, size_t Misses) const {
  Err << "cuda-coalesce: cache: "
      << (Dir.empty() ? std::string("off") :
          std::to_string(Hits) + (Hits == 1 ? " hit, " : " hits, ") +
          std::to_string(Misses) +
          (Misses == 1 ? " miss, " : " misses, ") +
          std::to_string(PchBuilt) + " precompiled " +
          (PchBuilt == 1 ? "header" : "headers") + " built")
      << "\n";
}

} // namespace coalesce
