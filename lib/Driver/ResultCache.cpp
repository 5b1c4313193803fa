//===- ResultCache.cpp ----------------------------------------------------===//
//
// An entry: a header line, then length-prefixed strings (the key, the
// number of files, each file's path and digest, the standard error text,
// the payload), then the digest of everything before it.
//
//===----------------------------------------------------------------------===//

#include "Driver/ResultCache.h"
#include "Driver/CacheDirectory.h"
#include "Frontend/LaunchSpelling.h"
#include "Frontend/RegularFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace coalesce {

namespace {

constexpr StringRef Magic = "cuda-coalesce-result-cache/1\n";
constexpr size_t DigestChars = 32;

// A member added to AnalysisOptions changes what a file's results depend
// on: it must join the key below, or an entry made under another value of
// it would be reused. The size is x86-64 Linux's. (ShouldStop is not part of
// the key: a run it stops is never cached, and one it does not stop is the
// same as without it.)
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(AnalysisOptions) == 144,
              "AnalysisOptions changed: add the new member to resultKey()");
#endif

void putString(std::string &Out, StringRef S) {
  uint64_t N = S.size();
  for (int I = 0; I < 8; ++I)
    Out.push_back(char(N >> (8 * I)));
  Out.append(S.data(), S.size());
}

bool getString(StringRef &In, std::string &S) {
  if (In.size() < 8)
    return false;
  uint64_t N = 0;
  for (int I = 0; I < 8; ++I)
    N |= uint64_t(uint8_t(In[I])) << (8 * I);
  In = In.drop_front(8);
  if (N > In.size())
    return false;
  S = In.take_front(N).str();
  In = In.drop_front(N);
  return true;
}

} // namespace

std::string resultPath(StringRef CacheDir, StringRef Key) {
  return resultDirectory(CacheDir) + "/" + Key.str();
}

std::string resultKey(const UnitCommand &Cmd, const FrontendSetup &Setup,
                      const FileOptions &Opts, StringRef PchDigest,
                      StringRef Limits) {
  std::vector<std::string> Parts = {"result/1", toolBuildId()};
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  Parts.push_back(std::string(Cwd));
  for (const std::string &A : Cmd.commandLine())
    Parts.push_back(A);
  // A file analyzed inside a unit that includes it shares the unit's
  // command line, not its result.
  Parts.push_back("focus " + Cmd.Focus + " " +
                  std::to_string(Cmd.Context.How) + " " + Cmd.Context.From);
  Parts.push_back("--options--");
  // Clang reads these as include directories of the command line.
  for (const char *Var : {"CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"})
    Parts.push_back(std::string(Var) + "=" +
                    sys::Process::GetEnv(Var).value_or("(unset)"));
  Parts.push_back(Setup.Color ? "color" : "no-color");
  Parts.push_back("confine " + Setup.ConfineFolder);
  Parts.push_back(Setup.SkipMissingHeaders ? "skip-missing-headers" : "");
  const AnalysisOptions &A = Opts.Analysis;
  for (const auto &[Name, Value] : A.Assume)
    Parts.push_back("assume " + Name + "=" + std::to_string(Value));
  if (A.BlockDim)
    Parts.push_back("block " + std::to_string((*A.BlockDim)[0]) + "," +
                    std::to_string((*A.BlockDim)[1]) + "," +
                    std::to_string((*A.BlockDim)[2]));
  Parts.push_back("defaults " + std::to_string(A.DefaultValue) + " " +
                  std::to_string(A.DefaultGridDim) + " " +
                  std::to_string(A.InlineDepth) + " " +
                  std::to_string(A.InlineBudget));
  for (const PortableLaunch &L : A.OtherUnitLaunches) {
    std::string Part = "launch " + L.Kernel + " at " + L.Site;
    for (const auto &Dim : {L.Block, L.Grid})
      for (int64_t V : Dim.value_or(std::array<int64_t, 3>{0, 0, 0}))
        Part += " " + std::to_string(V);
    Part += L.BlockDefault ? " block-default" : "";
    Part += L.GridDefault ? " grid-default" : "";
    for (const PortableLaunch::Argument &Arg : L.Arguments)
      Part += " arg " + std::to_string(Arg.Index) + Arg.Member + "=" +
              std::to_string(Arg.Value) + (Arg.FirstPass ? "f" : "") +
              (Arg.CommandLineDefault ? "d" : "");
    Parts.push_back(std::move(Part));
  }
  Parts.push_back("pch " + PchDigest.str());
  Parts.push_back("limits " + Limits.str());
  std::vector<StringRef> Refs(Parts.begin(), Parts.end());
  return digestHex(Refs);
}

