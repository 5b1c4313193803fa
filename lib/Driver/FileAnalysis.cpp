//===- FileAnalysis.cpp ---------------------------------------------------===//

#include "Driver/FileAnalysis.h"
#include "Driver/CacheDirectory.h"
#include "Frontend/EmbeddedHeaders.h"
#include "Frontend/InputFiles.h"
#include "Frontend/LaunchSpelling.h"
#include "Frontend/NvccFlags.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

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
    if (WatchPch && !Seen++ && Level >= DiagnosticsEngine::Error) {
      // A precompiled prelude that cannot be loaded (out of memory, damaged,
      // replaced under a concurrent run) says so before anything else; the
      // file is then parsed again without it, so nothing of this attempt
      // may be printed.
      SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      StringRef T = Text;
      PchFailed = T.contains("PCH file") || T.contains("precompiled header");
    }
    if (PchFailed)
      return;
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
  bool WatchPch = false;  ///< a precompiled prelude is loaded
  bool PchFailed = false; ///< ... and it could not be
  unsigned Seen = 0;

private:
  TextDiagnosticPrinter Printer;
};

/// Everything one translation unit contributes to the report.
struct UnitResult {
  TranslationUnitResult Analysis;
  bool Parsed = false;
};

bool isInstantiation(const Decl *D) {
  TemplateSpecializationKind K = TSK_Undeclared;
  if (const auto *F = dyn_cast<FunctionDecl>(D))
    K = F->getTemplateSpecializationKind();
  else if (const auto *V = dyn_cast<VarDecl>(D))
    K = V->getTemplateSpecializationKind();
  else if (const auto *C = dyn_cast<CXXRecordDecl>(D))
    K = C->getTemplateSpecializationKind();
  return K != TSK_Undeclared && K != TSK_ExplicitSpecialization;
}

class AnalyzeConsumer : public ASTConsumer {
public:
  AnalyzeConsumer(ExprContext &X, const AnalysisOptions &Opts,
                  RecordingDiagnostics &Diags, UnitResult &Out,
                  const UnitCaching &Caching)
      : X(X), Opts(Opts), Diags(Diags), Out(Out), Caching(Caching) {}
  bool HandleTopLevelDecl(DeclGroupRef D) override {
    // Sema hands over each template instantiation as well; the walks reach
    // those through their templates, as they do over the whole unit.
    for (Decl *Each : D)
      if (!isInstantiation(Each))
        TopLevel.push_back(Each);
    return true;
  }
  // Declarations a precompiled header hands over are the prelude's, not
  // this file's (the default would pass them to HandleTopLevelDecl).
  void HandleInterestingDecl(DeclGroupRef) override {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // With a precompiled prelude, walking the whole translation unit would
    // deserialize every CUDA header declaration only to skip it as a system
    // header's: the walks see the declarations parsed here instead, which
    // are all of them but the prelude's.
    if (!Caching.PchPath.empty())
      Ctx.setTraversalScope(TopLevel);
    Out.Analysis = collectAccessSites(Ctx, X, Opts, Diags.ErrorLocs);
    Out.Parsed = true;
    if (Caching.Parsed)
      *Caching.Parsed = parsedFiles(Ctx.getSourceManager());
  }

private:
  ExprContext &X;
  const AnalysisOptions &Opts;
  RecordingDiagnostics &Diags;
  UnitResult &Out;
  const UnitCaching &Caching;
  std::vector<Decl *> TopLevel;
};

class AnalyzeAction : public ASTFrontendAction {
public:
  AnalyzeAction(ExprContext &X, const AnalysisOptions &Opts,
                RecordingDiagnostics &Diags, UnitResult &Out,
                const UnitCaching &Caching, std::string &Verbose,
                const Confinement &Confine)
      : X(X), Opts(Opts), Diags(Diags), Out(Out), Caching(Caching),
        Verbose(Verbose), Confine(Confine) {}

protected:
  bool BeginInvocation(CompilerInstance &CI) override {
    // What clang prints past the diagnostics ("2 errors generated ..."),
    // held back until it is known whether the attempt counts.
    CI.setVerboseOutputStream(std::make_unique<raw_string_ostream>(Verbose));
    return ASTFrontendAction::BeginInvocation(CI);
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // Keep parsing past clang's default limit of 20 errors: a file full of
    // nvcc-isms still has kernels worth analyzing after them.
    CI.getDiagnostics().setErrorLimit(0);
    watchForHiddenCode(CI, Confine);
    return std::make_unique<AnalyzeConsumer>(X, Opts, Diags, Out, Caching);
  }

private:
  ExprContext &X;
  const AnalysisOptions &Opts;
  RecordingDiagnostics &Diags;
  UnitResult &Out;
  const UnitCaching &Caching;
  std::string &Verbose;
  const Confinement &Confine;
};

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

