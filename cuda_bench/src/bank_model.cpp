#include "bank_model.h"

#include <algorithm>
#include <map>
#include <set>

namespace bench {

namespace {
long long floorDiv(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
} // namespace

BankCost bankCost(const LaneAddresses &lanes, int elemBytes) {
  const int wordsPerLane = static_cast<int>(std::max(1ll, elemBytes / kBankBytes));
  const int lanesPerPhase = kWarpSize / wordsPerLane;
  BankCost cost;
  for (int phase = 0; phase < kWarpSize; phase += lanesPerPhase) {
    std::map<long long, std::set<long long>> wordsOfBank;
    std::set<long long> words;
    for (int l = phase; l < phase + lanesPerPhase; ++l) {
      if (!lanes[l])
        continue;
      const long long first = floorDiv(*lanes[l], kBankBytes);
      for (long long w = first; w < first + wordsPerLane; ++w) {
        wordsOfBank[((w % kBanks) + kBanks) % kBanks].insert(w);
        words.insert(w);
      }
    }
    if (words.empty())
      continue;
    int most = 0;
    for (const auto &bank : wordsOfBank)
      most = std::max(most, static_cast<int>(bank.second.size()));
    cost.wavefronts += most;
    cost.conflictWays = std::max(cost.conflictWays, most);
    cost.idealWavefronts += static_cast<int>((words.size() + kBanks - 1) / kBanks);
  }
  return cost;
}

} // namespace bench
