//===- CoalescingCheck.cpp ------------------------------------------------===//

#include "Findings/CoalescingCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace coalesce {

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
  case AccessKind::Atomic:
    return "atomic";
  }
  return "access";
}

std::string formatCount(double V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.2f", V);
  OS.flush();
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return S;
}

std::string sectorPhrase(const WarpCost &C) {
  return std::to_string(C.Sectors) + " sectors per request where " +
         std::to_string(C.IdealSectors) + " would do (" +
         formatPercent(C.Efficiency) + " of fetched bytes used)";
}

std::string perRequestOnAverage(const Finding &F) {
  if (!F.IfBranched)
    return " per request on average";
  return " per request on average, counting the warps that issue it "
         "predicated off (" +
         formatCount(*F.IfBranched) + " over those with a lane on)";
}

std::string sectorPhrase(const Finding &F) {
  if (!F.Launch || !F.Launch->varies())
    return sectorPhrase(*F.Cost);
  const LaunchCost &L = *F.Launch;
  return formatCount(L.Sectors) + " sectors" + perRequestOnAverage(F) +
         " where " +
         formatCount(L.IdealSectors) + " would do (" +
         formatPercent(L.Efficiency) + " of fetched bytes used); " +
         F.WarpsDiffer + " differ: " + std::to_string(L.MinSectors) + " to " +
         std::to_string(L.MaxSectors) + " sectors, " +
         std::to_string(F.Warp0Sectors) + " in warp 0 of block 0";
}

bool wastesSectors(const Finding &F) {
  return F.Cost && !F.Cost->Uniform && F.Cost->Sectors > F.Cost->IdealSectors;
}

bool indexesOwnRow(const Finding &F) {
  const AccessSite &S = F.Site;
  return !F.Cost && S.DependsOnLoad && S.DataDependentRange.empty() &&
         S.GatherRowBytes && std::llabs(*S.GatherRowBytes) >= F.SectorBytes;
}

bool onlyMisaligned(const Finding &F) {
  return wastesSectors(F) &&
         contiguousRuns(F.Site, F.SectorBytes).AlignedSectors <=
             F.Cost->IdealSectors;
}

bool walksOwnRange(const Finding &F) {
  const AccessSite &S = F.Site;
  return wastesSectors(F) && !onlyMisaligned(F) && S.IterationStepBytes &&
         std::llabs(*S.IterationStepBytes) == int64_t(S.ElemBytes);
}

bool readsOneMember(const Finding &F) {
  const AccessSite &S = F.Site;
  return wastesSectors(F) && !onlyMisaligned(F) && !walksOwnRange(F) &&
         S.StructBytes && F.LaneStrideBytes &&
         std::llabs(*F.LaneStrideBytes) == int64_t(*S.StructBytes);
}

bool CoalescingCheck::worthFlagging(const Finding &F,
                                    double MinEfficiency) const {
  // A loss is what the measurements call one: at least 1.9 times the
  // ideal sectors (coalescing-misaligned.md says why 1.9). One wasted
  // sector over a large ideal is not, and a handful of active lanes (a
  // halo load, a boundary fix-up) cannot coalesce much anyway.
  // A partial warp is judged by its traffic, not its lane count: four
  // lanes each fetching a sector of its own where one would do lose as
  // much as a full warp at stride 8. A halo load whose few lanes form two
  // short runs costs a sector more than its bytes, and that is all.
  // Lanes that repeat an address are not a loss of the pattern: the bar
  // is what every lane's bytes fill packed, repeats counted (Nsight
  // Compute's ideal, never below the distinct bytes' one:
  // Model/Coalescer.h), so a row of a 16-wide block that reads one word
  // per row (a matrix product's A[row][k], a halo column) takes 2 sectors
  // where 4 would hold its 32 lanes' bytes, and stays quiet.
  if (!F.Cost)
    return true;
  double Sectors = F.sectors(), Ideal = F.idealSectors();
  bool Scattered = Sectors >= 2 * Ideal && F.Cost->Sectors >= F.Cost->ActiveLanes;
  return F.efficiency() < MinEfficiency && Sectors >= 1.9 * F.laneSectors() &&
         (F.Cost->ActiveLanes >= 8 || Scattered);
}

Runs contiguousRuns(const AccessSite &S, unsigned SectorBytes) {
  Runs R;
  // (start, bytes) of the runs met: a warp has at most 32, so a linear
  // search beats a tree (the classifier asks for the runs of every access
  // several times, on every build of the editor's file).
  llvm::SmallVector<std::pair<int64_t, int64_t>, 32> Seen;
  std::optional<int64_t> Start, Prev;
  auto Close = [&]() {
    if (!Start)
      return;
    int64_t Bytes = *Prev - *Start + S.ElemBytes;
    ++R.Count;
    if (((S.Lane0Offset + *Start) % SectorBytes + SectorBytes) % SectorBytes)
      ++R.MidSector;
    std::pair<int64_t, int64_t> Run(*Start, Bytes);
    if (llvm::is_contained(Seen, Run))
      return;
    Seen.push_back(Run);
    R.AlignedSectors += unsigned((Bytes + SectorBytes - 1) / SectorBytes);
  };
  for (const std::optional<int64_t> &O : S.LaneOffsets) {
    if (!O)
      continue;
    if (Prev && *O - *Prev == int64_t(S.ElemBytes)) {
      Prev = O;
      continue;
    }
    Close();
    Start = Prev = O;
  }
  Close();
  return R;
}

} // namespace coalesce
