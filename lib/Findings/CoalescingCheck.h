//===- CoalescingCheck.h - one check, one name ------------------*- C++ -*-===//
//
// Each warning category is one check class with one user-facing name, one
// test file and one doc page: coalescing-strided <-> StridedCheck <->
// test/lit/checks/coalescing-strided.cu <-> docs/checks/coalescing-strided.md.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_COALESCINGCHECK_H
#define CUDA_COALESCE_FINDINGS_COALESCINGCHECK_H

#include "Findings/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <vector>

namespace coalesce {

class CoalescingCheck {
public:
  virtual ~CoalescingCheck() = default;
  /// "coalescing-strided"
  virtual llvm::StringRef name() const = 0;
  virtual Category category() const = 0;
  /// Whether this check explains the access. F has Site, Cost and
  /// LaneStrideBytes set; checks are asked in allChecks() order and the
  /// first that matches classifies the access.
  virtual bool matches(const Finding &F) const = 0;
  /// Fills F.Message and F.Notes (the lane-address note is added by the
  /// caller).
  virtual void describe(Finding &F) const = 0;
};

/// Every check, most specific first: chunked, aos, strided, gather.
const std::vector<std::unique_ptr<CoalescingCheck>> &allChecks();

std::unique_ptr<CoalescingCheck> createChunkedCheck();
std::unique_ptr<CoalescingCheck> createAosCheck();
std::unique_ptr<CoalescingCheck> createStridedCheck();
std::unique_ptr<CoalescingCheck> createGatherCheck();

//===--- Shared wording ------------------------------------------------------===//

/// "12.5%", "33.3%", "100%".
std::string formatPercent(double Fraction);
/// "load", "store", "load and store".
std::string accessNoun(AccessKind K);
/// "32 sectors per request where 4 would do (12.5% of fetched bytes used)"
std::string sectorPhrase(const WarpCost &C);
/// Whether the access wastes sectors: more than the fewest that could hold
/// its bytes.
bool wastesSectors(const Finding &F);

} // namespace coalesce

#endif
