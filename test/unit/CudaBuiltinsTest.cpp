//===- CudaBuiltinsTest.cpp - the table of CUDA names the interpreter knows ===//
//
// CudaBuiltins.def is the one place a builtin is named: these tests pin the
// lookups built from it, so a typo in the table or a dropped scope suffix
// shows here rather than as a silently inlined (or ignored) call.
//
//===----------------------------------------------------------------------===//

#include "Analysis/CudaBuiltins.h"

#include "gtest/gtest.h"

using namespace coalesce;

TEST(CudaBuiltins, FunctionsByKind) {
  EXPECT_EQ(lookupCudaBuiltin("__ldg"), BuiltinKind::CachedLoad);
  EXPECT_EQ(lookupCudaBuiltin("__stcs"), BuiltinKind::CachedStore);
  EXPECT_EQ(lookupCudaBuiltin("atomicAdd"), BuiltinKind::Atomic);
  EXPECT_EQ(lookupCudaBuiltin("tex1Dfetch"), BuiltinKind::TextureFetch1D);
  EXPECT_EQ(lookupCudaBuiltin("umin"), BuiltinKind::IntMin);
  EXPECT_EQ(lookupCudaBuiltin("__mul24"), BuiltinKind::IntMul);
}

TEST(CudaBuiltins, AtomicScopesAreDropped) {
  EXPECT_EQ(lookupCudaBuiltin("atomicCAS_block"), BuiltinKind::Atomic);
  EXPECT_EQ(lookupCudaBuiltin("atomicMax_system"), BuiltinKind::Atomic);
  // Only atomics carry a scope, and only the two the toolkit spells.
  EXPECT_EQ(lookupCudaBuiltin("__ldg_block"), BuiltinKind::None);
  EXPECT_EQ(lookupCudaBuiltin("atomicAdd_grid"), BuiltinKind::None);
  EXPECT_EQ(lookupCudaBuiltin("atomicFoo_block"), BuiltinKind::None);
}

TEST(CudaBuiltins, OtherFunctionsAreNone) {
  EXPECT_EQ(lookupCudaBuiltin(""), BuiltinKind::None);
  EXPECT_EQ(lookupCudaBuiltin("ldg"), BuiltinKind::None);
  EXPECT_EQ(lookupCudaBuiltin("threadIdx"), BuiltinKind::None);
}

TEST(CudaBuiltins, BuiltinVariables) {
  EXPECT_EQ(lookupCudaBuiltinVariable("threadIdx"), BuiltinVariable::ThreadIdx);
  EXPECT_EQ(lookupCudaBuiltinVariable("blockIdx"), BuiltinVariable::BlockIdx);
  EXPECT_EQ(lookupCudaBuiltinVariable("blockDim"), BuiltinVariable::BlockDim);
  EXPECT_EQ(lookupCudaBuiltinVariable("gridDim"), BuiltinVariable::GridDim);
  EXPECT_EQ(lookupCudaBuiltinVariable("warpSize"), std::nullopt);
  EXPECT_EQ(lookupCudaBuiltinVariable("__ldg"), std::nullopt);
}

TEST(CudaBuiltins, BuiltinVariableComponents) {
  EXPECT_EQ(builtinVariableComponent("x"), 0u);
  EXPECT_EQ(builtinVariableComponent("y"), 1u);
  EXPECT_EQ(builtinVariableComponent("z"), 2u);
  EXPECT_EQ(builtinVariableComponent("w"), std::nullopt);
  EXPECT_EQ(builtinVariableComponent("xy"), std::nullopt);
}

TEST(CudaBuiltins, ShufflesByName) {
  EXPECT_EQ(lookupCudaBuiltin("__shfl_sync"), BuiltinKind::Shuffle);
  EXPECT_EQ(lookupCudaBuiltin("__shfl_up_sync"), BuiltinKind::ShuffleUp);
  EXPECT_EQ(lookupCudaBuiltin("__shfl_down_sync"), BuiltinKind::ShuffleDown);
  EXPECT_EQ(lookupCudaBuiltin("__shfl_xor_sync"), BuiltinKind::ShuffleXor);
  // The pre-CUDA 9 forms without a mask are not modelled.
  EXPECT_EQ(lookupCudaBuiltin("__shfl"), BuiltinKind::None);
  EXPECT_EQ(lookupCudaBuiltin("__shfl_sync_block"), BuiltinKind::None);
}

TEST(CudaBuiltins, GroupMethodsByClassAndName) {
  EXPECT_EQ(lookupGroupMethod("thread_block", "thread_rank"),
            GroupQuery::BlockThreadRank);
  EXPECT_EQ(lookupGroupMethod("grid_group", "thread_rank"),
            GroupQuery::GridThreadRank);
  EXPECT_EQ(lookupGroupMethod("grid_group", "block_rank"),
            GroupQuery::GridBlockRank);
  EXPECT_EQ(lookupGroupMethod("thread_block_tile", "meta_group_rank"),
            GroupQuery::TileMetaGroupRank);
  EXPECT_EQ(lookupGroupMethod("thread_block_tile", "shfl_xor"),
            GroupQuery::TileShuffleXor);
  // A method of another group, or a group the table does not model.
  EXPECT_EQ(lookupGroupMethod("thread_block", "meta_group_rank"), std::nullopt);
  EXPECT_EQ(lookupGroupMethod("coalesced_group", "thread_rank"), std::nullopt);
  EXPECT_EQ(lookupGroupMethod("thread_block_tile", "group_index"),
            std::nullopt);
  // dim3 results, read by component.
  EXPECT_EQ(lookupGroupMethod("thread_block", "group_index"),
            GroupQuery::BlockGroupIndex);
  EXPECT_EQ(lookupGroupMethod("grid_group", "dim_blocks"),
            GroupQuery::GridDimBlocks);
}
