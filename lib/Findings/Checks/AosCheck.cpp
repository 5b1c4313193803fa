//===- AosCheck.cpp - coalescing-aos --------------------------------------===//
//
// The lane indexes an array of structs and reads one member: lanes sit one
// struct apart and each uses only the member's bytes of what it fetches.
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"

namespace coalesce {

namespace {
class AosCheck : public CoalescingCheck {
public:
  const CheckInfo &info() const override {
    static const CheckInfo Info = {
        "coalescing-aos", Category::AoS,
        "lanes read one member of an array of structs: the stride is the struct size",
        /*DefaultOn=*/true, CheckSeverity::Warning,
        {{"MinEfficiency", "1",
          "flag only accesses using less than this fraction of the bytes "
          "they fetch (and less than --min-efficiency)"}},
        "docs/checks/coalescing-aos.md"};
    return Info;
  }

  bool matches(const Finding &F) const override {
    return readsOneMember(F);
  }

  void describe(Finding &F) const override {
    const AccessSite &S = F.Site;
    const char *Verb = S.Kind == AccessKind::Store       ? "writes "
                       : S.Kind == AccessKind::LoadStore ? "reads and writes "
                       : S.Kind == AccessKind::Atomic    ? "updates "
                                                         : "reads ";
    F.Message = "array-of-structs " + accessNoun(S.Kind) + ": each lane " +
                Verb +
                std::to_string(S.ElemBytes) + " bytes ('." + S.MemberName +
                "') of a " + std::to_string(*S.StructBytes) + "-byte '" +
                S.StructName + "'; " + sectorPhrase(F);
    F.Notes.push_back("store '" + S.StructName +
                      "' as a structure of arrays (one array per member) so "
                      "that lane i touches " + S.MemberName +
                      "[i]: consecutive lanes, consecutive addresses");
    // Never rewritten automatically: every use of the struct, on the host
    // and in every kernel, would change with it.
    if (!S.SoALayout.empty())
      F.Notes.push_back("the layout: " + S.SoALayout +
                        " (no automatic fix: every use of '" + S.StructName +
                        "', host code included, changes with it)");
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createAosCheck() {
  return std::make_unique<AosCheck>();
}

} // namespace coalesce
