// The stopwatch of the CUDA samples' helper_timer.h, as far as Rodinia's cfd
// uses it. Written for rodinia_source_counters.sh; not the samples' code.
#pragma once
#include <chrono>

struct StopWatchInterface {
  std::chrono::steady_clock::time_point start;
  double total_ms = 0;
  int runs = 0;
};

inline bool sdkCreateTimer(StopWatchInterface **t) { *t = new StopWatchInterface; return true; }
inline bool sdkDeleteTimer(StopWatchInterface **t) { delete *t; *t = nullptr; return true; }
inline void sdkStartTimer(StopWatchInterface **t) { (*t)->start = std::chrono::steady_clock::now(); }
inline void sdkStopTimer(StopWatchInterface **t) {
  (*t)->total_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - (*t)->start).count();
  ++(*t)->runs;
}
inline float sdkGetAverageTimerValue(StopWatchInterface **t) {
  return (*t)->runs ? float((*t)->total_ms / (*t)->runs) : 0.0f;
}
