// cuda-bench replay: reproduces the accesses of a cuda-coalesce report on the GPU, next to a coalesced (or,
// for shared memory, conflict-free) baseline, and writes a confirmations file. Run plainly it measures time;
// scripts/replay.sh runs it under Nsight Compute as well and fills in the measured sectors (global) or
// wavefronts (shared) per request and the verdicts.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "cuda_check.h"
#include "device_info.h"
#include "replay_plan.h"
#include "replay_run.h"

namespace bench {
namespace {

using Json = nlohmann::ordered_json;

struct Options {
  std::string reportPath;
  std::string outPath;
  int repeats = 10;
  int warmup = 2;
  int device = 0;
  bool profileOne = false;
  ReplayLimits limits;
};

void usage(FILE *to) {
  std::fprintf(to,
               "usage: cuda-bench replay REPORT.json -o CONFIRMATIONS.json [options]\n"
               "  --repeats N      timed launches of each kernel; the median is reported (default 10)\n"
               "  --warmup N       untimed launches before timing (default 2)\n"
               "  --max-quiet N    quiet accesses replayed besides every flagged one (default 64)\n"
               "  --bytes N        bytes each pattern and baseline request per launch (default 128M)\n"
               "  --max-buffer N   largest footprint of one pattern; fewer warps run beyond it (default 1G)\n"
               "  --space S        replay only global or only shared accesses (default: both)\n"
               "  --iterations N   shared requests each warp makes per launch (default 1024)\n"
               "  --profile-one    one launch of each kernel, no warm-up: the mode replay.sh runs under ncu\n"
               "  --device N       GPU to use (default 0)\n");
}

bool parseOptions(int argc, char **argv, Options &o) {
  if (argc < 2 || std::string(argv[1]) != "replay")
    return false;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char * { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--help" || a == "-h") {
      usage(stdout);
      std::exit(0);
    } else if (a == "-o" || a == "--output") {
      const char *v = next();
      if (!v)
        return false;
      o.outPath = v;
    } else if (a == "--repeats" || a == "--warmup" || a == "--device" || a == "--max-quiet" ||
               a == "--iterations") {
      const char *v = next();
      auto n = v ? parseInt(v) : std::nullopt;
      if (!n || *n < 0 || (a == "--iterations" && *n == 0))
        return false;
      (a == "--repeats"      ? o.repeats
       : a == "--warmup"     ? o.warmup
       : a == "--device"     ? o.device
       : a == "--iterations" ? o.limits.sharedIterations
                             : o.limits.maxQuiet) = *n;
    } else if (a == "--space") {
      const char *v = next();
      std::string space = v ? v : "";
      if (space == "global")
        o.limits.onlySpace = MemorySpace::Global;
      else if (space == "shared")
        o.limits.onlySpace = MemorySpace::Shared;
      else if (space != "all")
        return false;
    } else if (a == "--bytes" || a == "--max-buffer") {
      const char *v = next();
      auto b = v ? parseBytes(v) : std::nullopt;
      if (!b || *b == 0)
        return false;
      (a == "--bytes" ? o.limits.usefulBytes : o.limits.maxBufferBytes) = static_cast<long long>(*b);
    } else if (a == "--profile-one") {
      o.profileOne = true;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "cuda-bench: unknown option '%s'\n", a.c_str());
      return false;
    } else if (o.reportPath.empty()) {
      o.reportPath = a;
    } else {
      std::fprintf(stderr, "cuda-bench: more than one report given\n");
      return false;
    }
  }
  if (o.profileOne) {
    o.repeats = 1;
    o.warmup = 0;
  }
  return !o.reportPath.empty() && !o.outPath.empty() && o.repeats > 0;
}

void writeLocation(Json &j, const ReportAccess &a) {
  j["file"] = a.file;
  j["line"] = a.line;
  j["column"] = a.column;
}

struct Confirmation {
  ReplayPlan plan;
  ReplayTimings timings;
};

double gbps(long long bytes, double ms) { return ms > 0 ? static_cast<double>(bytes) / (ms * 1e-3) / 1e9 : 0; }

// The buffer cap can leave a sparse pattern (lanes kilobytes apart) with a few megabytes to move; its time is
// then mostly launch latency and says little, though its sector counts stay exact.
bool timingReliable(const ReplayPlan &p, const ReplayLimits &limits) { return 2 * p.usefulBytes >= limits.usefulBytes; }

Json laneStartJson(const ReplayPlan &p) {
  Json laneStart = Json::array();
  for (const auto &s : p.laneStart)
    laneStart.push_back(s ? Json(*s) : Json());
  return laneStart;
}

template <typename T> Json orNull(const std::optional<T> &v) { return v ? Json(*v) : Json(); }

double slowdown(const ReplayTimings &t) {
  return t.baseline.medianMs > 0 ? t.pattern.medianMs / t.baseline.medianMs : 0.0;
}

