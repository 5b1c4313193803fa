//===- ReportReuse.cpp ----------------------------------------------------===//

#include "Tidy/ReportReuse.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

using namespace clang;

namespace coalesce::tidy {

namespace {

/// [begin, end) offsets in the main file of its top-level declarations.
std::vector<std::pair<unsigned, unsigned>> declarationSpans(ASTContext &Ctx) {
  std::vector<std::pair<unsigned, unsigned>> Spans;
  for (Decl *D : topLevelDeclarations(Ctx))
    if (std::optional<std::pair<unsigned, unsigned>> S = mainFileSpan(D, Ctx))
      Spans.push_back(*S);
  std::sort(Spans.begin(), Spans.end());
  return Spans;
}

std::string codeOfMainFile(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  std::optional<llvm::MemoryBufferRef> Buffer = SM.getBufferOrNone(Main);
  if (!Buffer)
    return "";
  llvm::StringRef Text = Buffer->getBuffer();
  std::string Code = Text.str();
  std::vector<std::pair<unsigned, unsigned>> Spans = declarationSpans(Ctx);
  auto InsideDeclaration = [&](unsigned Begin, unsigned End) {
    for (const auto &[B, E] : Spans) {
      if (B >= End)
        break;
      if (E > Begin)
        return true;
    }
    return false;
  };
  Lexer L(SM.getLocForStartOfFile(Main), Ctx.getLangOpts(), Text.begin(),
          Text.begin(), Text.end());
  L.SetCommentRetentionState(true);
  bool InDirective = false;
  Token Tok;
  // LexFromRawLexer says it reached the end with the last token, which is
  // still to be looked at (a comment that ends the file).
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = L.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    if (Tok.isAtStartOfLine())
      InDirective = Tok.is(tok::hash);
    if (!Tok.is(tok::comment) || InDirective)
      continue;
    unsigned Begin = SM.getFileOffset(Tok.getLocation());
    unsigned End = Begin + Tok.getLength();
    if (InsideDeclaration(Begin, End))
      continue;
    for (unsigned I = Begin; I < End && I < Code.size(); ++I)
      if (Code[I] != '\n' && Code[I] != '\r')
        Code[I] = ' ';
  }
  while (!Code.empty() && llvm::isSpace(Code.back()))
    Code.pop_back();
  return Code;
}

std::string stamp(llvm::StringRef Name, uint64_t Size, int64_t Time) {
  return Name.str() + " " + std::to_string(Size) + " " + std::to_string(Time) +
         "\n";
}

std::string contextOf(ASTContext &Ctx, const Preprocessor &PP) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileManager &FM = SM.getFileManager();
  std::string C = Ctx.getTargetInfo().getTriple().str() + "\n" +
                  PP.getPredefines() + "\n";
  // The preamble: clangd names each one it builds uniquely on disk; one
  // kept in memory is told apart by its size and time.
  llvm::StringRef Pch = PP.getPreprocessorOpts().ImplicitPCHInclude;
  if (!Pch.empty()) {
    llvm::ErrorOr<llvm::vfs::Status> St = FM.getVirtualFileSystem().status(Pch);
    C += stamp(Pch, St ? St->getSize() : 0,
               St ? St->getLastModificationTime().time_since_epoch().count()
                  : 0);
  }
  llvm::SmallVector<OptionalFileEntryRef, 64> Files;
  FM.GetUniqueIDMapping(Files);
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  std::vector<std::string> Stamps;
  for (OptionalFileEntryRef F : Files)
    if (F && F != Main)
      Stamps.push_back(
          stamp(F->getName(), F->getSize(), F->getModificationTime()));
  std::sort(Stamps.begin(), Stamps.end());
  for (const std::string &S : Stamps)
    C += S;
  return C;
}

struct Kept {
  AnalysisInputs In;
  std::shared_ptr<const Report> R;
};

/// The last few reports of each file and options: an undo, or an edit
/// tried and taken back, finds its report again.
constexpr size_t KeptPerFile = 4;

std::mutex Lock;
llvm::StringMap<std::vector<Kept>> &keptReports() {
  static llvm::StringMap<std::vector<Kept>> K;
  return K;
}

std::string slot(const AnalysisInputs &In, llvm::StringRef OptionsKey) {
  return In.MainFile + "\n" + OptionsKey.str();
}

} // namespace

std::optional<std::pair<unsigned, unsigned>> mainFileSpan(const Decl *D,
                                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = SM.getExpansionRange(D->getSourceRange());
  SourceLocation B = R.getBegin();
  SourceLocation E = R.isTokenRange()
                         ? Lexer::getLocForEndOfToken(R.getEnd(), 0, SM,
                                                      Ctx.getLangOpts())
                         : R.getEnd();
  if (B.isInvalid() || E.isInvalid() || !SM.isWrittenInMainFile(B) ||
      !SM.isWrittenInMainFile(E))
    return std::nullopt;
  return std::make_pair(SM.getFileOffset(B), SM.getFileOffset(E));
}

std::vector<Decl *> topLevelDeclarations(ASTContext &Ctx) {
  std::vector<Decl *> Top;
  // clangd's scope is the main file's top-level declarations; clang-tidy's
  // is the whole translation unit.
  for (Decl *D : Ctx.getTraversalScope()) {
    if (auto *TU = dyn_cast<TranslationUnitDecl>(D))
      Top.insert(Top.end(), TU->decls_begin(), TU->decls_end());
    else
      Top.push_back(D);
  }
  return Top;
}

AnalysisInputs analysisInputs(ASTContext &Ctx, const Preprocessor &PP) {
  AnalysisInputs In;
  const SourceManager &SM = Ctx.getSourceManager();
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    In.MainFile = Main->getName().str();
  In.Code = codeOfMainFile(Ctx);
  In.Context = contextOf(Ctx, PP);
  return In;
}

std::shared_ptr<const Report> reusableReport(const AnalysisInputs &In,
                                             llvm::StringRef OptionsKey) {
  if (In.MainFile.empty())
    return nullptr;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = keptReports().find(slot(In, OptionsKey));
  if (It == keptReports().end())
    return nullptr;
  for (const Kept &K : It->second)
    if (K.In.Code == In.Code && K.In.Context == In.Context)
      return K.R;
  return nullptr;
}

void keepReport(AnalysisInputs In, llvm::StringRef OptionsKey,
                std::shared_ptr<const Report> R) {
  if (In.MainFile.empty())
    return;
  std::string Slot = slot(In, OptionsKey);
  std::lock_guard<std::mutex> Guard(Lock);
  std::vector<Kept> &List = keptReports()[Slot];
  if (List.size() == KeptPerFile)
    List.erase(List.begin());
  List.push_back(Kept{std::move(In), std::move(R)});
}

} // namespace coalesce::tidy
