//===- FileAnalysis.cpp ---------------------------------------------------===//

#include "Driver/FileAnalysis.h"
#include "Driver/CacheDirectory.h"
#include "Driver/IncludeGraph.h"
#include "Driver/DialectReparse.h"
#include "Frontend/DeviceLaunches.h"
#include "Frontend/EmbeddedHeaders.h"
#include "Frontend/InputFiles.h"
#include "Frontend/LaunchSpelling.h"
#include "Frontend/MacroTests.h"
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
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <set>

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
    Lang = &LO;
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
    if (Dialect && !dialect(Level, Info))
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
  /// The nvcc compatibility mode: the leniencies accepted (tags), and the
  /// repairs a second parse would need.
  bool Dialect = false;
  std::set<std::string> Accepted, Repairs;
  std::vector<DialectEdit> Edits;
  bool NewerArch = false;

private:
  /// Whether Info still counts (and is printed) after the mode had its say.
  bool dialect(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
    if (Level == DiagnosticsEngine::Note)
      return !DroppingNotes;
    DroppingNotes = false;
    std::optional<DialectRepair> R =
        Lang ? dialectRepair(Info, Level, *Lang) : std::nullopt;
    if (!R)
      return true;
    switch (R->How) {
    case DialectRepair::Accept:
      Accepted.insert(R->Tag);
      DroppingNotes = true;
      return false;
    case DialectRepair::Edit:
      Repairs.insert(R->Tag);
      llvm::append_range(Edits, R->Edits);
      return true;
    case DialectRepair::NewerArch:
      Repairs.insert(R->Tag);
      NewerArch = true;
      return true;
    }
    return true;
  }

  TextDiagnosticPrinter Printer;
  const LangOptions *Lang = nullptr;
  bool DroppingNotes = false;
};

/// Whether the user's code tests a macro only nvcc defines (__NVCC__):
/// the report names the mode's predefines only where they mattered.
class NvccMacroUse : public MacroTestCallbacks {
public:
  NvccMacroUse(const SourceManager &SM, bool &Used) : SM(SM), Used(Used) {}

private:
  void tested(SourceLocation Loc, const Token &Name) override {
    if (Used || Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      return;
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Used = II->getName() == NvccMacroTag || II->getName() == "__CUDACC_RDC__";
  }
  const SourceManager &SM;
  bool &Used;
};

/// --allow-compile-errors: a header that is not found (omp.h, mpi.h, a
/// library the machine lacks) is skipped with an error of the same words,
/// not clang's fatal one. After a fatal error clang instantiates no
/// template, so every kernel that uses one (a Packed128<float>, a
/// cooperative group's reduce) would be lost with the header. The file
/// still fails: the error counts as any other.
class MissingHeaders : public PPCallbacks {
public:
  explicit MissingHeaders(DiagnosticsEngine &D)
      : D(D), Id(D.getCustomDiagID(DiagnosticsEngine::Error,
                                   "'%0' file not found")) {}
  bool FileNotFound(StringRef FileName) override {
    Missing = FileName.str();
    return true;
  }
  // Called next, for the same directive, with no file.
  void InclusionDirective(SourceLocation, const Token &, StringRef, bool,
                          CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (File || Missing.empty())
      return;
    D.Report(FilenameRange.getBegin(), Id) << Missing;
    Missing.clear();
  }

private:
  DiagnosticsEngine &D;
  unsigned Id;
  std::string Missing;
};

/// Everything one translation unit contributes to the report.
struct UnitResult {
  TranslationUnitResult Analysis;
  bool Parsed = false;
  /// The file analyzed inside the unit (UnitCommand::Focus), when there is
  /// one, and whether clang entered it: an #include under a false #if
  /// looks like one to the textual scan.
  std::optional<sys::fs::UniqueID> Focus;
  bool FocusEntered = false;
  /// Device launches rewritten before the parse (DeviceLaunches.h), and
  /// whether the parse found each in a device function's body.
  const std::vector<DialectEdit> *Launches = nullptr;
  bool LaunchesInDevice = false;
  bool NvccMacroUsed = false; ///< the code tested __NVCC__ or the like
  bool MathHeaderUsed = false; ///< the code needed the mode's <math.h>
  /// A header came from nvcc's host compiler's folder (hostCompilerHeaderDir).
  bool HostHeaderUsed = false;
};

bool entered(const SourceManager &SM, sys::fs::UniqueID Id) {
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (E.isFile())
      if (OptionalFileEntryRef F = E.getFile().getContentCache().OrigEntry)
        if (F->getUniqueID() == Id)
          return true;
  }
  return false;
}

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
  /// Math: in the nvcc mode, what the code included (MathHeaderUse).
  AnalyzeConsumer(ExprContext &X, const AnalysisOptions &Opts,
                  RecordingDiagnostics &Diags, UnitResult &Out,
                  const UnitCaching &Caching, const MathHeaderUse *Math)
      : X(X), Opts(Opts), Diags(Diags), Out(Out), Caching(Caching),
        Math(Math) {}
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
    if (Out.Launches) {
      // A launch rewritten in host code loses the launch: this attempt is
      // dropped, so it is not analyzed.
      Out.LaunchesInDevice = launchesInDeviceCode(Ctx, TopLevel, *Out.Launches);
      if (!Out.LaunchesInDevice)
        return;
    }
    Out.Analysis = collectAccessSites(Ctx, X, Opts, Diags.ErrorLocs);
    Out.Parsed = true;
    if (Math) {
      Out.MathHeaderUsed = Math->used(Ctx, TopLevel);
      Out.HostHeaderUsed =
          readFileUnder(Ctx.getSourceManager(), hostCompilerHeaderDir());
    }
    if (Out.Focus)
      Out.FocusEntered = entered(Ctx.getSourceManager(), *Out.Focus);
    if (Caching.Parsed)
      *Caching.Parsed = parsedFiles(Ctx.getSourceManager());
  }