// A shared access: wavefronts instead of sectors, a conflict-free baseline, and no bandwidth (the bytes a
// shared replay requests say nothing about global memory).
Json sharedConfirmationJson(const Confirmation &c, int blocks) {
  const ReplayPlan &p = c.plan;
  const ReportAccess &a = p.access;
  Json j;
  writeLocation(j, a);
  j["kernel"] = a.kernel;
  j["access"] = a.access;
  j["space"] = "shared";
  j["category"] = a.category;
  j["flagged"] = a.flagged;
  j["elem_bytes"] = p.elemBytes;
  j["predicted_wavefronts_per_request"] = orNull(a.predictedWavefronts);
  j["predicted_bank_conflict_ways"] = orNull(a.predictedConflictWays);
  j["measured_wavefronts_per_request"] = nullptr;
  j["measured_ld_wavefronts_per_request"] = nullptr;
  j["measured_st_wavefronts_per_request"] = nullptr;
  j["measured_atom_wavefronts_per_request"] = nullptr;
  j["measured_bank_conflicts_per_request"] = nullptr;
  j["baseline_wavefronts_per_request"] = nullptr;
  j["model_wavefronts_per_request"] = p.modelBanks.wavefronts;
  j["model_ideal_wavefronts"] = p.modelBanks.idealWavefronts;
  j["model_bank_conflict_ways"] = p.modelBanks.conflictWays;
  j["pattern_ms"] = c.timings.pattern.medianMs;
  j["baseline_ms"] = c.timings.baseline.medianMs;
  j["slowdown"] = slowdown(c.timings);
  j["timing_reliable"] = true;
  j["verdict"] = "unmeasured";
  j["replay"] = {{"pattern_kernel", patternKernelName(p)},
                 {"baseline_kernel", baselineKernelName(p)},
                 {"blocks", blocks},
                 {"threads_per_block", kReplayBlockThreads},
                 {"iterations", p.iterations},
                 {"requests", static_cast<long long>(blocks) * (kReplayBlockThreads / kWarpSize) * p.iterations},
                 {"shared_bytes", p.sharedBytes},
                 {"lane0_offset_bytes", p.lane0Start},
                 {"lane_start_bytes", laneStartJson(p)}};
  return j;
}

Json confirmationJson(const Confirmation &c, const ReplayLimits &limits) {
  const ReplayPlan &p = c.plan;
  const ReportAccess &a = p.access;
  Json j;
  writeLocation(j, a);
  j["kernel"] = a.kernel;
  j["access"] = a.access;
  j["space"] = "global";
  j["category"] = a.category;
  j["flagged"] = a.flagged;
  j["elem_bytes"] = p.elemBytes;
  j["predicted_sectors_per_request"] = a.predictedSectors ? Json(*a.predictedSectors) : Json();
  j["measured_sectors_per_request"] = nullptr;
  j["measured_ld_sectors_per_request"] = nullptr;
  j["measured_st_sectors_per_request"] = nullptr;
  j["baseline_sectors_per_request"] = nullptr;
  j["model_sectors_per_request"] = p.modelSectors;
  j["baseline_model_sectors_per_request"] = static_cast<double>(p.elemBytes);
  j["pattern_gbps"] = gbps(p.usefulBytes, c.timings.pattern.medianMs);
  j["baseline_gbps"] = gbps(p.usefulBytes, c.timings.baseline.medianMs);
  j["pattern_ms"] = c.timings.pattern.medianMs;
  j["baseline_ms"] = c.timings.baseline.medianMs;
  j["slowdown"] = slowdown(c.timings);
  j["timing_reliable"] = timingReliable(p, limits);
  j["verdict"] = "unmeasured";
  j["replay"] = {{"pattern_kernel", patternKernelName(p)},
                 {"baseline_kernel", baselineKernelName(p)},
                 {"warps", p.warps},
                 {"warp_stride_bytes", p.warpStride},
                 {"warp_stride_source", p.warpStrideFromReport ? "report" : "span rounded up to 128 B"},
                 {"lane0_offset_bytes", p.lane0Start},
                 {"lane_start_bytes", laneStartJson(p)},
                 {"useful_bytes", p.usefulBytes},
                 {"pattern_footprint_bytes", p.patternBytes}};
  return j;
}