std::optional<CachedResult> lookupResult(StringRef CacheDir, StringRef Key) {
  // An entry is never followed through a link nor read past its limit: a
  // link to /dev/zero or to a file the run should not see is a miss.
  Expected<std::unique_ptr<MemoryBuffer>> File =
      readRegularFile(resultPath(CacheDir, Key), MaxCacheEntryBytes,
                      /*FollowLinks=*/false, /*NullTerminated=*/false);
  if (!File) {
    consumeError(File.takeError());
    return std::nullopt;
  }
  StringRef All = (*File)->getBuffer();
  if (!All.starts_with(Magic) || All.size() < Magic.size() + DigestChars)
    return std::nullopt;
  StringRef Body = All.drop_back(DigestChars);
  if (digestHex({Body}) != All.take_back(DigestChars))
    return std::nullopt;
  StringRef In = Body.drop_front(Magic.size());
  std::string StoredKey, Count;
  if (!getString(In, StoredKey) || StoredKey != Key || !getString(In, Count))
    return std::nullopt;
  unsigned N;
  if (StringRef(Count).getAsInteger(10, N))
    return std::nullopt;
  for (unsigned I = 0; I < N; ++I) {
    std::string Path, Digest;
    if (!getString(In, Path) || !getString(In, Digest))
      return std::nullopt;
    // A source or header as the entry names it: a regular file, as any the
    // parse read.
    Expected<std::unique_ptr<MemoryBuffer>> Dep =
        readRegularFile(Path, MaxListBytes, /*FollowLinks=*/true,
                        /*NullTerminated=*/false);
    // Digested as parsed: with split launches joined (FileAnalysis.cpp).
    if (!Dep) {
      consumeError(Dep.takeError());
      return std::nullopt;
    }
    std::optional<std::string> Joined = joinSplitLaunches((*Dep)->getBuffer());
    if (digestHex({Joined ? StringRef(*Joined) : (*Dep)->getBuffer()}) !=
        Digest)
      return std::nullopt;
  }
  CachedResult R;
  if (!getString(In, R.Stderr) || !getString(In, R.Payload) || !In.empty())
    return std::nullopt;
  return R;
}

std::string wrapWithParsedFiles(const std::vector<FileDigest> &Parsed,
                                StringRef Payload) {
  std::string Out;
  putString(Out, std::to_string(Parsed.size()));
  for (const FileDigest &F : Parsed) {
    putString(Out, F.Path);
    putString(Out, F.Digest);
  }
  putString(Out, Payload);
  return Out;
}

bool unwrapParsedFiles(StringRef In, std::vector<FileDigest> &Parsed,
                       std::string &Payload) {
  std::string Count;
  unsigned N;
  if (!getString(In, Count) || StringRef(Count).getAsInteger(10, N))
    return false;
  Parsed.resize(N);
  for (FileDigest &F : Parsed)
    if (!getString(In, F.Path) || !getString(In, F.Digest))
      return false;
  return getString(In, Payload) && In.empty();
}

Error storeResult(StringRef CacheDir, StringRef Key,
                  const std::vector<FileDigest> &Parsed,
                  const CachedResult &Result) {
  // A submission that prints without end (a _Pragma("message") doubling
  // bomb) does not get its output into the cache.
  if (Result.Stderr.size() + Result.Payload.size() > MaxCacheEntryBytes / 2)
    return createStringError(inconvertibleErrorCode(),
                             "result too large for the cache");
  std::string Out(Magic);
  putString(Out, Key);
  putString(Out, std::to_string(Parsed.size()));
  for (const FileDigest &F : Parsed) {
    putString(Out, F.Path);
    putString(Out, F.Digest);
  }
  putString(Out, Result.Stderr);
  putString(Out, Result.Payload);
  Out += digestHex({Out});
  return writeFileAtomically(resultPath(CacheDir, Key), Out);
}

} // namespace coalesce
