//===- main.cpp - the cuda-coalesce command line ----------------------------===//
//
// Parses options into a RunConfig and hands it to the driver library. Every
// usage error is one line on stderr and exit code 2.
//
//===----------------------------------------------------------------------===//

#include "Driver/ProjectConfig.h"
#include "Driver/Runner.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace coalesce;

namespace {

cl::OptionCategory ToolCategory("cuda-coalesce options");

cl::list<std::string> Files(cl::Positional,
                            cl::desc("<file.cu>... [-- <compiler args>]"),
                            cl::cat(ToolCategory));
cl::opt<std::string> BuildPath(
    "p", cl::desc("Build directory holding compile_commands.json"),
    cl::value_desc("dir"), cl::cat(ToolCategory));
cl::opt<std::string> Format("format",
                            cl::desc("Output format: text, json or sarif"),
                            cl::init("text"), cl::cat(ToolCategory));
cl::opt<std::string> OutputFile("o", cl::desc("Write the report to <file>"),
                                cl::value_desc("file"), cl::cat(ToolCategory));
cl::opt<std::string> Checks(
    "checks",
    cl::desc("Comma-separated globs of checks to enable ('-' disables); "
             "applied after the checks on by default (see --list-checks)"),
    cl::cat(ToolCategory));
cl::opt<bool> ListChecks(
    "list-checks",
    cl::desc("Print the enabled checks, one per line (honors --checks)"),
    cl::cat(ToolCategory));
cl::list<std::string> CheckOption(
    "check-option",
    cl::desc("<check>.<Option>=<value>, e.g. "
             "coalescing-strided.MinEfficiency=0.5 (repeatable)"),
    cl::cat(ToolCategory));
// Numbers are read as strings and parsed here: LLVM prints its own message
// for a value it cannot parse, unprefixed and on a line of its own.
cl::opt<std::string> MinEfficiency(
    "min-efficiency",
    cl::desc("Flag only accesses using less than this fraction of the bytes "
             "they fetch (0-1, default 1: every wasteful access)"),
    cl::value_desc("number"), cl::init("1"), cl::cat(ToolCategory));
cl::opt<std::string> BlockDim(
    "block-dim",
    cl::desc("Block shape X[,Y[,Z]] for kernels whose launch the analyzer "
             "cannot see"),
    cl::cat(ToolCategory));
cl::list<std::string> Assume(
    "assume",
    cl::desc("name=value for a runtime parameter (repeatable, or "
             "comma-separated)"),
    cl::cat(ToolCategory));
cl::opt<std::string> CudaPath("cuda-path",
                              cl::desc("CUDA toolkit to parse against"),
                              cl::cat(ToolCategory));
cl::opt<std::string> CudaMode(
    "cuda",
    cl::desc("CUDA headers: auto (a toolkit if one is found), toolkit, or "
             "builtin (the analyzer's own)"),
    cl::init("auto"), cl::cat(ToolCategory));
cl::list<std::string> CudaSearchPath(
    "cuda-search-path",
    cl::desc("Directories searched for a CUDA toolkit after CUDA_PATH and "
             "CUDA_HOME (default /usr/local/cuda); tests use it to stand for "
             "a machine without one"),
    cl::CommaSeparated, cl::Hidden, cl::cat(ToolCategory));
cl::opt<std::string> GpuArch("cuda-gpu-arch",
                             cl::desc("GPU architecture (default sm_80)"),
                             cl::cat(ToolCategory));
cl::opt<bool> Explain("explain",
                      cl::desc("Draw each flagged warp's lanes and sectors"),
                      cl::cat(ToolCategory));
cl::opt<bool> Verbose("verbose",
                      cl::desc("Also report accesses whose address is unknown"),
                      cl::cat(ToolCategory));
cl::opt<std::string> Jobs(
    "j",
    cl::desc("Analyze up to N files at once, each in a process of its own "
             "(default: one per core)"),
    cl::value_desc("N"), cl::Prefix, cl::cat(ToolCategory));
cl::opt<std::string> Timeout(
    "timeout",
    cl::desc("Give up on a file after this many seconds (default 120; 0: "
             "no limit)"),
    cl::value_desc("seconds"), cl::init("120"), cl::cat(ToolCategory));
cl::opt<std::string> MemoryLimit(
    "memory-limit",
    cl::desc("Give up on a file whose analysis needs more than this many MB "
             "(default 4096; 0: no limit)"),
    cl::value_desc("MB"), cl::init("4096"), cl::cat(ToolCategory));
cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Keep the precompiled CUDA headers and each file's results "
             "here (default: $XDG_CACHE_HOME/cuda-coalesce, else "
             "~/.cache/cuda-coalesce)"),
    cl::value_desc("dir"), cl::cat(ToolCategory));
