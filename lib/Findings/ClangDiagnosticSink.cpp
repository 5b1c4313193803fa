//===- ClangDiagnosticSink.cpp --------------------------------------------===//

#include "Findings/ClangDiagnosticSink.h"
#include "Findings/Suppression.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coalesce {

namespace {

SourceLocation loc(uint64_t Raw) {
  return SourceLocation::getFromRawEncoding(SourceLocation::UIntTy(Raw));
}

/// The text of the line holding Loc, and of the line above.
std::pair<StringRef, StringRef> linesAt(const SourceManager &SM,
                                        SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return {};
  unsigned Off = SM.getFileOffset(Loc);
  size_t Start = Buf.rfind('\n', Off);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  size_t End = Buf.find('\n', Off);
  StringRef Line = Buf.slice(Start, End);
  StringRef Prev;
  if (Start > 0) {
    size_t PrevStart = Buf.rfind('\n', Start - 1);
    PrevStart = PrevStart == StringRef::npos ? 0 : PrevStart + 1;
    Prev = Buf.slice(PrevStart, Start - 1);
  }
  return {Line, Prev};
}

} // namespace

std::vector<FixItHint> fixItHints(const Finding &F, const SourceManager &SM) {
  std::vector<FixItHint> Hints;
  if (!F.AutoFix)
    return Hints;
  for (const TextEdit &E : F.AutoFix->Edits) {
    OptionalFileEntryRef File = SM.getFileManager().getOptionalFileRef(E.File);
    FileID FID = File ? SM.translateFile(*File) : FileID();
    if (FID.isInvalid())
      return {};
    SourceLocation Begin = SM.getLocForStartOfFile(FID).getLocWithOffset(E.Offset);
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(E.Length)),
        E.Text));
  }
  return Hints;
}

bool ClangDiagnosticSink::suppressedAt(const Finding &F) const {
  SourceLocation At = loc(F.Site.Clang.Begin);
  if (At.isInvalid() || F.Check.empty())
    return false;
  auto [Line, Prev] = linesAt(SM, At);
  return isSuppressed(F.Check, Line, Prev);
}

void ClangDiagnosticSink::consume(const Finding &F) {
  bool Warn = F.Flagged;
  bool Remark = F.Remark && ShowRemarks;
  if (!Warn && !Remark)
    return;
  SourceLocation Begin = loc(F.Site.Clang.Begin);
  if (Begin.isInvalid() || suppressedAt(F))
    return;
  auto Level = Warn ? DiagnosticsEngine::Warning : DiagnosticsEngine::Remark;
  unsigned Main = Diags.getCustomDiagID(Level, "%0 [%1]");
  {
    DiagnosticBuilder D = Diags.Report(Begin, Main);
    D << F.Message << F.Check << SourceRange(Begin, loc(F.Site.Clang.End));
    if (F.AutoFix && FixesGiven.insert(F.AutoFix->Description + "@" +
                                       F.AutoFix->Edits.front().File)
                         .second)
      for (const FixItHint &H : fixItHints(F, SM))
        D << H;
  }
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  for (const std::string &N : F.Notes)
    Diags.Report(Begin, NoteID) << N;
  if (!F.Confirmation.empty())
    Diags.Report(Begin, NoteID) << F.Confirmation;
  auto Related = [&](uint64_t Raw, const std::string &Text) {
    if (SourceLocation L = loc(Raw); L.isValid())
      Diags.Report(L, NoteID) << Text;
  };
  Related(F.Site.Clang.Loop, "in this loop");
  if (!F.Site.StructName.empty())
    Related(F.Site.Clang.Struct, "'" + F.Site.StructName + "' declared here");
  Related(F.Site.Clang.Kernel, "in kernel '" + F.Site.Kernel + "'");
  Related(F.Site.Clang.Launch, "launched here");
}

} // namespace coalesce
