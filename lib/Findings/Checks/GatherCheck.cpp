//===- GatherCheck.cpp - coalescing-gather --------------------------------===//
//
// The address depends on a value loaded from memory (an index array): the
// sectors per request depend on the data, which a static analysis cannot
// see. Off by default.
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"

namespace coalesce {

namespace {
class GatherCheck : public CoalescingCheck {
public:
  llvm::StringRef name() const override { return "coalescing-gather"; }
  Category category() const override { return Category::Gather; }

  bool matches(const Finding &F) const override {
    return !F.Cost && F.Site.DependsOnLoad;
  }

  void describe(Finding &F) const override {
    const AccessSite &S = F.Site;
    F.Message = "gather " + accessNoun(S.Kind) + ": the address " +
                S.UnknownReason + "; between 1 and 32 sectors per request "
                "depending on the data";
    F.Notes.push_back("sort or bucket the indices so that neighbouring lanes "
                      "receive neighbouring indices, or reorder the data "
                      "once so the gather becomes a contiguous read");
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createGatherCheck() {
  return std::make_unique<GatherCheck>();
}

} // namespace coalesce
