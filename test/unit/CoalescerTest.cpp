//===- CoalescerTest.cpp - the warp coalescer model -----------------------===//
//
// The sector counts are the ones in the seed lesson's table and the ones
// Nsight Compute measured on an H200 (docs/analysis.md, "The sector model
// and the table it was built on").
//
//===----------------------------------------------------------------------===//

#include "Model/Coalescer.h"
#include "Model/GpuTarget.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace coalesce;

namespace {

using Lanes = std::vector<std::optional<int64_t>>;

/// Lane L at Base + L * StrideBytes, for the first NumActive lanes.
Lanes strided(int64_t Base, int64_t StrideBytes, unsigned NumActive = 32) {
  Lanes L;
  for (unsigned I = 0; I != NumActive; ++I)
    L.push_back(Base + int64_t(I) * StrideBytes);
  return L;
}

//===- One warp, one pattern ----------------------------------------------===//

struct Pattern {
  const char *Name;
  int64_t Base;
  int64_t LaneStrideBytes;
  unsigned AccessBytes;
  unsigned Sectors;
  double Efficiency;
};

class WarpPattern : public testing::TestWithParam<Pattern> {};

TEST_P(WarpPattern, SectorsAndEfficiency) {
  const Pattern &P = GetParam();
  WarpCost C =
      predictWarp(strided(P.Base, P.LaneStrideBytes), P.AccessBytes);
  EXPECT_EQ(C.ActiveLanes, 32u);
  EXPECT_EQ(C.Sectors, P.Sectors);
  EXPECT_DOUBLE_EQ(C.Efficiency, P.Efficiency);
  EXPECT_FALSE(C.Uniform);
}

std::string patternName(const testing::TestParamInfo<Pattern> &Info) {
  return Info.param.Name;
}

// The seed lesson's table, 4-byte floats.
INSTANTIATE_TEST_SUITE_P(
    SeedTable, WarpPattern,
    testing::Values(
        Pattern{"UnitStrideAligned", 0, 4, 4, 4, 1.0},
        Pattern{"UnitStrideMisalignedBy4Bytes", 4, 4, 4, 5, 0.8},
        Pattern{"Stride2", 0, 8, 4, 8, 0.5},
        Pattern{"Stride8", 0, 32, 4, 32, 0.125},
        Pattern{"Stride32", 0, 128, 4, 32, 0.125},
        Pattern{"CpuChunksOf1024Floats", 0, 1024 * 4, 4, 32, 0.125},
        Pattern{"MisalignedByAWholeSector", 32, 4, 4, 4, 1.0}),
    patternName);

// docs/analysis.md's H200 table: sectors per request measured on an H200.
INSTANTIATE_TEST_SUITE_P(
    H200Table, WarpPattern,
    testing::Values(
        Pattern{"FloatStride1", 0, 4, 4, 4, 1.0},
        Pattern{"FloatStride3", 0, 12, 4, 12, 128.0 / 384},
        Pattern{"FloatStride4", 0, 16, 4, 16, 0.25},
        Pattern{"FloatStride16", 0, 64, 4, 32, 0.125},
        Pattern{"AosOf12ByteStructReadX", 0, 12, 4, 12, 128.0 / 384},
        Pattern{"AosOf24ByteStructReadX", 0, 24, 4, 24, 128.0 / 768},
        Pattern{"DoubleStride1", 0, 8, 8, 8, 1.0},
        Pattern{"DoubleStride2", 0, 16, 8, 16, 0.5},
        Pattern{"DoubleStride4", 0, 32, 8, 32, 0.25},
        Pattern{"Float4Stride1", 0, 16, 16, 16, 1.0},
        Pattern{"Chunked4FloatsPerThread", 0, 16, 4, 16, 0.25},
        Pattern{"Chunked32FloatsPerThread", 0, 128, 4, 32, 0.125},
        Pattern{"Offset4Bytes", 4, 4, 4, 5, 0.8}),
    patternName);

//===- Float stride s: sectors = min(32, 4s), efficiency = max(1/s, 1/8) ---===//
// (useful 128 B over 32*min(32, 4s) fetched; the floor is reached at s = 8
// when every lane owns a sector.)

class FloatStride : public testing::TestWithParam<int> {};

TEST_P(FloatStride, SectorsGrowWithStrideUntilEachLaneOwnsOne) {
  int S = GetParam();
  WarpCost C = predictWarp(strided(0, 4 * S), 4);
  EXPECT_EQ(C.Sectors, unsigned(std::min(32, 4 * S)));
  EXPECT_DOUBLE_EQ(C.Efficiency, std::max(1.0 / S, 0.125));
  EXPECT_EQ(C.IdealSectors, 4u);
}

INSTANTIATE_TEST_SUITE_P(Strides1To64, FloatStride, testing::Range(1, 65));

//===- Special patterns ---------------------------------------------------===//

TEST(Coalescer, BroadcastIsOneSectorAndUniform) {
  WarpCost C = predictWarp(strided(1000, 0), 4);
  EXPECT_EQ(C.Sectors, 1u);
  EXPECT_EQ(C.Lines, 1u);
  EXPECT_EQ(C.UsefulBytes, 4u);
  EXPECT_EQ(C.IdealSectors, 1u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 4.0 / 32);
  EXPECT_TRUE(C.Uniform);
}

TEST(Coalescer, NegativeStrideFromBase124IsFourSectors) {
  WarpCost C = predictWarp(strided(124, -4), 4);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.Lines, 1u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 1.0);
}

