//===- TranslationUnitReport.cpp ------------------------------------------===//

#include "Findings/TranslationUnitReport.h"
#include "Findings/AccessSiteCollector.h"

namespace coalesce {

Report reportTranslationUnit(clang::ASTContext &Ctx, ExprContext &Exprs,
                             const AnalysisOptions &Analysis,
                             const FindingsOptions &Findings,
                             llvm::ArrayRef<clang::SourceLocation> ErrorLocs) {
  TranslationUnitResult TU =
      collectAccessSites(Ctx, Exprs, Analysis, ErrorLocs);
  Report R = buildReport(std::move(TU.Sites), 1, TU.Kernels, Findings);
  R.KernelList = std::move(TU.KernelList);
  return R;
}

} // namespace coalesce
