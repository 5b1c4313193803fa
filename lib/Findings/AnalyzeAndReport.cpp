//===- AnalyzeAndReport.cpp -----------------------------------------------===//

#include "Findings/AnalyzeAndReport.h"
#include "Findings/AccessSiteCollector.h"
#include "LaneExpr/LaneExpr.h"

namespace coalesce {

KernelsAnalyzed analyzeAndReport(clang::ASTContext &Ctx,
                                 const AnalysisOptions &AOpts,
                                 const FindingsOptions &FOpts,
                                 FindingSink &Sink,
                                 llvm::ArrayRef<clang::SourceLocation> ErrorLocs) {
  ExprContext Exprs;
  TranslationUnitResult TU = collectAccessSites(Ctx, Exprs, AOpts, ErrorLocs);
  Report R = buildReport(std::move(TU.Sites), 1, TU.Kernels, FOpts);
  for (const Finding &F : R.Findings)
    Sink.consume(F);
  KernelsAnalyzed K;
  K.Kernels = TU.Kernels;
  K.SkippedKernels = std::move(TU.SkippedKernels);
  return K;
}

} // namespace coalesce
