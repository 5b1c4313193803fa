//===- CoalescingTidyCheck.h - a coalescing check inside clang-tidy -*- C++ -*-===//
//
// One class serves every registered check: each
// instance reports the findings of its own name. The classification itself
// lives in lib/Findings (one class per check there), so the CLI, clang-tidy
// and clangd say the same thing.
//
// Options (CheckOptions in .clang-tidy, per check): every row of
// lib/Options/OptionTable.h (MinEfficiency, BlockDim, Assume), spelled as
// on the command line ('16,16') and refused with the same message.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_TIDY_COALESCINGTIDYCHECK_H
#define CUDA_COALESCE_TIDY_COALESCINGTIDYCHECK_H

#include "Analysis/Analyzer.h"
#include "Options/OptionTable.h"
#include "Tidy/AnalysisStop.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <array>
#include <memory>

namespace coalesce::tidy {

class TranslationUnitFindings;

class CoalescingTidyCheck : public clang::tidy::ClangTidyCheck {
public:
  CoalescingTidyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  ~CoalescingTidyCheck() override;

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Each option of the table as configured, indexed by OptionId.
  std::array<std::string, std::size(OptionTable)> Texts;
  double MinEfficiency = 1.0;
  AnalysisOptions Analysis;
  bool ValidOptions = true;
  std::shared_ptr<TranslationUnitFindings> Shared;

  void parseOptions();
  /// The one diagnostic an analysis that stopped early leaves.
  void reportStop(StopReason Why, const clang::SourceManager &SM);
};

} // namespace coalesce::tidy

#endif
