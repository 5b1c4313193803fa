//===- MisalignedCheck.cpp - coalescing-misaligned ------------------------===//
//
// Contiguous lanes whose run starts inside a sector: one extra sector per
// run, from the base offset alone. On by default, and flagged only when
// that costs at least 1.9 times the ideal (rows of 32 bytes each split over
// two sectors); the single extra sector of a long run is a note.
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"

namespace coalesce {

namespace {
class MisalignedCheck : public CoalescingCheck {
public:
  const CheckInfo &info() const override {
    static const CheckInfo Info = {
        "coalescing-misaligned", Category::Misaligned,
        "contiguous lanes starting inside a sector: an extra sector per "
        "request from the base offset",
        /*DefaultOn=*/true, CheckSeverity::Warning,
        {{"MinEfficiency", "1",
          "flag only accesses using less than this fraction of the bytes "
          "they fetch (and less than --min-efficiency)"}},
        "docs/checks/coalescing-misaligned.md"};
    return Info;
  }

  bool matches(const Finding &F) const override { return onlyMisaligned(F); }

  void describe(Finding &F) const override {
    Runs R = contiguousRuns(F.Site, F.SectorBytes);
    int64_t Sector = F.SectorBytes;
    int64_t Into = ((F.Site.Lane0Offset % Sector) + Sector) % Sector;
    std::string Shape =
        R.Count == 1
            ? "contiguous, but the warp starts " + std::to_string(Into) +
                  " bytes into a " + std::to_string(Sector) + "-byte sector"
            : "each of the warp's " + std::to_string(R.Count) +
                  " rows is contiguous, but " + std::to_string(R.MidSector) +
                  " of them start inside a " + std::to_string(Sector) +
                  "-byte sector";
    F.Message = "misaligned " + accessNoun(F.Site.Kind) + ": " + Shape +
                "; " + sectorPhrase(F);
  }

  /// A loss by the measure Nsight Compute's counters are judged with: a
  /// line is uncoalesced when it fetches at least 1.9 times its ideal
  /// sectors (a 2x split measured with some aligned requests among it).
  /// A +4-byte offset, 5 sectors for 4, is not; rows of 8 floats that each
  /// straddle a sector boundary, 2 for 1, are. A few lanes (a halo) are
  /// never flagged, as for the other checks (docs/analysis.md, "Partial
  /// warps").
  bool worthFlagging(const Finding &F, double MinEfficiency) const override {
    return F.Cost && F.efficiency() < MinEfficiency &&
           F.sectors() >= 1.9 * F.idealSectors() && F.Cost->ActiveLanes >= 8;
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createMisalignedCheck() {
  return std::make_unique<MisalignedCheck>();
}

} // namespace coalesce
