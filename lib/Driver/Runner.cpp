//===- Runner.cpp ---------------------------------------------------------===//

#include "Driver/Runner.h"
#include "Driver/ApplyFixes.h"
#include "Driver/CacheDirectory.h"
#include "Driver/ChildProcesses.h"
#include "Driver/FileAnalysis.h"
#include "Driver/FileResultCodec.h"
#include "Driver/IncludeGraph.h"
#include "Driver/ProjectConfig.h"
#include "Driver/RunCache.h"
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
#include <numeric>
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

  // The inputs and how they are parsed (findInputs(), setUpFrontend(),
  // findFileOptions()); the vectors have one entry per input.
  std::unique_ptr<tooling::CompilationDatabase> DB;
  std::vector<std::string> Inputs;
  /// The inputs, absolute: a file analyzed inside one of them adds nothing
  /// to it (merge()).
  StringSet<> AbsoluteInputs;
  FrontendSetup Frontend;
  std::optional<IncludeGraph> Includes;
  ProjectConfigFinder Configs;
  std::vector<FileOptions> PerFile;
  /// A file's bad configuration: its error, said in its turn.
  std::vector<std::string> ConfigErrors;

  // What the files contributed (merge()).
  std::vector<AccessSite> Sites;
  /// Each site's file's findings options (in PerFile).
  std::vector<const FindingsOptions *> SiteOptions;
  std::vector<KernelInfo> KernelList;
  std::vector<InputStatus> Statuses;
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

  bool findInputs();
  bool keepsInputs();
  void setUpFrontend(const CudaToolchain &Toolchain);
  void findFileOptions();
  ChildLimits childLimits() const;
  void findIncludingUnits(const std::string &CacheDir);

  void analyzeFiles(RunCache &Cache);
  std::pair<size_t, size_t> analyzeSome(RunCache &Cache,
                                        ArrayRef<size_t> Which,
                                        ArrayRef<FileOptions> Options,
                                        std::vector<ChildOutcome> &Outcomes,
                                        Progress *Shown);
  void otherUnitLaunches(const std::vector<ChildOutcome> &Outcomes,
                         std::vector<size_t> &Again,
                         std::vector<FileOptions> &Options) const;
  void settleUnreadable(ArrayRef<std::string> Files,
                        ArrayRef<std::string> Errors,
                        std::vector<CachedUnit> &Units) const;
  std::string analyzeInChild(size_t I, const CachedUnit &U,
                             const FileOptions &Options) const;
  void deliver(const std::string &Path, const FileOptions &Options,
               ChildOutcome O);
  void merge(const FileOptions &Options, FileResult R);

  Report collect();
  unsigned applyBaselines(Report &R);
  bool writeReport(const Report &R, raw_ostream &Out);
  void printSummary(const Report &R, unsigned Flagged, unsigned Baselined);
  int exitCode(unsigned Flagged) const {
    return HadErrors ? ExitError : Flagged ? ExitFindings : ExitClean;
  }
};

int Run::execute(raw_ostream &Out, Report *Capture, bool Print) {
  Expected<CudaToolchain> TC = selectCudaToolchain(C.Cuda);
  if (!TC) {
    error(toString(TC.takeError()));
    return ExitError;
  }
  if (!findInputs() || !keepsInputs())
    return ExitError;
  setUpFrontend(*TC);
  findFileOptions();
  RunCache Cache = RunCache::open(C, Err);
  findIncludingUnits(Cache.directory());
  analyzeFiles(Cache);

  Report R = collect();
  unsigned Baselined = applyBaselines(R);
  unsigned Flagged = llvm::count_if(R.Findings, [](const Finding &F) {
    return F.Flagged;
  });
  if (!Print) {
    *Capture = std::move(R);
    return exitCode(Flagged);
  }
  if (!writeReport(R, Out))
    return ExitError;
  if (C.Format == OutputFormat::Text)
    printSummary(R, Flagged, Baselined);
  int Code = exitCode(Flagged);
  if (Capture)
    *Capture = std::move(R);
  return Code;
}

