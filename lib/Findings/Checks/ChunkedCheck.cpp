//===- ChunkedCheck.cpp - coalescing-chunked ------------------------------===//
//
// CPU-style work splitting: each thread walks its own contiguous range in a
// loop, so on any one iteration the lanes of a warp sit a whole chunk apart.
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"

#include <algorithm>

namespace coalesce {

namespace {
class ChunkedCheck : public CoalescingCheck {
public:
  const CheckInfo &info() const override {
    static const CheckInfo Info = {
        "coalescing-chunked", Category::Chunked,
        "each thread walks its own contiguous range (CPU-style chunking), so lanes sit a chunk apart",
        /*DefaultOn=*/true, CheckSeverity::Warning,
        {{"MinEfficiency", "1",
          "flag only accesses using less than this fraction of the bytes "
          "they fetch (and less than --min-efficiency)"}},
        "docs/checks/coalescing-chunked.md"};
    return Info;
  }

  bool matches(const Finding &F) const override {
    return walksOwnRange(F) ||
           (!F.Cost && !F.Site.DataDependentRange.empty());
  }

  void describe(Finding &F) const override {
    const AccessSite &S = F.Site;
    if (!F.Cost) {
      describeDataDependent(F);
      return;
    }
    std::string Spread =
        F.LaneStrideBytes
            ? "lanes are " + std::to_string(std::llabs(*F.LaneStrideBytes)) +
                  " bytes apart"
            : "lanes are scattered";
    if (!S.DataDependentStart.empty())
      // The count rests on the lanes' rows being distinct: say so.
      F.Message = "chunked " + accessNoun(S.Kind) +
                  ": each thread walks its own row of " +
                  S.DataDependentRange + " elements, at a row number it "
                  "loaded ('" + S.DataDependentStart + "'), so " + Spread +
                  " on every iteration; " + sectorPhrase(F) +
                  ", as long as no two lanes load the same row (those share "
                  "its sectors: the data decides)";
    else
      F.Message = "chunked " + accessNoun(S.Kind) +
                  ": each thread walks its own contiguous range, so " +
                  Spread + " on every iteration; " + sectorPhrase(F);
    // A lane's next elements sit in the sectors this request already
    // fetched: L1 serves the following iterations, DRAM is not re-read.
    F.L1Recovers = F.LaneStrideBytes && std::llabs(*F.LaneStrideBytes) <= 32;
    if (F.L1Recovers)
      F.Notes.push_back(
          "the chunk is small: the next iterations re-read the sectors this "
          "request fetched, so L1 recovers the DRAM traffic; the cost is " +
          std::to_string(F.Cost->Sectors) + " L1 sectors per request instead "
          "of " + std::to_string(F.Cost->IdealSectors));
    // A range split among threads wants interleaving; a thread walking its
    // own row (a reduction over k, a prefix sum) wants the warp to share it.
    if (S.SplitRange)
      F.Notes.push_back("use a grid-stride loop, for (i = blockIdx.x * "
                        "blockDim.x + threadIdx.x; i < n; i += blockDim.x * "
                        "gridDim.x), so consecutive lanes touch consecutive "
                        "addresses on every iteration; if the order of the "
                        "elements matters (a running sum), let the warp "
                        "share each range instead");
    else
      F.Notes.push_back("each thread walks a row of its own: let the warp "
                        "share each row instead (lane j takes element j, "
                        "then combine with __shfl_down_sync), or store the "
                        "data transposed so neighbouring threads' elements "
                        "are adjacent");
  }

private:
  /// A range each lane loaded the start of (CSR SpMV, a thread a row): the
  /// lanes sit a range apart, and how far the data says. No count is
  /// given: ranges of 8 or more 4-byte elements put every lane in a sector
  /// of its own, shorter ones share, and lanes whose range has ended drop
  /// out (measured on the H200 for rows of 16 to 48 floats: 15.5 to 18.7
  /// sectors per request). A range of a constant length from a start the
  /// lane loaded (dst[dword + k], k < 4) leaves only where the ranges lie
  /// to the data: the message counts ranges that follow one another.
  void describeDataDependent(Finding &F) const {
    const AccessSite &S = F.Site;
    unsigned PerSector = S.ElemBytes && S.ElemBytes < 32 ? 32 / S.ElemBytes : 1;
    uint64_t Length = 0;
    if (!llvm::StringRef(S.DataDependentRange).getAsInteger(10, Length) &&
        Length > 0 && Length < (1u << 20) && S.ElemBytes && S.ElemBytes <= 32) {
      uint64_t Apart = Length * S.ElemBytes;
      uint64_t Sectors = std::min<uint64_t>(32, Apart);
      F.Message = "chunked " + accessNoun(S.Kind) +
                  ": each thread walks its own range of " +
                  std::to_string(Length) +
                  " elements from a start it loaded; where the ranges follow "
                  "one another, lanes are " +
                  std::to_string(Apart) + " bytes apart on every iteration: " +
                  std::to_string(Sectors) + " sectors per request where " +
                  std::to_string(S.ElemBytes) +
                  " would do (where they start, the data decides)";
    } else {
      F.Message = "chunked " + accessNoun(S.Kind) +
                  ": each thread walks its own range, of length " +
                  S.DataDependentRange +
                  ", so lanes are a range apart on every iteration; up to 32 "
                  "sectors per request (one a lane) when ranges hold " +
                  std::to_string(PerSector) +
                  " or more elements, which the data decides";
    }
    F.Notes.push_back("let a warp share each range (one warp a row: start "
                      "at the range's first element plus the lane, step by "
                      "32, then combine the lanes' partial results with "
                      "__shfl_down_sync), so consecutive lanes read "
                      "consecutive elements");
  }
};
} // namespace

std::unique_ptr<CoalescingCheck> createChunkedCheck() {
  return std::make_unique<ChunkedCheck>();
}

} // namespace coalesce
