//===- FindingDiagnostics.cpp ---------------------------------------------===//

#include "Tidy/FindingDiagnostics.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

#include <atomic>

using namespace clang;

namespace coalesce::tidy {

namespace {
std::atomic<NoteStyle> Style{NoteStyle::Notes};

/// The location clang knows for a file, line and column the analyzer
/// printed; invalid when the file is not in this translation unit.
SourceLocation locate(const SourceManager &SM, const SourcePos &Pos) {
  if (Pos.Line == 0)
    return {};
  OptionalFileEntryRef File = SM.getFileManager().getOptionalFileRef(Pos.File);
  if (!File)
    return {};
  return SM.translateFileLineCol(*File, Pos.Line, Pos.Column ? Pos.Column : 1);
}
/// F's automatic fix as clang fix-its, for the files of SM's translation
/// unit; empty when there is none or a file is not in it.
std::vector<FixItHint> fixItHints(const Finding &F, const SourceManager &SM) {
  std::vector<FixItHint> Hints;
  if (!F.AutoFix)
    return Hints;
  for (const TextEdit &E : F.AutoFix->Edits) {
    OptionalFileEntryRef File = SM.getFileManager().getOptionalFileRef(E.File);
    FileID FID = File ? SM.translateFile(*File) : FileID();
    if (FID.isInvalid())
      return {};
    SourceLocation Begin =
        SM.getLocForStartOfFile(FID).getLocWithOffset(E.Offset);
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(E.Length)),
        E.Text));
  }
  return Hints;
}

/// F's message with each note on a line of its own, begun with a capital as
/// clangd begins every message it shows.
std::string withNoteLines(const Finding &F) {
  std::string Text = F.Message;
  for (const std::string &Note : F.Notes) {
    Text += '\n';
    Text += Note;
    if (!Note.empty())
      Text[Text.size() - Note.size()] = llvm::toUpper(Note.front());
  }
  return Text;
}

} // namespace

void setNoteStyle(NoteStyle S) { Style = S; }

void reportFinding(
    const Finding &F, const SourceManager &SM, bool WithFix,
    llvm::function_ref<DiagnosticBuilder(SourceLocation, StringRef,
                                         DiagnosticIDs::Level)>
        Emit) {
  // An access inside a toolkit header is shown at the user's call, where
  // clang-tidy does not drop it as a system header's diagnostic.
  const SourcePos &At = F.Site.shownPos();
  unsigned End = F.Site.shownEndColumn();
  SourceLocation Loc = locate(SM, At);
  if (Loc.isInvalid())
    return;
  bool AsLines = Style == NoteStyle::MessageLines;
  {
    // Messages hold '%' ("12.5% of fetched bytes used"): pass them as an
    // argument, never as the format.
    DiagnosticBuilder D = Emit(Loc, "%0", DiagnosticIDs::Warning);
    D << (AsLines ? withNoteLines(F) : F.Message);
    if (End >= At.Column && At.Column > 0)
      D << CharSourceRange::getCharRange(
          Loc, Loc.getLocWithOffset(End - At.Column + 1));
    // clang-tidy --fix and clangd's quick fixes take the warning's fix-its.
    if (WithFix)
      for (const FixItHint &H : fixItHints(F, SM))
        D << H;
  }
  if (!AsLines)
    for (const std::string &Note : F.Notes)
      Emit(Loc, "%0", DiagnosticIDs::Note) << Note;
}

} // namespace coalesce::tidy