/// The inputs, sorted: the files given, else the .cu files of -p's
/// compilation database; false after the error when there are none.
bool Run::findInputs() {
  Inputs = C.Files;
  if (!C.BuildPath.empty()) {
    Expected<std::unique_ptr<tooling::CompilationDatabase>> Loaded =
        loadBuildDatabase(C.BuildPath);
    if (!Loaded) {
      error(toString(Loaded.takeError()));
      return false;
    }
    DB = std::move(*Loaded);
    if (DB->getAllFiles().empty()) {
      error("-p: the compilation database has no entries (" + C.BuildPath +
            ")");
      return false;
    }
    if (Inputs.empty()) {
      for (const std::string &F : DB->getAllFiles())
        if (isCudaSource(F))
          Inputs.push_back(F);
      llvm::sort(Inputs);
      if (Inputs.empty()) {
        error("-p: the compilation database lists no .cu files (" +
              C.BuildPath + ")");
        return false;
      }
    }
  }
  if (Inputs.empty()) {
    error("no input files (give .cu files, or -p <build dir>)");
    return false;
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
  return true;
}

/// Whether no output of the run names a file the run reads; false after
/// the error. Refused before anything is read or written: the source, or
/// a baseline, would be lost. Updating a baseline in place
/// (--baseline=b.json --write-baseline=b.json) is not.
bool Run::keepsInputs() {
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
    return false;
  }
  return true;
}

void Run::setUpFrontend(const CudaToolchain &Toolchain) {
  Frontend.Toolchain = Toolchain;
  Frontend.GpuArchGiven = C.GpuArchGiven;
  Frontend.Database = DB.get();
  Frontend.BuildPath = C.BuildPath;
  Frontend.ExtraArgs = C.ExtraArgs;
  Frontend.Color = C.Output.Color;
  Frontend.NvccCompat = C.NvccCompat;
  Frontend.SkipMissingHeaders = C.AllowCompileErrors;
  Frontend.ConfineFolder = C.ConfineFolder;
  Frontend.ExpandedSourcesFile = C.ExpandedSourcesFile;
}

/// Each file's options (the command line over its .cuda-coalesce.yaml),
/// known here: its sites are classified with them at the end. A bad
/// configuration is that file's error, said in its turn.
void Run::findFileOptions() {
  PerFile.assign(Inputs.size(), FileOptions());
  ConfigErrors.assign(Inputs.size(), std::string());
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
}

/// Each translation unit is analyzed in a child process of its own, so a
/// crash or a runaway file costs only that file; inside it, on a thread
/// with a large stack: clang itself recurses over expressions (a sum of
/// thousands of terms is valid C++), and the analysis bounds its own depth
/// only where it knows to.
ChildLimits Run::childLimits() const {
  ChildLimits Limits;
  Limits.Parallel = C.Jobs ? C.Jobs : defaultJobs();
  Limits.TimeoutSeconds = C.TimeoutSeconds;
  Limits.MemoryBytes = C.MemoryLimitMB << 20;
  Limits.StackBytes = AnalysisStackBytes;
  return Limits;
}

/// A file the database does not list is analyzed through a unit that
/// includes it, or with a neighbour's command (IncludeGraph.h); the graph
/// is kept in the cache directory, when there is one.
void Run::findIncludingUnits(const std::string &CacheDir) {
  if (!DB || llvm::none_of(Inputs, [&](const std::string &F) {
        SmallString<256> Abs(F);
        sys::fs::make_absolute(Abs);
        return DB->getCompileCommands(Abs).empty();
      }))
    return;
  SmallString<256> Build(C.BuildPath);
  sys::fs::make_absolute(Build);
  Includes.emplace(DB->getAllCompileCommands(),
                   CacheDir.empty()
                       ? std::string()
                       : CacheDir + "/includes/" +
                             digestHex({"includes/1", Build}));
  Frontend.Includes = &*Includes;
}

/// Analyzes every input, each in a child process of its own (childLimits())
/// unless the cache holds its result; then, again, each file that defines a
/// kernel it does not launch while another file of its folder does
/// (otherUnitLaunches()); then delivers each file's outcome in input order.
void Run::analyzeFiles(RunCache &Cache) {
  const size_t N = Inputs.size();
  std::vector<ChildOutcome> Outcomes(N);
  std::vector<size_t> All(N);
  std::iota(All.begin(), All.end(), size_t(0));
  Progress Shown(Err, C.Progress, N);
  auto [Hits, Misses] = analyzeSome(Cache, All, PerFile, Outcomes, &Shown);
  std::vector<size_t> Again;
  std::vector<FileOptions> AgainOptions;
  otherUnitLaunches(Outcomes, Again, AgainOptions);
  if (!Again.empty()) {
    std::vector<ChildOutcome> Second(N);
    auto [Hits2, Misses2] =
        analyzeSome(Cache, Again, AgainOptions, Second, nullptr);
    Hits += Hits2;
    Misses += Misses2;
    // A second analysis that did not finish loses nothing: the first
    // stands.
    for (size_t I : Again)
      if (Second[I].How == ChildOutcome::Finished)
        Outcomes[I] = std::move(Second[I]);
  }
  Shown.erase();
  for (size_t I = 0; I < N; ++I)
    deliver(Inputs[I], PerFile[I], std::move(Outcomes[I]));
  if (C.CacheStats)
    Cache.printStats(Err, Hits, Misses);
}

