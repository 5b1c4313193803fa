//===- Runner.cpp ---------------------------------------------------------===//

#include "Driver/Runner.h"
#include "Driver/ProjectConfig.h"
#include "Frontend/EmbeddedHeaders.h"
#include "Frontend/InputFiles.h"
#include "Frontend/NvccFlags.h"
#include "Findings/AccessSiteCollector.h"
#include "Findings/Baseline.h"
#include "Findings/CheckDocs.h"
#include "Findings/Confirmations.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/thread.h"

#include <deque>

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

/// Prints clang's diagnostics as clang does and remembers where the errors
/// are, so kernels whose bodies hold none can still be analyzed.
class RecordingDiagnostics : public DiagnosticConsumer {
public:
  RecordingDiagnostics(raw_ostream &OS, DiagnosticOptions *Opts)
      : Printer(OS, Opts) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Printer.HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error) {
      if (!Errors++) {
        SmallString<128> Text;
        Info.FormatDiagnostic(Text);
        FirstError.Message = std::string(Text);
        if (Info.hasSourceManager() && Info.getLocation().isValid()) {
          PresumedLoc P =
              Info.getSourceManager().getPresumedLoc(Info.getLocation());
          if (P.isValid()) {
            FirstError.File = P.getFilename();
            FirstError.Line = P.getLine();
            FirstError.Column = P.getColumn();
          }
        }
      }
      if (Info.getLocation().isValid())
        ErrorLocs.push_back(Info.getLocation());
    }
  }

  struct {
    std::string Message, File;
    unsigned Line = 0, Column = 0;
  } FirstError;
  unsigned Errors = 0;
  std::vector<SourceLocation> ErrorLocs;

private:
  TextDiagnosticPrinter Printer;
};

/// Everything one translation unit contributes to the report.
struct UnitResult {
  TranslationUnitResult Analysis;
  bool Parsed = false;
};

class AnalyzeConsumer : public ASTConsumer {
public:
  AnalyzeConsumer(ExprContext &X, const AnalysisOptions &Opts,
                  RecordingDiagnostics &Diags, UnitResult &Out)
      : X(X), Opts(Opts), Diags(Diags), Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Out.Analysis = collectAccessSites(Ctx, X, Opts, Diags.ErrorLocs);
    Out.Parsed = true;
  }

private:
  ExprContext &X;
  const AnalysisOptions &Opts;
  RecordingDiagnostics &Diags;
  UnitResult &Out;
};

class AnalyzeAction : public ASTFrontendAction {
public:
  AnalyzeAction(ExprContext &X, const AnalysisOptions &Opts,
                RecordingDiagnostics &Diags, UnitResult &Out)
      : X(X), Opts(Opts), Diags(Diags), Out(Out) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // Keep parsing past clang's default limit of 20 errors: a file full of
    // nvcc-isms still has kernels worth analyzing after them.
    CI.getDiagnostics().setErrorLimit(0);
    return std::make_unique<AnalyzeConsumer>(X, Opts, Diags, Out);
  }

private:
  ExprContext &X;
  const AnalysisOptions &Opts;
  RecordingDiagnostics &Diags;
  UnitResult &Out;
};

bool isCudaSource(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".cu" || Ext == ".cuh";
}

/// Makes path-valued flags absolute against the compile command's directory,
/// so the analysis can run from the user's working directory.
void absolutizePaths(std::vector<std::string> &Args, StringRef Dir) {
  auto Abs = [&](std::string P) {
    if (P.empty() || sys::path::is_absolute(P) || Dir.empty())
      return P;
    SmallString<256> R(Dir);
    sys::path::append(R, P);
    sys::path::remove_dots(R, /*remove_dot_dot=*/true);
    return std::string(R);
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-isystem" || A == "-iquote" || A == "-idirafter" ||
        A == "-include") {
      if (I + 1 < Args.size())
        Args[I + 1] = Abs(Args[I + 1]);
      ++I;
    } else if (A.starts_with("-I") && A.size() > 2) {
      Args[I] = "-I" + Abs(A.drop_front(2).str());
    }
  }
}