int replay(int argc, char **argv) {
  Options o;
  if (!parseOptions(argc, argv, o)) {
    usage(stderr);
    return 2;
  }

  std::ifstream in(o.reportPath);
  if (!in) {
    std::fprintf(stderr, "cuda-bench: cannot read %s\n", o.reportPath.c_str());
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  Json report;
  std::string error = parseJson(text.str(), report);
  if (!error.empty()) {
    std::fprintf(stderr, "cuda-bench: %s: %s\n", o.reportPath.c_str(), error.c_str());
    return 2;
  }
  std::vector<ReportAccess> accesses;
  error = readReport(report, accesses);
  if (!error.empty()) {
    std::fprintf(stderr, "cuda-bench: %s: %s\n", o.reportPath.c_str(), error.c_str());
    return 2;
  }

  Selection selection = selectAccesses(accesses, o.limits);
  std::vector<ReplayPlan> plans;
  for (const ReportAccess &a : selection.chosen) {
    std::string whyNot;
    if (auto plan = planReplay(a, o.limits, whyNot))
      plans.push_back(*plan);
    else
      selection.skipped.push_back({a, whyNot});
  }

  CUDA_CHECK(cudaSetDevice(o.device));
  DeviceInfo info = queryDevice(o.device);
  long long bufferBytes = 256;
  for (const ReplayPlan &p : plans)
    bufferBytes = std::max(bufferBytes, p.bufferBytes);

  std::printf("device %s, CUDA %s; %zu accesses in %s, replaying %zu, skipping %zu\n", info.name.c_str(),
              info.cudaRuntime.c_str(), accesses.size(), o.reportPath.c_str(), plans.size(),
              selection.skipped.size());
  std::printf("%-28s %-6s %-11s %4s %9s %9s %10s %10s %8s\n", "location", "space", "access", "elem", "predicted",
              "model", "pattern", "baseline", "slowdown");

  std::vector<Confirmation> confirmations;
  int blocks = 0;
  {
    ReplayRunner runner(bufferBytes, info.smCount, info.maxThreadsPerSm);
    blocks = runner.waveBlocks();
    for (const ReplayPlan &p : plans) {
      Confirmation c{p, runner.run(p, o.warmup, o.repeats)};
      std::string where = p.access.file + ":" + std::to_string(p.access.line) + ":" + std::to_string(p.access.column);
      if (where.size() > 28)
        where = "..." + where.substr(where.size() - 25);
      if (p.space == MemorySpace::Shared)
        std::printf("%-28s %-6s %-11s %4d %6s wf %6d wf %7.4f ms %7.4f ms %7.2fx\n", where.c_str(), "shared",
                    p.access.access.c_str(), p.elemBytes,
                    p.access.predictedWavefronts ? Json(*p.access.predictedWavefronts).dump().c_str() : "-",
                    p.modelBanks.wavefronts, c.timings.pattern.medianMs, c.timings.baseline.medianMs,
                    slowdown(c.timings));
      else
        std::printf("%-28s %-6s %-11s %4d %9s %9.2f %7.1f GB/s %7.1f GB/s %7.2fx\n", where.c_str(), "global",
                    p.access.access.c_str(), p.elemBytes,
                    p.access.predictedSectors ? Json(*p.access.predictedSectors).dump().c_str() : "-",
                    p.modelSectors, gbps(p.usefulBytes, c.timings.pattern.medianMs),
                    gbps(p.usefulBytes, c.timings.baseline.medianMs), slowdown(c.timings));
      confirmations.push_back(c);
    }
  }
  for (const SkippedAccess &s : selection.skipped)
    std::printf("skipped %s:%d:%d: %s\n", s.access.file.c_str(), s.access.line, s.access.column, s.reason.c_str());

  std::ofstream os(o.outPath);
  if (!os) {
    std::fprintf(stderr, "cuda-bench: cannot write %s\n", o.outPath.c_str());
    return 2;
  }
  Json doc;
  doc["schema"] = "cuda-coalesce-confirmations/1";
  writeProvenance(doc, info, joinCommandLine(argc, argv));
  doc["report"] = o.reportPath;
  doc["repeats"] = o.repeats;
  doc["warmup"] = o.warmup;
  doc["profile_one"] = o.profileOne;
  Json confirmed = Json::array();
  for (const Confirmation &c : confirmations)
    confirmed.push_back(c.plan.space == MemorySpace::Shared ? sharedConfirmationJson(c, blocks)
                                                            : confirmationJson(c, o.limits));
  doc["confirmations"] = std::move(confirmed);
  Json skipped = Json::array();
  for (const SkippedAccess &s : selection.skipped) {
    Json j;
    writeLocation(j, s.access);
    j["access"] = s.access.access;
    j["space"] = memorySpaceName(s.access.space);
    j["category"] = s.access.category;
    j["flagged"] = s.access.flagged;
    j["reason"] = s.reason;
    skipped.push_back(std::move(j));
  }
  doc["skipped"] = std::move(skipped);
  doc["summary"] = {{"accesses", static_cast<long long>(accesses.size())},
                    {"replayed", static_cast<long long>(confirmations.size())},
                    {"skipped", static_cast<long long>(selection.skipped.size())},
                    {"quiet_not_replayed", selection.quietNotReplayed}};
  os << doc.dump(2) << '\n';
  return 0;
}

} // namespace
} // namespace bench

int main(int argc, char **argv) { return bench::replay(argc, argv); }
