// Kernel timing with CUDA events: warm-up launches, then one event pair around each timed launch.
#pragma once

#include <functional>
#include <vector>

namespace bench {

struct Timing {
  double medianMs = 0;
  double minMs = 0;
  double maxMs = 0;
  int repeats = 0;
};

// Runs `launch` warmup times untimed, then repeats times, each between two events; returns the median.
Timing timeLaunches(const std::function<void()> &launch, int warmup, int repeats);

double median(std::vector<double> values);

} // namespace bench
