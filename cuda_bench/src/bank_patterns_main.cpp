// bank-patterns: times the shared-memory bank-conflict family (src/bank_patterns.cu) and writes the results
// as JSON (schema cuda-bench-bank/1). The wavefronts per request come from Nsight Compute
// (scripts/bank_profile.sh), merged in by scripts/bank_table.py.
//
//   bank-patterns [--repeats N] [--warmup N] [--json FILE] [--profile-one] [--list]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bank_patterns.h"
#include "cuda_check.h"
#include "device_info.h"
#include "timing.h"

namespace {

struct Options {
  int repeats = 20;
  int warmup = 3;
  std::string jsonPath;
  bool profileOne = false;
  bool list = false;
};

bool parseOptions(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char * { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--repeats" || a == "--warmup" || a == "--json") {
      const char *v = next();
      if (!v)
        return false;
      if (a == "--json")
        o.jsonPath = v;
      else
        (a == "--repeats" ? o.repeats : o.warmup) = std::atoi(v);
    } else if (a == "--profile-one") {
      o.profileOne = true;
    } else if (a == "--list") {
      o.list = true;
    } else {
      return false;
    }
  }
  return o.repeats > 0 && o.warmup >= 0;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  if (!parseOptions(argc, argv, o)) {
    std::fprintf(stderr, "usage: bank-patterns [--repeats N] [--warmup N] [--json FILE] [--profile-one] [--list]\n");
    return 2;
  }
  size_t count = 0;
  const bench::BankPattern *patterns = bench::bankPatterns(&count);
  if (o.list) {
    for (size_t i = 0; i < count; ++i)
      std::printf("%-18s %-26s %s\n", patterns[i].name, patterns[i].kernel, patterns[i].label);
    return 0;
  }

  bench::BankBuffers b;
  float *in = nullptr, *out = nullptr;
  CUDA_CHECK(cudaMalloc(&in, bench::kBankInputFloats * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, bench::kBankOutputFloats * sizeof(float)));
  CUDA_CHECK(cudaMemset(in, 0, bench::kBankInputFloats * sizeof(float)));
  b.in = in;
  b.out = out;

  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (size_t i = 0; i < count; ++i) {
    const bench::BankPattern &p = patterns[i];
    auto launch = [&]() { p.launch(b); };
    nlohmann::ordered_json row = {{"name", p.name},   {"kernel", p.kernel},       {"group", p.group},
                                  {"label", p.label}, {"elem_bytes", p.elemBytes}};
    if (o.profileOne) {
      launch();
      CUDA_CHECK(cudaDeviceSynchronize());
    } else {
      bench::Timing t = bench::timeLaunches(launch, o.warmup, o.repeats);
      row["ms_median"] = t.medianMs;
      row["ms_min"] = t.minMs;
      row["ms_max"] = t.maxMs;
      std::printf("%-18s %-26s %9.4f ms\n", p.name, p.kernel, t.medianMs);
    }
    rows.push_back(std::move(row));
  }
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));

  if (!o.jsonPath.empty()) {
    bench::DeviceInfo info = bench::queryDevice(0);
    nlohmann::ordered_json doc = {
        {"schema", "cuda-bench-bank/1"},
        {"device", info.name},
        {"compute_capability", std::to_string(info.computeMajor) + "." + std::to_string(info.computeMinor)},
        {"cuda", info.cudaRuntime},
        {"driver", info.driverVersion},
        {"nvcc", bench::nvccVersion()},
        {"command", bench::joinCommandLine(argc, argv)},
        {"date_utc", bench::utcTimestamp()},
        {"repeats", o.repeats},
        {"warmup", o.warmup},
        {"rows", rows}};
    std::ofstream os(o.jsonPath);
    os << doc.dump(2) << '\n';
    if (!os) {
      std::fprintf(stderr, "bank-patterns: cannot write %s\n", o.jsonPath.c_str());
      return 1;
    }
  }
  return 0;
}
