//===- Scoring.h - a submission's analyzer report, graded -------*- C++ -*-===//
//
// Turns what the analyzer process did (its exit code, stderr and JSON
// report) into a StudentGrade by the rubric's rule (docs/grading.md):
//   - full points for a kernel with no flagged access;
//   - each design mistake (a Problem: the six accesses of one AoS update
//     are one)
//     costs penalty(check) * (1 - efficiency / mark) of the kernel's points,
//     where efficiency is the group's worst and mark the kernel's
//     min_efficiency or the reference solution's, whichever is lower;
//   - source patterns deduct fixed points; a kernel never goes below zero;
//   - zero for a missing kernel; zero for everything when it does not compile.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_GRADE_SCORING_H
#define CUDA_COALESCE_GRADE_SCORING_H

#include "Grade/AnalyzerProcess.h"
#include "Grade/Rubric.h"
#include "Grade/Submission.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {
namespace grade {

enum class Status { Ok, Findings, CompileError, MissingKernel, Timeout };

/// "ok", "findings", "compile-error", "missing-kernel", "timeout".
const char *statusName(Status S);

/// One access of the analyzer's report, as the grader needs it.
struct GradedAccess {
  std::string File; ///< relative to the submission's folder
  unsigned Line = 0, Column = 0;
  std::string Kernel, Function, Access, Text, Base, Category, Check, Message;
  std::vector<std::string> Notes;
  /// "transpose calls element at main.cu:12": the report's call chain, so a
  /// student fixes the call site too, not only the helper.
  std::vector<std::string> CallChain;
  std::string Code; ///< the source line, trimmed
  unsigned ElemBytes = 0;
  std::vector<std::optional<int64_t>> LaneOffsets;
  int64_t Lane0Offset = 0;
  std::optional<int64_t> LaneStrideBytes;
  std::optional<unsigned> Sectors, IdealSectors;
  std::optional<double> Efficiency;
};

/// One design mistake: the flagged accesses of one kernel and function with
/// the same check and the same lane pattern: the same array of structs for
/// the aos category (the six accesses of one AoS update), the same lane stride
/// otherwise (one chunked loop over several arrays).
struct Problem {
  std::string Check, Function;
  std::vector<std::string> Bases; ///< sorted, distinct
  std::vector<GradedAccess> Accesses; ///< sorted by location
  double WorstEfficiency = 0;
  double Deduction = 0; ///< points
};

struct KernelGrade {
  std::string Name;
  double Points = 0;
  double Score = 0;
  bool Found = false;
  std::string DefinedAt; ///< "file.cu:12" when found
  std::vector<Problem> Problems;
  /// Fixed deductions from source patterns, with their messages.
  std::vector<std::pair<std::string, double>> PatternDeductions;
};

struct StudentGrade {
  std::string Student;
  Status State = Status::Ok;
  double Score = 0;
  double MaxScore = 0;
  std::vector<KernelGrade> Kernels; ///< in rubric order
  std::string CompileError; ///< the compiler's first error, or what happened
  std::vector<std::string> Files; ///< relative to the submission's folder
};

/// Per rubric kernel, the efficiency that earns full marks (from the
/// reference solution's report).
using Marks = std::map<std::string, double>;

/// The analyzer's arguments for one submission.
std::vector<std::string> analyzerArgs(const std::string &Analyzer,
                                      const Rubric &R, const Submission &S,
                                      const std::vector<std::string> &Extra);

StudentGrade gradeSubmission(const Rubric &R, const Submission &S,
                             const ProcessResult &Run, const Marks &M);

/// The reference solution's marks; an error when it did not compile.
llvm::Expected<Marks> referenceMarks(const Rubric &R, const Submission &S,
                                     const ProcessResult &Run);

/// Points as printed everywhere: at most two decimals, no trailing zeros.
std::string formatPoints(double P);

} // namespace grade
} // namespace coalesce

#endif