cl::opt<bool> NoCache(
    "no-cache",
    cl::desc("Neither read nor write the cache: parse every file afresh"),
    cl::cat(ToolCategory));
cl::opt<bool> CacheStats(
    "cache-stats",
    cl::desc("Print how many files the cache answered on standard error"),
    cl::cat(ToolCategory));
cl::opt<std::string> Confirmations(
    "confirmations",
    cl::desc("Merge GPU measurements from cuda-bench replay"),
    cl::value_desc("file"), cl::cat(ToolCategory));

cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Report only findings not recorded in <file> (written by "
             "--write-baseline)"),
    cl::value_desc("file"), cl::cat(ToolCategory));
cl::opt<std::string> WriteBaselineFile(
    "write-baseline",
    cl::desc("Record today's findings in <file>; they are then reported as "
             "accepted"),
    cl::value_desc("file"), cl::cat(ToolCategory));
cl::opt<bool> AllowCompileErrors(
    "allow-compile-errors",
    cl::desc("A file clang cannot fully parse still gets its error record, "
             "but its parsed kernels' findings alone decide the exit code"),
    cl::cat(ToolCategory));
cl::opt<bool> IgnoreNolint(
    "ignore-nolint",
    cl::desc("Report findings that NOLINT comments would silence (for "
             "grading code whose authors must not silence the grade)"),
    cl::cat(ToolCategory));
cl::opt<std::string> Confine(
    "confine",
    cl::desc("Read no file outside <dir> but the system and toolkit headers "
             "and the -I directories after \"--\", and refuse code in <dir> "
             "that hides from the analysis (for grading untrusted code)"),
    cl::value_desc("dir"), cl::Hidden, cl::cat(ToolCategory));
cl::opt<std::string> ExpandedSources(
    "expanded-sources",
    cl::desc("With --confine: append the folder's code after macro "
             "expansion to <file> (for the grader's forbidden patterns)"),
    cl::value_desc("file"), cl::Hidden, cl::cat(ToolCategory));
cl::opt<bool> NoConfig(
    "no-config",
    cl::desc("Ignore .cuda-coalesce.yaml files (found upward from each file)"),
    cl::cat(ToolCategory));

/// LLVM registers --color for its own diagnostics; the tool shares it.
cl::opt<cl::boolOrDefault> *colorOption() {
  auto &Opts = cl::getRegisteredOptions();
  auto It = Opts.find("color");
  if (It == Opts.end())
    return nullptr;
  return static_cast<cl::opt<cl::boolOrDefault> *>(It->second);
}

