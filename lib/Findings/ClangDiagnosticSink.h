//===- ClangDiagnosticSink.h - findings as clang diagnostics ----*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_CLANGDIAGNOSTICSINK_H
#define CUDA_COALESCE_FINDINGS_CLANGDIAGNOSTICSINK_H

#include "Findings/FindingSink.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class FixItHint;
class SourceManager;
} // namespace clang

namespace coalesce {

/// F's automatic fix as clang fix-its, for the files of SM's translation
/// unit; empty when there is none or a file is not in it.
std::vector<clang::FixItHint> fixItHints(const Finding &F,
                                         const clang::SourceManager &SM);

/// Reports each flagged finding as a warning at the access's real
/// SourceLocation (range underlined), its notes at the access, then notes
/// at the related declarations: the enclosing loop, the struct, the kernel
/// and the launch site. A NOLINT / NOLINTNEXTLINE comment is read at the
/// access's expansion location through the SourceManager. The warning
/// carries the finding's automatic fix as fix-its. Remarks
/// (coalescing-unknown) are reported only when ShowRemarks is set.
///
/// Valid only while the translation unit the findings came from is alive:
/// it resolves the locations the findings carry (AccessSite::Clang).
class ClangDiagnosticSink : public FindingSink {
public:
  ClangDiagnosticSink(clang::DiagnosticsEngine &Diags,
                      const clang::SourceManager &SM, bool ShowRemarks = false)
      : Diags(Diags), SM(SM), ShowRemarks(ShowRemarks) {}
  void consume(const Finding &F) override;

  /// Whether Check is silenced at the access by NOLINT(...) on its line or
  /// NOLINTNEXTLINE(...) on the line above.
  bool suppressedAt(const Finding &F) const;

private:
  clang::DiagnosticsEngine &Diags;
  const clang::SourceManager &SM;
  bool ShowRemarks;
  /// A fix shared by several findings is given once (with the first).
  std::set<std::string> FixesGiven;
};

} // namespace coalesce

#endif
