//===- AnalyzerProcess.h - the analyzer as an isolated subprocess -*- C++ -*-===//
//
// Each submission is analyzed by its own cuda-coalesce process, so a crash,
// a hang or a compile error stays that student's result. Up to Jobs
// processes run at once; one that outlives its timeout is killed.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_GRADE_ANALYZERPROCESS_H
#define CUDA_COALESCE_GRADE_ANALYZERPROCESS_H

#include <functional>
#include <string>
#include <vector>

namespace coalesce {
namespace grade {

struct ProcessResult {
  enum Kind { Exited, Crashed, TimedOut, NotStarted } How = NotStarted;
  int ExitCode = -1;
  std::string Stdout;
  std::string Stderr;
  std::string Detail; ///< the signal's name, or why it did not start
  /// The report was over the grader's cap and is not read; Stdout holds
  /// one line saying so.
  bool StdoutCut = false;
};

struct ProcessJob {
  std::vector<std::string> Args; ///< Args[0] is the program
};

/// Runs every job, at most Jobs at a time, and returns their results in the
/// order of the jobs. Progress(Done) is called after each one finishes.
std::vector<ProcessResult>
runProcesses(const std::vector<ProcessJob> &All, unsigned Jobs,
             unsigned TimeoutSeconds,
             const std::function<void(size_t Done)> &Progress);

} // namespace grade
} // namespace coalesce

#endif
