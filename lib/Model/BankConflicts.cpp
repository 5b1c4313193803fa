//===- BankConflicts.cpp --------------------------------------------------===//

#include "Model/BankConflicts.h"

#include <map>
#include <set>

namespace coalesce {

namespace {

int64_t floorDiv(int64_t A, int64_t B) {
  return A / B - ((A % B != 0) && ((A < 0) != (B < 0)));
}

/// One instruction of Bytes bytes per lane (1 to 4, 8 or 16).
BankCost predictOne(llvm::ArrayRef<std::optional<int64_t>> LaneAddrs,
                    SharedOp Op, unsigned Bytes, const GpuTarget &GPU) {
  const bool Atomic = Op == SharedOp::Atomic;
  BankCost C;
  const int64_t Word = GPU.BankBytes;
  const unsigned Banks = GPU.SharedBanks;
  unsigned WordsPerLane = Bytes > Word ? Bytes / Word : 1;
  C.LanesPerPhase = std::max(1u, GPU.WarpSize / WordsPerLane);
  C.LaneBanks.resize(LaneAddrs.size());
  // Each phase's wavefronts (0: no lane on), and the address its lanes
  // read when they read one.
  std::vector<unsigned> PhaseWavefronts;
  std::vector<std::optional<int64_t>> PhaseAddress;
  std::optional<int64_t> First;
  bool Same = true;
  for (size_t P = 0; P < LaneAddrs.size(); P += C.LanesPerPhase) {
    // A word is keyed by its address and, for an atomic, by its lane: lanes
    // updating one word take turns instead of sharing it.
    std::map<unsigned, std::set<std::pair<int64_t, size_t>>> WordsOfBank;
    std::map<unsigned, std::vector<unsigned>> LanesOfBank;
    std::set<int64_t> Words;
    std::set<int64_t> Addresses;
    PhaseWavefronts.push_back(0);
    PhaseAddress.push_back(std::nullopt);
    for (size_t L = P; L < std::min(LaneAddrs.size(), P + C.LanesPerPhase);
         ++L) {
      if (!LaneAddrs[L])
        continue;
      int64_t A = *LaneAddrs[L];
      ++C.ActiveLanes;
      if (First && *First != A)
        Same = false;
      First = First.value_or(A);
      Addresses.insert(A);
      int64_t W0 = floorDiv(A, Word);
      C.LaneBanks[L] = unsigned(((W0 % Banks) + Banks) % Banks);
      for (unsigned I = 0; I < WordsPerLane; ++I) {
        int64_t W = W0 + I;
        unsigned Bank = unsigned(((W % Banks) + Banks) % Banks);
        if (WordsOfBank[Bank].insert({W, Atomic ? L : 0}).second || I == 0)
          LanesOfBank[Bank].push_back(unsigned(L));
        Words.insert(W);
      }
    }
    if (Words.empty())
      continue;
    unsigned Most = 0;
    for (const auto &[Bank, Set] : WordsOfBank)
      if (Set.size() > Most) {
        Most = unsigned(Set.size());
        if (Most > C.ConflictWays || C.WorstLanes.empty()) {
          C.WorstBank = Bank;
          C.WorstLanes = LanesOfBank[Bank];
        }
      }
    C.ConflictWays = std::max(C.ConflictWays, Most);
    C.Wavefronts += Most;
    C.IdealWavefronts += unsigned((Words.size() + Banks - 1) / Banks);
    PhaseWavefronts.back() = Most;
    if (Addresses.size() == 1)
      PhaseAddress.back() = *Addresses.begin();
  }
  // A 64-bit load whose warp reads one address, and a 128-bit load whose
  // half-warp does, is served at once: the two phases that would take the
  // lanes in turn take one wavefront together (uniform LDS.64 1 and LDS.128
  // 2 a full warp, 27 and 22 instructions of cuda-samples, Parboil and
  // SHOC on the H200; globalToShmemAsyncCopy's As[j][ty][k], one row a
  // half-warp, 2). Lanes that share words but not one address keep the
  // phases (llm.c's matmul_forward reads the same 8 chunks of a row in
  // lanes 0-7 and 8-15: LDS.128 at 4 on the H100); so do stores.
  if (Op == SharedOp::Load && WordsPerLane > 1)
    for (size_t P = 0; P + 1 < PhaseWavefronts.size(); P += 2) {
      // Both phases on, all their lanes on the same address.
      if (PhaseAddress[P] && PhaseAddress[P] == PhaseAddress[P + 1]) {
        unsigned Both = PhaseWavefronts[P] + PhaseWavefronts[P + 1];
        C.Wavefronts -= Both - 1;
        C.IdealWavefronts -= Both - 1;
      }
    }
  // A lane that touches the bank twice (or two lanes on one word) is
  // listed once.
  std::set<unsigned> Unique(C.WorstLanes.begin(), C.WorstLanes.end());
  C.WorstLanes.assign(Unique.begin(), Unique.end());
  C.Uniform = C.ActiveLanes > 1 && Same && !Atomic;
  return C;
}

} // namespace

BankCost predictBanks(llvm::ArrayRef<std::optional<int64_t>> LaneAddrs,
                      unsigned AccessBytes, const GpuTarget &GPU,
                      SharedOp Op) {
  if (AccessBytes <= GPU.BankBytes || AccessBytes == 2 * GPU.BankBytes ||
      AccessBytes == 4 * GPU.BankBytes)
    return predictOne(LaneAddrs, Op, AccessBytes, GPU);
  // Pieces of one word each, one instruction per piece. Piece k is piece 0
  // moved by k words: every lane's word index grows by k, so every bank
  // turns by k and the conflicts are piece 0's. One piece is the answer,
  // however wide the access (no enumeration of a struct's words).
  return predictOne(LaneAddrs, Op, GPU.BankBytes, GPU);
}

BankCost compareAndSwap(BankCost Pattern) {
  Pattern.Wavefronts *= 2;
  Pattern.IdealWavefronts *= 2;
  return Pattern;
}

} // namespace coalesce