/// A file that could not be analyzed at all: one line, and the record.
FileResult failed(const std::string &Path, const std::string &What,
                  raw_ostream &Diag) {
  Diag << "cuda-coalesce: error: " << What << " (" << Path << ")\n";
  FileResult R;
  R.Status = {Path, false, What, 0, 0};
  return R;
}

} // namespace

std::vector<std::string> UnitCommand::commandLine() const {
  std::vector<std::string> Args = {"clang++"};
  Args.insert(Args.end(), User.begin(), User.end());
  Args.insert(Args.end(), Device.begin(), Device.end());
  Args.push_back(Path);
  return Args;
}

Expected<UnitCommand> unitCommand(const std::string &Path,
                                  const FrontendSetup &Setup,
                                  const FileOptions &Opts) {
  if (Error E = checkSourceFile(Path))
    return E;
  UnitCommand Cmd;
  Cmd.Path = Path;
  std::string Arch;
  if (Setup.Database) {
    SmallString<256> Abs(Path);
    sys::fs::make_absolute(Abs);
    std::vector<tooling::CompileCommand> Cmds =
        Setup.Database->getCompileCommands(Abs);
    if (Cmds.empty())
      return createStringError(inconvertibleErrorCode(),
                               "not in the compilation database " +
                                   Setup.BuildPath + "/compile_commands.json");
    ParseFlags F = translateCompileCommand(Cmds.front().CommandLine);
    absolutizePaths(F.Args, Cmds.front().Directory);
    Cmd.User = std::move(F.Args);
    Arch = F.GpuArch;
  } else {
    // The project configuration's arguments stand in for a compile command.
    Cmd.User = Opts.ExtraArgs;
  }
  Cmd.User.insert(Cmd.User.end(), Setup.ExtraArgs.begin(),
                  Setup.ExtraArgs.end());
  CudaToolchain Unit = Setup.Toolchain;
  if (!Setup.GpuArchGiven && !Arch.empty())
    Unit.GpuArch = Arch;
  Cmd.Device = Unit.deviceFlags();
  return Cmd;
}

namespace {
constexpr const char *PreludeMainName = "cuda_coalesce_pch_main.cu";
} // namespace

std::string preludeMainFile() {
  // Beside the embedded headers, under the same virtual root.
  return std::string(StringRef(builtinHeaderDir()).rsplit('/').first) + "/" +
         PreludeMainName;
}

bool isEmbeddedPath(StringRef Path) {
  return Path.starts_with(StringRef(builtinHeaderDir()).rsplit('/').first);
}

IntrusiveRefCntPtr<vfs::FileSystem>
unitFileSystem(const Confinement &Confine) {
  // Sources are read with nvcc's split launches joined (k << < g, b >> >);
  // the embedded headers lie above the confinement, which sees real files.
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(
      joiningSplitLaunches(
          confinedFileSystem(vfs::getRealFileSystem(), Confine)));
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  forEachEmbeddedHeader([&](StringRef P, StringRef Contents) {
    Memory->addFile(P, 0, MemoryBuffer::getMemBuffer(Contents));
  });
  Memory->addFile(preludeMainFile(), 0, MemoryBuffer::getMemBuffer("\n"));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

std::vector<FileDigest> parsedFiles(const SourceManager &SM) {
  std::vector<FileDigest> Files;
  StringSet<> Seen;
  // Local entries only: a precompiled header's files are loaded entries,
  // and they are checked through its own list of inputs.
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile())
      continue;
    const SrcMgr::ContentCache &CC = E.getFile().getContentCache();
    if (!CC.OrigEntry)
      continue;
    StringRef Name = CC.OrigEntry->getName();
    if (isEmbeddedPath(Name) || !Seen.insert(Name).second)
      continue;
    std::optional<MemoryBufferRef> Buffer = CC.getBufferIfLoaded();
    Files.push_back({Name.str(), Buffer ? digestHex({Buffer->getBuffer()})
                                        : std::string("unread")});
  }
  return Files;
}

