//===- BankConflicts.h - the shared-memory bank model -----------*- C++ -*-===//
//
// What the hardware does with one warp-wide shared-memory load or store:
// shared memory has GpuTarget::SharedBanks banks of BankBytes bytes, and
// bank = (byte address / BankBytes) mod SharedBanks. A request costs one
// wavefront per distinct word per bank, maximised over the banks; lanes
// reading the same word share it (broadcast). 64-bit accesses are served a
// half-warp at a time and 128-bit ones a quarter-warp at a time, so their
// ideal is 2 and 4 wavefronts, except a load every lane makes of one address
// (predictBanks). Measured on the H200: docs/bench/h200-bank.md.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_MODEL_BANKCONFLICTS_H
#define CUDA_COALESCE_MODEL_BANKCONFLICTS_H

#include "Model/GpuTarget.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace coalesce {

/// The model's answer for one warp request to shared memory.
struct BankCost {
  unsigned ActiveLanes = 0;
  /// Wavefronts the request takes: the sum over its phases of the most
  /// distinct words one bank serves in that phase.
  unsigned Wavefronts = 0;
  /// The fewest it could take: one per phase that has active lanes (more
  /// when a phase touches more words than there are banks).
  unsigned IdealWavefronts = 0;
  /// The most distinct words one bank serves in one phase; 1: no conflict.
  unsigned ConflictWays = 1;
  /// Lanes served together: 32, 16 for 64-bit and 8 for 128-bit accesses.
  unsigned LanesPerPhase = 32;
  /// Every active lane reads the same address (a broadcast).
  bool Uniform = false;
  /// The bank that serves ConflictWays words, and the lanes that hit it
  /// there (in the first phase where it does), ascending.
  unsigned WorstBank = 0;
  std::vector<unsigned> WorstLanes;
  /// Bank of the first word each lane touches; nullopt for inactive lanes.
  std::vector<std::optional<unsigned>> LaneBanks;
};

/// What a request does to its words.
enum class SharedOp {
  /// Written, or read and written (s[i] += x, taken as its store).
  Store,
  Load,
  /// Lanes that update the same word are not a broadcast: they take a
  /// wavefront each (measured on the H200: 32 lanes' atomicAdd on one shared
  /// counter, 32 wavefronts).
  Atomic,
  /// A wmma tile's load (ldmatrix, LDSM.16.M88.4): eight row addresses a
  /// quarter-warp, never served at once as a load of one address is.
  MatrixLoad,
};

/// Predicts one warp request. LaneAddrs holds one byte address per lane (at
/// most WarpSize; nullopt: inactive); AccessBytes is what each lane reads or
/// writes. 1 to 4, 8 and 16 bytes are one instruction each; any other size
/// (a float3, a struct) is copied in 4-byte pieces, one instruction per
/// piece, and the answer is that of its costliest piece.
/// A 64-bit load whose warp reads one address takes 1 wavefront, and a
/// 128-bit load 1 for each half-warp whose lanes read one address: the
/// phases that would take them in turn are served at once (see
/// predictOne); stores keep their phases (STS.64 of one address: 2).
BankCost predictBanks(llvm::ArrayRef<std::optional<int64_t>> LaneAddrs,
                      unsigned AccessBytes,
                      const GpuTarget &GPU = GpuTarget(),
                      SharedOp Op = SharedOp::Store);

/// The cost of an atomic the compiler makes a compare-and-swap loop (a
/// float or double atomicAdd on shared memory; sm_90 has no shared
/// floating-point add), given Pattern, its lanes' predictBanks as an
/// atomic: twice its wavefronts per request, and no fewer at best. Each
/// attempt (ATOMS.CAST.SPIN) takes 2 per conflict-free wavefront, and lanes
/// that share a bank retry, one attempt per way. Measured on the H100
/// (cuda_bench/probes/steps44.manifest): conflict-free float 2, double 4, a
/// 2-way conflict two attempts of 2, one word 32 attempts of 2; llm.c's
/// atomicAdd(shared + threadIdx.x + k * 32, float) 2, where the pattern
/// alone says 1.
BankCost compareAndSwap(BankCost Pattern);

} // namespace coalesce

#endif