/// Where SARIF's links point: the configured docs URL, else the pages
/// installed next to the tool (PREFIX/share/doc/cuda-coalesce), else those
/// of the source tree it was built from.
void locateDocs(OutputOptions &O) {
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    O.SourceRoot = std::string(Cwd);
  if (!configuredDocsUrl().empty()) {
    O.DocsBaseUri = configuredDocsUrl().str();
    if (!StringRef(O.DocsBaseUri).ends_with("/"))
      O.DocsBaseUri += "/";
    O.InformationUri = O.DocsBaseUri;
    return;
  }
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "share", "doc", "cuda-coalesce");
  SmallString<256> Dir = Installed;
  if (!sys::fs::is_directory(Twine(Dir) + "/checks")) {
    Dir = CUDA_COALESCE_SOURCE_DIR "/docs";
    if (!sys::fs::is_directory(Twine(Dir) + "/checks"))
      return;
  }
  O.InformationUri = "file://" + std::string(Dir) + "/";
  O.DocsBaseUri = O.InformationUri + "checks/";
}

class Run {
public:
  Run(const RunConfig &C, raw_ostream &Err) : C(C), Err(Err) {}

  int execute(raw_ostream &Out);

private:
  const RunConfig &C;
  raw_ostream &Err;
  bool HadErrors = false;
  ProjectConfigFinder Configs;
  /// Each file's options, kept for classifying its sites at the end.
  std::deque<FileOptions> PerFile;
  std::vector<AccessSite> Sites;
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
  void fileError(const std::string &Path, const Twine &Msg) {
    error(Msg);
    Statuses.push_back({Path, false, Msg.str(), 0, 0});
  }

  void analyzeFile(const std::string &Path, const CudaToolchain &TC,
                   const tooling::CompilationDatabase *DB);
};

void Run::analyzeFile(const std::string &Path, const CudaToolchain &TC,
                      const tooling::CompilationDatabase *DB) {
  if (Error E = checkSourceFile(Path)) {
    fileError(Path, toString(std::move(E)));
    return;
  }
  std::shared_ptr<const ProjectConfig> Config;
  if (C.UseProjectConfig) {
    Expected<std::shared_ptr<const ProjectConfig>> Found = Configs.find(Path);
    if (!Found) {
      fileError(Path, toString(Found.takeError()));
      return;
    }
    Config = std::move(*Found);
  }
  Expected<FileOptions> Resolved = resolveFileOptions(C, Config.get());
  if (!Resolved) {
    fileError(Path, toString(Resolved.takeError()));
    return;
  }
  const FileOptions &Options = PerFile.emplace_back(std::move(*Resolved));
  std::vector<std::string> Args = {"clang++"};
  std::string Arch;
  if (DB) {
    SmallString<256> Abs(Path);
    sys::fs::make_absolute(Abs);
    std::vector<tooling::CompileCommand> Cmds = DB->getCompileCommands(Abs);
    if (Cmds.empty()) {
      fileError(Path, Path + ": not in the compilation database " +
                          C.BuildPath + "/compile_commands.json");
      return;
    }
    ParseFlags F = translateCompileCommand(Cmds.front().CommandLine);
    absolutizePaths(F.Args, Cmds.front().Directory);
    Args.insert(Args.end(), F.Args.begin(), F.Args.end());
    Arch = F.GpuArch;
  } else {
    Args.insert(Args.end(), Options.ExtraArgs.begin(), Options.ExtraArgs.end());
  }
  Args.insert(Args.end(), C.ExtraArgs.begin(), C.ExtraArgs.end());
  CudaToolchain Unit = TC;
  if (!C.GpuArchGiven && !Arch.empty())
    Unit.GpuArch = Arch;
  std::vector<std::string> Device = Unit.deviceFlags();
  Args.insert(Args.end(), Device.begin(), Device.end());
  Args.push_back(Path);

  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  forEachEmbeddedHeader([&](StringRef P, StringRef Contents) {
    Memory->addFile(P, 0, MemoryBuffer::getMemBuffer(Contents));
  });
  Overlay->pushOverlay(Memory);
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);

  auto DiagOpts = makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = C.Output.Color;
  RecordingDiagnostics Diags(errs(), DiagOpts.get());
  UnitResult Result;
  // One expression context per translation unit: the report keeps only
  // plain data, so nothing outlives it, and one file's expressions never
  // slow down the next.
  ExprContext Exprs;
  tooling::ToolInvocation Invocation(
      Args,
      std::make_unique<AnalyzeAction>(Exprs, Options.Analysis, Diags, Result),
      Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  bool Ok = Invocation.run();

  InputStatus Status{Path, true, "", 0, 0};
  if (!Ok || Diags.Errors > 0) {
    // --allow-compile-errors: the record stays, the kernels clang could
    // parse are reported, and the exit code is theirs.
    if (!C.AllowCompileErrors || !Result.Parsed)
      HadErrors = true;
    Status.Ok = false;
    Status.Message = Diags.FirstError.Message;
    // Only a location in the file itself: an error inside a header is
    // reported at no line of this file.
    if (sys::fs::equivalent(Diags.FirstError.File, Path)) {
      Status.Line = Diags.FirstError.Line;
      Status.Column = Diags.FirstError.Column;
    }
    if (!Result.Parsed)
      error(Path + ": could not be parsed");
    if (Status.Message.empty())
      Status.Message = "could not be parsed";
  }
  Statuses.push_back(std::move(Status));
  for (const std::string &K : Result.Analysis.SkippedKernels)
    Err << "cuda-coalesce: note: kernel " << K
        << " not analyzed: its body has errors\n";
  Kernels += Result.Analysis.Kernels;
  for (KernelInfo &K : Result.Analysis.KernelList)
    KernelList.push_back(std::move(K));
  for (AccessSite &S : Result.Analysis.Sites) {
    Sites.push_back(std::move(S));
    SiteOptions.push_back(&Options.Findings);
  }
}

