// The coalescer model the bench states next to each measurement: one warp request, 32 lanes, 32-byte sectors.
// It is the bench's own copy of the formula in docs/analysis.md, "The sector model" (the bench must not link the analyzer), used to print the
// expected sector count of every row and of every replayed layout.
#pragma once

#include <array>
#include <optional>

namespace bench {

constexpr int kWarpSize = 32;
constexpr long long kSectorBytes = 32;
constexpr long long kLineBytes = 128;

// Byte address of each lane's access, or nothing for an inactive lane.
using LaneAddresses = std::array<std::optional<long long>, kWarpSize>;

struct RequestCost {
  int sectors = 0;
  int lines = 0;
  long long usefulBytes = 0; // distinct bytes requested
};

// Distinct sectors and lines touched by the bytes [addr, addr + elemBytes) of every active lane.
RequestCost requestCost(const LaneAddresses &lanes, int elemBytes);

// Lane l at base + l * strideBytes, all lanes active.
LaneAddresses stridedLanes(long long baseBytes, long long strideBytes);

} // namespace bench
