//===- Confinement.cpp ----------------------------------------------------===//

#include "Frontend/Confinement.h"
#include "Frontend/CudaToolchain.h"
#include "Frontend/MacroTests.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

/// Path with its links resolved, or "" when it does not exist.
std::string resolved(StringRef Path) {
  SmallString<256> Real;
  if (sys::fs::real_path(Path, Real))
    return "";
  return std::string(Real);
}

bool under(StringRef Path, StringRef Root) {
  if (Root.empty() || !Path.starts_with(Root))
    return false;
  return Path.size() == Root.size() || Path[Root.size()] == '/' ||
         Root.ends_with("/");
}

class ConfinedFileSystem : public vfs::ProxyFileSystem {
public:
  ConfinedFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                     const Confinement &C)
      : ProxyFileSystem(std::move(Base)), C(C) {}

  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &Path) override {
    SmallString<256> Abs;
    Path.toVector(Abs);
    if (makeAbsolute(Abs))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    // Only a regular file: a FIFO or a device under the folder would block
    // or flood the analysis.
    if (!C.allows(Abs) || !sys::fs::is_regular_file(Abs))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  Confinement C;
};

/// The macros whose value tells clang from nvcc (or from nvcc's host
/// compiler): code that tests them can show the analysis a kernel nvcc
/// never compiles. __CUDA_ARCH__ and __CUDACC__ are defined as nvcc does,
/// and so is __NVCC__ in the nvcc compatibility mode (docs/nvcc-compat.md),
/// which grading runs in: code may test it to choose CUDA over HIP.
const StringSet<> &compilerIdentityMacros() {
  static const StringSet<> Names = {
      "__clang__",          "__clang_major__",   "__clang_minor__",
      "__clang_patchlevel__", "__clang_version__", "__llvm__",
      "__CUDA__",           "__clang_analyzer__",
      "__GNUC__",           "__GNUC_MINOR__",    "__GNUC_PATCHLEVEL__",
      "__CUDA_COALESCE__"};
  return Names;
}

class HiddenCodeWatcher : public MacroTestCallbacks {
public:
  HiddenCodeWatcher(CompilerInstance &CI, const Confinement &C)
      : SM(CI.getSourceManager()), Diags(CI.getDiagnostics()), C(C) {
    ErrorID = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  }

  /// A token the parser gets: kept when it comes from the folder's code,
  /// spaced as written, so that the text reads as the code does.
  void sawToken(const Preprocessor &PP, const Token &Tok) {
    if (Tok.is(tok::eof) || !inSubmission(Tok.getLocation()) ||
        Expanded.size() > MaxExpandedBytes)
      return;
    if (Tok.isAtStartOfLine())
      Expanded += '\n';
    else if (Tok.hasLeadingSpace())
      Expanded += ' ';
    Expanded += PP.getSpelling(Tok);
  }

  void EndOfMainFile() override {
    if (C.ExpandedOut.empty())
      return;
    std::error_code EC;
    raw_fd_ostream OS(C.ExpandedOut, EC, sys::fs::OF_Append);
    if (!EC)
      OS << Expanded << "\n";
    OS.clear_error();
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason == RenameFile && inSubmission(Loc))
      report(Loc, "a line marker or #line in a submission hides its code "
                  "from the analysis");
    else if (Reason == SystemHeaderPragma && inSubmission(Loc))
      report(Loc, "'#pragma clang system_header' in a submission hides its "
                  "code from the analysis");
  }
  void tested(SourceLocation Loc, const Token &Name) override {
    checkName(Loc, Name);
  }
  // An undefined name in #if is 0 without any callback: read the condition.
  void If(SourceLocation Loc, SourceRange Condition,
          ConditionValueKind) override {
    checkCondition(Loc, Condition);
  }
  void Elif(SourceLocation Loc, SourceRange Condition, ConditionValueKind,
            SourceLocation) override {
    checkCondition(Loc, Condition);
  }

