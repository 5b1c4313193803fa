//===- TranslationUnitFindings.cpp ----------------------------------------===//

#include "Tidy/TranslationUnitFindings.h"
#include "Findings/AccessSiteCollector.h"
#include "Findings/Classifier.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTContext.h"

#include <mutex>

namespace coalesce::tidy {

namespace {
/// The options as one string: the cache key.
std::string keyOf(const AnalysisOptions &O) {
  std::string K;
  if (O.BlockDim)
    for (unsigned D : *O.BlockDim)
      K += std::to_string(D) + ",";
  K += ";";
  for (const auto &[Name, Value] : O.Assume)
    K += Name + "=" + std::to_string(Value) + ",";
  return K;
}
} // namespace

std::shared_ptr<TranslationUnitFindings>
TranslationUnitFindings::forContext(const void *Key) {
  // clangd builds several files at once on worker threads.
  static std::mutex Lock;
  static std::map<const void *, std::weak_ptr<TranslationUnitFindings>> Live;
  std::lock_guard<std::mutex> Guard(Lock);
  for (auto It = Live.begin(); It != Live.end();)
    It = It->second.expired() ? Live.erase(It) : std::next(It);
  std::weak_ptr<TranslationUnitFindings> &Slot = Live[Key];
  if (std::shared_ptr<TranslationUnitFindings> S = Slot.lock())
    return S;
  auto S = std::make_shared<TranslationUnitFindings>();
  Slot = S;
  return S;
}

const Report &TranslationUnitFindings::report(clang::ASTContext &Ctx,
                                              const AnalysisOptions &Opts) {
  if (Analyzed != &Ctx) {
    ByOptions.clear();
    Analyzed = &Ctx;
  }
  std::string Key = keyOf(Opts);
  auto It = ByOptions.find(Key);
  if (It != ByOptions.end())
    return It->second;

  // Kernels with errors are left out through the expressions clang had to
  // recover from; clang-tidy does not hand checks the error locations.
  ExprContext Exprs;
  TranslationUnitResult TU = collectAccessSites(Ctx, Exprs, Opts, {});
  for (AccessSite &S : TU.Sites) {
    S.SourceLine.clear();
    S.PrevSourceLine.clear();
  }
  FindingsOptions F;
  F.Checks = llvm::cantFail(CheckFilter::parse("coalescing-*,shared-*"));
  F.MinEfficiency = 1.0;
  return ByOptions[Key] = buildReport(std::move(TU.Sites), 1, TU.Kernels, F);
}

} // namespace coalesce::tidy
