#include "sector_model.h"

#include <set>

namespace bench {

namespace {
long long floorDiv(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
} // namespace

RequestCost requestCost(const LaneAddresses &lanes, int elemBytes) {
  std::set<long long> sectors, lines, bytes;
  for (const auto &addr : lanes) {
    if (!addr)
      continue;
    for (long long b = *addr; b < *addr + elemBytes; ++b) {
      sectors.insert(floorDiv(b, kSectorBytes));
      lines.insert(floorDiv(b, kLineBytes));
      bytes.insert(b);
    }
  }
  RequestCost cost;
  cost.sectors = static_cast<int>(sectors.size());
  cost.lines = static_cast<int>(lines.size());
  cost.usefulBytes = static_cast<long long>(bytes.size());
  return cost;
}

LaneAddresses stridedLanes(long long baseBytes, long long strideBytes) {
  LaneAddresses lanes;
  for (int l = 0; l < kWarpSize; ++l)
    lanes[l] = baseBytes + l * strideBytes;
  return lanes;
}

} // namespace bench
