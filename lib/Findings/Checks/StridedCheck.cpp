//===- StridedCheck.cpp - coalescing-strided ------------------------------===//
//
// Lanes farther apart than the size of what each reads, with no per-thread
// walk and no struct to blame: every lane pulls in a sector of which it uses
// a fraction.
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"
#include "Findings/ReasonText.h"

namespace coalesce {

namespace {
class StridedCheck : public CoalescingCheck {
public:
  const CheckInfo &info() const override {
    static const CheckInfo Info = {
        "coalescing-strided", Category::Strided,
        "lanes are farther apart than the access: each warp request fetches more sectors than it uses",
        /*DefaultOn=*/true, CheckSeverity::Warning,
        {{"MinEfficiency", "1",
          "flag only accesses using less than this fraction of the bytes "
          "they fetch (and less than --min-efficiency)"}},
        "docs/checks/coalescing-strided.md"};
    return Info;
  }

  bool matches(const Finding &F) const override {
    return indexesOwnRow(F) || (wastesSectors(F) && !onlyMisaligned(F) &&
                                !walksOwnRange(F) && !readsOneMember(F));
  }

  void describe(Finding &F) const override {
    const AccessSite &S = F.Site;
    if (indexesOwnRow(F)) {
      describeRows(F);
      return;
    }
    unsigned Width = S.BlockDim[0];
    std::string Spread =
        S.LoadGroups
            ? "the warp reads in " + std::to_string(S.LoadGroups) +
                  " groups of lanes, each where the value it loaded puts it"
        : F.LaneStrideBytes
            ? "lanes are " + std::to_string(std::llabs(*F.LaneStrideBytes)) +
                  " bytes apart"
        : Width > 0 && Width < 32
            ? "the block is " + std::to_string(Width) +
                  " threads wide, so one warp spans " +
                  std::to_string((std::min(32u, Width * S.BlockDim[1] *
                                                    S.BlockDim[2]) +
                                  Width - 1) /
                                 Width) +
                  " rows"
            : "lanes are scattered";
    // The spacing is a runtime value's, assumed: say when it is not strided.
    std::string Unless =
        S.ContiguousIf.empty() ? "" : " unless " + S.ContiguousIf;
    F.Message = "strided " + accessNoun(S.Kind) + Unless + ": " + Spread +
                "; " + sectorPhrase(F);
    // Once every lane owns a sector the count cannot grow, but the cost
    // still does, with the lines and DRAM pages the warp spreads over.
    if (F.Cost->Sectors >= F.Cost->ActiveLanes)
      F.Notes.push_back("every lane fetches a sector of its own, spread over " +
                        std::to_string(F.Cost->Lines) +
                        " 128-byte lines; a wider stride cannot add sectors "
                        "but still adds lines and DRAM pages, and time");
    // nvcc reads a wmma tile in global memory a fragment register at a
    // time (Model/WmmaLowering.h): the index is not the user's to change.
    if (S.Function == "load_matrix_sync" || S.Function == "store_matrix_sync") {
      F.Notes.push_back(
          "a wmma tile in global memory is moved a fragment register at a "
          "time, a few bytes of each of 8 rows per instruction; copy the tile "
          "through shared memory, consecutive lanes on consecutive 16-byte "
          "pieces of a row, and load the fragments from there");
      return;
    }
    if (S.LoadGroups) {
      F.Notes.push_back(
          "each group of lanes uses part of the sectors it fetches: give "
          "each loaded value enough lanes, or wider elements, to read whole "
          "32-byte sectors, or lay the data out so that the groups' pieces "
          "are neighbours");
      return;
    }
    F.Notes.push_back(
        "consecutive threadIdx.x should touch consecutive addresses; make "
        "threadIdx.x the fastest-moving term of the index, or stage the tile "
        "in shared memory so both the load and the store walk rows");
  }

private:
  /// work[tid * stride + idx[k]]: each lane reads or writes in a row of its
  /// own, at a column it loaded. Unless the loaded index undoes the rows'
  /// spacing, no two lanes share a sector; how many rows' ends meet in one
  /// is the data's, so no count is given.
  void describeRows(Finding &F) const {
    const AccessSite &S = F.Site;
    unsigned PerLane = (S.ElemBytes + 31) / 32;
    PerLane = PerLane ? PerLane : 1;
    F.Message = "strided " + accessNoun(S.Kind) +
                ": each lane indexes a row of its own, rows " +
                std::to_string(std::llabs(*S.GatherRowBytes)) +
                " bytes apart, at a column it loaded (the address " +
                reasonText(S.UnknownReason) + "); up to " + std::to_string(32 * PerLane) +
                " sectors per request, one a lane, unless the loaded "
                "columns undo the rows";
    std::string Said;
    for (const Assumption &A : S.Assumptions)
      Said += (Said.empty() ? "" : ", ") + A.Name + " = " +
              std::to_string(A.Value);
    if (!Said.empty())
      F.Notes.push_back("the rows' spacing assumes " + Said +
                        " (--assume gives the run's)");
    F.Notes.push_back(
        "store the rows transposed, one column after another (row r, column "
        "c at [c * rows + r]), so that neighbouring lanes' rows are "
        "neighbouring addresses");
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createStridedCheck() {
  return std::make_unique<StridedCheck>();
}

} // namespace coalesce
