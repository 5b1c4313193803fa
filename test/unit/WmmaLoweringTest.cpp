//===- WmmaLoweringTest.cpp - the instructions of a wmma load/store -------===//
//
// The lane patterns against the PTX ISA's mma fragment layouts and the
// SASS nvcc 13.0 wrote for cuda-samples' tensor-core GEMMs (sm_90); the
// bank and sector counts they give against the H200 measurements.
//
//===----------------------------------------------------------------------===//

#include "Model/BankConflicts.h"
#include "Model/WmmaLowering.h"

#include "gtest/gtest.h"

#include <optional>
#include <set>
#include <vector>

using namespace coalesce;

namespace {

WmmaLowering lower(llvm::StringRef Name, bool ColMajor, WmmaSpace Space,
                   unsigned Sm = 90) {
  std::optional<WmmaBuiltin> B = parseWmmaBuiltin(Name);
  EXPECT_TRUE(B.has_value()) << Name.str();
  return B ? lowerWmma(*B, ColMajor, Space, Sm) : WmmaLowering();
}

/// The byte address of each lane of the lowering's first instruction, on
/// a tile at Base with lines LdmElems elements apart.
std::vector<std::optional<int64_t>> lanes(const WmmaInstruction &I,
                                          unsigned ElemBytes,
                                          int64_t LdmElems, int64_t Base = 0) {
  std::vector<std::optional<int64_t>> A;
  for (unsigned L = 0; L < 32; ++L)
    A.push_back(Base + (int64_t(I.line(L)) * LdmElems + I.elem(L)) * ElemBytes);
  return A;
}

TEST(WmmaLowering, ParsesTheBuiltinNames) {
  std::optional<WmmaBuiltin> A = parseWmmaBuiltin("__hmma_m16n16k16_ld_a");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Matrix, 'a');
  EXPECT_FALSE(A->Store);
  EXPECT_EQ(A->Type, "f16");
  EXPECT_EQ(A->ElemBytes, 2u);
  EXPECT_EQ(A->K, 16u);
  std::optional<WmmaBuiltin> C = parseWmmaBuiltin("__mma_m16n16k8_st_c_f32");
  ASSERT_TRUE(C);
  EXPECT_TRUE(C->Store);
  EXPECT_EQ(C->Matrix, 'c');
  EXPECT_EQ(C->Type, "f32");
  EXPECT_EQ(C->K, 8u);
  std::optional<WmmaBuiltin> T = parseWmmaBuiltin("__mma_tf32_m16n16k8_ld_b");
  ASSERT_TRUE(T);
  EXPECT_EQ(T->Type, "tf32");
  EXPECT_EQ(T->ElemBytes, 4u);
  EXPECT_EQ(parseWmmaBuiltin("__imma_m16n16k16_ld_a_s8")->Type, "s8");
  EXPECT_EQ(parseWmmaBuiltin("__dmma_m8n8k4_st_c_f64")->Type, "f64");
  EXPECT_FALSE(parseWmmaBuiltin("__hmma_m16n16k16_mma_f32f32"));
  EXPECT_FALSE(parseWmmaBuiltin("__ldg"));
  EXPECT_FALSE(parseWmmaBuiltin("__hmma_m16n16k16_st_a"));
}

TEST(WmmaLowering, HalfTileInSharedMemoryIsOneLdmatrix) {
  WmmaLowering L = lower("__hmma_m16n16k16_ld_a", false, WmmaSpace::Shared);
  ASSERT_EQ(L.Instructions.size(), 1u);
  const WmmaInstruction &I = L.Instructions[0];
  EXPECT_EQ(I.Sass, "LDSM.16.M88.4");
  EXPECT_EQ(I.Bytes, 16u);
  EXPECT_EQ(I.Shifts.size(), 1u);
  // Lanes 0-7 name rows 0-7 (a0a1), 8-15 rows 8-15 (a2a3), 16-31 the same
  // rows 8 elements on (a4..a7).
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    EXPECT_EQ(I.line(Lane), Lane % 16);
    EXPECT_EQ(I.elem(Lane), Lane < 16 ? 0u : 8u);
  }
  // B col_major: lanes 8-15 are the next 8 k of the same 8 columns.
  const WmmaInstruction B =
      lower("__hmma_m16n16k16_ld_b", true, WmmaSpace::Shared).Instructions[0];
  EXPECT_EQ(B.line(9), 1u);
  EXPECT_EQ(B.elem(9), 8u);
  EXPECT_EQ(B.line(17), 9u);
  EXPECT_EQ(B.elem(17), 0u);
  // Read transposed (A col_major): the same 16-byte rows, by ldmatrix.trans.
  EXPECT_EQ(lower("__hmma_m16n16k16_ld_a", true, WmmaSpace::Shared)
                .Instructions[0]
                .Sass,
            "LDSM.16.MT88.4");
}