/// Analyzes the inputs Which (Options[J] for Which[J]) into Outcomes (by
/// input); the cache's hits and the children run (--cache-stats counts a
/// file analyzed again under another file's launches twice).
std::pair<size_t, size_t> Run::analyzeSome(RunCache &Cache,
                                           ArrayRef<size_t> Which,
                                           ArrayRef<FileOptions> Options,
                                           std::vector<ChildOutcome> &Outcomes,
                                           Progress *Shown) {
  ChildLimits Limits = childLimits();
  std::vector<std::string> Files, Errors;
  for (size_t I : Which) {
    Files.push_back(Inputs[I]);
    Errors.push_back(ConfigErrors[I]);
  }
  std::vector<CachedUnit> Units =
      Cache.plan(Files, Options, Errors, Frontend, Limits);
  // A file with a cached result needs no child, nor does one that cannot
  // be read (not a hit: its record is made here).
  size_t Hits = llvm::count_if(
      Units, [](const CachedUnit &U) { return U.Hit.has_value(); });
  settleUnreadable(Files, Errors, Units);
  std::vector<size_t> Misses;
  for (size_t J = 0; J < Which.size(); ++J) {
    if (!Units[J].Hit) {
      Misses.push_back(J);
      continue;
    }
    ChildOutcome &O = Outcomes[Which[J]];
    O.How = ChildOutcome::Finished;
    O.Stderr = std::move(Units[J].Hit->Stderr);
    O.Payload = std::move(Units[J].Hit->Payload);
    if (Shown)
      Shown->fileDone();
  }
  runInChildren(
      Misses.size(), Limits,
      [&](size_t K) {
        size_t J = Misses[K];
        return analyzeInChild(Which[J], Units[J], Options[J]);
      },
      [&](size_t K, ChildOutcome O) {
        size_t J = Misses[K];
        if (Units[J].Command && O.How == ChildOutcome::Finished)
          Cache.store(Units[J], O);
        Outcomes[Which[J]] = std::move(O);
        if (Shown)
          Shown->fileDone();
      });
  return {Hits, Misses.size()};
}

/// The inputs to analyze again, each with the launches other files make of
/// the kernels it defines and does not launch (AnalysisOptions::
/// OtherUnitLaunches): a program's kernels.cu, launched from its main.cu.
/// A run over many programs must not lend one program's launch to another's
/// kernel of the same name, so only files of the same folder count, only
/// launches of a kernel the launching file declares without defining it,
/// only a kernel one file of the folder defines, and only a launch those
/// files all agree on: the first file's, in input order.
void Run::otherUnitLaunches(const std::vector<ChildOutcome> &Outcomes,
                            std::vector<size_t> &Again,
                            std::vector<FileOptions> &Options) const {
  if (Outcomes.size() < 2)
    return;
  struct Unit {
    std::string Folder;
    std::vector<PortableLaunch> Launches;
    std::vector<std::string> Defined, Unlaunched;
  };
  std::vector<Unit> Units(Outcomes.size());
  for (size_t I = 0; I < Outcomes.size(); ++I) {
    if (Outcomes[I].How != ChildOutcome::Finished)
      continue;
    Expected<FileResult> R = decodeFileResult(Outcomes[I].Payload);
    if (!R) {
      consumeError(R.takeError());
      continue;
    }
    SmallString<256> Abs(Inputs[I]);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Units[I].Folder = sys::path::parent_path(Abs).str();
    Units[I].Launches = std::move(R->Unit.Launches);
    Units[I].Defined = std::move(R->Unit.Defined);
    Units[I].Unlaunched = std::move(R->Unit.Unlaunched);
  }
  for (size_t I = 0; I < Units.size(); ++I) {
    std::vector<PortableLaunch> Found;
    for (const std::string &Kernel : Units[I].Unlaunched) {
      std::optional<PortableLaunch> First;
      bool Agree = true;
      for (size_t J = 0; J < Units.size() && Agree; ++J) {
        if (J == I || Units[J].Folder != Units[I].Folder)
          continue;
        // Two definitions: two programs (or a kernel of a header two
        // files include); neither is lent the other's launches.
        if (llvm::is_contained(Units[J].Defined, Kernel))
          Agree = false;
        for (const PortableLaunch &L : Units[J].Launches) {
          if (L.Kernel != Kernel)
            continue;
          if (!First)
            First = L;
          else if (!First->sameLaunch(L))
            Agree = false;
        }
      }
      if (First && Agree)
        Found.push_back(std::move(*First));
    }
    if (Found.empty())
      continue;
    Again.push_back(I);
    Options.push_back(PerFile[I]);
    Options.back().Analysis.OtherUnitLaunches = std::move(Found);
  }
}

