// What a result file says about where it was measured: the GPU, the CUDA versions and the command line.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace bench {

struct DeviceInfo {
  std::string name;
  int computeMajor = 0;
  int computeMinor = 0;
  int smCount = 0;
  int maxThreadsPerSm = 0;
  long long l2Bytes = 0;
  long long memoryBytes = 0;
  std::string cudaRuntime;   // e.g. "13.0", from cudaRuntimeGetVersion
  std::string cudaDriverApi; // the newest CUDA the driver supports, from cudaDriverGetVersion
  std::string driverVersion; // e.g. "580.159.04", from /proc/driver/nvidia/version; empty when unreadable
};

DeviceInfo queryDevice(int device);

// "13.0.88": the nvcc that compiled the bench.
std::string nvccVersion();

std::string joinCommandLine(int argc, char **argv);
std::string utcTimestamp(); // ISO 8601, seconds

// Adds the "device", "device_properties", "cuda", "cuda_driver_api", "driver", "nvcc", "command" and
// "date_utc" members to `doc`, in that order.
void writeProvenance(nlohmann::ordered_json &doc, const DeviceInfo &info, const std::string &command);

} // namespace bench
