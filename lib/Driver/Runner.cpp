//===- Runner.cpp ---------------------------------------------------------===//

#include "Driver/Runner.h"
#include "Driver/ApplyFixes.h"
#include "Driver/CacheDirectory.h"
#include "Driver/ChildProcesses.h"
#include "Driver/FileAnalysis.h"
#include "Driver/FileResultCodec.h"
#include "Driver/IncludeGraph.h"
#include "Driver/PreludePch.h"
#include "Driver/ProjectConfig.h"
#include "Driver/ResultCache.h"
#include "Findings/Baseline.h"
#include "Findings/CheckDocs.h"
#include "Findings/Confirmations.h"
#include "Frontend/InputFiles.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/Threading.h"

#include <chrono>
#include <map>
#include <optional>

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

/// The stack of the thread that analyzes one translation unit: address space
/// only, pages are touched as the recursion goes.
constexpr unsigned AnalysisStackBytes = 256u << 20;

/// The compilation database of a -p directory, with the real reason first
/// when there is none: clang's loader tries every plugin and leads its
/// message with the last one's ("fixed-compilation-database ... No such
/// file"), whatever went wrong.
Expected<std::unique_ptr<tooling::CompilationDatabase>>
loadBuildDatabase(const std::string &Dir) {
  auto Fail = [&](const Twine &What, const Twine &Where) {
    return createStringError(inconvertibleErrorCode(),
                             "-p: " + What + " (" + Where + ")");
  };
  sys::fs::file_status Status;
  if (sys::fs::status(Dir, Status) || !sys::fs::exists(Status))
    return Fail("no such build directory", Dir);
  if (!sys::fs::is_directory(Status))
    return Fail("not a directory", Dir);
  SmallString<256> Json(Dir);
  sys::path::append(Json, "compile_commands.json");
  SmallString<256> Flags(Dir);
  sys::path::append(Flags, "compile_flags.txt");
  std::string Why;
  if (sys::fs::exists(Json)) {
    std::unique_ptr<tooling::CompilationDatabase> DB =
        tooling::JSONCompilationDatabase::loadFromFile(
            Json, Why, tooling::JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return Fail("malformed compile_commands.json: " +
                      StringRef(Why).split('\n').first.trim(),
                  Json);
    return DB;
  }
  if (!sys::fs::exists(Flags))
    return Fail("no compile_commands.json in the build directory", Dir);
  std::unique_ptr<tooling::CompilationDatabase> DB =
      tooling::CompilationDatabase::loadFromDirectory(Dir, Why);
  if (!DB)
    return Fail("unreadable compile_flags.txt", Flags);
  return DB;
}

/// -j's default: one child per core the process may run on.
unsigned defaultJobs() {
  return std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}

bool isCudaSource(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".cu" || Ext == ".cuh";
}

/// Where SARIF's links point: --docs-url, else the URL built in. Always an
/// absolute https address: a code-scanning service shows the links to
/// people on other machines, where no file:// path of this one exists.
void locateDocs(OutputOptions &O) {
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    O.SourceRoot = std::string(Cwd);
  if (O.DocsBaseUri.empty())
    O.DocsBaseUri = configuredDocsUrl().str();
  if (!StringRef(O.DocsBaseUri).ends_with("/"))
    O.DocsBaseUri += "/";
  // The tool's documentation is the docs/ folder the checks' pages are in.
  StringRef Docs(O.DocsBaseUri);
  Docs.consume_back("checks/");
  O.InformationUri = Docs.str();
}

/// Writes a report or a baseline so that a reader finds the old file or the
/// new one, never a part of it (a signal, a full disk): a temporary beside
/// it, removed on a signal, renamed over it when complete. A device or a
/// pipe (/dev/full, /dev/stdout) is written as it is; a link, through.
std::error_code writeOutputFile(const std::string &Path, StringRef Bytes) {
  auto WriteTo = [&](const std::string &To) {
    std::error_code EC;
    raw_fd_ostream OS(To, EC);
    if (!EC) {
      OS << Bytes;
      OS.close();
      EC = OS.error();
      // Cleared: a stream left in error ends the process ("IO failure").
      OS.clear_error();
    }
    return EC;
  };
  sys::fs::file_status St;
  if (!sys::fs::status(Path, St) && sys::fs::exists(St) &&
      !sys::fs::is_regular_file(St))
    return WriteTo(Path);
  SmallString<256> Target(Path);
  SmallString<256> Real;
  if (sys::fs::exists(St) && !sys::fs::real_path(Path, Real))
    Target = Real;
  std::string Tmp = temporaryNameBeside(Target);
  sys::RemoveFileOnSignal(Tmp);
  std::error_code EC = WriteTo(Tmp);
  if (!EC)
    EC = sys::fs::rename(Tmp, Target);
  if (EC)
    sys::fs::remove(Tmp);
  sys::DontRemoveFileOnSignal(Tmp);
  return EC;
}

/// The input that Output would overwrite, if any: a source file, or a file
/// the run reads after the analysis (-o k.cu k.cu, -o baseline.json).
std::optional<std::string>
overwrittenInput(const std::string &Output, ArrayRef<std::string> Inputs) {
  if (Output.empty() || !sys::fs::exists(Output))
    return std::nullopt;
  for (const std::string &In : Inputs) {
    bool Same = false;
    if (!In.empty() && !sys::fs::equivalent(Output, In, Same) && Same)
      return In;
  }
  return std::nullopt;
}

/// "cuda-coalesce: 12/108 files, 3.4 s" on one line of a terminal,
/// rewritten as files finish and erased before anything else is printed.
class Progress {
public:
  Progress(raw_ostream &Err, bool On, size_t Total)
      : Err(Err), On(On && Total > 1), Total(Total) {}
  /// Before anything else goes to Err.
  void erase() {
    if (Shown)
      Err << "\r\x1b[K";
    Shown = false;
  }
  void fileDone() {
    ++Done;
    if (!On)
      return;
    double Seconds =
        std::chrono::duration<double>(Clock::now() - Start).count();
    Err << "\r\x1b[Kcuda-coalesce: " << Done << "/" << Total << " files, "
        << format("%.1f", Seconds) << " s";
    Err.flush();
    Shown = true;
  }

private:
  using Clock = std::chrono::steady_clock;
  raw_ostream &Err;
  bool On;
  size_t Total, Done = 0;
  bool Shown = false;
  Clock::time_point Start = Clock::now();
};

class Run {
public:
  Run(const RunConfig &C, raw_ostream &Err) : C(C), Err(Err) {}

  /// With Capture, the report is also handed back there; with Print
  /// false it is not written.
  int execute(raw_ostream &Out, Report *Capture = nullptr, bool Print = true);

private:
  const RunConfig &C;
  raw_ostream &Err;
  bool HadErrors = false;
  ProjectConfigFinder Configs;
  std::vector<AccessSite> Sites;
  /// Each site's file's findings options (in PerFile of execute()).
  std::vector<const FindingsOptions *> SiteOptions;
  std::vector<KernelInfo> KernelList;
  std::vector<InputStatus> Statuses;
  /// The inputs, absolute: a file analyzed inside one of them adds nothing
  /// to it (merge()).
  StringSet<> AbsoluteInputs;
  unsigned Kernels = 0;

  void error(const Twine &Msg) {
    Err << "cuda-coalesce: error: " << Msg << "\n";
    HadErrors = true;
  }

  /// An input that could not be analyzed: an error line now, and a record in
  /// the report.
  void fileError(const std::string &Path, const std::string &What) {
    error(What + " (" + Path + ")");
    Statuses.push_back({Path, false, What, 0, 0, {}});
  }

  void deliver(const std::string &Path, const FileOptions &Options,
               ChildOutcome O);
  void merge(const FileOptions &Options, FileResult R);
};

/// Replays what the child printed about its file, in input order, and adds
/// its results; a child that did not finish becomes the file's error record.
void Run::deliver(const std::string &Path, const FileOptions &Options,
                  ChildOutcome O) {
  switch (O.How) {
  case ChildOutcome::Finished: {
    Err << O.Stderr;
    Expected<FileResult> R = decodeFileResult(O.Payload);
    if (!R)
      return fileError(Path, "internal error: " + toString(R.takeError()));
    return merge(Options, std::move(*R));
  }
  case ChildOutcome::Crashed:
    fileError(Path, "crashed with " + signalName(O.Signal));
    break;
  case ChildOutcome::TimedOut:
    fileError(Path, "timed out after " + std::to_string(C.TimeoutSeconds) +
                        " s");
    break;
  case ChildOutcome::OutOfMemory:
    fileError(Path, C.MemoryLimitMB
                        ? "out of memory: the limit is " +
                              std::to_string(C.MemoryLimitMB) + " MB"
                        : std::string("out of memory"));
    break;
  case ChildOutcome::Exited:
    fileError(Path, "the analysis exited with code " +
                        std::to_string(O.ExitCode));
    break;
  case ChildOutcome::NotStarted:
    fileError(Path, "could not start the analysis: " + O.Detail);
    return;
  }
  // After the line that says what became of the file, what clang printed
  // before that (its diagnostics, an "LLVM ERROR:" line).
  Err << O.Stderr;
}

void Run::merge(const FileOptions &Options, FileResult R) {
  // The unit a file was analyzed in is an input too (a hook given main.cu
  // and kernels.cu): the unit's own result already holds what lies in the
  // file, once.
  if (R.Status.Context.How == InputContext::IncludedBy &&
      AbsoluteInputs.contains(R.Status.Context.From))
    R.Unit = TranslationUnitResult();
  // --allow-compile-errors: the record stays, the kernels clang could parse
  // are reported, and the exit code is theirs.
  if (!R.Status.Ok && (!C.AllowCompileErrors || !R.Parsed))
    HadErrors = true;
  Statuses.push_back(std::move(R.Status));
  Kernels += R.Unit.Kernels;
  for (KernelInfo &K : R.Unit.KernelList)
    KernelList.push_back(std::move(K));
  for (AccessSite &S : R.Unit.Sites) {
    Sites.push_back(std::move(S));
    SiteOptions.push_back(&Options.Findings);
  }
}

int Run::execute(raw_ostream &Out, Report *Capture, bool Print) {
  Expected<CudaToolchain> TC = selectCudaToolchain(C.Cuda);
  if (!TC) {
    error(toString(TC.takeError()));
    return ExitError;
  }

  std::unique_ptr<tooling::CompilationDatabase> DB;
  std::vector<std::string> Inputs = C.Files;
  if (!C.BuildPath.empty()) {
    Expected<std::unique_ptr<tooling::CompilationDatabase>> Loaded =
        loadBuildDatabase(C.BuildPath);
    if (!Loaded) {
      error(toString(Loaded.takeError()));
      return ExitError;
    }
    DB = std::move(*Loaded);
    if (DB->getAllFiles().empty()) {
      error("-p: the compilation database has no entries (" + C.BuildPath +
            ")");
      return ExitError;
    }
    if (Inputs.empty()) {
      for (const std::string &F : DB->getAllFiles())
        if (isCudaSource(F))
          Inputs.push_back(F);
      llvm::sort(Inputs);
      if (Inputs.empty()) {
        error("-p: the compilation database lists no .cu files (" +
              C.BuildPath + ")");
        return ExitError;
      }
    }
  }
  if (Inputs.empty()) {
    error("no input files (give .cu files, or -p <build dir>)");
    return ExitError;
  }

  // The report's order must not depend on the order the files were given
  // in (a pre-commit hook passes them in any order): analyze them sorted.
  llvm::sort(Inputs);
  for (const std::string &F : Inputs) {
    SmallString<256> Abs(F);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    AbsoluteInputs.insert(Abs);
  }

  // An output that names a file the run reads is refused before anything
  // is read or written: the source, or a baseline, would be lost. Updating
  // a baseline in place (--baseline=b.json --write-baseline=b.json) is not.
  std::vector<std::string> Read = Inputs;
  Read.push_back(C.ConfirmationsFile);
  const char *Flag = "--write-baseline";
  std::optional<std::string> Lost = overwrittenInput(C.WriteBaselineFile, Read);
  if (!Lost) {
    Read.push_back(C.BaselineFile);
    Read.push_back(C.WriteBaselineFile);
    Flag = "-o";
    Lost = overwrittenInput(C.OutputFile, Read);
  }
  if (Lost) {
    error(Twine(Flag) + " names a file the run reads; it would be lost (" +
          *Lost + ")");
    return ExitError;
  }

  FrontendSetup Frontend;
  Frontend.Toolchain = *TC;
  Frontend.GpuArchGiven = C.GpuArchGiven;
  Frontend.Database = DB.get();
  Frontend.BuildPath = C.BuildPath;
  Frontend.ExtraArgs = C.ExtraArgs;
  Frontend.Color = C.Output.Color;
  Frontend.NvccCompat = C.NvccCompat;
  Frontend.ConfineFolder = C.ConfineFolder;
  Frontend.ExpandedSourcesFile = C.ExpandedSourcesFile;

  // Each file's options (the command line over its .cuda-coalesce.yaml),
  // known here: its sites are classified with them at the end. A bad
  // configuration is that file's error, said in its turn.
  std::vector<FileOptions> PerFile(Inputs.size());
  std::vector<std::string> ConfigErrors(Inputs.size());
  for (size_t I = 0; I < Inputs.size(); ++I) {
    std::shared_ptr<const ProjectConfig> Config;
    if (C.UseProjectConfig) {
      Expected<std::shared_ptr<const ProjectConfig>> Found =
          Configs.find(Inputs[I]);
      if (!Found) {
        ConfigErrors[I] = toString(Found.takeError());
        continue;
      }
      Config = std::move(*Found);
    }
    Expected<FileOptions> Resolved = resolveFileOptions(C, Config.get());
    if (Resolved)
      PerFile[I] = std::move(*Resolved);
    else
      ConfigErrors[I] = toString(Resolved.takeError());
  }

  // Each translation unit is analyzed in a child process of its own, so a
  // crash or a runaway file costs only that file; inside it, on a thread
  // with a large stack: clang itself recurses over expressions (a sum of
  // thousands of terms is valid C++), and the analysis bounds its own depth
  // only where it knows to.
  ChildLimits Limits;
  Limits.Parallel = C.Jobs ? C.Jobs : defaultJobs();
  Limits.TimeoutSeconds = C.TimeoutSeconds;
  Limits.MemoryBytes = C.MemoryLimitMB << 20;
  Limits.StackBytes = AnalysisStackBytes;

  // The caches (PreludePch.h, ResultCache.h): a directory that cannot be
  // written is a warning, and the run goes on without them.
  std::string CacheDir;
  if (C.UseCache) {
    CacheDir = C.CacheDir.empty() ? defaultCacheDirectory() : C.CacheDir;
    if (CacheDir.empty()) {
      Err << "cuda-coalesce: warning: no cache: neither XDG_CACHE_HOME nor "
             "HOME is set (give --cache-dir, or --no-cache)\n";
    } else if (Error E = prepareCacheDirectory(CacheDir)) {
      Err << "cuda-coalesce: warning: no cache: " << toString(std::move(E))
          << "\n";
      CacheDir.clear();
    }
  }
  // A file the database does not list is analyzed through a unit that
  // includes it, or with a neighbour's command (IncludeGraph.h).
  std::optional<IncludeGraph> Includes;
  if (DB && llvm::any_of(Inputs, [&](const std::string &F) {
        SmallString<256> Abs(F);
        sys::fs::make_absolute(Abs);
        return DB->getCompileCommands(Abs).empty();
      })) {
    SmallString<256> Build(C.BuildPath);
    sys::fs::make_absolute(Build);
    Includes.emplace(DB->getAllCompileCommands(),
                     CacheDir.empty()
                         ? std::string()
                         : CacheDir + "/includes/" +
                               digestHex({"includes/1", Build}));
    Frontend.Includes = &*Includes;
  }
  const size_t N = Inputs.size();
  std::vector<std::optional<UnitCommand>> Commands(N);
  std::vector<std::string> PchPaths(N), Keys(N);
  std::vector<std::optional<CachedResult>> Hits(N);
  unsigned PchBuilt = 0;
  if (!CacheDir.empty()) {
    // A file whose command line cannot be made fails in its child, with
    // its message, as without the cache.
    std::vector<PreludePch> Pchs(N);
    std::map<std::string, std::optional<std::string>> Fresh; // key -> digest
    for (size_t I = 0; I < N; ++I) {
      if (!ConfigErrors[I].empty())
        continue;
      Expected<UnitCommand> Cmd = unitCommand(Inputs[I], Frontend, PerFile[I]);
      if (!Cmd) {
        consumeError(Cmd.takeError());
        continue;
      }
      Commands[I] = std::move(*Cmd);
      Pchs[I] = preludePchFor(*Commands[I], CacheDir);
      if (!Pchs[I].Key.empty() && !Fresh.count(Pchs[I].Key))
        Fresh[Pchs[I].Key] = freshPchDigest(Pchs[I]);
    }
    auto KeyWith = [&](size_t I, const std::string &Digest) {
      return resultKey(*Commands[I], Frontend, PerFile[I], Digest,
                       std::to_string(C.TimeoutSeconds) + " s, " +
                           std::to_string(C.MemoryLimitMB) + " MB");
    };
    // A cached result would not write the expanded sources (--confine's
    // --expanded-sources): that run looks nothing up.
    auto Lookup = [&](const std::string &Key) -> std::optional<CachedResult> {
      if (!C.ExpandedSourcesFile.empty())
        return std::nullopt;
      return lookupResult(CacheDir, Key);
    };
    auto UsePch = [&](size_t I, const std::string &Digest) {
      PchPaths[I] = Pchs[I].Path;
      Keys[I] = KeyWith(I, Digest);
      Hits[I] = Lookup(Keys[I]);
    };
    // A result stored by a run that parsed without the PCH serves as well
    // as one made with it (its entry lists the prelude's headers too).
    std::map<std::string, std::vector<size_t>> Stale; // key -> files missed
    for (size_t I = 0; I < N; ++I) {
      if (!Commands[I])
        continue;
      const std::string &Key = Pchs[I].Key;
      std::optional<std::string> Digest =
          Key.empty() ? std::nullopt : Fresh[Key];
      if (Digest)
        UsePch(I, *Digest);
      std::string Plain = KeyWith(I, "");
      if (!Hits[I])
        Hits[I] = Lookup(Plain);
      if (Hits[I] || Digest)
        continue;
      Keys[I] = std::move(Plain);
      if (!Key.empty())
        Stale[Key].push_back(I);
    }
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
              errorToBool(buildPreludePch(*Commands[I], Pchs[I])) ? "" : "ok");
        },
        [&](size_t J, ChildOutcome O) {
          const PreludePch &P = Pchs[ToBuild[J]];
          if (O.How == ChildOutcome::Finished && O.Payload == "ok") {
            Fresh[P.Key] = freshPchDigest(P);
            PchBuilt += Fresh[P.Key].has_value();
          }
        });
    for (const auto &[Key, Files] : Stale)
      if (Fresh[Key])
        for (size_t I : Files)
          UsePch(I, *Fresh[Key]);
  }

  // Each translation unit is analyzed in a child process of its own, so a
  // crash or a runaway file costs only that file; inside it, on a thread
  // with a large stack: clang itself recurses over expressions (a sum of
  // thousands of terms is valid C++), and the analysis bounds its own depth
  // only where it knows to. A file with a cached result needs no child;
  // its result is delivered in its turn all the same.
  size_t CacheHits = llvm::count_if(
      Hits, [](const std::optional<CachedResult> &H) { return H.has_value(); });
  // A file that cannot be read needs no child either: a stale compile
  // database of 20,000 missing files is 20,000 lines, not 20,000 forks. Its
  // record is the child's own, delivered in its turn.
  for (size_t I = 0; I < N; ++I) {
    if (Hits[I] || !ConfigErrors[I].empty())
      continue;
    if (Error E = checkSourceFile(Inputs[I])) {
      std::string What = toString(std::move(E));
      FileResult Failed;
      Failed.Status = {Inputs[I], false, What, 0, 0};
      Hits[I] = CachedResult{"cuda-coalesce: error: " + What + " (" +
                                 Inputs[I] + ")\n",
                             encodeFileResult(Failed)};
    }
  }
  std::vector<size_t> Misses;
  for (size_t I = 0; I < N; ++I)
    if (!Hits[I])
      Misses.push_back(I);
  Progress Shown(Err, C.Progress, N);
  size_t NextHit = 0;
  auto DeliverHitsBefore = [&](size_t End) {
    for (; NextHit < End; ++NextHit) {
      if (!Hits[NextHit])
        continue;
      ChildOutcome O;
      O.How = ChildOutcome::Finished;
      O.Stderr = std::move(Hits[NextHit]->Stderr);
      O.Payload = std::move(Hits[NextHit]->Payload);
      Shown.erase();
      deliver(Inputs[NextHit], PerFile[NextHit], std::move(O));
      Shown.fileDone();
    }
  };
  runInChildren(
      Misses.size(), Limits,
      [&](size_t J) {
        size_t I = Misses[J];
        if (!ConfigErrors[I].empty()) {
          errs() << "cuda-coalesce: error: " << ConfigErrors[I] << "\n";
          FileResult Failed;
          Failed.Status = {Inputs[I], false, ConfigErrors[I], 0, 0, {}};
          return encodeFileResult(Failed);
        }
        if (!Commands[I])
          return encodeFileResult(
              analyzeFile(Inputs[I], Frontend, PerFile[I], errs()));
        std::vector<FileDigest> Parsed;
        UnitCaching Caching;
        Caching.PchPath = PchPaths[I];
        Caching.Parsed = &Parsed;
        std::string Payload = encodeFileResult(
            analyzeUnit(*Commands[I], Frontend, PerFile[I], errs(), Caching));
        return wrapWithParsedFiles(Parsed, Payload);
      },
      [&](size_t J, ChildOutcome O) {
        size_t I = Misses[J];
        if (Commands[I] && O.How == ChildOutcome::Finished) {
          // Stored here, with everything the child printed (clang writes
          // its "N errors generated" line past the diagnostics consumer).
          // A PCH that clang refused (changed under a concurrent run) is
          // not the file's result; neither is a parse that never started.
          std::vector<FileDigest> Parsed;
          std::string Payload;
          if (unwrapParsedFiles(O.Payload, Parsed, Payload)) {
            StringRef Said = O.Stderr;
            if (!Parsed.empty() && !Said.contains("precompiled header") &&
                !Said.contains("PCH file") && C.ExpandedSourcesFile.empty())
              // A failure to store costs only the next run a parse.
              consumeError(
                  storeResult(CacheDir, Keys[I], Parsed, {O.Stderr, Payload}));
            O.Payload = std::move(Payload);
          }
        }
        DeliverHitsBefore(I);
        Shown.erase();
        deliver(Inputs[I], PerFile[I], std::move(O));
        Shown.fileDone();
      });
  DeliverHitsBefore(N);
  Shown.erase();
  if (C.CacheStats) {
    size_t Hit = CacheHits;
    Err << "cuda-coalesce: cache: "
        << (CacheDir.empty() ? std::string("off") :
            std::to_string(Hit) + (Hit == 1 ? " hit, " : " hits, ") +
            std::to_string(Misses.size()) +
            (Misses.size() == 1 ? " miss, " : " misses, ") +
            std::to_string(PchBuilt) + " precompiled " +
            (PchBuilt == 1 ? "header" : "headers") + " built")
        << "\n";
  }

  // Every input counts, analyzed or not; the failed ones are named in the
  // report's per-file records.
  Report R = buildReport(std::move(Sites), SiteOptions,
                         unsigned(Statuses.size()), Kernels);
  R.Inputs = std::move(Statuses);
  unsigned FilesFailed = llvm::count_if(
      R.Inputs, [](const InputStatus &In) { return !In.Ok; });
  llvm::sort(KernelList, [](const KernelInfo &A, const KernelInfo &B) {
    return std::tie(A.Pos.File, A.Pos.Line, A.Name) <
           std::tie(B.Pos.File, B.Pos.Line, B.Name);
  });
  R.KernelList = std::move(KernelList);
  if (!C.ConfirmationsFile.empty())
    if (Error E = applyConfirmations(R, C.ConfirmationsFile))
      error(toString(std::move(E)));
  // A bad baseline is an error, but the report still shows every finding:
  // nothing computed is lost.
  unsigned Baselined = 0;
  if (!C.BaselineFile.empty()) {
    Expected<Baseline> B = Baseline::load(C.BaselineFile);
    if (B)
      Baselined = B->apply(R);
    else
      error(toString(B.takeError()));
  }
  if (!C.WriteBaselineFile.empty()) {
    std::error_code EC =
        writeOutputFile(C.WriteBaselineFile, Baseline::serialize(R));
    if (EC) {
      error("--write-baseline: " + EC.message() + " (" + C.WriteBaselineFile +
            ")");
    } else {
      // Recorded, hence accepted: this run reports them as the next will.
      for (Finding &F : R.Findings)
        if (F.Flagged) {
          F.Flagged = false;
          F.Baselined = true;
          ++Baselined;
        }
      Err << "cuda-coalesce: wrote " << Baselined
          << (Baselined == 1 ? " finding" : " findings") << " to "
          << C.WriteBaselineFile << "\n";
    }
  }
  unsigned Flagged = llvm::count_if(R.Findings, [](const Finding &F) {
    return F.Flagged;
  });
  if (!Print) {
    *Capture = std::move(R);
    return HadErrors ? ExitError : Flagged ? ExitFindings : ExitClean;
  }
  OutputOptions Written = C.Output;
  locateDocs(Written);

  // -o: the whole report in memory first, then written in one piece.
  std::string FileBytes;
  raw_string_ostream FileOS(FileBytes);
  raw_ostream *OS = C.OutputFile.empty() ? &Out : &FileOS;
  switch (C.Format) {
  case OutputFormat::Text:
    writeText(R, Written, *OS);
    break;
  case OutputFormat::Json:
    writeJson(R, Written, *OS);
    break;
  case OutputFormat::Sarif:
    writeSarif(R, Written, *OS);
    break;
  }
  OS->flush();
  if (!C.OutputFile.empty()) {
    if (std::error_code EC = writeOutputFile(C.OutputFile, FileBytes)) {
      error("could not write the report: " + EC.message() + " (" +
            C.OutputFile + ")");
      return ExitError;
    }
  }
  // A full disk or a closed pipe: said once, and cleared, because a file
  // stream left in error ends the process with LLVM's "IO failure".
  raw_fd_ostream *FD = OS == &outs() ? &outs() : nullptr;
  if (FD && FD->has_error()) {
    error("could not write the report: " + FD->error().message() +
          " (standard output)");
    FD->clear_error();
  }

  // Shared accesses are in the report, but the summary keeps counting the
  // global ones it always has.
  size_t Global = llvm::count_if(
      R.Findings, [](const Finding &F) { return !F.Site.Shared; });
  if (C.Format == OutputFormat::Text)
    Err << "cuda-coalesce: " << R.Files << (R.Files == 1 ? " file" : " files")
        << (FilesFailed ? " (" + std::to_string(FilesFailed) + " failed), "
                        : std::string(", "))
        << R.Kernels << (R.Kernels == 1 ? " kernel, " : " kernels, ")
        << Global << (Global == 1 ? " global access, " : " global accesses, ")
        << Flagged << " flagged"
        << (Baselined ? " (" + std::to_string(Baselined) + " in the baseline)"
                      : std::string())
        << "\n";
  int Code = HadErrors ? ExitError : Flagged ? ExitFindings : ExitClean;
  if (Capture)
    *Capture = std::move(R);
  return Code;
}

