//===- FileAnalysis.cpp ---------------------------------------------------===//

#include "Driver/FileAnalysis.h"
#include "Frontend/EmbeddedHeaders.h"
#include "Frontend/InputFiles.h"
#include "Frontend/NvccFlags.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
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

FileResult analyzeFile(const std::string &Path, const FrontendSetup &Setup,
                       const FileOptions &Opts, raw_ostream &Diag) {
  if (Error E = checkSourceFile(Path))
    return failed(Path, toString(std::move(E)), Diag);
  std::vector<std::string> Args = {"clang++"};
  std::string Arch;
  if (Setup.Database) {
    SmallString<256> Abs(Path);
    sys::fs::make_absolute(Abs);
    std::vector<tooling::CompileCommand> Cmds =
        Setup.Database->getCompileCommands(Abs);
    if (Cmds.empty())
      return failed(Path,
                    "not in the compilation database " + Setup.BuildPath +
                        "/compile_commands.json",
                    Diag);
    ParseFlags F = translateCompileCommand(Cmds.front().CommandLine);
    absolutizePaths(F.Args, Cmds.front().Directory);
    Args.insert(Args.end(), F.Args.begin(), F.Args.end());
    Arch = F.GpuArch;
  } else {
    // The project configuration's arguments stand in for a compile command.
    Args.insert(Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  }
  Args.insert(Args.end(), Setup.ExtraArgs.begin(), Setup.ExtraArgs.end());
  CudaToolchain Unit = Setup.Toolchain;
  if (!Setup.GpuArchGiven && !Arch.empty())
    Unit.GpuArch = Arch;
  std::vector<std::string> Device = Unit.deviceFlags();
  Args.insert(Args.end(), Device.begin(), Device.end());
  Args.push_back(Path);

  auto Overlay =
      makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  forEachEmbeddedHeader([&](StringRef P, StringRef Contents) {
    Memory->addFile(P, 0, MemoryBuffer::getMemBuffer(Contents));
  });
  Overlay->pushOverlay(Memory);
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);

  auto DiagOpts = makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = Setup.Color;
  RecordingDiagnostics Diags(Diag, DiagOpts.get());
  UnitResult Result;
  // One expression context per translation unit: the report keeps only
  // plain data, so nothing outlives it, and one file's expressions never
  // slow down the next.
  ExprContext Exprs;
  tooling::ToolInvocation Invocation(
      Args,
      std::make_unique<AnalyzeAction>(Exprs, Opts.Analysis, Diags, Result),
      Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  bool Ok = Invocation.run();

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
