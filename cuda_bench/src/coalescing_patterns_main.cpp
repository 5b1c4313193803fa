// coalescing-patterns: copies one payload many ways and reports time, useful bandwidth and whether the
// output is right. Each row names its kernel the way cuda-coalesce prints it, so the analyzer's report,
// this file's JSON and Nsight Compute's counters can be joined on that name.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "cuda_check.h"
#include "device_info.h"
#include "patterns.h"
#include "sector_model.h"
#include "timing.h"

namespace bench {
namespace {

constexpr unsigned kGatherSeed = 0x5eedu;

// One row of the suite. The model columns give lane l of warp 0 the byte address base + l * stride for the
// load and for the store; the gather row has no static pattern and so no model.
struct Row {
  const char *name;
  const char *label;
  const char *kernel; // as cuda-coalesce prints it
  PatternKernel id;
  const char *group;
  int elemBytes;
  int strideElems; // lane stride of the strided rows, 0 for the others
  bool modelled;
  long long ldBase, ldStride; // lane l of warp 0 loads at ldBase + l * ldStride bytes
  long long stBase, stStride; // and stores at stBase + l * stStride
};

const std::vector<Row> &rows() {
  static const std::vector<Row> table = {
      {.name = "float_stride_1", .label = "float, stride 1", .kernel = "copyStrided<float, 1>",
       .id = PatternKernel::FloatStride1, .group = "stride", .elemBytes = 4, .strideElems = 1,
       .modelled = true, .ldBase = 0, .ldStride = 4, .stBase = 0, .stStride = 4},
      {.name = "float_stride_2", .label = "float, stride 2", .kernel = "copyStrided<float, 2>",
       .id = PatternKernel::FloatStride2, .group = "stride", .elemBytes = 4, .strideElems = 2,
       .modelled = true, .ldBase = 0, .ldStride = 8, .stBase = 0, .stStride = 8},
      {.name = "float_stride_3", .label = "float, stride 3", .kernel = "copyStrided<float, 3>",
       .id = PatternKernel::FloatStride3, .group = "stride", .elemBytes = 4, .strideElems = 3,
       .modelled = true, .ldBase = 0, .ldStride = 12, .stBase = 0, .stStride = 12},
      {.name = "float_stride_4", .label = "float, stride 4", .kernel = "copyStrided<float, 4>",
       .id = PatternKernel::FloatStride4, .group = "stride", .elemBytes = 4, .strideElems = 4,
       .modelled = true, .ldBase = 0, .ldStride = 16, .stBase = 0, .stStride = 16},
      {.name = "float_stride_8", .label = "float, stride 8", .kernel = "copyStrided<float, 8>",
       .id = PatternKernel::FloatStride8, .group = "stride", .elemBytes = 4, .strideElems = 8,
       .modelled = true, .ldBase = 0, .ldStride = 32, .stBase = 0, .stStride = 32},
      {.name = "float_stride_16", .label = "float, stride 16", .kernel = "copyStrided<float, 16>",
       .id = PatternKernel::FloatStride16, .group = "stride", .elemBytes = 4, .strideElems = 16,
       .modelled = true, .ldBase = 0, .ldStride = 64, .stBase = 0, .stStride = 64},
      {.name = "float_stride_32", .label = "float, stride 32", .kernel = "copyStrided<float, 32>",
       .id = PatternKernel::FloatStride32, .group = "stride", .elemBytes = 4, .strideElems = 32,
       .modelled = true, .ldBase = 0, .ldStride = 128, .stBase = 0, .stStride = 128},
      {.name = "chunked_4", .label = "chunked, 4 per thread", .kernel = "copyChunked<4>",
       .id = PatternKernel::Chunked4, .group = "chunked", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 0, .ldStride = 16, .stBase = 0, .stStride = 16},
      {.name = "chunked_32", .label = "chunked, 32 per thread", .kernel = "copyChunked<32>",
       .id = PatternKernel::Chunked32, .group = "chunked", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 0, .ldStride = 128, .stBase = 0, .stStride = 128},
      {.name = "chunked_1024", .label = "chunked, 1024 per thread", .kernel = "copyChunked<1024>",
       .id = PatternKernel::Chunked1024, .group = "chunked", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 0, .ldStride = 4096, .stBase = 0, .stStride = 4096},
      {.name = "grid_stride", .label = "grid-stride loop", .kernel = "copyGridStride",
       .id = PatternKernel::GridStride, .group = "chunked", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 0, .ldStride = 4, .stBase = 0, .stStride = 4},
      {.name = "aos_12", .label = "AoS {x,y,z} (12 B), read .x", .kernel = "copyAoS<Particle3>",
       .id = PatternKernel::AoS12, .group = "layout", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 0, .ldStride = 12, .stBase = 0, .stStride = 4},
      {.name = "aos_24", .label = "AoS 6 floats (24 B), read .x", .kernel = "copyAoS<Particle6>",
       .id = PatternKernel::AoS24, .group = "layout", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 0, .ldStride = 24, .stBase = 0, .stStride = 4},
      {.name = "soa", .label = "SoA, read xs[i]", .kernel = "copySoA",
       .id = PatternKernel::SoA, .group = "layout", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 0, .ldStride = 4, .stBase = 0, .stStride = 4},
      {.name = "offset_4B", .label = "misaligned by 4 B", .kernel = "copyOffset<1>",
       .id = PatternKernel::Offset4B, .group = "alignment", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 4, .ldStride = 4, .stBase = 0, .stStride = 4},
      {.name = "offset_32B", .label = "misaligned by 32 B", .kernel = "copyOffset<8>",
       .id = PatternKernel::Offset32B, .group = "alignment", .elemBytes = 4, .strideElems = 0,
       .modelled = true, .ldBase = 32, .ldStride = 4, .stBase = 0, .stStride = 4},
      {.name = "gather", .label = "random gather", .kernel = "copyGather",
       .id = PatternKernel::Gather, .group = "gather", .elemBytes = 4, .strideElems = 0,
       .modelled = false, .ldBase = 0, .ldStride = 0, .stBase = 0, .stStride = 4},
      {.name = "double_stride_1", .label = "double, stride 1", .kernel = "copyStrided<double, 1>",
       .id = PatternKernel::DoubleStride1, .group = "wide", .elemBytes = 8, .strideElems = 1,
       .modelled = true, .ldBase = 0, .ldStride = 8, .stBase = 0, .stStride = 8},
      {.name = "double_stride_2", .label = "double, stride 2", .kernel = "copyStrided<double, 2>",
       .id = PatternKernel::DoubleStride2, .group = "wide", .elemBytes = 8, .strideElems = 2,
       .modelled = true, .ldBase = 0, .ldStride = 16, .stBase = 0, .stStride = 16},
      {.name = "double_stride_4", .label = "double, stride 4", .kernel = "copyStrided<double, 4>",
       .id = PatternKernel::DoubleStride4, .group = "wide", .elemBytes = 8, .strideElems = 4,
       .modelled = true, .ldBase = 0, .ldStride = 32, .stBase = 0, .stStride = 32},
      {.name = "float4_stride_1", .label = "float4, stride 1", .kernel = "copyStrided<float4, 1>",
       .id = PatternKernel::Float4Stride1, .group = "wide", .elemBytes = 16, .strideElems = 1,
       .modelled = true, .ldBase = 0, .ldStride = 16, .stBase = 0, .stStride = 16},
  };
  return table;
}

struct Options {
  unsigned long long bytes = 512ull << 20;
  int repeats = 10;
  int warmup = 2;
  int device = 0;
  bool profileOne = false;
  bool list = false;
  std::string jsonPath;
  std::vector<std::string> only;
};

void usage(FILE *to) {
  std::fprintf(to,
               "usage: coalescing-patterns [--bytes N[K|M|G]] [--repeats N] [--warmup N] [--json FILE]\n"
               "                           [--only NAME[,NAME...]] [--profile-one] [--device N] [--list]\n"
               "  --bytes        payload copied by every row (default 512M), rounded down to a multiple of %zu B\n"
               "  --repeats      timed launches per row; the median is reported (default 10)\n"
               "  --warmup       untimed launches per row before timing (default 2)\n"
               "  --profile-one  one launch per row, no warm-up: the mode profile.sh runs under ncu\n"
               "  --only         run only the named rows (see --list)\n"
               "  --list         print the rows and exit without touching the GPU\n",
               kPayloadQuantumFloats * sizeof(float));
}

std::vector<std::string> splitCommas(const std::string &s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string::npos)
      comma = s.size();
    if (comma > start)
      out.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

bool parseOptions(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char * { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--help" || a == "-h") {
      usage(stdout);
      std::exit(0);
    } else if (a == "--bytes") {
      const char *v = next();
      auto b = v ? parseBytes(v) : std::nullopt;
      if (!b)
        return false;
      o.bytes = *b;
    } else if (a == "--repeats" || a == "--warmup" || a == "--device") {
      const char *v = next();
      auto n = v ? parseInt(v) : std::nullopt;
      if (!n || *n < 0)
        return false;
      (a == "--repeats" ? o.repeats : a == "--warmup" ? o.warmup : o.device) = *n;
    } else if (a == "--json") {
      const char *v = next();
      if (!v)
        return false;
      o.jsonPath = v;
    } else if (a == "--only") {
      const char *v = next();
      if (!v)
        return false;
      o.only = splitCommas(v);
    } else if (a == "--profile-one") {
      o.profileOne = true;
    } else if (a == "--list") {
      o.list = true;
    } else {
      std::fprintf(stderr, "coalescing-patterns: unknown option '%s'\n", a.c_str());
      return false;
    }
  }
  if (o.profileOne) {
    o.repeats = 1;
    o.warmup = 0;
  }
  return o.repeats > 0;
}

RequestCost modelCost(long long base, long long stride, int elemBytes) {
  return requestCost(stridedLanes(base, stride), elemBytes);
}

struct Result {
  const Row *row;
  Timing timing;
  size_t payloadBytes;
  bool verified;
  std::string verifyNote;
};

// Device buffers for the whole run; the particle and index buffers only when a row needs them.
struct Buffers {
  float *in = nullptr;
  float *out = nullptr;
  void *particles = nullptr;
  unsigned *index = nullptr;
  size_t n = 0;
};

std::string firstMismatch(const float *got, const float *want, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
      unsigned g, w;
      std::memcpy(&g, &got[i], 4);
      std::memcpy(&w, &want[i], 4);
      char buf[128];
      std::snprintf(buf, sizeof buf, "out[%zu] = 0x%08x, expected 0x%08x", i, g, w);
      return buf;
    }
  }
  return "";
}

