//===- AnalysisStop.h - when an analysis in the editor gives up -*- C++ -*-===//
//
// clangd runs the checks on the worker thread that builds a file's AST, and
// that thread serves nothing else of the file until they return: a kernel
// the analysis takes minutes on would hold the file (and the server's exit)
// for as long. An analysis run by cuda-coalesce-clangd therefore stops, at
// the next statement the walker visits, when
//   - its deadline passes (--analysis-timeout, setAnalysisTimeout), or
//   - a newer text of its file arrives (noteFileChanged: the result would be
//     thrown away, and the new text is waiting for the thread), or
//   - the server is asked to shut down (noteShutdown).
// The server learns of edits and shutdown from the editor's messages
// (lib/Clangd/EditorMessages.h). clang-tidy sets none of these, so its
// analyses run to their end.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_TIDY_ANALYSISSTOP_H
#define CUDA_COALESCE_TIDY_ANALYSISSTOP_H

#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

namespace coalesce::tidy {

/// Each analysis started from now on stops after Limit; zero: no limit (the
/// default, as in clang-tidy).
void setAnalysisTimeout(std::chrono::seconds Limit);
std::chrono::seconds analysisTimeout();

/// The editor sent a newer text of File (an absolute path), or closed it.
void noteFileChanged(llvm::StringRef File);

/// The server is shutting down: every analysis stops.
void noteShutdown();

enum class StopReason { None, Deadline, FileChanged, Shutdown };

/// One analysis of File, started now: its deadline and the edits it watches.
class AnalysisStop {
public:
  explicit AnalysisStop(llvm::StringRef File);

  /// Whether the analysis should stop now; polled before each statement
  /// (AnalysisOptions::ShouldStop). The first reason found is kept.
  bool operator()();

  /// Why it stopped; None while it has not.
  StopReason reason() const { return Reason; }

private:
  using Clock = std::chrono::steady_clock;
  std::shared_ptr<const std::atomic<uint64_t>> Edits;
  uint64_t EditsAtStart = 0;
  std::optional<Clock::time_point> Deadline;
  StopReason Reason = StopReason::None;
};

} // namespace coalesce::tidy

#endif
