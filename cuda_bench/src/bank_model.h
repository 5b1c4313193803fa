// The shared-memory bank model the bench states next to each replayed shared access. The bench's own copy
// of the rule in docs/checks/shared-bank-conflict.md (the bench must not link the analyzer): 32 banks of
// 4 bytes, bank = (byte address / 4) mod 32; a request costs, per phase, the most distinct words one bank
// serves, summed over the phases; 8-byte accesses are served 16 lanes a phase and 16-byte ones 8 lanes.
#pragma once

#include "sector_model.h"

namespace bench {

constexpr long long kBankBytes = 4;
constexpr int kBanks = 32;
// Bytes after which the bank pattern repeats: lane 0's offset modulo this decides every lane's bank.
constexpr long long kBankRowBytes = kBankBytes * kBanks;

struct BankCost {
  int wavefronts = 0;      // summed over the phases
  int idealWavefronts = 0; // one per phase with active lanes (more if a phase needs more words than banks)
  int conflictWays = 1;    // the most distinct words one bank serves in one phase
};

// One shared-memory instruction of elemBytes (1, 2, 4, 8 or 16) bytes per active lane.
BankCost bankCost(const LaneAddresses &lanes, int elemBytes);

} // namespace bench