/// A file that cannot be read needs no child either: a stale compile
/// database of 20,000 missing files is 20,000 lines, not 20,000 forks. Its
/// record is the child's own, delivered in its turn (as a Hit).
void Run::settleUnreadable(ArrayRef<std::string> Files,
                           ArrayRef<std::string> Errors,
                           std::vector<CachedUnit> &Units) const {
  for (size_t I = 0; I < Units.size(); ++I) {
    if (Units[I].Hit || !Errors[I].empty())
      continue;
    if (Error E = checkSourceFile(Files[I])) {
      std::string What = toString(std::move(E));
      FileResult Failed;
      Failed.Status = {Files[I], false, What, 0, 0};
      Units[I].Hit = CachedResult{"cuda-coalesce: error: " + What + " (" +
                                      Files[I] + ")\n",
                                  encodeFileResult(Failed)};
    }
  }
}

/// The work of the child process that analyzes input I under Options: what
/// it returns is the payload deliver() decodes, unless the cache wraps it
/// (U.Command).
std::string Run::analyzeInChild(size_t I, const CachedUnit &U,
                                const FileOptions &Options) const {
  if (!ConfigErrors[I].empty()) {
    errs() << "cuda-coalesce: error: " << ConfigErrors[I] << "\n";
    FileResult Failed;
    Failed.Status = {Inputs[I], false, ConfigErrors[I], 0, 0, {}};
    return encodeFileResult(Failed);
  }
  if (!U.Command)
    return encodeFileResult(analyzeFile(Inputs[I], Frontend, Options, errs()));
  return RunCache::analyze(U, Frontend, Options);
}

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

/// The report of what the files contributed, kernels sorted. Every input
/// counts, analyzed or not; the failed ones are named in the report's
/// per-file records.
Report Run::collect() {
  Report R = buildReport(std::move(Sites), SiteOptions,
                         unsigned(Statuses.size()), Kernels);
  R.Inputs = std::move(Statuses);
  llvm::sort(KernelList, [](const KernelInfo &A, const KernelInfo &B) {
    return std::tie(A.Pos.File, A.Pos.Line, A.Name) <
           std::tie(B.Pos.File, B.Pos.Line, B.Name);
  });
  R.KernelList = std::move(KernelList);
  return R;
}

/// --confirmations, --baseline and --write-baseline applied to R: the
/// number of findings the baseline holds.
unsigned Run::applyBaselines(Report &R) {
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
  if (C.WriteBaselineFile.empty())
    return Baselined;
  std::error_code EC =
      writeOutputFile(C.WriteBaselineFile, Baseline::serialize(R));
  if (EC) {
    error("--write-baseline: " + EC.message() + " (" + C.WriteBaselineFile +
          ")");
    return Baselined;
  }
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
  return Baselined;
}

/// Writes R in the run's format to Out or -o; false when -o could not be
/// written (after the error). A failure to write standard output is an
/// error too, but the run goes on to its summary.
bool Run::writeReport(const Report &R, raw_ostream &Out) {
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
      return false;
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
  return true;
}

/// The text format's last line on Err: "cuda-coalesce: 3 files, ...".
void Run::printSummary(const Report &R, unsigned Flagged, unsigned Baselined) {
  unsigned FilesFailed = llvm::count_if(
      R.Inputs, [](const InputStatus &In) { return !In.Ok; });
  // Shared accesses are in the report, but the summary keeps counting the
  // global ones it always has.
  size_t Global = llvm::count_if(
      R.Findings, [](const Finding &F) { return !F.Site.Shared; });
  Err << "cuda-coalesce: " << R.Files << (R.Files == 1 ? " file" : " files")
      << (FilesFailed ? " (" + std::to_string(FilesFailed) + " failed), "
                      : std::string(", "))
      << R.Kernels << (R.Kernels == 1 ? " kernel, " : " kernels, ")
      << Global << (Global == 1 ? " global access, " : " global accesses, ")
      << Flagged << " flagged"
      << (Baselined ? " (" + std::to_string(Baselined) + " in the baseline)"
                    : std::string())
      << "\n";
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
