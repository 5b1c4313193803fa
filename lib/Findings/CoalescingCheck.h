//===- CoalescingCheck.h - one check, one name ------------------*- C++ -*-===//
//
// Each check is one class in one file under Checks/, with a CheckInfo that
// carries everything else needs to know about it: its user-facing name, its
// category, a one-line description, whether it is on by default, its
// options and its doc page. The name appears in that file and in the
// registry's list; --list-checks, the default --checks set, the SARIF rules
// and the option table are generated from the CheckInfos.
//
//   coalescing-strided <-> Checks/StridedCheck.cpp <->
//   test/lit/checks/coalescing-strided.cu <-> docs/checks/coalescing-strided.md
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_COALESCINGCHECK_H
#define CUDA_COALESCE_FINDINGS_COALESCINGCHECK_H

#include "Findings/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <vector>

namespace coalesce {

struct CheckOption {
  const char *Name;        ///< "MinEfficiency": set as <check>.MinEfficiency
  const char *Default;     ///< as text, as on the command line
  const char *Description;
};

/// How a check's findings are shown: a warning (flagged, exit code 1) or a
/// remark (with --verbose only, never flagged).
enum class CheckSeverity { Warning, Remark };

struct CheckInfo {
  const char *Name;        ///< "coalescing-<what>"
  Category Cat;
  const char *Description; ///< one line, for --list-checks and SARIF rules
  bool DefaultOn;
  CheckSeverity Severity;
  std::vector<CheckOption> Options;
  const char *DocPage;     ///< "docs/checks/<Name>.md"
  /// Examines shared-memory accesses (F.Bank) instead of global ones.
  bool SharedMemory = false;
};

/// Option values given on the command line, "check.Option" -> value.
class CheckOptions;

class CoalescingCheck {
public:
  virtual ~CoalescingCheck() = default;
  virtual const CheckInfo &info() const = 0;
  llvm::StringRef name() const { return info().Name; }
  Category category() const { return info().Cat; }
  /// Whether this check explains the access. F has Site, Cost and
  /// LaneStrideBytes set. Checks are independent: at most one matches any
  /// access, whatever the order they are asked in.
  virtual bool matches(const Finding &F) const = 0;
  /// Fills F.Message and F.Notes (the lane-address note is added by the
  /// caller).
  virtual void describe(Finding &F) const = 0;
  /// Whether F is worth a warning (beyond matching): the check's own bar.
  virtual bool worthFlagging(const Finding &F, double MinEfficiency) const;
};

//===--- Shared wording and shared facts -------------------------------------===//

/// "12.5%", "33.3%", "100%".
std::string formatPercent(double Fraction);
/// "load", "store", "load and store".
std::string accessNoun(AccessKind K);
/// "32 sectors per request where 4 would do (12.5% of fetched bytes used)"
std::string sectorPhrase(const WarpCost &C);
/// The same for a finding: the launch's mean, and the spread, when the
/// sampled warps differ ("10 sectors per request on average where 4 would
/// do (...); blocks differ: 4 to 16 sectors, 4 in warp 0 of block 0").
std::string sectorPhrase(const Finding &F);
/// A mean with at most two decimals: "10", "4.88".
std::string formatCount(double V);
/// "per request on average", and when warps issue the access predicated
/// off (Finding::IfBranched) what that average counts and the mean over the
/// warps with a lane on.
std::string perRequestOnAverage(const Finding &F);
/// Whether the access wastes sectors: more than the fewest that could hold
/// its bytes.
bool wastesSectors(const Finding &F);
/// Whether every wasted sector comes from where contiguous runs of lanes
/// start (a base offset): misaligned, not strided.
bool onlyMisaligned(const Finding &F);
/// Whether a gather adds its loaded index to rows a sector or more apart,
/// one a lane (work[tid * stride + idx[k]]): strided, whatever the index.
bool indexesOwnRow(const Finding &F);
/// Whether each thread walks its own contiguous range in a loop, one
/// element per iteration (the chunked pattern).
bool walksOwnRange(const Finding &F);
/// Whether lanes sit exactly one struct apart and read one member.
bool readsOneMember(const Finding &F);

/// The warp's active lanes split into runs of consecutive lanes whose
/// addresses step by exactly one element: one run for a plain contiguous
/// access, one per threadIdx.y row for a block narrower than a warp.
struct Runs {
  unsigned Count = 0;
  unsigned MidSector = 0; ///< runs that start inside a sector
  /// Sectors the runs would need if each started on a sector boundary
  /// (runs over the same bytes counted once).
  unsigned AlignedSectors = 0;
};
Runs contiguousRuns(const AccessSite &S, unsigned SectorBytes);

} // namespace coalesce

#endif
