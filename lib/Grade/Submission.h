//===- Submission.h - one student's files -----------------------*- C++ -*-===//
//
// SUBMISSIONS_DIR holds one folder per student (the folder's name is the
// student id) or plain .cu files (one-file submissions named after their
// stem). Every .cu under a folder is analyzed with the folder on the include
// path, except one that another .cu of the folder includes: that one is part
// of its includer's translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_GRADE_SUBMISSION_H
#define CUDA_COALESCE_GRADE_SUBMISSION_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace coalesce {
namespace grade {

struct Submission {
  std::string Student;
  /// The student's folder (for a one-file submission, the folder holding it).
  /// Absolute; paths in feedback are shown relative to it.
  std::string Root;
  /// Absolute paths of the .cu files, sorted.
  std::vector<std::string> Sources;
  /// What the analysis of this submission may read besides the system
  /// headers (cuda-coalesce --confine): the folder, or the one file.
  std::string Confine;
  /// Where its analysis writes its code after macro expansion
  /// (cuda-coalesce --expanded-sources), for the `forbidden` patterns.
  std::string ExpandedFile;
};

/// One submission, from a folder or a single .cu file.
Submission submissionAt(const std::string &Path);

/// Every submission in Dir, sorted by student id. Fails when Dir is not a
/// readable directory or holds no submission.
llvm::Expected<std::vector<Submission>> findSubmissions(const std::string &Dir);

} // namespace grade
} // namespace coalesce

#endif