private:
  ExprContext &X;
  const AnalysisOptions &Opts;
  RecordingDiagnostics &Diags;
  UnitResult &Out;
  const UnitCaching &Caching;
  const MathHeaderUse *Math;
  std::vector<Decl *> TopLevel;
};

class AnalyzeAction : public ASTFrontendAction {
public:
  AnalyzeAction(ExprContext &X, const AnalysisOptions &Opts,
                RecordingDiagnostics &Diags, UnitResult &Out,
                const UnitCaching &Caching, std::string &Verbose,
                const Confinement &Confine, bool SkipMissingHeaders)
      : X(X), Opts(Opts), Diags(Diags), Out(Out), Caching(Caching),
        Verbose(Verbose), Confine(Confine),
        SkipMissingHeaders(SkipMissingHeaders) {}

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
    if (Diags.Dialect) {
      CI.getPreprocessor().addPPCallbacks(std::make_unique<NvccMacroUse>(
          CI.getSourceManager(), Out.NvccMacroUsed));
      CI.getPreprocessor().addPPCallbacks(
          Math.callbacks(CI.getSourceManager()));
    }
    if (SkipMissingHeaders)
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<MissingHeaders>(CI.getDiagnostics()));
    watchForHiddenCode(CI, Confine);
    return std::make_unique<AnalyzeConsumer>(X, Opts, Diags, Out, Caching,
                                             Diags.Dialect ? &Math : nullptr);
  }

private:
  ExprContext &X;
  const AnalysisOptions &Opts;
  RecordingDiagnostics &Diags;
  UnitResult &Out;
  const UnitCaching &Caching;
  std::string &Verbose;
  const Confinement &Confine;
  bool SkipMissingHeaders;
  MathHeaderUse Math; ///< outlives the preprocessor that fills it
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

/// Keeps only what lies in File (the file a unit was analyzed for), each
/// position in it spelled as File is.
void keepOnly(TranslationUnitResult &U, const std::string &File) {
  StringMap<bool> Known;
  auto Inside = [&](std::string &P) {
    auto [It, New] = Known.try_emplace(P);
    if (New)
      It->second = sys::fs::equivalent(P, File);
    if (It->second)
      P = File;
    return It->second;
  };
  std::vector<AccessSite> Sites;
  for (AccessSite &S : U.Sites) {
    // An access inside a toolkit header belongs to the file whose call
    // reaches it (AccessSite::Toolkit).
    if (!Inside(S.Pos.File) &&
        !(S.inToolkitHeader() && Inside(S.Toolkit.Pos.File)))
      continue;
    for (AccessSite::CallStep &C : S.CallChain)
      Inside(C.Pos.File);
    for (SourcePos *P : {&S.Related.Kernel, &S.Related.Loop, &S.Related.Struct,
                         &S.Related.Launch})
      Inside(P->File);
    Sites.push_back(std::move(S));
  }
  U.Sites = std::move(Sites);
  llvm::erase_if(U.KernelList,
                 [&](KernelInfo &K) { return !Inside(K.Pos.File); });
  U.Kernels = U.KernelList.size();
  // "name (file:line)", as analyzeTranslationUnit writes it.
  llvm::erase_if(U.SkippedKernels, [&](const std::string &K) {
    std::string Where =
        StringRef(K).rsplit(" (").second.rsplit(':').first.str();
    return !Inside(Where);
  });
}

