// Runs a replay plan on the GPU: the pattern kernel and its coalesced baseline, timed with events.
#pragma once

#include <string>

#include "replay_plan.h"
#include "timing.h"

namespace bench {

struct ReplayTimings {
  Timing pattern;
  Timing baseline;
};

// Kernel names as Nsight Compute demangles them, e.g. "replayLoad<4>" and "replayBaselineLoad<4>".
std::string patternKernelName(const ReplayPlan &plan);
std::string baselineKernelName(const ReplayPlan &plan);

class ReplayRunner {
public:
  // The kernels run one wave of blocks (as many as fit the GPU at once) and loop over the warps.
  ReplayRunner(long long bufferBytes, int smCount, int maxThreadsPerSm);
  ~ReplayRunner();
  ReplayRunner(const ReplayRunner &) = delete;
  ReplayRunner &operator=(const ReplayRunner &) = delete;

  // Launches the pattern kernel, then the baseline: warmup untimed and repeats timed launches of each.
  ReplayTimings run(const ReplayPlan &plan, int warmup, int repeats);

private:
  unsigned char *buffer_ = nullptr;
  unsigned *sink_ = nullptr;
  long long bufferBytes_ = 0;
  int waveBlocks_ = 0;
};

} // namespace bench
