//===- TranslationUnitFindings.cpp ----------------------------------------===//

#include "Tidy/TranslationUnitFindings.h"
#include "Findings/Classifier.h"
#include "Findings/TranslationUnitReport.h"
#include "LaneExpr/LaneExpr.h"
#include "Tidy/KernelReuse.h"
#include "Tidy/ReportReuse.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

#include <atomic>
#include <chrono>
#include <mutex>

namespace coalesce::tidy {

namespace {
std::atomic<llvm::raw_ostream *> Log{nullptr};
std::atomic<bool> ReuseOn{true};

void logLine(const std::string &Line) {
  // One write per line: clangd's workers log from several threads.
  if (llvm::raw_ostream *OS = Log.load()) {
    *OS << Line;
    OS->flush();
  }
}

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

void TranslationUnitFindings::setLog(llvm::raw_ostream *OS) { Log = OS; }

void TranslationUnitFindings::setReuse(bool On) { ReuseOn = On; }

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
    Stopped = StopReason::None;
    StopNoticed = false;
  }
  std::string Key = keyOf(Opts);
  auto It = ByOptions.find(Key);
  if (It != ByOptions.end())
    return *It->second;

  // Kernels with errors are left out through the expressions clang had to
  // recover from; clang-tidy does not hand checks the error locations.
  // NOLINT is clang-tidy's to apply (it also knows NOLINTBEGIN/END), so the
  // report does not apply its own.
  FindingsOptions F;
  // Every registered check: clang-tidy's --checks and each check's own
  // filter in CoalescingTidyCheck::check decide what is shown, so a check
  // added to the registry reaches clang-tidy and clangd with no second list.
  F.Checks = llvm::cantFail(CheckFilter::parse("*"));
  F.MinEfficiency = 1.0;
  F.HonorNolint = false;
  std::optional<AnalysisInputs> In;
  if (PP && ReuseOn) {
    In = analysisInputs(Ctx, *PP);
    if (std::shared_ptr<const Report> Kept = reusableReport(*In, Key)) {
      logLine("cuda-coalesce: " + In->MainFile +
              ": report reused (its code did not change)\n");
      return *(ByOptions[Key] = std::move(Kept));
    }
  }
  auto Start = std::chrono::steady_clock::now();
  ExprContext Exprs;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  AnalysisStop Stop(Main ? Main->getName() : "");
  AnalysisOptions Bounded = Opts;
  Bounded.ShouldStop = [&Stop] { return Stop(); };
  Report R;
  std::string Kernels;
  if (In) {
    // The kernels an edit did not touch keep their results.
    KernelReuse Reuse(Ctx, *PP, *In, Key);
    R = Reuse.report(Exprs, Bounded, F);
    if (Stop.reason() == StopReason::None)
      Reuse.keep();
    auto Ms = [](std::chrono::microseconds T) {
      return std::to_string(T.count() / 1000) + " ms";
    };
    Kernels = " (kernels: " + std::to_string(Reuse.walked()) + " analyzed, " +
              std::to_string(Reuse.reused()) + " reused" +
              (Reuse.whyNot().empty() ? "" : ", none kept: " + Reuse.whyNot()) +
              "; keys " + Ms(Reuse.keyTime()) + ", walk " +
              Ms(Reuse.walkTime()) + ", report " + Ms(Reuse.reportTime()) +
              ")";
  } else {
    R = reportTranslationUnit(Ctx, Exprs, Bounded, F, {});
  }
  logLine("cuda-coalesce: " + std::string(Main ? Main->getName() : "") +
          (Stop.reason() == StopReason::None ? ": analyzed in "
                                             : ": analysis stopped after ") +
          std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - Start)
                             .count()) +
          " ms" + Kernels + "\n");
  if (Stop.reason() != StopReason::None) {
    // What an interrupted walk found is a part of the truth that looks like
    // all of it: an access it did not reach would go unmentioned.
    Stopped = Stop.reason();
    R = Report();
  }
  auto Shared = std::make_shared<const Report>(std::move(R));
  if (Stop.reason() == StopReason::None && In)
    keepReport(std::move(*In), Key, Shared);
  return *(ByOptions[Key] = std::move(Shared));
}

bool TranslationUnitFindings::claimStopNotice() {
  if (Stopped == StopReason::None || StopNoticed)
    return false;
  StopNoticed = true;
  return true;
}

} // namespace coalesce::tidy
