//===- TranslationUnitFindings.h - one analysis per TU, shared --*- C++ -*-===//
//
// clang-tidy enables each registered check one by
// one, but the analyzer answers for all of them from one walk over the
// translation unit. The checks created for one translation unit (clang-tidy
// and clangd create a fresh set per file) share one of these, so enabling all
// four costs one analysis, not four.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_TIDY_TRANSLATIONUNITFINDINGS_H
#define CUDA_COALESCE_TIDY_TRANSLATIONUNITFINDINGS_H

#include "Analysis/Analyzer.h"
#include "Findings/Finding.h"

#include <map>
#include <memory>
#include <string>

namespace clang {
class ASTContext;
} // namespace clang

namespace coalesce::tidy {

class TranslationUnitFindings {
public:
  /// The instance shared by every check created for the same clang-tidy
  /// context (one translation unit); Key is that context.
  static std::shared_ptr<TranslationUnitFindings> forContext(const void *Key);

  /// Every access of Ctx's kernels, classified with every check enabled, no
  /// efficiency threshold and no NOLINT of our own: the checks filter by
  /// name and option, clang-tidy applies NOLINT. Computed once per set of
  /// analysis options.
  const Report &report(clang::ASTContext &Ctx, const AnalysisOptions &Opts);

private:
  const clang::ASTContext *Analyzed = nullptr;
  std::map<std::string, Report> ByOptions;
};

} // namespace coalesce::tidy

#endif
