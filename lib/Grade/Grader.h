//===- Grader.h - grading a class, end to end -------------------*- C++ -*-===//
//
// cuda-coalesce-grade's whole job, for its thin main: load the rubric, find
// the submissions, analyze each in its own analyzer process (the reference
// solution first), score them and write the output folder.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_GRADE_GRADER_H
#define CUDA_COALESCE_GRADE_GRADER_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace coalesce {
namespace grade {

struct GradeConfig {
  std::string RubricPath;
  std::string OutDir;
  std::string SubmissionsDir;
  std::string Analyzer;               ///< the cuda-coalesce executable
  std::vector<std::string> ExtraArgs; ///< compiler arguments after "--"
  unsigned Jobs = 1;
  unsigned TimeoutSeconds = 120;
  bool Progress = false; ///< a progress line on Err (a terminal)
};

struct ClassSummary {
  unsigned Submissions = 0;
  std::map<std::string, unsigned> ByStatus;
};

/// Grades the class. An error (bad rubric, missing directory, unwritable
/// output) is returned before anything is written; a submission's own
/// failure is only its status.
llvm::Expected<ClassSummary> gradeClass(const GradeConfig &C,
                                        llvm::raw_ostream &Err);

} // namespace grade
} // namespace coalesce

#endif
