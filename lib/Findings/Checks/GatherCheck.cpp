//===- GatherCheck.cpp - coalescing-gather --------------------------------===//
//
// The address depends on a value loaded from memory (an index array): the
// sectors per request depend on the data, which a static analysis cannot
// see. Off by default.
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"
#include "Findings/ReasonText.h"

namespace coalesce {

namespace {
class GatherCheck : public CoalescingCheck {
public:
  const CheckInfo &info() const override {
    static const CheckInfo Info = {
        "coalescing-gather", Category::Gather,
        "the address depends on a value loaded from memory",
        /*DefaultOn=*/false, CheckSeverity::Warning,
        {{"MinEfficiency", "1",
          "flag only accesses using less than this fraction of the bytes "
          "they fetch (and less than --min-efficiency)"}},
        "docs/checks/coalescing-gather.md"};
    return Info;
  }

  bool matches(const Finding &F) const override {
    return !F.Cost && F.Site.DependsOnLoad &&
           F.Site.DataDependentRange.empty() && !indexesOwnRow(F);
  }

  void describe(Finding &F) const override {
    const AccessSite &S = F.Site;
    // Each lane touches at least ceil(e/32) sectors: the warp needs that
    // many when all lanes agree, 32 times that when none share a sector.
    unsigned PerLane = (S.ElemBytes + 31) / 32;
    PerLane = PerLane ? PerLane : 1;
    // A store through loaded indices is a scatter; the arithmetic is the
    // same.
    bool Scatter = S.Kind == AccessKind::Store;
    F.Message = std::string(Scatter ? "scatter " : "gather ") +
                accessNoun(S.Kind) + ": the address " +
                reasonText(S.UnknownReason) + "; between " + std::to_string(PerLane) +
                " and " + std::to_string(32 * PerLane) +
                " sectors per request depending on the data";
    F.Notes.push_back(std::string("sort or bucket the indices so that "
                                  "neighbouring lanes receive neighbouring "
                                  "indices, or reorder the data once so the ") +
                      (Scatter ? "scatter becomes a contiguous write"
                               : "gather becomes a contiguous read"));
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createGatherCheck() {
  return std::make_unique<GatherCheck>();
}

} // namespace coalesce
