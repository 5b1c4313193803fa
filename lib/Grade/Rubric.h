//===- Rubric.h - what an assignment asks for and what it is worth -*- C++ -*-===//
//
// A teacher's YAML file (docs/grading.md): the kernels the assignment asks
// for with their points, and the knobs of the scoring rule. Loaded with LLVM
// YAML I/O and validated here, so a bad rubric is one error before any
// submission is touched.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_GRADE_RUBRIC_H
#define CUDA_COALESCE_GRADE_RUBRIC_H

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {
namespace grade {

/// A regular expression searched in a submission's sources: required ones
/// cost `Deduct` points when absent, forbidden ones when present.
struct SourcePattern {
  std::string Pattern;
  std::string Kernel;  ///< whose points the deduction comes from
  double Deduct = 0;
  std::string Message; ///< shown to the student
};

struct RubricKernel {
  std::string Name;
  double Points = 0;
  /// Accesses at or above this efficiency cost nothing (default 1: every
  /// flagged access costs).
  double MinEfficiency = 1.0;
  /// Per-check weights for this kernel only; the rubric's otherwise.
  std::map<std::string, double> Penalties;
};

struct Rubric {
  std::string Assignment;
  std::vector<RubricKernel> Kernels;
  /// Weight of one design mistake (a group of flagged accesses) per check:
  /// the fraction of the kernel's points lost when its efficiency is 0.
  std::map<std::string, double> Penalties;
  double DefaultPenalty = 0.5;
  std::vector<SourcePattern> Required;
  std::vector<SourcePattern> Forbidden;
  /// A model solution (folder or .cu, relative to the rubric): its per-kernel
  /// efficiency is the full-marks mark.
  std::string Reference;
  /// Extra analyzer options (e.g. "--block-dim=16,16").
  std::vector<std::string> AnalyzerArgs;

  double maxScore() const;
  /// The weight of one mistake of Check in Kernel.
  double penalty(const RubricKernel &Kernel, const std::string &Check) const;
};

/// Reads and validates a rubric. Relative paths in it (Reference) are made
/// absolute against the rubric's folder.
llvm::Expected<Rubric> loadRubric(const std::string &Path);

/// Parses rubric text; Name is used in error messages.
llvm::Expected<Rubric> parseRubric(llvm::StringRef Text, llvm::StringRef Name);

/// Fails on the first penalty (rubric-wide or a kernel's) whose check is not
/// in Known: a misspelt name would otherwise fall back to default_penalty
/// without a word. Known comes from the analyzer the run uses
/// (`--list-checks`), so the rubric is checked against the checks that will
/// actually report.
llvm::Error checkPenaltyNames(const Rubric &R,
                              const std::vector<std::string> &Known,
                              llvm::StringRef Name);

} // namespace grade
} // namespace coalesce

#endif
