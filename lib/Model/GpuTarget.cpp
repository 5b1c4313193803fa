//===- GpuTarget.cpp ------------------------------------------------------===//

#include "Model/GpuTarget.h"

namespace coalesce {

namespace {

struct ArchRow {
  const char *Name;
  GpuTarget Target;
};

// Warp 32 lanes, 32-byte sectors, 128-byte lines, 32 banks of 4 bytes: the
// CUDA C++ Programming Guide's figures for compute capabilities 5.0 to 10.x
// (the "Compute Capabilities" tables and the global and shared memory
// sections of each architecture).
constexpr GpuTarget Common{32, 32, 128, 32, 4};

const ArchRow Table[] = {
    {"sm_50", Common},  {"sm_52", Common},  {"sm_53", Common},
    {"sm_60", Common},  {"sm_61", Common},  {"sm_62", Common},
    {"sm_70", Common},  {"sm_72", Common},  {"sm_75", Common},
    {"sm_80", Common},  {"sm_86", Common},  {"sm_87", Common},
    {"sm_89", Common},  {"sm_90", Common},  {"sm_90a", Common},
    {"sm_100", Common}, {"sm_100a", Common},
};

} // namespace

std::optional<GpuTarget> GpuTarget::forArch(llvm::StringRef Arch) {
  for (const ArchRow &Row : Table)
    if (Arch == Row.Name)
      return Row.Target;
  return std::nullopt;
}

std::vector<llvm::StringRef> GpuTarget::knownArchs() {
  std::vector<llvm::StringRef> Names;
  for (const ArchRow &Row : Table)
    Names.push_back(Row.Name);
  return Names;
}

} // namespace coalesce