FileResult analyzeFile(const std::string &Path, const FrontendSetup &Setup,
                       const FileOptions &Opts, raw_ostream &Diag) {
  Expected<UnitCommand> Cmd = unitCommand(Path, Setup, Opts);
  if (!Cmd)
    return failed(Path, toString(Cmd.takeError()), Diag);
  return analyzeUnit(*Cmd, Setup, Opts, Diag);
}

FileResult analyzeUnit(const UnitCommand &Cmd, const FrontendSetup &Setup,
                       const FileOptions &Opts, raw_ostream &Diag,
                       const UnitCaching &Caching) {
  const std::string &Path = Cmd.Path;
  std::vector<std::string> Args = Cmd.commandLine();
  if (!Caching.PchPath.empty()) {
    // Before the input; the prelude's own -include stays, a no-op under its
    // include guard, so the command is otherwise the uncached one.
    Args.insert(Args.end() - 1, {"-include-pch", Caching.PchPath});
  }
  Confinement Confine;
  if (!Setup.ConfineFolder.empty()) {
    Confine.Folder = Setup.ConfineFolder;
    Confine.ExpandedOut = Setup.ExpandedSourcesFile;
    Confine.Trusted = systemHeaderRoots(Setup.Toolchain.UsesToolkit
                                            ? Setup.Toolchain.ToolkitPath
                                            : std::string());
    for (std::string &P : includeFlagPaths(Setup.ExtraArgs))
      Confine.Trusted.push_back(std::move(P));
    if (!Caching.PchPath.empty())
      Confine.Trusted.push_back(Caching.PchPath);
  }
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                unitFileSystem(Confine));

  auto DiagOpts = makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = Setup.Color;
  RecordingDiagnostics Diags(Diag, DiagOpts.get());
  UnitResult Result;
  // One expression context per translation unit: the report keeps only
  // plain data, so nothing outlives it, and one file's expressions never
  // slow down the next.
  ExprContext Exprs;
  Diags.WatchPch = !Caching.PchPath.empty();
  std::string Verbose;
  tooling::ToolInvocation Invocation(
      Args,
      std::make_unique<AnalyzeAction>(Exprs, Opts.Analysis, Diags, Result,
                                      Caching, Verbose, Confine),
      Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  bool Ok = Invocation.run();
  if (Diags.PchFailed) {
    // Removed, so that the next run builds it afresh (unlinking is safe
    // for a concurrent run that has it open).
    sys::fs::remove(Caching.PchPath);
    UnitCaching Without = Caching;
    Without.PchPath.clear();
    return analyzeUnit(Cmd, Setup, Opts, Diag, Without);
  }
  Diag << Verbose;

  FileResult Out;
  Out.Status = {Path, true, "", 0, 0};
  Out.ClangErrors = Diags.Errors;
  Out.Parsed = Result.Parsed;
  if (!Ok || Diags.Errors > 0) {
    Out.Status.Ok = false;
    Out.Status.Message = Diags.FirstError.Message;
    // Only a location in the file itself: an error inside a header is
    // reported at no line of this file.
    if (sys::fs::equivalent(Diags.FirstError.File, Path)) {
      Out.Status.Line = Diags.FirstError.Line;
      Out.Status.Column = Diags.FirstError.Column;
    }
    if (!Result.Parsed)
      Diag << "cuda-coalesce: error: could not be parsed (" << Path << ")\n";
    if (Out.Status.Message.empty())
      Out.Status.Message = "could not be parsed";
  }
  for (const std::string &K : Result.Analysis.SkippedKernels)
    Diag << "cuda-coalesce: note: kernel " << K
         << " not analyzed: its body has errors\n";
  Out.Unit = std::move(Result.Analysis);
  return Out;
}

} // namespace coalesce
