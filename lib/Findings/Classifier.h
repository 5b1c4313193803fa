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

/// buildReport in its two parts, for a caller that keeps the first part's
/// result per kernel (the editor, lib/Tidy/KernelReuse.h). classifySites:
/// the sites' findings, duplicates dropped, sorted; nothing in them depends
/// on another kernel's sites (a duplicate's key holds its kernel).
std::vector<Finding> classifySites(std::vector<AccessSite> Sites,
                                   const FindingsOptions &Opts);
/// The passes that weigh the findings together (whole-struct reads, fixes,
/// the users' terms), on findings in buildReport's order.
Report finishReport(std::vector<Finding> Findings, const FindingsOptions &Opts,
                    unsigned Files, unsigned Kernels);
/// buildReport's order of findings of several kernels: by file, line,
/// column, then kernel name (naturally: k2 before k10).
bool reportOrder(const Finding &A, const Finding &B);

} // namespace coalesce

#endif
