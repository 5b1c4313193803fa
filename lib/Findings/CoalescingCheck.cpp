//===- CoalescingCheck.cpp ------------------------------------------------===//

#include "Findings/CoalescingCheck.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace coalesce {

const std::vector<std::unique_ptr<CoalescingCheck>> &allChecks() {
  static const std::vector<std::unique_ptr<CoalescingCheck>> Checks = [] {
    std::vector<std::unique_ptr<CoalescingCheck>> V;
    V.push_back(createChunkedCheck());
    V.push_back(createAosCheck());
    V.push_back(createStridedCheck());
    V.push_back(createGatherCheck());
    return V;
  }();
  return Checks;
}

std::string formatPercent(double Fraction) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.1f", Fraction * 100.0);
  OS.flush();
  if (llvm::StringRef(S).ends_with(".0"))
    S.resize(S.size() - 2);
  return S + "%";
}

std::string accessNoun(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::LoadStore:
    return "load and store";
  }
  return "access";
}

std::string sectorPhrase(const WarpCost &C) {
  return std::to_string(C.Sectors) + " sectors per request where " +
         std::to_string(C.IdealSectors) + " would do (" +
         formatPercent(C.Efficiency) + " of fetched bytes used)";
}

bool wastesSectors(const Finding &F) {
  return F.Cost && !F.Cost->Uniform && F.Cost->Sectors > F.Cost->IdealSectors;
}

} // namespace coalesce
