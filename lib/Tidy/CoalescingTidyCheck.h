//===- CoalescingTidyCheck.h - a coalescing check inside clang-tidy -*- C++ -*-===//
//
// One class serves every registered check: each
// instance reports the findings of its own name. The classification itself
// lives in lib/Findings (one class per check there), so the CLI, clang-tidy
// and clangd say the same thing.
//
// Options (CheckOptions in .clang-tidy, per check):
//   MinEfficiency  flag only accesses using less than this fraction of the
//                  bytes they fetch (0-1, default 1), as --min-efficiency
//   BlockDim       "X[,Y[,Z]]" for kernels whose launch is not in the file,
//                  as --block-dim (default: none)
//   Assume         "name=value[,name=value...]", as --assume (default: none)
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_TIDY_COALESCINGTIDYCHECK_H
#define CUDA_COALESCE_TIDY_COALESCINGTIDYCHECK_H

#include "Analysis/Analyzer.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <memory>

namespace coalesce::tidy {

class TranslationUnitFindings;

class CoalescingTidyCheck : public clang::tidy::ClangTidyCheck {
public:
  CoalescingTidyCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  ~CoalescingTidyCheck() override;

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  std::string MinEfficiencyText, BlockDimText, AssumeText;
  double MinEfficiency = 1.0;
  AnalysisOptions Analysis;
  bool ValidOptions = true;
  std::shared_ptr<TranslationUnitFindings> Shared;

  void parseOptions();
};

} // namespace coalesce::tidy

#endif
