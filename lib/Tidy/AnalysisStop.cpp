//===- AnalysisStop.cpp ---------------------------------------------------===//

#include "Tidy/AnalysisStop.h"

#include "llvm/ADT/StringMap.h"

#include <mutex>

namespace coalesce::tidy {

namespace {

std::atomic<int64_t> TimeoutSeconds{0};
std::atomic<bool> ShuttingDown{false};

/// One counter of edits per file, shared with the analyses watching it, so
/// that polling is one atomic load and never takes the lock.
class EditCounters {
public:
  std::shared_ptr<std::atomic<uint64_t>> of(llvm::StringRef File) {
    std::lock_guard<std::mutex> Guard(Lock);
    std::shared_ptr<std::atomic<uint64_t>> &C = Counters[File];
    if (!C)
      C = std::make_shared<std::atomic<uint64_t>>(0);
    return C;
  }

private:
  std::mutex Lock;
  llvm::StringMap<std::shared_ptr<std::atomic<uint64_t>>> Counters;
};

EditCounters &editCounters() {
  static EditCounters C;
  return C;
}

} // namespace

void setAnalysisTimeout(std::chrono::seconds Limit) {
  TimeoutSeconds = Limit.count();
}

std::chrono::seconds analysisTimeout() {
  return std::chrono::seconds(TimeoutSeconds.load());
}

void noteFileChanged(llvm::StringRef File) { ++*editCounters().of(File); }

void noteShutdown() { ShuttingDown = true; }

AnalysisStop::AnalysisStop(llvm::StringRef File)
    : Edits(editCounters().of(File)), EditsAtStart(Edits->load()) {
  if (std::chrono::seconds Limit = analysisTimeout(); Limit.count() > 0)
    Deadline = Clock::now() + Limit;
}

bool AnalysisStop::operator()() {
  if (Reason != StopReason::None)
    return true;
  if (ShuttingDown)
    Reason = StopReason::Shutdown;
  else if (Edits->load(std::memory_order_relaxed) != EditsAtStart)
    Reason = StopReason::FileChanged;
  else if (Deadline && Clock::now() >= *Deadline)
    Reason = StopReason::Deadline;
  return Reason != StopReason::None;
}

} // namespace coalesce::tidy
