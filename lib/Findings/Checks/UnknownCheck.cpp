//===- UnknownCheck.cpp - coalescing-unknown ------------------------------===//
//
// The address could not be derived (and does not come from an index array,
// which is the gather check's): a remark with the reason, shown with
// --verbose. Never a warning: there is nothing to fix, only something the
// analysis could not see.
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"
#include "Findings/ReasonText.h"

namespace coalesce {

namespace {
class UnknownCheck : public CoalescingCheck {
public:
  const CheckInfo &info() const override {
    static const CheckInfo Info = {
        "coalescing-unknown", Category::Unknown,
        "the address could not be derived; the reason is kept",
        /*DefaultOn=*/true, CheckSeverity::Remark, {},
        "docs/checks/coalescing-unknown.md"};
    return Info;
  }

  bool matches(const Finding &F) const override {
    return !F.Cost && !F.Site.DependsOnLoad;
  }

  void describe(Finding &F) const override {
    F.Message = "address not computable";
    if (!F.Site.UnknownReason.empty())
      F.Message += ": " + reasonText(F.Site.UnknownReason);
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createUnknownCheck() {
  return std::make_unique<UnknownCheck>();
}

} // namespace coalesce
