//===- Finding.h - a classified access --------------------------*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_FINDING_H
#define CUDA_COALESCE_FINDINGS_FINDING_H

#include "Analysis/AccessSite.h"
#include "Model/BankConflicts.h"
#include "Model/Coalescer.h"

#include <optional>
#include <string>
#include <vector>

namespace coalesce {

enum class Category {
  Coalesced,
  Uniform,
  Misaligned,
  Strided,
  AoS,
  Chunked,
  Gather,
  Unknown,
  /// Shared memory: more wavefronts than the ideal, or none wasted.
  BankConflict,
  ConflictFree,
};

/// "coalesced", "uniform", ... as in the report format.
const char *categoryName(Category C);

/// What shared access S does to its words, for the bank model. An 8-byte
/// load of an element of an array or of a larger struct is taken as a store
/// (its phases kept): nvcc joins such neighbours into one 16-byte load when
/// it can (lavamd's uniform doubles: LDS.128, 2 wavefronts, as two phases
/// of LDS.64 make); a load of an 8-byte variable of its own is not joined,
/// nor one that is already the join of a loop's iterations
/// (AccessSite::JoinedIterations: an LDS.64 of two floats).
SharedOp sharedOp(const AccessSite &S);

/// An automatic fix (Fixes.h): edits of the source that together make one
/// change, proved not to change what the program computes.
struct Fix {
  std::string Description; ///< "pad 'tile' to 33 columns"
  std::vector<TextEdit> Edits;
};

/// A shared access over the sampled warps of the launch (and iterations
/// of its innermost loop).
struct BankLaunchCost {
  unsigned Requests = 0;       ///< warp requests summarized
  double Wavefronts = 0;       ///< mean wavefronts per request
  double IdealWavefronts = 0;  ///< mean of each request's ideal
  unsigned Min = 0, Max = 0, Warp0 = 0;
};

/// An analyzed access with the model's prediction and its classification.
struct Finding {
  AccessSite Site;
  /// The call chains of the same access met through other calls (a helper
  /// called on several lines with the same lanes' addresses): one finding,
  /// whose JSON repeats go on every call's line (report-format.md).
  std::vector<std::vector<AccessSite::CallStep>> OtherCallChains;
  std::optional<WarpCost> Cost;  ///< nullopt when the address is unknown
  /// A shared-memory access's banks (Cost is then nullopt); nullopt when
  /// global or unknown.
  std::optional<BankCost> Bank;
  /// The mean over the sampled warps of the launch (global accesses):
  /// what the report's sectors_per_request and efficiency are. Cost is
  /// then the warp the checks describe: the costliest sampled one (warp 0
  /// unless warps differ), with Site's lane offsets those of warp 0.
  std::optional<LaunchCost> Launch;
  /// The same for a shared access: the mean over the sampled warps is the
  /// report's wavefronts_per_request; Bank is then the costliest sampled
  /// warp's, the one the checks describe.
  std::optional<BankLaunchCost> BankLaunch;
  /// Launch (BankLaunch) is the mean as the compiler predicates the short
  /// if around the access, so that warps with no active lane issue it too,
  /// as requests of no sectors (wavefronts) (AccessSite::WarpSample::
  /// Predicated); this is the mean over the warps with a lane on, should
  /// the compiler branch around the if instead. Unset when no warp was
  /// sampled predicated off.
  std::optional<double> IfBranched;
  /// Cost's sectors for warp 0 of block 0, and where the warps that cost
  /// the least and the most were met (what differs between them: "blocks",
  /// "warps", "iterations").
  unsigned Warp0Sectors = 0;
  std::string WarpsDiffer;
  std::optional<int64_t> LaneStrideBytes; ///< when lane offsets are arithmetic
  unsigned SectorBytes = 32;     ///< of the GPU Cost was predicted for
  Category Cat = Category::Unknown;
  bool Flagged = false;
  /// Flagged by its check, but recorded in the --baseline file: reported
  /// as not flagged.
  bool Baselined = false;
  std::string Check;             ///< the check's name; empty when none applies
  /// Shown as a remark with --verbose (the check is a remark and enabled).
  bool Remark = false;
  std::string Message;           ///< the warning text, without location or check
  std::vector<std::string> Notes; ///< notes that explain and suggest the fix
  bool L1Recovers = false;       ///< chunked, but each sector is re-read from L1
  /// Set on a flagged finding whose fix can be applied automatically.
  std::optional<Fix> AutoFix;
  /// "confirmed on NVIDIA H200: ..." from a --confirmations file.
  std::string Confirmation;

  /// A global access's cost as reported: the launch's mean when warps were
  /// sampled, else the one warp's; 0 (efficiency 1) without a cost.
  double sectors() const {
    return Launch ? Launch->Sectors : Cost ? Cost->Sectors : 0;
  }
  double idealSectors() const {
    return Launch ? Launch->IdealSectors : Cost ? Cost->IdealSectors : 0;
  }
  /// What the lanes' bytes fill packed, repeats counted: the ideal a loss
  /// is judged against (Model/Coalescer.h).
  double laneSectors() const {
    return Launch ? Launch->LaneSectors : Cost ? Cost->LaneSectors : 0;
  }
  double lines() const {
    return Launch ? Launch->Lines : Cost ? Cost->Lines : 0;
  }
  double efficiency() const {
    return Launch ? Launch->Efficiency : Cost ? Cost->Efficiency : 1.0;
  }
  double wavefronts() const {
    return BankLaunch ? BankLaunch->Wavefronts : Bank ? Bank->Wavefronts : 0;
  }
  double idealWavefronts() const {
    return BankLaunch ? BankLaunch->IdealWavefronts
           : Bank     ? Bank->IdealWavefronts
                      : 0;
  }
};

/// How a file was analyzed: as the translation unit of its own compile
/// command, or, when the compilation database does not list it, inside a
/// unit that includes it, or with a neighbouring entry's command.
struct InputContext {
  enum Kind : uint8_t { OwnUnit, IncludedBy, Interpolated };
  Kind How = OwnUnit;
  std::string From; ///< the including unit, or the entry whose command
};

/// What became of one input file: analyzed, or rejected (by the checks on
/// the input, by clang, or by a failure of the analysis) with the first
/// error. A file clang rejected must never look like a clean one.
struct InputStatus {
  std::string Path;     ///< as given on the command line
  bool Ok = true;
  std::string Message;  ///< the first error, without "error: "
  unsigned Line = 0;    ///< where that error is, 0 when it has no location
  unsigned Column = 0;
  InputContext Context;
  /// The nvcc leniencies the file needed (docs/nvcc-compat.md), in the
  /// order nvccDialectTags() lists them.
  std::vector<std::string> NvccCompat;
};

/// A whole run's results.
struct Report {
  std::vector<Finding> Findings; ///< sorted by file, line, column
  unsigned Files = 0;
  unsigned Kernels = 0;
  /// Every kernel analyzed, sorted by file, line, name.
  std::vector<KernelInfo> KernelList;
  std::vector<InputStatus> Inputs; ///< sorted by path, as given
};

} // namespace coalesce

#endif
