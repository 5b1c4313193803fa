// Runs a replay plan on the GPU: the pattern kernel and its baseline (coalesced for a global access,
// conflict-free for a shared one), timed with events.
#pragma once

#include <string>

#include "replay_plan.h"
#include "timing.h"

namespace bench {

constexpr int kReplayBlockThreads = 256;

struct ReplayTimings {
  Timing pattern;
  Timing baseline;
};

// Kernel names as Nsight Compute demangles them, e.g. "replayLoad<4>" and "replayBaselineLoad<4>";
// "replaySharedLoad<4>" and "replaySharedBaselineLoad<4>" for a shared access.
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

  // Blocks of kReplayBlockThreads a launch runs: one wave.
  int waveBlocks() const { return waveBlocks_; }

private:
  // Dynamic shared memory must start on a 128-byte boundary for lane starts modulo 128 to be banks; checked
  // once, on the device, before the first shared replay.
  void checkSharedAlignment();

  bool sharedAlignmentChecked_ = false;
  unsigned char *buffer_ = nullptr;
  unsigned *sink_ = nullptr;
  long long bufferBytes_ = 0;
  int waveBlocks_ = 0;
};

} // namespace bench