/// Builds the RunConfig; a usage error is returned as its one-line message.
Expected<RunConfig> configure(std::vector<std::string> ExtraArgs) {
  auto Usage = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };
  RunConfig C;
  C.Files.assign(Files.begin(), Files.end());
  C.BuildPath = BuildPath;
  C.ExtraArgs = std::move(ExtraArgs);
  C.OutputFile = OutputFile;
  C.ConfineFolder = Confine;
  C.ExpandedSourcesFile = ExpandedSources;
  C.ConfirmationsFile = Confirmations;
  C.BaselineFile = BaselineFile;
  C.WriteBaselineFile = WriteBaselineFile;
  C.AllowCompileErrors = AllowCompileErrors;
  C.UseProjectConfig = !NoConfig;
  C.Findings.HonorNolint = !IgnoreNolint;
  C.ChecksSpec = Checks;
  C.CheckOptionArgs.assign(CheckOption.begin(), CheckOption.end());
  C.MinEfficiencyGiven = MinEfficiency.getNumOccurrences() > 0;
  // A whole number, at most Max; Spelled is the option as the user wrote it.
  auto Count = [&](StringRef Value, uint64_t Max, const Twine &What,
                   const Twine &Spelled) -> Expected<uint64_t> {
    uint64_t V;
    if (Value.trim().getAsInteger(10, V) || V > Max)
      return Usage(What + " (" + Spelled + ")");
    return V;
  };
  if (Jobs.getNumOccurrences()) {
    Expected<uint64_t> J = Count(Jobs, 4096, "-j takes a number of files",
                                 "-j " + Jobs);
    if (!J)
      return J.takeError();
    if (*J == 0)
      return Usage("-j takes a number of files, at least 1 (-j " + Jobs + ")");
    C.Jobs = unsigned(*J);
  }
  Expected<uint64_t> T =
      Count(Timeout, 7 * 24 * 3600, "--timeout takes a number of seconds",
            "--timeout=" + Timeout);
  if (!T)
    return T.takeError();
  C.TimeoutSeconds = unsigned(*T);
  Expected<uint64_t> M = Count(MemoryLimit, uint64_t(1) << 30,
                               "--memory-limit takes a number of MB",
                               "--memory-limit=" + MemoryLimit);
  if (!M)
    return M.takeError();
  C.MemoryLimitMB = *M;

  if (Format == "text")
    C.Format = OutputFormat::Text;
  else if (Format == "json")
    C.Format = OutputFormat::Json;
  else if (Format == "sarif")
    C.Format = OutputFormat::Sarif;
  else
    return Usage("unknown --format '" + Format + "' (text, json or sarif)");

  if (CudaMode == "auto")
    C.Cuda.Mode = CudaHeaderMode::Auto;
  else if (CudaMode == "toolkit")
    C.Cuda.Mode = CudaHeaderMode::Toolkit;
  else if (CudaMode == "builtin")
    C.Cuda.Mode = CudaHeaderMode::Builtin;
  else
    return Usage("unknown --cuda '" + CudaMode + "' (auto, toolkit or builtin)");
  C.Cuda.CudaPath = CudaPath;
  if (CudaSearchPath.getNumOccurrences())
    C.Cuda.SearchPaths.assign(CudaSearchPath.begin(), CudaSearchPath.end());
  if (!GpuArch.empty()) {
    C.Cuda.GpuArch = GpuArch;
    C.GpuArchGiven = true;
  }

  Expected<CheckFilter> Filter = CheckFilter::withDefaults(Checks);
  if (!Filter)
    return Filter.takeError();
  C.Findings.Checks = std::move(*Filter);
  for (const std::string &A : CheckOption)
    if (Error E = C.Findings.Options.set(A))
      return std::move(E);
  // Written so that nan fails too: every comparison with nan is false.
  double Efficiency = 0;
  if (StringRef(MinEfficiency).trim().getAsDouble(Efficiency) ||
      !(Efficiency >= 0.0 && Efficiency <= 1.0))
    return Usage("--min-efficiency must be between 0 and 1 (--min-efficiency=" +
                 MinEfficiency + ")");
  C.Findings.MinEfficiency = Efficiency;

  if (!BlockDim.empty()) {
    SmallVector<StringRef, 3> Parts;
    StringRef(BlockDim).split(Parts, ',');
    std::array<unsigned, 3> D = {1, 1, 1};
    if (Parts.size() > 3)
      return Usage("--block-dim takes X[,Y[,Z]]");
    for (size_t I = 0; I < Parts.size(); ++I)
      if (Parts[I].trim().getAsInteger(10, D[I]) || D[I] == 0 || D[I] > 1024)
        return Usage("--block-dim: '" + Parts[I] + "' is not a block size");
    // CUDA's limits on every GPU the tool models: at most 1,024 threads in
    // the whole block, and z at most 64.
    uint64_t Threads = uint64_t(D[0]) * D[1] * D[2];
    if (Threads > 1024)
      return Usage("a block has at most 1024 threads, not " +
                   Twine(Threads) + " (--block-dim=" + std::string(BlockDim) +
                   ")");
    if (D[2] > 64)
      return Usage("a block's z dimension is at most 64 (--block-dim=" +
                   std::string(BlockDim) + ")");
    C.Analysis.BlockDim = D;
  }
  for (const std::string &A : Assume) {
    SmallVector<StringRef, 4> Items;
    StringRef(A).split(Items, ',', -1, false);
    for (StringRef Item : Items) {
      auto [Name, Value] = Item.split('=');
      int64_t V;
      if (Name.trim().empty() || Value.trim().getAsInteger(0, V))
        return Usage("--assume expects name=value, got '" + Item + "'");
      C.Analysis.Assume[Name.trim().str()] = V;
    }
  }

  // --color[=true|false] is LLVM's own option; unset means "if a terminal".
  bool Terminal = OutputFile.empty() && sys::Process::StandardOutIsDisplayed();
  // NO_COLOR (https://no-color.org), when set and not empty, turns the
  // automatic choice off; an explicit --color=true still wins.
  const char *NoColor = std::getenv("NO_COLOR");
  bool NoColorSet = NoColor && *NoColor;
  C.Output.Color = C.Format == OutputFormat::Text && Terminal && !NoColorSet;
  if (const auto *Opt = colorOption())
    if (Opt->getValue() != cl::BOU_UNSET)
      C.Output.Color = Opt->getValue() == cl::BOU_TRUE;
  C.CacheDir = CacheDir;
  C.UseCache = !NoCache;
  C.CacheStats = CacheStats;
  C.Progress = sys::Process::StandardErrIsDisplayed();
  C.Output.Explain = Explain;
  C.Output.Verbose = Verbose;
  C.Output.ToolVersion = CUDA_COALESCE_VERSION;
  return C;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);

  // Everything after "--" goes to the compiler.
  std::vector<const char *> Ours;
  std::vector<std::string> ExtraArgs;
  bool Rest = false;
  for (int I = 0; I < argc; ++I) {
    if (Rest)
      ExtraArgs.push_back(argv[I]);
    else if (I > 0 && StringRef(argv[I]) == "--")
      Rest = true;
    else
      Ours.push_back(argv[I]);
  }

  // Listed once, among the tool's own options.
  if (cl::Option *ColorOpt = colorOption())
    ColorOpt->Categories.assign(1, &ToolCategory);
  cl::HideUnrelatedOptions(ToolCategory);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cuda-coalesce " << CUDA_COALESCE_VERSION << " (LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string ParseErrors;
  raw_string_ostream ErrOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          int(Ours.size()), Ours.data(),
          "cuda-coalesce: predicts how CUDA kernels' global loads and stores "
          "coalesce\n",
          &ErrOS)) {
    ErrOS.flush();
    StringRef First = StringRef(ParseErrors).split('\n').first.trim();
    First.consume_front("cuda-coalesce:");
    errs() << "cuda-coalesce: error: " << First.trim()
           << " (see --help)\n";
    return ExitError;
  }

  Expected<RunConfig> Config = configure(std::move(ExtraArgs));
  if (!Config) {
    errs() << "cuda-coalesce: error: " << toString(Config.takeError()) << "\n";
    return ExitError;
  }
  if (ListChecks) {
    // The checks a file would get: the configuration found from the first
    // file (or the working directory) under the command line's --checks.
    std::shared_ptr<const ProjectConfig> Project;
    if (Config->UseProjectConfig) {
      ProjectConfigFinder Finder;
      Expected<std::shared_ptr<const ProjectConfig>> Found =
          Finder.find(Config->Files.empty() ? std::string("./-")
                                            : Config->Files.front());
      if (!Found) {
        errs() << "cuda-coalesce: error: " << toString(Found.takeError())
               << "\n";
        return ExitError;
      }
      Project = std::move(*Found);
    }
    Expected<FileOptions> Options = resolveFileOptions(*Config, Project.get());
    if (!Options) {
      errs() << "cuda-coalesce: error: " << toString(Options.takeError())
             << "\n";
      return ExitError;
    }
    for (const std::string &Name : Options->Findings.Checks.enabledChecks())
      outs() << Name << "\n";
    return ExitClean;
  }
  return run(*Config, outs(), errs());
}