/// A file that could not be analyzed at all: one line, and the record.
FileResult failed(const std::string &Path, const std::string &What,
                  raw_ostream &Diag) {
  Diag << "cuda-coalesce: error: " << What << " (" << Path << ")\n";
  FileResult R;
  R.Status = {Path, false, What, 0, 0, {}};
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
  // Without a database the flags are the user's own for nvcc code.
  bool FromNvcc = true;
  if (Setup.Database) {
    SmallString<256> Abs(Path);
    sys::fs::make_absolute(Abs);
    std::vector<tooling::CompileCommand> Cmds =
        Setup.Database->getCompileCommands(Abs);
    if (Cmds.empty() && !Setup.Includes)
      return createStringError(inconvertibleErrorCode(),
                               "not in the compilation database " +
                                   Setup.BuildPath + "/compile_commands.json");
    if (Cmds.empty()) {
      if (std::optional<Includer> In = Setup.Includes->includerOf(Abs)) {
        Cmds = {Setup.Includes->unit(In->Entry)};
        Cmd.Path = In->Chain.front();
        Cmd.Focus = Path;
        Cmd.Context = {InputContext::IncludedBy, Cmd.Path};
      } else {
        Cmds = {Setup.Includes->unit(Setup.Includes->neighbourOf(Abs))};
        SmallString<256> From(Cmds.front().Filename);
        sys::fs::make_absolute(Cmds.front().Directory, From);
        Cmd.Context = {InputContext::Interpolated, std::string(From)};
      }
    }
    FromNvcc = isNvccCommand(Cmds.front().CommandLine);
    ParseFlags F = translateCompileCommand(Cmds.front().CommandLine);
    absolutizePaths(F.Args, Cmds.front().Directory);
    Cmd.User = std::move(F.Args);
    // A header parsed as the main file, as clangd parses one.
    if (Cmd.Context.How == InputContext::Interpolated)
      Cmd.User.push_back("-Wno-pragma-once-outside-header");
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
  Cmd.NvccCompat = Setup.NvccCompat == NvccCompatMode::On ||
                   (Setup.NvccCompat == NvccCompatMode::Auto && FromNvcc);
  if (Cmd.NvccCompat) {
    llvm::append_range(Cmd.Device, nvccDialectFlags(Cmd.User));
    if (Unit.UsesToolkit) {
      SmallString<256> Include(Unit.ToolkitPath);
      sys::path::append(Include, "include");
      std::vector<std::string> Quote =
          shadowedCudaHeaderFlags(Cmd.User, Include);
      Cmd.ShadowedCudaHeader = !Quote.empty();
      llvm::append_range(Cmd.Device, Quote);
    }
  }
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

namespace {

/// One parse of a translation unit, and what it left.
struct Attempt {
  UnitResult Result;
  bool Ok = false;
  unsigned Errors = 0;
  std::string FirstError, FirstErrorFile;
  unsigned FirstErrorLine = 0, FirstErrorColumn = 0;
  bool PchFailed = false;
  std::string Verbose; ///< clang's lines past the diagnostics
  std::set<std::string> Accepted, Repairs;
  std::vector<DialectEdit> Edits;
  bool NewerArch = false;
};

Attempt parseUnit(ArrayRef<std::string> Args,
                  IntrusiveRefCntPtr<vfs::FileSystem> FS,
                  const FrontendSetup &Setup, const FileOptions &Opts,
                  const UnitCaching &Caching, bool Dialect,
                  std::optional<sys::fs::UniqueID> Focus,
                  const Confinement &Confine, raw_ostream &Diag,
                  const std::vector<DialectEdit> *Launches = nullptr) {
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  auto DiagOpts = makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = Setup.Color;
  RecordingDiagnostics Diags(Diag, DiagOpts.get());
  Attempt A;
  A.Result.Focus = Focus;
  A.Result.Launches = Launches;
  // One expression context per translation unit: the report keeps only
  // plain data, so nothing outlives it, and one file's expressions never
  // slow down the next.
  ExprContext Exprs;
  Diags.WatchPch = !Caching.PchPath.empty();
  Diags.Dialect = Dialect;
  tooling::ToolInvocation Invocation(
      std::vector<std::string>(Args.begin(), Args.end()),
      std::make_unique<AnalyzeAction>(Exprs, Opts.Analysis, Diags, A.Result,
                                      Caching, A.Verbose, Confine,
                                      Setup.SkipMissingHeaders),
      Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  A.Ok = Invocation.run();
  A.Errors = Diags.Errors;
  A.FirstError = Diags.FirstError.Message;
  A.FirstErrorFile = Diags.FirstError.File;
  A.FirstErrorLine = Diags.FirstError.Line;
  A.FirstErrorColumn = Diags.FirstError.Column;
  A.PchFailed = Diags.PchFailed;
  A.Accepted = std::move(Diags.Accepted);
  A.Repairs = std::move(Diags.Repairs);
  A.Edits = std::move(Diags.Edits);
  A.NewerArch = Diags.NewerArch;
  return A;
}

/// Args with the device architecture replaced by Arch, and without the
/// precompiled prelude (built for the other architecture).
std::vector<std::string> forArch(std::vector<std::string> Args,
                                 StringRef Arch) {
  for (std::string &A : Args)
    if (StringRef(A).starts_with("--cuda-gpu-arch="))
      A = "--cuda-gpu-arch=" + Arch.str();
  auto Pch = llvm::find(Args, "-include-pch");
  if (Pch != Args.end() && Pch + 1 != Args.end())
    Args.erase(Pch, Pch + 2);
  return Args;
}

/// The confinement of the unit's parse (--confine, Confinement.h): the
/// folder, with the roots trusted for this unit (the toolkit's or the
/// built-in headers, the include directories after "--", the prelude).
Confinement unitConfinement(const FrontendSetup &Setup,
                            const UnitCaching &Caching) {
  Confinement Confine;
  if (Setup.ConfineFolder.empty())
    return Confine;
  Confine.Folder = Setup.ConfineFolder;
  Confine.ExpandedOut = Setup.ExpandedSourcesFile;
  Confine.Trusted = systemHeaderRoots(Setup.Toolchain.UsesToolkit
                                          ? Setup.Toolchain.ToolkitPath
                                          : std::string());
  for (std::string &P : includeFlagPaths(Setup.ExtraArgs))
    Confine.Trusted.push_back(std::move(P));
  if (!Caching.PchPath.empty())
    Confine.Trusted.push_back(Caching.PchPath);
  return Confine;
}

/// Whether the nvcc mode asks for a newer architecture than Args' (only
/// ever newer: sm_XX, sm_XXa).
bool wantsNewerArch(const Attempt &A, ArrayRef<std::string> Args) {
  auto Arch = llvm::find_if(Args, [](const std::string &S) {
    return StringRef(S).starts_with("--cuda-gpu-arch=");
  });
  auto ArchNumber = [](StringRef A) {
    A = A.rsplit("sm_").second;
    unsigned N = 0;
    A.take_while([](char C) { return isDigit(C); }).getAsInteger(10, N);
    return N;
  };
  return A.NewerArch && Arch != Args.end() &&
         ArchNumber(*Arch) < ArchNumber(NvccNewestParseArch);
}

/// The edited attempt A, from Sources, in the unedited files' terms: the
/// digests the result cache checks and the report's positions and lines.
void adoptEdited(Attempt &A, const EditedSources &Sources,
                 const UnitCaching &Caching) {
  if (Caching.Parsed)
    for (FileDigest &F : *Caching.Parsed)
      if (std::optional<std::string> D = Sources.originalDigest(F.Path))
        F.Digest = *D;
  Sources.restore(A.Result.Analysis);
}

/// The nvcc mode's repairs (NvccDialect.h, DialectReparse.h): when the parse
/// A of Args had errors that the mode repairs (edits of the source, a newer
/// architecture), the unit is parsed once more, repaired, and that attempt
/// replaces A, and its diagnostics Held, if it has fewer errors. Launches:
/// the device launches A was parsed with already rewritten, kept in the
/// repaired parse. Returns the mode's tags of the attempt kept (but for
/// the launches'), and whether it replaced A.
struct Repaired {
  std::set<std::string> Tags;
  bool Replaced = false;
};
Repaired repairForNvcc(Attempt &A, std::string &Held,
                       ArrayRef<std::string> Args, const UnitCommand &Cmd,
                       const FrontendSetup &Setup, const FileOptions &Opts,
                       const UnitCaching &Caching,
                       std::optional<sys::fs::UniqueID> Focus,
                       const Confinement &Confine,
                       ArrayRef<DialectEdit> Launches) {
  bool Newer = wantsNewerArch(A, Args);
  if (!Cmd.NvccCompat || A.Errors == 0 || (A.Edits.empty() && !Newer))
    return {A.Accepted};
  // Once more, repaired; kept only if it has fewer errors.
  std::vector<DialectEdit> Edits(Launches.begin(), Launches.end());
  llvm::append_range(Edits, A.Edits);
  EditedSources Sources(unitFileSystem(Confine), std::move(Edits));
  std::string Again;
  raw_string_ostream AgainOS(Again);
  std::vector<std::string> Args2 =
      Newer ? forArch(Args.vec(), NvccNewestParseArch) : Args.vec();
  UnitCaching Caching2 = Caching;
  if (Newer)
    Caching2.PchPath.clear();
  Attempt B = parseUnit(Args2, Sources.fileSystem(), Setup, Opts, Caching2,
                        true, Focus, Confine, AgainOS);
  if (B.PchFailed || B.Errors >= A.Errors)
    return {A.Accepted};
  Repaired R{B.Accepted, true};
  for (const std::string &T : A.Repairs)
    if (T != "newer-arch" || Newer)
      R.Tags.insert(T);
  adoptEdited(B, Sources, Caching);
  A = std::move(B);
  Held = std::move(Again);
  return R;
}

/// The file a unit was analyzed for (UnitCommand::Focus), when the unit
/// does not reach it after all: the file is parsed on its own with the
/// unit's command, as a neighbour's.
FileResult analyzeFocusAlone(const UnitCommand &Cmd,
                             const FrontendSetup &Setup,
                             const FileOptions &Opts, raw_ostream &Diag,
                             const UnitCaching &Caching) {
  UnitCommand Alone = Cmd;
  Alone.Path = Cmd.Focus;
  Alone.Focus.clear();
  Alone.Context.How = InputContext::Interpolated;
  Alone.User.push_back("-Wno-pragma-once-outside-header");
  FileResult R = analyzeUnit(Alone, Setup, Opts, Diag, Caching);
  // The unit decided that it does not reach the file: a cached result
  // holds only while the unit is unchanged too.
  if (Caching.Parsed)
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> B =
            MemoryBuffer::getFile(Cmd.Path))
      Caching.Parsed->push_back({Cmd.Path, digestHex({(*B)->getBuffer()})});
  return R;
}

/// How a file the compilation database does not list was analyzed.
void noteContext(const UnitCommand &Cmd, raw_ostream &Diag) {
  const std::string &Path = Cmd.reported();
  switch (Cmd.Context.How) {
  case InputContext::OwnUnit:
    break;
  case InputContext::IncludedBy:
    Diag << "cuda-coalesce: note: not in the compilation database: analyzed "
            "as included by "
         << Cmd.Context.From << " (" << Path << ")\n";
    break;
  case InputContext::Interpolated:
    Diag << "cuda-coalesce: note: not in the compilation database and "
            "included by none of its files: analyzed with the command of "
         << Cmd.Context.From << " (" << Path << ")\n";
    break;
  }
}

/// The file's result from the attempt that counts, and the tool's notes
/// about it: how it was reached, what the nvcc mode did (Tags), the
/// kernels left out.
FileResult fileResult(const UnitCommand &Cmd, Attempt A,
                      std::set<std::string> Tags, raw_ostream &Diag) {
  const std::string &Path = Cmd.reported();
  if (!Cmd.Focus.empty())
    keepOnly(A.Result.Analysis, Cmd.Focus);
  noteContext(Cmd, Diag);
  if (A.Result.NvccMacroUsed)
    Tags.insert(NvccMacroTag);
  if (A.Result.MathHeaderUsed)
    Tags.insert(MathHeaderTag);
  if (A.Result.HostHeaderUsed)
    Tags.insert(HostHeaderTag);
  if (Cmd.ShadowedCudaHeader)
    Tags.insert(CudaHeaderTag);
  std::vector<std::string> Used;
  for (const char *T : nvccDialectTags())
    if (Tags.count(T))
      Used.push_back(T);
  if (!Used.empty())
    Diag << "cuda-coalesce: note: parsed as nvcc does: " << join(Used, ", ")
         << " (" << Path << ")\n";
  FileResult Out;
  Out.Status = {Path, true, "", 0, 0, Cmd.Context, {}};
  Out.ClangErrors = A.Errors;
  Out.Parsed = A.Result.Parsed;
  Out.Status.NvccCompat = std::move(Used);
  if (!A.Ok || A.Errors > 0) {
    Out.Status.Ok = false;
    Out.Status.Message = A.FirstError;
    // Only a location in the file itself: an error inside a header is
    // reported at no line of this file.
    if (sys::fs::equivalent(A.FirstErrorFile, Path)) {
      Out.Status.Line = A.FirstErrorLine;
      Out.Status.Column = A.FirstErrorColumn;
    }
    if (!A.Result.Parsed)
      Diag << "cuda-coalesce: error: could not be parsed (" << Path << ")\n";
    if (Out.Status.Message.empty())
      Out.Status.Message = "could not be parsed";
  }
  for (const std::string &K : A.Result.Analysis.SkippedKernels)
    Diag << "cuda-coalesce: note: kernel " << K
         << " not analyzed: its body has errors\n";
  Out.Unit = std::move(A.Result.Analysis);
  return Out;
}

} // namespace

FileResult analyzeUnit(const UnitCommand &Cmd, const FrontendSetup &Setup,
                       const FileOptions &Opts, raw_ostream &Diag,
                       const UnitCaching &Caching) {
  std::vector<std::string> Args = Cmd.commandLine();
  if (!Caching.PchPath.empty()) {
    // Before the input; the prelude's own -include stays, a no-op under its
    // include guard, so the command is otherwise the uncached one.
    Args.insert(Args.end() - 1, {"-include-pch", Caching.PchPath});
  }
  // The diagnostics are held back until it is known which parse counts (in
  // the nvcc mode) and that the unit reaches the file (a file analyzed
  // inside a unit).
  bool Hold = Cmd.NvccCompat || !Cmd.Focus.empty();
  std::string Held;
  raw_string_ostream HeldOS(Held);
  std::optional<sys::fs::UniqueID> Focus;
  sys::fs::file_status FocusStatus;
  if (!Cmd.Focus.empty() && !sys::fs::status(Cmd.Focus, FocusStatus))
    Focus = FocusStatus.getUniqueID();
  Confinement Confine = unitConfinement(Setup, Caching);
  // Launches from device code rewritten before the parse, so that a file
  // with some is parsed once (DeviceLaunches.h); the attempt counts only
  // where the parse confirms each is in device code.
  IntrusiveRefCntPtr<vfs::FileSystem> FS = unitFileSystem(Confine);
  std::vector<DialectEdit> Launches;
  std::optional<EditedSources> Pre;
  Attempt A;
  if (Cmd.NvccCompat && !Focus)
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> B =
            FS->getBufferForFile(Cmd.Path))
      Launches = deviceLaunchEdits(Cmd.Path, (*B)->getBuffer());
  if (!Launches.empty()) {
    Pre.emplace(FS, Launches);
    A = parseUnit(Args, Pre->fileSystem(), Setup, Opts, Caching, true, Focus,
                  Confine, HeldOS, &Launches);
    if (!A.PchFailed && !A.Result.LaunchesInDevice) {
      Held.clear();
      Launches.clear();
      Pre.reset();
    }
  }
  if (!Pre)
    A = parseUnit(Args, FS, Setup, Opts, Caching, Cmd.NvccCompat, Focus,
                  Confine, Hold ? HeldOS : Diag);
  if (A.PchFailed) {
    // Removed, so that the next run builds it afresh (unlinking is safe
    // for a concurrent run that has it open).
    sys::fs::remove(Caching.PchPath);
    UnitCaching Without = Caching;
    Without.PchPath.clear();
    return analyzeUnit(Cmd, Setup, Opts, Diag, Without);
  }
  // Whether the unit reaches the file, from the unedited parse (an edited
  // file is another file to the file manager).
  bool FocusMissed = A.Result.Parsed && Focus && !A.Result.FocusEntered;
  Repaired R = repairForNvcc(A, Held, Args, Cmd, Setup, Opts, Caching, Focus,
                             Confine, Launches);
  if (Pre && !R.Replaced)
    adoptEdited(A, *Pre, Caching);
  if (!Launches.empty())
    R.Tags.insert(DeviceLaunchTag);
  // With nothing of the unit's attempts printed.
  if (FocusMissed)
    return analyzeFocusAlone(Cmd, Setup, Opts, Diag, Caching);
  if (Hold)
    Diag << Held;
  Diag << A.Verbose;
  return fileResult(Cmd, std::move(A), std::move(R.Tags), Diag);
}

} // namespace coalesce
