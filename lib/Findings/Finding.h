//===- Finding.h - a classified access --------------------------*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_FINDING_H
#define CUDA_COALESCE_FINDINGS_FINDING_H

#include "Analysis/AccessSite.h"
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
};

/// "coalesced", "uniform", ... as in the report format.
const char *categoryName(Category C);

/// An analyzed access with the model's prediction and its classification.
struct Finding {
  AccessSite Site;
  std::optional<WarpCost> Cost;  ///< nullopt when the address is unknown
  std::optional<int64_t> LaneStrideBytes; ///< when lane offsets are arithmetic
  unsigned SectorBytes = 32;     ///< of the GPU Cost was predicted for
  Category Cat = Category::Unknown;
  bool Flagged = false;
  std::string Check;             ///< the check's name; empty when none applies
  /// Shown as a remark with --verbose (the check is a remark and enabled).
  bool Remark = false;
  std::string Message;           ///< the warning text, without location or check
  std::vector<std::string> Notes; ///< notes that explain and suggest the fix
  bool L1Recovers = false;       ///< chunked, but each sector is re-read from L1
  /// "confirmed on NVIDIA H200: ..." from a --confirmations file.
  std::string Confirmation;
};

/// A whole run's results.
struct Report {
  std::vector<Finding> Findings; ///< sorted by file, line, column
  unsigned Files = 0;
  unsigned Kernels = 0;
  /// Every kernel analyzed, sorted by file, line, name.
  std::vector<KernelInfo> KernelList;
};

} // namespace coalesce

#endif
