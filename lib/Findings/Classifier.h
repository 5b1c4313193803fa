//===- Classifier.h - from analyzed accesses to findings --------*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_CLASSIFIER_H
#define CUDA_COALESCE_FINDINGS_CLASSIFIER_H

#include "Findings/CheckFilter.h"
#include "Findings/CheckRegistry.h"
#include "Findings/Finding.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace coalesce {

struct FindingsOptions {
  CheckFilter Checks;
  /// Flag only accesses whose efficiency is below this (0..1).
  double MinEfficiency = 1.0;
  /// --check-option values.
  CheckOptions Options;
  /// NOLINT comments silence findings; --ignore-nolint (the grader's: a
  /// student must not be able to silence the grade) turns them off.
  bool HonorNolint = true;
  GpuParams GPU;
};

/// Predicts the warp's cost, classifies the access, writes its message and
/// notes, and decides whether it is flagged (check enabled, efficiency below
/// the threshold, no NOLINT).
Finding classify(AccessSite Site, const FindingsOptions &Opts);

/// Classifies every access, drops exact duplicates (one access reached twice
/// through the same inlined call, or from two translation units including one
/// header) and sorts by file, line, column.
Report buildReport(std::vector<AccessSite> Sites, unsigned Files,
                   unsigned Kernels, const FindingsOptions &Opts);

/// The same, each site classified under options of its own: those of the
/// translation unit it came from (a project's .cuda-coalesce.yaml differs
/// from directory to directory). OptsOf[I] is Sites[I]'s.
Report buildReport(std::vector<AccessSite> Sites,
                   llvm::ArrayRef<const FindingsOptions *> OptsOf,
                   unsigned Files, unsigned Kernels);

} // namespace coalesce

#endif
