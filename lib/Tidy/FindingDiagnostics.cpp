//===- FindingDiagnostics.cpp ---------------------------------------------===//

#include "Tidy/FindingDiagnostics.h"
#include "Findings/ClangDiagnosticSink.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coalesce::tidy {

namespace {
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
} // namespace

void reportFinding(
    const Finding &F, const SourceManager &SM, bool WithFix,
    llvm::function_ref<DiagnosticBuilder(SourceLocation, StringRef,
                                         DiagnosticIDs::Level)>
        Emit) {
  SourceLocation Loc = locate(SM, F.Site.Pos);
  if (Loc.isInvalid())
    return;
  {
    // Messages hold '%' ("12.5% of fetched bytes used"): pass them as an
    // argument, never as the format.
    DiagnosticBuilder D = Emit(Loc, "%0", DiagnosticIDs::Warning);
    D << F.Message;
    if (F.Site.RangeEndColumn >= F.Site.Pos.Column && F.Site.Pos.Column > 0)
      D << CharSourceRange::getCharRange(
          Loc, Loc.getLocWithOffset(F.Site.RangeEndColumn - F.Site.Pos.Column + 1));
    // clang-tidy --fix and clangd's quick fixes take the warning's fix-its.
    if (WithFix)
      for (const FixItHint &H : fixItHints(F, SM))
        D << H;
  }
  for (const std::string &Note : F.Notes)
    Emit(Loc, "%0", DiagnosticIDs::Note) << Note;
}

} // namespace coalesce::tidy