TEST(Coalescer, NegativeAddressesUseFloorDivision) {
  // Bytes -4..123: sectors -1..3, lines -1..0.
  WarpCost C = predictWarp(strided(-4, 4), 4);
  EXPECT_EQ(C.Sectors, 5u);
  EXPECT_EQ(C.Lines, 2u);
  // Bytes -128..-1: exactly the four sectors of line -1.
  C = predictWarp(strided(-128, 4), 4);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.Lines, 1u);
}

TEST(Coalescer, PartialWarpOf16LanesIsTwoSectors) {
  Lanes L = strided(0, 4, 16);
  L.resize(32); // lanes 16..31 inactive
  WarpCost C = predictWarp(L, 4);
  EXPECT_EQ(C.ActiveLanes, 16u);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.UsefulBytes, 64u);
  EXPECT_EQ(C.IdealSectors, 2u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 1.0);
}

TEST(Coalescer, InactiveOddLanesLeaveHolesInTheSectors) {
  Lanes L = strided(0, 4);
  for (unsigned I = 1; I < 32; I += 2)
    L[I] = std::nullopt;
  WarpCost C = predictWarp(L, 4);
  EXPECT_EQ(C.ActiveLanes, 16u);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.IdealSectors, 2u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 0.5);
}

TEST(Coalescer, NoActiveLanesCostsNothing) {
  WarpCost C = predictWarp(Lanes(32), 4);
  EXPECT_EQ(C.ActiveLanes, 0u);
  EXPECT_EQ(C.Sectors, 0u);
  EXPECT_EQ(C.Lines, 0u);
  EXPECT_EQ(C.UsefulBytes, 0u);
  EXPECT_EQ(C.IdealSectors, 0u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 1.0);
  EXPECT_FALSE(C.Uniform);
  EXPECT_EQ(predictWarp({}, 4).Sectors, 0u);
}

TEST(Coalescer, Whole48ByteStructPerLaneIsContiguous) {
  WarpCost C = predictWarp(strided(0, 48), 48);
  EXPECT_EQ(C.UsefulBytes, 32u * 48);
  EXPECT_EQ(C.Sectors, 48u);
  EXPECT_EQ(C.IdealSectors, 48u);
  EXPECT_EQ(C.Lines, 12u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 1.0);
}

TEST(Coalescer, PaddedStructLeavesAGapPerLane) {
  // 48 useful bytes in each 64-byte slot: two sectors per lane.
  WarpCost C = predictWarp(strided(0, 64), 48);
  EXPECT_EQ(C.Sectors, 64u);
  EXPECT_EQ(C.IdealSectors, 48u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 0.75);
}

TEST(Coalescer, LargeStructsAreCountedBySectorNotByByte) {
  WarpCost C = predictWarp(strided(16, 1 << 20), 1 << 16);
  EXPECT_EQ(C.UsefulBytes, 32ull << 16);
  EXPECT_EQ(C.Sectors, 32u * ((1u << 16) / 32 + 1)); // misaligned by 16 B
  EXPECT_EQ(C.Lines, 32u * ((1u << 16) / 128 + 1));
}

TEST(Coalescer, OneByteCharsUnitStrideIsOneSector) {
  WarpCost C = predictWarp(strided(0, 1), 1);
  EXPECT_EQ(C.Sectors, 1u);
  EXPECT_EQ(C.UsefulBytes, 32u);
  EXPECT_DOUBLE_EQ(C.Efficiency, 1.0);
}

TEST(Coalescer, OverlappingLanesCountEachByteOnce) {
  // 8-byte reads 4 bytes apart: bytes 0..131.
  WarpCost C = predictWarp(strided(0, 4), 8);
  EXPECT_EQ(C.UsefulBytes, 132u);
  EXPECT_EQ(C.Sectors, 5u);
  EXPECT_EQ(C.IdealSectors, 5u);
}

TEST(Coalescer, LaneSectorsCountRepeatedAddressesAgain) {
  // Two rows of a 16-wide block reading one word each (a halo column):
  // 2 sectors, 8 useful bytes, and 32 lanes' 4 bytes fill 4 sectors
  // packed, so the request fetches no more than its lanes ask for. This
  // is Nsight Compute's ideal: H200, Altis srad, 2.00 sectors measured
  // with 0 excessive.
  Lanes Rows;
  for (int64_t L = 0; L < 32; ++L)
    Rows.push_back(L < 16 ? 0 : 4096);
  WarpCost C = predictWarp(Rows, 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.IdealSectors, 1u);
  EXPECT_EQ(C.LaneSectors, 4u);
  // Distinct lanes: the two ideals agree.
  EXPECT_EQ(predictWarp(strided(0, 8), 4).LaneSectors, 4u);
  EXPECT_EQ(predictWarp(strided(0, 8), 4).IdealSectors, 4u);
  // A few lanes still fill one sector at least, and a wide access more.
  EXPECT_EQ(predictWarp(strided(0, 256, 3), 4).LaneSectors, 1u);
  EXPECT_EQ(predictWarp(strided(0, 16), 16).LaneSectors, 16u);
  EXPECT_EQ(predictWarp(Lanes(32, std::nullopt), 4).LaneSectors, 0u);
  LaunchCost L = summarizeLaunch({C, predictWarp(strided(0, 4, 8), 4)}, {3, 1});
  EXPECT_DOUBLE_EQ(L.LaneSectors, (3 * 4.0 + 1) / 4);
}

