//===- FindingDiagnostics.h - findings as clang diagnostics -----*- C++ -*-===//
//
// The adapter between the report (findings located by file, line and
// column, as every front door gets them from buildReport) and clang's
// DiagnosticsEngine, where clang-tidy and clangd want them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_TIDY_FINDINGDIAGNOSTICS_H
#define CUDA_COALESCE_TIDY_FINDINGDIAGNOSTICS_H

#include "Findings/Finding.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class SourceManager;
} // namespace clang

namespace coalesce::tidy {

/// How a finding's notes reach the client. clang-tidy prints each note as a
/// `note:` line under the warning. In an editor every note of ours lies at the
/// warning's own place, where a related-information entry points nowhere new,
/// costs clangd a location, a URI and a JSON object per note on each publish
/// (docs/editors.md, bench/clangd-latency-results.md), and is optional in the
/// LSP, not shown by every client: cuda-coalesce-clangd writes them as lines
/// of the warning's message instead.
enum class NoteStyle {
  Notes,        ///< one clang note per finding note (clang-tidy)
  MessageLines, ///< each note a line of the warning's message (clangd)
};
void setNoteStyle(NoteStyle Style);

/// Emits one warning (the finding's message, over the access's text) and
/// its notes, as the note style says, through Emit, which adds the check's
/// name. A finding whose file is not part of this translation unit is
/// dropped. With WithFix the warning carries the finding's automatic fix as
/// fix-its.
void reportFinding(
    const Finding &F, const clang::SourceManager &SM, bool WithFix,
    llvm::function_ref<clang::DiagnosticBuilder(
        clang::SourceLocation, llvm::StringRef, clang::DiagnosticIDs::Level)>
        Emit);

} // namespace coalesce::tidy

#endif
