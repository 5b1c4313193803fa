//===- TranslationUnitReport.h - a parsed translation unit's report -*- C++ -*-===//
//
// The pipeline from a parsed translation unit to its report, in one call:
// collectAccessSites (the interpreter's accesses, their lanes evaluated),
// then buildReport (classified by the checks, deduplicated, sorted). The
// clang-tidy module (lib/Tidy, also inside cuda-coalesce-clangd) and the
// fuzzer call it. The command line makes the same two calls with a process
// boundary between them: each file is collected in a child process, and the
// parent builds one report from every file's sites (lib/Driver/Runner.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_TRANSLATIONUNITREPORT_H
#define CUDA_COALESCE_FINDINGS_TRANSLATIONUNITREPORT_H

#include "Analysis/Analyzer.h"
#include "Findings/Classifier.h"
#include "Findings/Finding.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace coalesce {

class ExprContext;

/// Ctx's accesses as one file's report (its kernel list included). Kernels
/// holding one of ErrorLocs are left out, as the command line does.
Report reportTranslationUnit(clang::ASTContext &Ctx, ExprContext &Exprs,
                             const AnalysisOptions &Analysis,
                             const FindingsOptions &Findings,
                             llvm::ArrayRef<clang::SourceLocation> ErrorLocs);

} // namespace coalesce

#endif