private:
  SourceManager &SM;
  DiagnosticsEngine &Diags;
  const Confinement &C;
  unsigned ErrorID = 0;
  DenseMap<FileID, bool> Student;
  StringSet<> Reported;
  /// A submission's code is a few pages; a generated one is cut here.
  static constexpr size_t MaxExpandedBytes = 8u << 20;
  std::string Expanded;

  bool inSubmission(SourceLocation Loc) {
    if (Loc.isInvalid())
      return false;
    FileID F = SM.getFileID(SM.getExpansionLoc(Loc));
    auto [It, New] = Student.try_emplace(F, false);
    if (New)
      if (OptionalFileEntryRef E = SM.getFileEntryRefForID(F))
        It->second = C.inFolder(E->getName());
    return It->second;
  }

  void report(SourceLocation Loc, const Twine &What) {
    Loc = SM.getExpansionLoc(Loc);
    std::string Key = What.str();
    // Once per file and kind: the first place is enough to act on.
    if (!Reported.insert(Key + "@" + std::to_string(SM.getFileID(Loc)
                                                        .getHashValue()))
             .second)
      return;
    Diags.Report(Loc, ErrorID) << Key;
  }

  void checkName(SourceLocation Loc, const Token &Name) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    if (II && compilerIdentityMacros().contains(II->getName()) &&
        inSubmission(Loc))
      report(Loc, "'" + II->getName() +
                      "' tells the analysis from nvcc; a submission may "
                      "not test it");
  }

  void checkCondition(SourceLocation Loc, SourceRange Condition) {
    if (!inSubmission(Loc) || Condition.isInvalid())
      return;
    bool Invalid = false;
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(Condition), SM, LangOptions(), &Invalid);
    if (Invalid)
      return;
    for (size_t I = 0; I < Text.size();) {
      if (!(llvm::isAlpha(Text[I]) || Text[I] == '_')) {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && (llvm::isAlnum(Text[J]) || Text[J] == '_'))
        ++J;
      StringRef Word = Text.slice(I, J);
      if (compilerIdentityMacros().contains(Word))
        report(Loc, "'" + Word +
                        "' tells the analysis from nvcc; a submission may "
                        "not test it");
      I = J;
    }
  }
};

} // namespace

bool Confinement::inFolder(StringRef Path) const {
  return enabled() && under(resolved(Path), resolved(Folder));
}

bool Confinement::allows(StringRef Path) const {
  if (!enabled())
    return true;
  std::string Real = resolved(Path);
  std::string Own = resolved(Folder);
  if (Real.empty() || Own.empty())
    return false;
  if (under(Real, Own))
    return true;
  for (const std::string &T : Trusted) {
    std::string Root = resolved(T);
    if (Root.empty())
      Root = T;
    // A trusted directory that holds the folder holds the other students'
    // folders too (-I of a one-file submission's class folder).
    if (under(Own, Root))
      continue;
    if (under(Real, Root))
      return true;
  }
  return false;
}

std::vector<std::string> systemHeaderRoots(StringRef ToolkitPath) {
  std::vector<std::string> Roots = {"/usr/include", "/usr/local/include",
                                    "/usr/lib/gcc", clangResourceDir()};
  if (!ToolkitPath.empty())
    Roots.push_back(ToolkitPath.str());
  return Roots;
}

std::vector<std::string>
includeFlagPaths(const std::vector<std::string> &Args) {
  std::vector<std::string> Paths;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    for (StringRef Flag : {"-isystem", "-idirafter", "-iquote", "-include",
                           "-I"}) {
      if (!A.starts_with(Flag))
        continue;
      if (A.size() > Flag.size())
        Paths.push_back(A.drop_front(Flag.size()).str());
      else if (I + 1 < Args.size())
        Paths.push_back(Args[++I]);
      break;
    }
  }
  return Paths;
}

IntrusiveRefCntPtr<vfs::FileSystem>
confinedFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                   const Confinement &C) {
  if (!C.enabled())
    return Base;
  return makeIntrusiveRefCnt<ConfinedFileSystem>(std::move(Base), C);
}

void watchForHiddenCode(CompilerInstance &CI, const Confinement &C) {
  if (!C.enabled())
    return;
  auto Watcher = std::make_unique<HiddenCodeWatcher>(CI, C);
  Preprocessor &PP = CI.getPreprocessor();
  if (!C.ExpandedOut.empty()) {
    HiddenCodeWatcher *W = Watcher.get();
    PP.setTokenWatcher([W, &PP](const Token &Tok) { W->sawToken(PP, Tok); });
  }
  PP.addPPCallbacks(std::move(Watcher));
}

} // namespace coalesce