// Checks the output of one row on the host: a copy of the input, shifted for the offset rows, permuted
// for the gather row (whose index must itself be a permutation).
bool verify(const Row &row, const float *out, const std::vector<float> &input, const std::vector<unsigned> &index,
            size_t n, std::string &note) {
  if (row.id == PatternKernel::Gather) {
    std::vector<bool> seen(n, false);
    for (size_t i = 0; i < n; ++i) {
      unsigned j = index[i];
      if (j >= n || seen[j]) {
        note = "gather index is not a permutation at " + std::to_string(i);
        return false;
      }
      seen[j] = true;
      if (std::memcmp(&out[i], &input[j], sizeof(float)) != 0) {
        note = "out[" + std::to_string(i) + "] != in[index[" + std::to_string(i) + "]]";
        return false;
      }
    }
    return true;
  }
  size_t shift = row.id == PatternKernel::Offset4B ? 1 : row.id == PatternKernel::Offset32B ? 8 : 0;
  if (std::memcmp(out, input.data() + shift, n * sizeof(float)) == 0)
    return true;
  note = firstMismatch(out, input.data() + shift, n);
  return false;
}

void writeJson(const std::string &path, const Options &o, const DeviceInfo &info, const std::string &command,
               size_t n, const std::vector<Result> &results) {
  std::ofstream os(path);
  if (!os) {
    std::fprintf(stderr, "coalescing-patterns: cannot write %s\n", path.c_str());
    std::exit(2);
  }
  using Json = nlohmann::ordered_json;
  Json doc;
  doc["schema"] = "cuda-bench-patterns/1";
  writeProvenance(doc, info, command);
  doc["payload_bytes"] = static_cast<unsigned long long>(n * sizeof(float));
  doc["repeats"] = o.repeats;
  doc["warmup"] = o.warmup;
  doc["profile_one"] = o.profileOne;
  doc["block_size"] = patternBlockSize();
  doc["definitions"] = {
      {"useful_read_bytes", "payload bytes the kernel needs to read: the floats it copies (an AoS row "
                            "counts only the .x members; the gather row's index reads are not counted)"},
      {"useful_write_bytes", "payload bytes the kernel writes"},
      {"useful_bytes", "useful_read_bytes + useful_write_bytes, the same for every row"},
      {"useful_gbps", "useful_bytes / ms_median, in 1e9 bytes per second"},
      {"model_ld_sectors_per_request", "32-byte sectors one warp load touches for lane l of warp 0 at the "
                                       "row's base + l * stride, docs/analysis.md's model"}};
  Json rows = Json::array();
  for (const Result &r : results) {
    const Row &row = *r.row;
    double usefulBytes = 2.0 * static_cast<double>(r.payloadBytes);
    Json j;
    j["name"] = row.name;
    j["label"] = row.label;
    j["kernel"] = row.kernel;
    j["group"] = row.group;
    j["elem_bytes"] = row.elemBytes;
    j["stride"] = row.strideElems ? Json(row.strideElems) : Json();
    j["useful_bytes"] = static_cast<unsigned long long>(2 * r.payloadBytes);
    j["useful_read_bytes"] = static_cast<unsigned long long>(r.payloadBytes);
    j["useful_write_bytes"] = static_cast<unsigned long long>(r.payloadBytes);
    j["ms_median"] = r.timing.medianMs;
    j["ms_min"] = r.timing.minMs;
    j["ms_max"] = r.timing.maxMs;
    j["useful_gbps"] = usefulBytes / (r.timing.medianMs * 1e-3) / 1e9; // non-finite: dumped as null
    j["verified"] = r.verified;
    if (!r.verifyNote.empty())
      j["verify_note"] = r.verifyNote;
    if (row.modelled) {
      RequestCost ld = modelCost(row.ldBase, row.ldStride, row.elemBytes);
      RequestCost st = modelCost(row.stBase, row.stStride, row.elemBytes);
      j["model_ld_sectors_per_request"] = ld.sectors;
      j["model_st_sectors_per_request"] = st.sectors;
      j["model_ld_lines_per_request"] = ld.lines;
    } else {
      j["model_ld_sectors_per_request"] = nullptr;
      j["model_st_sectors_per_request"] = modelCost(row.stBase, row.stStride, row.elemBytes).sectors;
      j["model_ld_lines_per_request"] = nullptr;
    }
    rows.push_back(std::move(j));
  }
  doc["rows"] = std::move(rows);
  os << doc.dump(2) << '\n';
}

