// cuda-bench replay: reproduces the accesses of a cuda-coalesce report on the GPU, next to a coalesced
// baseline, and writes a confirmations file. Run plainly it measures time; scripts/replay.sh runs it under
// Nsight Compute as well and fills in the measured sectors per request and the verdicts.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"
#include "cuda_check.h"
#include "device_info.h"
#include "json.h"
#include "replay_plan.h"
#include "replay_run.h"

namespace bench {
namespace {

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
    } else if (a == "--repeats" || a == "--warmup" || a == "--device" || a == "--max-quiet") {
      const char *v = next();
      auto n = v ? parseInt(v) : std::nullopt;
      if (!n || *n < 0)
        return false;
      (a == "--repeats" ? o.repeats : a == "--warmup" ? o.warmup : a == "--device" ? o.device : o.limits.maxQuiet) =
          *n;
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

void writeLocation(json::Writer &w, const ReportAccess &a) {
  w.field("file", a.file);
  w.field("line", a.line);
  w.field("column", a.column);
}

struct Confirmation {
  ReplayPlan plan;
  ReplayTimings timings;
};

double gbps(long long bytes, double ms) { return ms > 0 ? static_cast<double>(bytes) / (ms * 1e-3) / 1e9 : 0; }

// The buffer cap can leave a sparse pattern (lanes kilobytes apart) with a few megabytes to move; its time is
// then mostly launch latency and says little, though its sector counts stay exact.
bool timingReliable(const ReplayPlan &p, const ReplayLimits &limits) { return 2 * p.usefulBytes >= limits.usefulBytes; }

void writeConfirmation(json::Writer &w, const Confirmation &c, const ReplayLimits &limits) {
  const ReplayPlan &p = c.plan;
  const ReportAccess &a = p.access;
  w.beginObject();
  writeLocation(w, a);
  w.field("kernel", a.kernel);
  w.field("access", a.access);
  w.field("category", a.category);
  w.field("flagged", a.flagged);
  w.field("elem_bytes", p.elemBytes);
  w.field("predicted_sectors_per_request", a.predictedSectors);
  w.nullField("measured_sectors_per_request");
  w.nullField("measured_ld_sectors_per_request");
  w.nullField("measured_st_sectors_per_request");
  w.nullField("baseline_sectors_per_request");
  w.field("model_sectors_per_request", p.modelSectors);
  w.field("baseline_model_sectors_per_request", static_cast<double>(p.elemBytes));
  double patternGbps = gbps(p.usefulBytes, c.timings.pattern.medianMs);
  double baselineGbps = gbps(p.usefulBytes, c.timings.baseline.medianMs);
  w.field("pattern_gbps", patternGbps);
  w.field("baseline_gbps", baselineGbps);
  w.field("pattern_ms", c.timings.pattern.medianMs);
  w.field("baseline_ms", c.timings.baseline.medianMs);
  w.field("slowdown", c.timings.baseline.medianMs > 0 ? c.timings.pattern.medianMs / c.timings.baseline.medianMs
                                                      : 0.0);
  w.field("timing_reliable", timingReliable(p, limits));
  w.field("verdict", "unmeasured");
  w.key("replay");
  w.beginObject();
  w.field("pattern_kernel", patternKernelName(p));
  w.field("baseline_kernel", baselineKernelName(p));
  w.field("warps", p.warps);
  w.field("warp_stride_bytes", p.warpStride);
  w.field("warp_stride_source", p.warpStrideFromReport ? "report" : "span rounded up to 128 B");
  w.field("lane0_offset_bytes", p.lane0Start);
  w.key("lane_start_bytes");
  w.beginArray(true);
  for (const auto &s : p.laneStart) {
    if (s)
      w.value(*s);
    else
      w.null();
  }
  w.endArray();
  w.field("useful_bytes", p.usefulBytes);
  w.field("pattern_footprint_bytes", p.patternBytes);
  w.endObject();
  w.endObject();
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
  json::ParseResult parsed = json::parse(text.str());
  if (!parsed.value) {
    std::fprintf(stderr, "cuda-bench: %s: %s\n", o.reportPath.c_str(), parsed.error.c_str());
    return 2;
  }
  std::vector<ReportAccess> accesses;
  std::string error = readReport(*parsed.value, accesses);
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
  std::printf("%-28s %-11s %4s %9s %9s %10s %10s %8s\n", "location", "access", "elem", "predicted", "model",
              "pattern", "baseline", "slowdown");

  std::vector<Confirmation> confirmations;
  {
    ReplayRunner runner(bufferBytes, info.smCount, info.maxThreadsPerSm);
    for (const ReplayPlan &p : plans) {
      Confirmation c{p, runner.run(p, o.warmup, o.repeats)};
      std::string where = p.access.file + ":" + std::to_string(p.access.line) + ":" + std::to_string(p.access.column);
      if (where.size() > 28)
        where = "..." + where.substr(where.size() - 25);
      std::printf("%-28s %-11s %4d %9s %9.2f %7.1f GB/s %7.1f GB/s %7.2fx\n", where.c_str(), p.access.access.c_str(),
                  p.elemBytes,
                  p.access.predictedSectors ? json::formatNumber(*p.access.predictedSectors).c_str() : "-",
                  p.modelSectors, gbps(p.usefulBytes, c.timings.pattern.medianMs),
                  gbps(p.usefulBytes, c.timings.baseline.medianMs),
                  c.timings.pattern.medianMs / c.timings.baseline.medianMs);
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
  json::Writer w(os);
  w.beginObject();
  w.field("schema", "cuda-coalesce-confirmations/1");
  writeProvenance(w, info, joinCommandLine(argc, argv));
  w.field("report", o.reportPath);
  w.field("repeats", o.repeats);
  w.field("warmup", o.warmup);
  w.field("profile_one", o.profileOne);
  w.key("confirmations");
  w.beginArray();
  for (const Confirmation &c : confirmations)
    writeConfirmation(w, c, o.limits);
  w.endArray();
  w.key("skipped");
  w.beginArray();
  for (const SkippedAccess &s : selection.skipped) {
    w.beginObject();
    writeLocation(w, s.access);
    w.field("access", s.access.access);
    w.field("category", s.access.category);
    w.field("flagged", s.access.flagged);
    w.field("reason", s.reason);
    w.endObject();
  }
  w.endArray();
  w.key("summary");
  w.beginObject();
  w.field("accesses", static_cast<long long>(accesses.size()));
  w.field("replayed", static_cast<long long>(confirmations.size()));
  w.field("skipped", static_cast<long long>(selection.skipped.size()));
  w.field("quiet_not_replayed", selection.quietNotReplayed);
  w.endObject();
  w.endObject();
  return 0;
}

} // namespace
} // namespace bench

int main(int argc, char **argv) { return bench::replay(argc, argv); }