TEST(WmmaLowering, LdmatrixRowsConflictUnlessPadded) {
  for (llvm::StringRef Name : {"__hmma_m16n16k16_ld_a", "__hmma_m16n16k16_ld_b"})
    for (bool Col : {false, true}) {
      const WmmaInstruction I =
          lower(Name, Col, WmmaSpace::Shared).Instructions[0];
      // 16 halves a row: rows 32 bytes apart, two rows of 8 share banks.
      EXPECT_EQ(predictBanks(lanes(I, 2, 16), 16).Wavefronts, 8u);
      // cudaTensorCoreGemm's 64 + 16 (SKEW_HALF): 160 bytes, measured 8
      // wavefronts (rows 0 and 4 of each matrix 640 bytes apart).
      EXPECT_EQ(predictBanks(lanes(I, 2, 80), 16).Wavefronts, 8u);
      // 24 halves: 48 bytes, the 8 rows in 8 different 16-byte bank groups.
      EXPECT_EQ(predictBanks(lanes(I, 2, 24), 16).Wavefronts, 4u);
      EXPECT_EQ(predictBanks(lanes(I, 2, 72), 16).Wavefronts, 4u);
    }
}

TEST(WmmaLowering, Bf16IsFourWordLoadsAtTheFragmentPlaces) {
  WmmaLowering L = lower("__mma_bf16_m16n16k16_ld_a", false, WmmaSpace::Shared);
  ASSERT_EQ(L.Instructions.size(), 1u);
  const WmmaInstruction &I = L.Instructions[0];
  EXPECT_EQ(I.Sass, "LD.E");
  EXPECT_EQ(I.Bytes, 4u);
  // bf16TensorCoreGemm's SASS: +0, +8 rows (0x900 at 288 bytes a row),
  // +8 elements (0x10), both (0x910).
  std::vector<std::pair<unsigned, unsigned>> Shifts = {{0, 0}, {8, 0}, {0, 8}, {8, 8}};
  EXPECT_EQ(I.Shifts, Shifts);
  EXPECT_EQ(I.line(13), 3u); // g = 13 / 4
  EXPECT_EQ(I.elem(13), 2u); // 2 * (13 % 4)
  // 144 bf16 a row (128 + SKEW_BF16 16): measured 2 wavefronts, ideal 1.
  BankCost C = predictBanks(lanes(I, 2, 144), 4);
  EXPECT_EQ(C.Wavefronts, 2u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
  // Transposed bf16 needs half-word loads: not modelled.
  EXPECT_EQ(lower("__mma_bf16_m16n16k16_ld_a", true, WmmaSpace::Shared).Unknown,
            "wmma m16n16k16 bf16 matrix_a stored col_major: each register "
            "pairs elements of two lines, a lowering not modelled");
}

TEST(WmmaLowering, Tf32RowsOfFourWords) {
  const WmmaInstruction A =
      lower("__mma_tf32_m16n16k8_ld_a", false, WmmaSpace::Shared).Instructions[0];
  EXPECT_EQ(A.line(5), 1u);
  EXPECT_EQ(A.elem(5), 1u);
  // tf32TensorCoreGemm: 64 + 8 (SKEW_FLOAT) floats a row, measured 2
  // wavefronts for A and B.
  EXPECT_EQ(predictBanks(lanes(A, 4, 72), 4).Wavefronts, 2u);
  const WmmaInstruction B =
      lower("__mma_tf32_m16n16k8_ld_b", true, WmmaSpace::Shared).Instructions[0];
  EXPECT_EQ(predictBanks(lanes(B, 4, 72), 4).Wavefronts, 2u);
  // Transposed: lanes walk a line, 8 consecutive words.
  const WmmaInstruction T =
      lower("__mma_tf32_m16n16k8_ld_a", true, WmmaSpace::Shared).Instructions[0];
  EXPECT_EQ(T.line(5), 1u);
  EXPECT_EQ(T.elem(5), 1u);
  EXPECT_EQ(T.line(6), 2u);
  EXPECT_EQ(T.elem(4), 1u);
}

TEST(WmmaLowering, FloatAccumulatorRowPairsAreDoubleWords) {
  WmmaLowering L = lower("__hmma_m16n16k16_ld_c_f32", false, WmmaSpace::Shared);
  const WmmaInstruction &I = L.Instructions[0];
  EXPECT_EQ(I.Sass, "LDS.64");
  EXPECT_EQ(I.Bytes, 8u);
  // bf16TensorCoreGemm's LDS.64: +0, +0x1000 (8 rows of 512 bytes), +0x20
  // (8 floats), +0x1020.
  std::vector<std::pair<unsigned, unsigned>> Shifts = {{0, 0}, {8, 0}, {0, 8}, {8, 8}};
  EXPECT_EQ(I.Shifts, Shifts);
  // 128 floats a row (SHMEM_STRIDE): measured 8 wavefronts, ideal 2.
  BankCost C = predictBanks(lanes(I, 4, 128), 8);
  EXPECT_EQ(C.Wavefronts, 8u);
  EXPECT_EQ(C.IdealWavefronts, 2u);
  // A half-warp is 4 rows of 8 words: padded by 8 floats the rows take
  // banks 0-7, 8-15, 16-23, 24-31; by 4, two rows still overlap.
  EXPECT_EQ(predictBanks(lanes(I, 4, 136), 8).Wavefronts, 2u);
  EXPECT_EQ(predictBanks(lanes(I, 4, 132), 8).Wavefronts, 4u);
  EXPECT_EQ(lower("__hmma_m16n16k16_st_c_f32", false, WmmaSpace::Global)
                .Instructions[0]
                .Sass,
            "STG.E.64");
  EXPECT_EQ(lower("__mma_m16n16k8_st_c_f32", false, WmmaSpace::Shared)
                .Instructions[0]
                .Sass,
            "ST.E.64");
  // col_major: every element alone, 8 words a lane.
  WmmaLowering Col = lower("__hmma_m16n16k16_st_c_f32", true, WmmaSpace::Shared);
  EXPECT_EQ(Col.Instructions[0].Bytes, 4u);
  EXPECT_EQ(Col.Instructions[0].Shifts.size(), 8u);
  EXPECT_EQ(Col.Instructions[0].line(1), 2u);
  EXPECT_EQ(Col.Instructions[0].elem(4), 1u);
}

TEST(WmmaLowering, GlobalHalfTileIsFourWordLoads) {
  WmmaLowering L = lower("__hmma_m16n16k16_ld_a", false, WmmaSpace::Global);
  const WmmaInstruction &I = L.Instructions[0];
  EXPECT_EQ(I.Sass, "LDG.E");
  EXPECT_EQ(I.Bytes, 4u);
  // Each of the 8 rows a lane group reads is 16 bytes of its own sector.
  std::set<int64_t> Sectors;
  for (const std::optional<int64_t> &A : lanes(I, 2, 4096))
    Sectors.insert(*A / 32);
  EXPECT_EQ(Sectors.size(), 8u);
}

TEST(WmmaLowering, UnmodelledTilesSayWhy) {
  EXPECT_EQ(lower("__hmma_m32n8k16_ld_a", false, WmmaSpace::Shared).Unknown,
            "wmma m32n8k16 f16 matrix_a tiles are not modelled");
  EXPECT_EQ(lower("__hmma_m16n16k16_st_c_f16", false, WmmaSpace::Shared).Unknown,
            "wmma m16n16k16 f16 accumulator tiles are not modelled");
  EXPECT_EQ(lower("__imma_m16n16k16_ld_a_s8", false, WmmaSpace::Shared).Unknown,
            "wmma m16n16k16 s8 matrix_a tiles are not modelled");
  EXPECT_EQ(lower("__hmma_m16n16k16_ld_a", false, WmmaSpace::Unknown).Unknown,
            "the wmma tile's memory space is not known");
  EXPECT_EQ(lower("__hmma_m16n16k16_ld_a", false, WmmaSpace::Shared, 70).Unknown,
            "wmma fragment layouts before sm_80 are not modelled");
}

} // namespace
