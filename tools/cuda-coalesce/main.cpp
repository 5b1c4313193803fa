//===- main.cpp - the cuda-coalesce command line ----------------------------===//
//
// Parses options into a RunConfig and hands it to the driver library. Every
// usage error is one line on stderr and exit code 2.
//
//===----------------------------------------------------------------------===//

#include "Clangd/CompileCommandsTranslation.h"
#include "Driver/ProjectConfig.h"
#include "Driver/Runner.h"
#include "Options/OptionTable.h"

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
cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("SARIF: the https address the checks' pages are published at "
             "(helpUri; default: the project repository's docs/checks/)"),
    cl::value_desc("url"), cl::cat(ToolCategory));
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
// The analysis options come from lib/Options/OptionTable.h, which also
// parses them. Values are read as strings: LLVM prints its own message for a
// value it cannot parse, unprefixed and on a line of its own.
cl::opt<std::string> MinEfficiency(
    StringRef(optionSpec(OptionId::MinEfficiency).Flag),
    cl::desc(optionHelp(OptionId::MinEfficiency)),
    cl::value_desc(optionSpec(OptionId::MinEfficiency).ValueDesc),
    cl::init(optionSpec(OptionId::MinEfficiency).Default),
    cl::cat(ToolCategory));
cl::opt<std::string>
    BlockDim(StringRef(optionSpec(OptionId::BlockDim).Flag),
             cl::desc(optionHelp(OptionId::BlockDim)),
             cl::value_desc(optionSpec(OptionId::BlockDim).ValueDesc),
             cl::cat(ToolCategory));
cl::list<std::string>
    Assume(StringRef(optionSpec(OptionId::Assume).Flag),
           cl::desc(optionHelp(OptionId::Assume)),
           cl::value_desc(optionSpec(OptionId::Assume).ValueDesc),
           cl::cat(ToolCategory));
cl::opt<bool> ListOptions(
    "list-options",
    cl::desc("Print the analysis options: their .cuda-coalesce.yaml and "
             "clang-tidy name, flag, values and default"),
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
cl::opt<std::string> NvccCompat(
    "nvcc-compat",
    cl::desc("Parse what nvcc accepts and clang does not (docs/nvcc-compat.md): "
             "auto (for nvcc compile commands and files without one), on or "
             "off"),
    cl::init("auto"), cl::cat(ToolCategory));
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
cl::opt<std::string> ExportCompileCommands(
    "export-compile-commands",
    cl::desc("Write <dir>/compile_commands.json: the -p database with its "
             "nvcc commands translated for clang-tidy, run-clang-tidy and "
             "clangd (see docs/editors.md); analyzes nothing"),
    cl::value_desc("dir"), cl::cat(ToolCategory));

cl::opt<bool> FixOpt(
    "fix",
    cl::desc("Apply the automatic fixes in place (padded shared tiles, "
             "grid-stride loops), then analyze again and report what is left"),
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
  C.Fix = FixOpt;
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
  if (NvccCompat == "auto")
    C.NvccCompat = NvccCompatMode::Auto;
  else if (NvccCompat == "on")
    C.NvccCompat = NvccCompatMode::On;
  else if (NvccCompat == "off")
    C.NvccCompat = NvccCompatMode::Off;
  else
    return Usage("unknown --nvcc-compat '" + NvccCompat + "' (auto, on or off)");
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
  // A bad value's message is the option table's, the same as in
  // .cuda-coalesce.yaml and clang-tidy; the flag says where it came from.
  auto Parse = [&](OptionId Id, StringRef Text) -> Expected<OptionValue> {
    Expected<OptionValue> V = parseOption(optionSpec(Id), Text);
    if (!V)
      return Usage(toString(V.takeError()) + " (--" + optionSpec(Id).Flag +
                   ")");
    return V;
  };
  Expected<OptionValue> Efficiency =
      Parse(OptionId::MinEfficiency, MinEfficiency);
  if (!Efficiency)
    return Efficiency.takeError();
  C.Findings.MinEfficiency = Efficiency->Fraction;
  if (!BlockDim.empty()) {
    Expected<OptionValue> D = Parse(OptionId::BlockDim, BlockDim);
    if (!D)
      return D.takeError();
    C.Analysis.BlockDim = D->Block;
  }
  for (const std::string &A : Assume) {
    Expected<OptionValue> V = Parse(OptionId::Assume, A);
    if (!V)
      return V.takeError();
    for (const auto &[Name, Value] : V->Assume)
      C.Analysis.Assume[Name] = Value;
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
  if (DocsUrl.getNumOccurrences()) {
    // The links go to whoever reads the alert, on another machine.
    if (!StringRef(DocsUrl).starts_with("https://") ||
        StringRef(DocsUrl).size() <= strlen("https://"))
      return Usage("--docs-url takes an absolute https:// address (--docs-url=" +
                   DocsUrl + ")");
    C.Output.DocsBaseUri = DocsUrl;
  }
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
    // An option's own complaint ("for the --format option: requires a
    // value!") LLVM has already written to stderr, leaving nothing here:
    // that line is the error, and an empty "error:" line would only follow.
    if (!First.trim().empty())
      errs() << "cuda-coalesce: error: " << First.trim()
             << " (see --help)\n";
    return ExitError;
  }

  if (ListOptions) {
    printOptionTable(outs());
    return ExitClean;
  }
  Expected<RunConfig> Config = configure(std::move(ExtraArgs));
  if (!Config) {
    errs() << "cuda-coalesce: error: " << toString(Config.takeError()) << "\n";
    return ExitError;
  }
  if (!ExportCompileCommands.empty()) {
    if (Config->BuildPath.empty()) {
      errs() << "cuda-coalesce: error: --export-compile-commands needs -p "
                "<build directory>\n";
      return ExitError;
    }
    if (Error E = clangd::exportCompilationDatabase(
            Config->BuildPath, ExportCompileCommands, Config->Cuda)) {
      errs() << "cuda-coalesce: error: " << toString(std::move(E)) << "\n";
      return ExitError;
    }
    return ExitClean;
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
