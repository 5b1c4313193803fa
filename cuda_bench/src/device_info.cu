#include "device_info.h"

#include <cctype>
#include <ctime>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cuda_check.h"

namespace bench {

namespace {

std::string versionString(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

std::string readDriverVersion() {
  std::ifstream in("/proc/driver/nvidia/version");
  std::string line;
  if (!std::getline(in, line))
    return "";
  // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  ..." : the first token of digits and dots.
  size_t i = 0;
  while (i < line.size()) {
    size_t j = i;
    while (j < line.size() && (std::isdigit(static_cast<unsigned char>(line[j])) || line[j] == '.'))
      ++j;
    std::string token = line.substr(i, j - i);
    if (token.find('.') != std::string::npos && std::isdigit(static_cast<unsigned char>(token[0])))
      return token;
    i = j + 1;
  }
  return "";
}

} // namespace

DeviceInfo queryDevice(int device) {
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  DeviceInfo info;
  info.name = prop.name;
  info.computeMajor = prop.major;
  info.computeMinor = prop.minor;
  info.smCount = prop.multiProcessorCount;
  info.maxThreadsPerSm = prop.maxThreadsPerMultiProcessor;
  info.l2Bytes = prop.l2CacheSize;
  info.memoryBytes = static_cast<long long>(prop.totalGlobalMem);
  int runtime = 0, driver = 0;
  CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
  CUDA_CHECK(cudaDriverGetVersion(&driver));
  info.cudaRuntime = versionString(runtime);
  info.cudaDriverApi = versionString(driver);
  info.driverVersion = readDriverVersion();
  return info;
}

std::string nvccVersion() {
  return std::to_string(__CUDACC_VER_MAJOR__) + "." + std::to_string(__CUDACC_VER_MINOR__) + "." +
         std::to_string(__CUDACC_VER_BUILD__);
}

std::string joinCommandLine(int argc, char **argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) {
    if (i)
      out += ' ';
    std::string arg = argv[i];
    bool plain = !arg.empty() && arg.find_first_of(" \t'\"$\\") == std::string::npos;
    if (plain) {
      out += arg;
      continue;
    }
    out += '\'';
    for (char c : arg)
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

std::string utcTimestamp() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void writeProvenance(nlohmann::ordered_json &doc, const DeviceInfo &info, const std::string &command) {
  doc["device"] = info.name;
  doc["device_properties"] = {
      {"compute_capability", std::to_string(info.computeMajor) + "." + std::to_string(info.computeMinor)},
      {"sm_count", info.smCount},
      {"l2_bytes", info.l2Bytes},
      {"memory_bytes", info.memoryBytes}};
  doc["cuda"] = info.cudaRuntime;
  doc["cuda_driver_api"] = info.cudaDriverApi;
  doc["driver"] = info.driverVersion.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(info.driverVersion);
  doc["nvcc"] = nvccVersion();
  doc["command"] = command;
  doc["date_utc"] = utcTimestamp();
}

} // namespace bench