/// --fix: a silent run whose fixes are applied, then a run that reports
/// what is left and proves the fixes: each fixed file must parse, and no
/// finding of the fixed check may remain at a fixed access's line.
int runWithFixes(const RunConfig &Config, raw_ostream &Out, raw_ostream &Err) {
  RunConfig First = Config;
  First.Fix = false;
  First.Progress = false;
  Report Before;
  // Its errors are the second run's too, said there once.
  int Code = Run(First, nulls()).execute(Out, &Before, /*Print=*/false);
  (void)Code;
  bool Failed = false;
  std::vector<AppliedFix> Applied = applyFixes(Before, Err, Failed);
  for (const AppliedFix &A : Applied)
    Err << "cuda-coalesce: fixed " << A.File << ":" << A.Lines.front() << ": "
        << A.Description << " [" << A.Check << "]\n";
  Err << "cuda-coalesce: applied " << Applied.size()
      << (Applied.size() == 1 ? " fix" : " fixes") << "\n";
  Report After;
  Code = Run(First, Err).execute(Out, &After);
  for (const AppliedFix &A : Applied)
    for (unsigned Line : A.Lines) {
      auto Left = llvm::find_if(After.Findings, [&](const Finding &F) {
        return F.Flagged && F.Check == A.Check && F.Site.Pos.File == A.File &&
               F.Site.Pos.Line == Line;
      });
      if (Left == After.Findings.end())
        continue;
      Err << "cuda-coalesce: error: the fix of " << A.File << ":" << Line
          << " (" << A.Description << ") left a " << A.Check
          << " finding at that line\n";
      Failed = true;
      break;
    }
  return Failed ? ExitError : Code;
}

} // namespace

int run(const RunConfig &Config, raw_ostream &Out, raw_ostream &Err) {
  if (Config.Fix)
    return runWithFixes(Config, Out, Err);
  Run R(Config, Err);
  return R.execute(Out);
}

} // namespace coalesce
