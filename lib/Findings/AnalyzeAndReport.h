//===- AnalyzeAndReport.h - the one entry point for a parsed TU -*- C++ -*-===//
//
// What a clang-tidy module or clangd calls on an ASTContext:
//
//   coalesce::AnalysisOptions A;            // --assume, --block-dim, ...
//   coalesce::FindingsOptions F;            // enabled checks, options
//   F.Checks = *coalesce::CheckFilter::withDefaults("");
//   coalesce::ClangDiagnosticSink Sink(Ctx.getDiagnostics(),
//                                      Ctx.getSourceManager());
//   coalesce::analyzeAndReport(Ctx, A, F, Sink);
//
// It interprets every kernel of the translation unit (with an expression
// context of its own), classifies each global access, and hands the
// findings to Sink in report order (file, line, column). The CLI uses the
// same path with a ReportSink for JSON and SARIF.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_ANALYZEANDREPORT_H
#define CUDA_COALESCE_FINDINGS_ANALYZEANDREPORT_H

#include "Analysis/Analyzer.h"
#include "Findings/Classifier.h"
#include "Findings/FindingSink.h"

namespace coalesce {

/// Returns the kernels analyzed and skipped. ErrorLocs: locations of
/// clang's errors, whose kernels are skipped.
KernelsAnalyzed
analyzeAndReport(clang::ASTContext &Ctx, const AnalysisOptions &AOpts,
                 const FindingsOptions &FOpts, FindingSink &Sink,
                 llvm::ArrayRef<clang::SourceLocation> ErrorLocs = {});

} // namespace coalesce

#endif
