//===- FindingSink.h - where classified accesses go -------------*- C++ -*-===//
//
// Two implementations: ClangDiagnosticSink, over clang's DiagnosticsEngine
// (real SourceLocations, notes at the kernel, loop, struct and launch site,
// NOLINT read through the SourceManager) for the CLI, a clang-tidy module
// and clangd; and ReportSink, which builds the Report the JSON, SARIF and
// grader writers consume.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_FINDINGSINK_H
#define CUDA_COALESCE_FINDINGS_FINDINGSINK_H

#include "Findings/Finding.h"

namespace coalesce {

class FindingSink {
public:
  virtual ~FindingSink();
  /// One classified access, in report order (file, line, column). Called
  /// for every access, flagged or not: a sink decides what it shows.
  virtual void consume(const Finding &F) = 0;
};

/// Collects every finding into a Report.
class ReportSink : public FindingSink {
public:
  explicit ReportSink(Report &R) : R(R) {}
  void consume(const Finding &F) override { R.Findings.push_back(F); }

private:
  Report &R;
};

} // namespace coalesce

#endif
