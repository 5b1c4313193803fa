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

#include <cuda_runtime.h> // float3, float4

namespace bench {

// The table, by field name.
const BankPattern kPatterns[] = {
    {.name = "stride_1", .kernel = "sharedStrided<float, 1>", .group = "stride",
     .label = "float, lanes 1 word apart", .elemBytes = 4, .launch = bench::launchStrided<float, 1>},
    {.name = "stride_2", .kernel = "sharedStrided<float, 2>", .group = "stride",
     .label = "float, lanes 2 words apart", .elemBytes = 4, .launch = bench::launchStrided<float, 2>},
    {.name = "stride_3", .kernel = "sharedStrided<float, 3>", .group = "stride",
     .label = "float, lanes 3 words apart (odd)", .elemBytes = 4, .launch = bench::launchStrided<float, 3>},
    {.name = "stride_4", .kernel = "sharedStrided<float, 4>", .group = "stride",
     .label = "float, lanes 4 words apart", .elemBytes = 4, .launch = bench::launchStrided<float, 4>},
    {.name = "stride_8", .kernel = "sharedStrided<float, 8>", .group = "stride",
     .label = "float, lanes 8 words apart", .elemBytes = 4, .launch = bench::launchStrided<float, 8>},
    {.name = "stride_32", .kernel = "sharedStrided<float, 32>", .group = "stride",
     .label = "float, lanes 32 words apart", .elemBytes = 4, .launch = bench::launchStrided<float, 32>},
    {.name = "broadcast", .kernel = "sharedStrided<float, 0>", .group = "stride",
     .label = "float, every lane one word", .elemBytes = 4, .launch = bench::launchStrided<float, 0>},
    {.name = "column_32", .kernel = "sharedColumn<0>", .group = "column",
     .label = "float tile[32][32], column read", .elemBytes = 4, .launch = bench::launchColumn<0>},
    {.name = "column_padded", .kernel = "sharedColumn<1>", .group = "column",
     .label = "float tile[32][33], column read", .elemBytes = 4, .launch = bench::launchColumn<1>},
    {.name = "column_swizzled", .kernel = "sharedSwizzled", .group = "column",
     .label = "float tile[32][32], XOR swizzle", .elemBytes = 4, .launch = bench::launchSwizzled},
    {.name = "column_write", .kernel = "sharedColumnWrite", .group = "column",
     .label = "float tile[32][32], column write", .elemBytes = 4, .launch = bench::launchColumnWrite},
    {.name = "double_stride_1", .kernel = "sharedStrided<double, 1>", .group = "wide",
     .label = "double, consecutive", .elemBytes = 8, .launch = bench::launchStrided<double, 1>},
    {.name = "double_stride_2", .kernel = "sharedStrided<double, 2>", .group = "wide",
     .label = "double, 2 apart", .elemBytes = 8, .launch = bench::launchStrided<double, 2>},
    {.name = "float3_stride_1", .kernel = "sharedStrided<float3, 1>", .group = "wide",
     .label = "float3, consecutive (3 scalar loads)", .elemBytes = 12, .launch = bench::launchStrided<float3, 1>},
    {.name = "float4_stride_1", .kernel = "sharedStrided<float4, 1>", .group = "wide",
     .label = "float4, consecutive", .elemBytes = 16, .launch = bench::launchStrided<float4, 1>},
    {.name = "float4_stride_2", .kernel = "sharedStrided<float4, 2>", .group = "wide",
     .label = "float4, 2 apart", .elemBytes = 16, .launch = bench::launchStrided<float4, 2>},
    {.name = "transpose", .kernel = "transposeTiled<0>", .group = "transpose",
     .label = "tiled transpose, tile[32][32]", .elemBytes = 4, .launch = bench::launchTranspose<0>},
    {.name = "transpose_padded", .kernel = "transposeTiled<1>", .group = "transpose",
     .label = "tiled transpose, tile[32][33]", .elemBytes = 4, .launch = bench::launchTranspose<1>},
};

const BankPattern *bankPatterns(size_t *count) {
  *count = sizeof(kPatterns) / sizeof(kPatterns[0]);
  return kPatterns;
}

} // namespace bench

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
