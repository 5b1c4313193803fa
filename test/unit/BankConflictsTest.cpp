//===- BankConflictsTest.cpp - the shared-memory bank model ---------------===//
//
// The wavefront counts are the ones Nsight Compute measured on an H200
// (docs/bench/h200-bank.md).
//
//===----------------------------------------------------------------------===//

#include "Model/BankConflicts.h"

#include "gtest/gtest.h"

#include <optional>
#include <vector>

using namespace coalesce;

namespace {

using Lanes = std::vector<std::optional<int64_t>>;

Lanes strided(int64_t Base, int64_t StrideBytes, unsigned NumActive = 32) {
  Lanes L;
  for (unsigned I = 0; I != NumActive; ++I)
    L.push_back(Base + int64_t(I) * StrideBytes);
  return L;
}

TEST(BankConflicts, ConsecutiveFloatsTakeOneWavefront) {
  BankCost C = predictBanks(strided(0, 4), 4);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
  EXPECT_EQ(C.ConflictWays, 1u);
  EXPECT_EQ(C.ActiveLanes, 32u);
  EXPECT_FALSE(C.Uniform);
}

TEST(BankConflicts, ColumnOfA32By32TileIs32Way) {
  BankCost C = predictBanks(strided(0, 32 * 4), 4);
  EXPECT_EQ(C.Wavefronts, 32u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
  EXPECT_EQ(C.ConflictWays, 32u);
  EXPECT_EQ(C.WorstBank, 0u);
  EXPECT_EQ(C.WorstLanes.size(), 32u);
  // Column 5 of the same tile: every lane in bank 5.
  EXPECT_EQ(predictBanks(strided(20, 128), 4).WorstBank, 5u);
}

TEST(BankConflicts, PaddingARowByOneWordRemovesTheConflict) {
  EXPECT_EQ(predictBanks(strided(0, 33 * 4), 4).Wavefronts, 1u);
}

TEST(BankConflicts, StridesCostTheirCommonFactorWith32) {
  EXPECT_EQ(predictBanks(strided(0, 2 * 4), 4).Wavefronts, 2u);
  EXPECT_EQ(predictBanks(strided(0, 3 * 4), 4).Wavefronts, 1u);
  EXPECT_EQ(predictBanks(strided(0, 4 * 4), 4).Wavefronts, 4u);
  EXPECT_EQ(predictBanks(strided(0, 8 * 4), 4).Wavefronts, 8u);
  BankCost Two = predictBanks(strided(0, 2 * 4), 4);
  EXPECT_EQ(Two.WorstLanes, (std::vector<unsigned>{0, 16}));
}

TEST(BankConflicts, ABroadcastIsFree) {
  BankCost C = predictBanks(strided(64, 0), 4);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_TRUE(C.Uniform);
  // Two lanes per word, 16 words in 16 banks: no conflict either.
  Lanes Pairs;
  for (int64_t L = 0; L < 32; ++L)
    Pairs.push_back((L / 2) * 4);
  EXPECT_EQ(predictBanks(Pairs, 4).Wavefronts, 1u);
}

TEST(BankConflicts, XorSwizzledColumnIsConflictFree) {
  Lanes L;
  for (int64_t Lane = 0; Lane < 32; ++Lane)
    L.push_back((Lane * 32 + (3 ^ Lane)) * 4);
  EXPECT_EQ(predictBanks(L, 4).Wavefronts, 1u);
}

TEST(BankConflicts, WideAccessesAreServedInPhases) {
  BankCost D = predictBanks(strided(0, 8), 8);
  EXPECT_EQ(D.LanesPerPhase, 16u);
  EXPECT_EQ(D.Wavefronts, 2u);
  EXPECT_EQ(D.IdealWavefronts, 2u);
  EXPECT_EQ(D.ConflictWays, 1u);
  EXPECT_EQ(predictBanks(strided(0, 16), 8).Wavefronts, 4u);
  BankCost V = predictBanks(strided(0, 16), 16);
  EXPECT_EQ(V.LanesPerPhase, 8u);
  EXPECT_EQ(V.Wavefronts, 4u);
  EXPECT_EQ(V.IdealWavefronts, 4u);
  EXPECT_EQ(predictBanks(strided(0, 32), 16).Wavefronts, 8u);
}

TEST(BankConflicts, OddSizesAreCopiedAWordAtATime) {
  // float3: three 4-byte loads 12 bytes apart, an odd number of words.
  BankCost C = predictBanks(strided(0, 12), 12);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
}

TEST(BankConflicts, InactiveLanesAndNegativeAddresses) {
  Lanes L = strided(-4096, 128, 8);
  L.resize(32);
  BankCost C = predictBanks(L, 4);
  EXPECT_EQ(C.ActiveLanes, 8u);
  EXPECT_EQ(C.Wavefronts, 8u);
  EXPECT_FALSE(C.LaneBanks[8].has_value());
  EXPECT_EQ(predictBanks(Lanes(32), 4).Wavefronts, 0u);
}

} // namespace

TEST(BankConflicts, AtomicsOnOneWordTakeTurns) {
  // Measured on the H200 (docs/bench/h200-bank-replay.md): 32 lanes'
  // atomicAdd on one shared counter take 32 wavefronts; a load of it is a
  // broadcast.
  BankCost Load = predictBanks(strided(64, 0), 4);
  EXPECT_TRUE(Load.Uniform);
  EXPECT_EQ(Load.Wavefronts, 1u);
  BankCost Atomic = predictBanks(strided(64, 0), 4, GpuTarget(), SharedOp::Atomic);
  EXPECT_FALSE(Atomic.Uniform);
  EXPECT_EQ(Atomic.Wavefronts, 32u);
  EXPECT_EQ(Atomic.IdealWavefronts, 1u);
  EXPECT_EQ(Atomic.ConflictWays, 32u);
  // Consecutive counters: one wavefront, atomic or not.
  EXPECT_EQ(predictBanks(strided(0, 4), 4, GpuTarget(), SharedOp::Atomic).Wavefronts, 1u);
  // Two lanes per counter, 16 counters: two turns.
  Lanes Pairs;
  for (int64_t L = 0; L < 32; ++L)
    Pairs.push_back(4 * (L / 2));
  EXPECT_EQ(predictBanks(Pairs, 4, GpuTarget(), SharedOp::Atomic).Wavefronts, 2u);
}

TEST(BankConflicts, AWideLoadOfOneAddressIsServedWhole) {
  // Measured on the H200 (cuda-samples, Parboil, SHOC; docs/analysis.md):
  // every lane on one address, LDS.64 1 wavefront, LDS.128 2, STS.64 2.
  BankCost Load8 = predictBanks(strided(8, 0), 8, GpuTarget(), SharedOp::Load);
  EXPECT_EQ(Load8.Wavefronts, 1u);
  EXPECT_EQ(Load8.IdealWavefronts, 1u);
  EXPECT_TRUE(Load8.Uniform);
  BankCost Load16 =
      predictBanks(strided(16, 0), 16, GpuTarget(), SharedOp::Load);
  EXPECT_EQ(Load16.Wavefronts, 2u);
  EXPECT_EQ(Load16.IdealWavefronts, 2u);
  EXPECT_EQ(predictBanks(strided(8, 0), 8).Wavefronts, 2u);
  EXPECT_EQ(predictBanks(strided(16, 0), 16).Wavefronts, 4u);
  // Lanes of one half-warp only: one wavefront either way.
  Lanes Half(32);
  for (int64_t L = 0; L < 16; ++L)
    Half[L] = 48;
  EXPECT_EQ(predictBanks(Half, 16, GpuTarget(), SharedOp::Load).Wavefronts,
            1u);
  // Contiguous lanes: 256 bytes a half-warp, 2 wavefronts each.
  EXPECT_EQ(predictBanks(strided(0, 8), 8, GpuTarget(), SharedOp::Load)
                .Wavefronts,
            2u);
  EXPECT_EQ(predictBanks(strided(0, 16), 16, GpuTarget(), SharedOp::Load)
                .Wavefronts,
            4u);
}

TEST(BankConflicts, AHalfWarpOnOneAddressIsServedAtOnce) {
  // One address per half-warp (globalToShmemAsyncCopy's As[j][ty][k]
  // under 16x16 blocks, LDS.128: 2 wavefronts on the H200), where
  // quarter-warp phases would take 4; a store keeps them.
  Lanes Rows(32);
  for (int64_t L = 0; L < 32; ++L)
    Rows[L] = L < 16 ? 0 : 64;
  EXPECT_EQ(predictBanks(Rows, 16, GpuTarget(), SharedOp::Load).Wavefronts,
            2u);
  EXPECT_EQ(predictBanks(Rows, 16, GpuTarget(), SharedOp::Store).Wavefronts,
            4u);
  // Lanes 0-7 and 8-15 on the same eight 16-byte chunks of a row, not one
  // address: the quarter-warps take turns (llm.c's matmul_forward, LDS.128
  // at 4 on the H100), and so does a wmma tile's ldmatrix.
  Lanes Chunks(32);
  for (int64_t L = 0; L < 32; ++L)
    Chunks[L] = (L % 8) * 16 + (L / 16) * 1024;
  EXPECT_EQ(predictBanks(Chunks, 16, GpuTarget(), SharedOp::Load).Wavefronts,
            4u);
  EXPECT_EQ(predictBanks(Rows, 16, GpuTarget(), SharedOp::MatrixLoad)
                .Wavefronts,
            4u);
  // Every lane its own row of 64 bytes: a quarter-warp's even lanes in
  // banks 0 to 3, its odd ones in 16 to 19, 4 words a bank.
  BankCost Own = predictBanks(strided(0, 64), 16, GpuTarget(), SharedOp::Load);
  EXPECT_EQ(Own.Wavefronts, 16u);
  EXPECT_EQ(Own.ConflictWays, 4u);
}

TEST(BankConflicts, CompareAndSwapLoopsTakeTwiceThePattern) {
  // Measured on the H100 (cuda_bench/probes/steps44.manifest): a
  // conflict-free float add 2 per request, a double 4, every lane on one
  // word 32 attempts of 2; never flagged for being a loop alone.
  BankCost Float =
      compareAndSwap(predictBanks(strided(0, 4), 4, GpuTarget(), SharedOp::Atomic));
  EXPECT_EQ(Float.Wavefronts, 2u);
  EXPECT_EQ(Float.IdealWavefronts, 2u);
  BankCost Double =
      compareAndSwap(predictBanks(strided(0, 8), 8, GpuTarget(), SharedOp::Atomic));
  EXPECT_EQ(Double.Wavefronts, 4u);
  EXPECT_EQ(Double.IdealWavefronts, 4u);
  BankCost OneWord =
      compareAndSwap(predictBanks(strided(64, 0), 4, GpuTarget(), SharedOp::Atomic));
  EXPECT_EQ(OneWord.Wavefronts, 64u);
  EXPECT_EQ(OneWord.IdealWavefronts, 2u);
  EXPECT_EQ(OneWord.ConflictWays, 32u);
}
