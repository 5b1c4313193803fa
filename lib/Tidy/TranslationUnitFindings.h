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
#include "Tidy/AnalysisStop.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <string>

namespace clang {
class ASTContext;
class Preprocessor;
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
  /// An analysis that stops early (AnalysisStop.h) gives an empty report.
  /// With the unit's preprocessor known, a report kept from an earlier
  /// build of the same code is reused (ReportReuse.h).
  const Report &report(clang::ASTContext &Ctx, const AnalysisOptions &Opts);

  /// Where to say, for each report, whether it was computed (and in how
  /// long) or reused; null (the default): nowhere. cuda-coalesce-clangd
  /// sets it with --log=verbose.
  static void setLog(llvm::raw_ostream *OS);

  /// Whether reports and kernels' results are reused across builds of a
  /// file (ReportReuse.h, KernelReuse.h); true unless turned off
  /// (cuda-coalesce-clangd --no-result-reuse).
  static void setReuse(bool On);

  /// The preprocessor that parses this translation unit.
  void setPreprocessor(const clang::Preprocessor *P) { PP = P; }

  /// Why an analysis of this translation unit stopped early; None if none
  /// did.
  StopReason stopped() const { return Stopped; }

  /// True for the first caller after an early stop: the one check that
  /// tells the user, so that several enabled checks say it once.
  bool claimStopNotice();

private:
  const clang::ASTContext *Analyzed = nullptr;
  const clang::Preprocessor *PP = nullptr;
  StopReason Stopped = StopReason::None;
  bool StopNoticed = false;
  std::map<std::string, std::shared_ptr<const Report>> ByOptions;
};

} // namespace coalesce::tidy

#endif