int Run::execute(raw_ostream &Out) {
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

  // Each translation unit is analyzed on a thread with a large stack: clang
  // itself recurses over expressions (a sum of thousands of terms is valid
  // C++), and the analysis bounds its own depth only where it knows to.
  for (const std::string &Path : Inputs) {
    llvm::thread Worker(std::optional<unsigned>(AnalysisStackBytes),
                        [&] { analyzeFile(Path, *TC, DB.get()); });
    Worker.join();
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
    std::error_code EC;
    raw_fd_ostream BaselineOS(C.WriteBaselineFile, EC);
    if (!EC) {
      BaselineOS << Baseline::serialize(R);
      BaselineOS.close();
      EC = BaselineOS.error();
      BaselineOS.clear_error();
    }
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
  OutputOptions Written = C.Output;
  locateDocs(Written);

  std::unique_ptr<raw_fd_ostream> File;
  raw_ostream *OS = &Out;
  if (!C.OutputFile.empty()) {
    std::error_code EC;
    File = std::make_unique<raw_fd_ostream>(C.OutputFile, EC);
    if (EC) {
      error("-o " + C.OutputFile + ": " + EC.message());
      return ExitError;
    }
    OS = File.get();
  }
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
  // A full disk or a closed pipe: said once, and cleared, because a file
  // stream left in error ends the process with LLVM's "IO failure".
  raw_fd_ostream *FD = File ? File.get() : OS == &outs() ? &outs() : nullptr;
  if (FD && FD->has_error()) {
    error("could not write the report: " + FD->error().message() + " (" +
          (C.OutputFile.empty() ? std::string("standard output")
                                : C.OutputFile) +
          ")");
    FD->clear_error();
  }

  unsigned Flagged = llvm::count_if(R.Findings, [](const Finding &F) {
    return F.Flagged;
  });
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
  if (HadErrors)
    return ExitError;
  return Flagged ? ExitFindings : ExitClean;
}

} // namespace

int run(const RunConfig &Config, raw_ostream &Out, raw_ostream &Err) {
  Run R(Config, Err);
  return R.execute(Out);
}

} // namespace coalesce