TEST(Coalescer, MisalignedRequestNeedsOneMoreSectorThanIdeal) {
  WarpCost C = predictWarp(strided(4, 4), 4);
  EXPECT_EQ(C.Sectors, 5u);
  EXPECT_EQ(C.IdealSectors, 4u);
  EXPECT_EQ(C.Lines, 2u);
}

TEST(Coalescer, LinesPerRequest) {
  EXPECT_EQ(predictWarp(strided(0, 4), 4).Lines, 1u);
  EXPECT_EQ(predictWarp(strided(0, 4 * 32), 4).Lines, 32u);
  EXPECT_EQ(predictWarp(strided(0, 4 * 8), 4).Lines, 8u);
}

TEST(Coalescer, OnlyWarpSizeLanesAreConsidered) {
  WarpCost C = predictWarp(strided(0, 4, 64), 4);
  EXPECT_EQ(C.ActiveLanes, 32u);
  EXPECT_EQ(C.Sectors, 4u);
}

TEST(Coalescer, GpuParametersAreHonoured) {
  GpuParams GPU;
  GPU.WarpSize = 16;
  GPU.SectorBytes = 64;
  GPU.LineBytes = 256;
  WarpCost C = predictWarp(strided(0, 8, 16), 8, GPU);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.Lines, 1u);
  EXPECT_EQ(C.IdealSectors, 2u);
}

} // namespace

TEST(Coalescer, LaunchMeanIsWeightedBySampledRequests) {
  // One aligned warp and seven that start 4 bytes into a sector: blocks of
  // 33 floats, as measured on the H200 (4.88 sectors per request).
  std::vector<std::optional<int64_t>> Aligned, Shifted;
  for (int64_t L = 0; L < 32; ++L) {
    Aligned.push_back(4 * L);
    Shifted.push_back(132 + 4 * L);
  }
  WarpCost A = predictWarp(Aligned, 4), B = predictWarp(Shifted, 4);
  ASSERT_EQ(A.Sectors, 4u);
  ASSERT_EQ(B.Sectors, 5u);
  LaunchCost L = summarizeLaunch({A, B}, {1, 7});
  EXPECT_EQ(L.Requests, 8u);
  EXPECT_DOUBLE_EQ(L.Sectors, 4.875);
  EXPECT_DOUBLE_EQ(L.IdealSectors, 4.0);
  EXPECT_DOUBLE_EQ(L.Efficiency, 8.0 * 128 / (39.0 * 32));
  EXPECT_EQ(L.MinSectors, 4u);
  EXPECT_EQ(L.MaxSectors, 5u);
  EXPECT_TRUE(L.varies());
}

TEST(Coalescer, LaunchOfIdenticalWarpsIsThatWarp) {
  std::vector<std::optional<int64_t>> Strided;
  for (int64_t L = 0; L < 32; ++L)
    Strided.push_back(8 * L);
  WarpCost W = predictWarp(Strided, 4);
  LaunchCost L = summarizeLaunch({W}, {64});
  EXPECT_EQ(L.Requests, 64u);
  EXPECT_DOUBLE_EQ(L.Sectors, W.Sectors);
  EXPECT_DOUBLE_EQ(L.Efficiency, W.Efficiency);
  EXPECT_FALSE(L.varies());
  EXPECT_EQ(summarizeLaunch({}, {}).Requests, 0u);
}

TEST(GpuTarget, EveryKnownArchitectureHasTodaysParameters) {
  for (llvm::StringRef Arch : GpuTarget::knownArchs()) {
    std::optional<GpuTarget> T = GpuTarget::forArch(Arch);
    ASSERT_TRUE(T) << Arch.str();
    EXPECT_EQ(T->WarpSize, 32u);
    EXPECT_EQ(T->SectorBytes, 32u);
    EXPECT_EQ(T->LineBytes, 128u);
    EXPECT_EQ(T->SharedBanks, 32u);
    EXPECT_EQ(T->BankBytes, 4u);
  }
  EXPECT_TRUE(GpuTarget::forArch("sm_50"));
  EXPECT_TRUE(GpuTarget::forArch("sm_100"));
}

TEST(GpuTarget, UnknownArchitecturesAreRefusedNotGuessed) {
  EXPECT_FALSE(GpuTarget::forArch("sm_30"));
  EXPECT_FALSE(GpuTarget::forArch("gfx90a"));
  EXPECT_FALSE(GpuTarget::forArch(""));
}