int run(int argc, char **argv) {
  Options o;
  if (!parseOptions(argc, argv, o)) {
    usage(stderr);
    return 2;
  }

  std::vector<const Row *> selected;
  for (const Row &row : rows()) {
    bool wanted = o.only.empty();
    for (const std::string &name : o.only)
      wanted = wanted || name == row.name;
    if (wanted)
      selected.push_back(&row);
  }
  for (const std::string &name : o.only) {
    bool known = false;
    for (const Row &row : rows())
      known = known || name == row.name;
    if (!known) {
      std::fprintf(stderr, "coalescing-patterns: no row named '%s' (see --list)\n", name.c_str());
      return 2;
    }
  }

  if (o.list) {
    for (const Row *row : selected) {
      const char *model = "-";
      std::string sectors;
      if (row->modelled) {
        sectors = std::to_string(modelCost(row->ldBase, row->ldStride, row->elemBytes).sectors);
        model = sectors.c_str();
      }
      std::printf("%-16s %-24s model ld sectors/request %s\n", row->name, row->kernel, model);
    }
    return 0;
  }

  size_t n = static_cast<size_t>(o.bytes / sizeof(float)) / kPayloadQuantumFloats * kPayloadQuantumFloats;
  if (n == 0 || n >= (1ull << 32)) {
    std::fprintf(stderr, "coalescing-patterns: --bytes must give between %zu B and 16 GiB of payload\n",
                 kPayloadQuantumFloats * sizeof(float));
    return 2;
  }

  CUDA_CHECK(cudaSetDevice(o.device));
  DeviceInfo info = queryDevice(o.device);
  std::string command = joinCommandLine(argc, argv);
  std::printf("device %s (sm_%d%d, %d SMs), CUDA %s, driver %s\n", info.name.c_str(), info.computeMajor,
              info.computeMinor, info.smCount, info.cudaRuntime.c_str(),
              info.driverVersion.empty() ? "?" : info.driverVersion.c_str());
  std::printf("payload %zu bytes (%zu floats), %d warm-up + %d timed launches per row\n\n", n * sizeof(float), n,
              o.warmup, o.repeats);

  bool needParticles = false, needIndex = false;
  for (const Row *row : selected) {
    needParticles = needParticles || particleBytes(row->id) > 0;
    needIndex = needIndex || row->id == PatternKernel::Gather;
  }

  Buffers b;
  b.n = n;
  CUDA_CHECK(cudaMalloc(&b.in, (n + kInputPadFloats) * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b.out, n * sizeof(float)));
  if (needParticles)
    CUDA_CHECK(cudaMalloc(&b.particles, n * particleBytes(PatternKernel::AoS24)));
  if (needIndex)
    CUDA_CHECK(cudaMalloc(&b.index, n * sizeof(unsigned)));

  fillInput(b.in, n + kInputPadFloats);
  std::vector<float> input(n + kInputPadFloats);
  CUDA_CHECK(cudaMemcpy(input.data(), b.in, input.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<unsigned> index;
  if (needIndex) {
    fillPermutation(b.index, n, kGatherSeed);
    index.resize(n);
    CUDA_CHECK(cudaMemcpy(index.data(), b.index, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  }

  float *hostOut = nullptr;
  CUDA_CHECK(cudaMallocHost(&hostOut, n * sizeof(float)));

  PatternBuffers pb;
  pb.in = b.in;
  pb.out = b.out;
  pb.particles = b.particles;
  pb.gatherIndex = b.index;
  pb.n = n;
  pb.gridStrideBlocks = info.smCount * (info.maxThreadsPerSm / patternBlockSize()); // one full wave

  std::vector<Result> results;
  bool allVerified = true;
  std::printf("%-16s %-24s %5s %10s %11s %9s  %s\n", "name", "kernel", "elem", "ms", "useful GB/s", "model ld",
              "verified");
  for (const Row *row : selected) {
    if (particleBytes(row->id) > 0)
      fillParticles(row->id, b.particles, b.in, n);
    CUDA_CHECK(cudaMemset(b.out, 0xff, n * sizeof(float))); // NaN bits fillInput never writes
    CUDA_CHECK(cudaDeviceSynchronize());

    Result r{row, {}, 0, false, ""};
    r.timing = timeLaunches([&] { r.payloadBytes = launchPattern(row->id, pb); }, o.warmup, o.repeats);
    if (r.payloadBytes != n * sizeof(float)) {
      std::fprintf(stderr, "coalescing-patterns: row %s copies %zu bytes, not the payload's %zu\n", row->name,
                   r.payloadBytes, n * sizeof(float));
      return 1;
    }
    CUDA_CHECK(cudaMemcpy(hostOut, b.out, n * sizeof(float), cudaMemcpyDeviceToHost));
    r.verified = verify(*row, hostOut, input, index, n, r.verifyNote);
    allVerified = allVerified && r.verified;

    std::string model = row->modelled ? std::to_string(modelCost(row->ldBase, row->ldStride, row->elemBytes).sectors)
                                      : std::string("-");
    double gbps = 2.0 * static_cast<double>(r.payloadBytes) / (r.timing.medianMs * 1e-3) / 1e9;
    std::printf("%-16s %-24s %5d %10.3f %11.1f %9s  %s%s%s\n", row->name, row->kernel, row->elemBytes,
                r.timing.medianMs, gbps, model.c_str(), r.verified ? "yes" : "NO", r.verified ? "" : ": ",
                r.verifyNote.c_str());
    std::fflush(stdout);
    results.push_back(r);
  }

  if (!o.jsonPath.empty())
    writeJson(o.jsonPath, o, info, command, n, results);

  CUDA_CHECK(cudaFreeHost(hostOut));
  CUDA_CHECK(cudaFree(b.in));
  CUDA_CHECK(cudaFree(b.out));
  if (b.particles)
    CUDA_CHECK(cudaFree(b.particles));
  if (b.index)
    CUDA_CHECK(cudaFree(b.index));
  if (!allVerified) {
    std::fprintf(stderr, "coalescing-patterns: some rows produced wrong output\n");
    return 1;
  }
  return 0;
}

} // namespace
} // namespace bench

int main(int argc, char **argv) { return bench::run(argc, argv); }
