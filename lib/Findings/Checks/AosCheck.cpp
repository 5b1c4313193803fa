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
  llvm::StringRef name() const override { return "coalescing-aos"; }
  Category category() const override { return Category::AoS; }

  bool matches(const Finding &F) const override {
    const AccessSite &S = F.Site;
    return wastesSectors(F) && S.StructBytes && F.LaneStrideBytes &&
           std::llabs(*F.LaneStrideBytes) == int64_t(*S.StructBytes);
  }

  void describe(Finding &F) const override {
    const AccessSite &S = F.Site;
    const char *Verb = S.Kind == AccessKind::Store       ? "writes "
                       : S.Kind == AccessKind::LoadStore ? "reads and writes "
                                                         : "reads ";
    F.Message = "array-of-structs " + accessNoun(S.Kind) + ": each lane " +
                Verb +
                std::to_string(S.ElemBytes) + " bytes ('." + S.MemberName +
                "') of a " + std::to_string(*S.StructBytes) + "-byte '" +
                S.StructName + "'; " + sectorPhrase(*F.Cost);
    F.Notes.push_back("store '" + S.StructName +
                      "' as a structure of arrays (one array per member) so "
                      "that lane i touches " + S.MemberName +
                      "[i]: consecutive lanes, consecutive addresses");
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createAosCheck() {
  return std::make_unique<AosCheck>();
}

} // namespace coalesce
