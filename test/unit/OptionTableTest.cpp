//===- OptionTableTest.cpp - one table, one message -----------------------===//

#include "Options/OptionTable.h"
#include "Findings/CheckRegistry.h"
#include "Grade/Rubric.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace coalesce;

namespace {

std::string refusal(OptionId Id, llvm::StringRef Text) {
  llvm::Expected<OptionValue> V = parseOption(optionSpec(Id), Text);
  if (V)
    return "";
  return llvm::toString(V.takeError());
}

} // namespace

TEST(OptionTable, RowsAreFoundByTheirName) {
  for (const OptionSpec &S : OptionTable)
    EXPECT_EQ(findOption(S.Name), &S);
  EXPECT_EQ(findOption("MinEfficency"), nullptr);
  EXPECT_EQ(optionSpec(OptionId::BlockDim).Flag, llvm::StringRef("block-dim"));
}

TEST(OptionTable, EveryCheckOptionIsARow) {
  // A per-check option is validated by the row of its name: a check cannot
  // declare one the table does not know.
  for (const auto &C : allChecks())
    for (const CheckOption &O : C->info().Options) {
      const OptionSpec *Spec = findOption(O.Name);
      ASSERT_NE(Spec, nullptr) << C->name().str() << "." << O.Name;
      EXPECT_EQ(llvm::StringRef(O.Default), Spec->Default);
    }
}

TEST(OptionTable, FractionsFromZeroToOne) {
  for (const char *Good : {"0", "1", "0.5", " 0.25 "})
    EXPECT_EQ(refusal(OptionId::MinEfficiency, Good), "") << Good;
  for (const char *Bad : {"nan", "-1", "2", "", "off", "0.5junk", "inf"})
    EXPECT_EQ(refusal(OptionId::MinEfficiency, Bad),
              "invalid MinEfficiency '" + std::string(Bad) +
                  "': not a number from 0 to 1");
  // The rubric reads a number; its refusal reads the same.
  llvm::Error E = checkFraction(optionSpec(OptionId::MinEfficiency), NAN);
  EXPECT_EQ(llvm::toString(std::move(E)),
            refusal(OptionId::MinEfficiency, "nan"));
  EXPECT_FALSE(bool(checkFraction(optionSpec(OptionId::MinEfficiency), 0.5)));
}

TEST(OptionTable, BlockShapesCudaAllows) {
  llvm::Expected<OptionValue> V =
      parseOption(optionSpec(OptionId::BlockDim), "16,8");
  ASSERT_TRUE(bool(V));
  EXPECT_EQ(V->Block, (std::array<unsigned, 3>{16, 8, 1}));
  EXPECT_EQ(refusal(OptionId::BlockDim, "32,32"), "");
  EXPECT_EQ(refusal(OptionId::BlockDim, "32,32,32"),
            "invalid BlockDim '32,32,32': a block has at most 1024 threads, "
            "not 32768");
  EXPECT_EQ(refusal(OptionId::BlockDim, "1,1,128"),
            "invalid BlockDim '1,1,128': a block's z dimension is at most 64");
  EXPECT_EQ(refusal(OptionId::BlockDim, "1,2,3,4"),
            "invalid BlockDim '1,2,3,4': takes X[,Y[,Z]]");
  EXPECT_EQ(refusal(OptionId::BlockDim, "32,0"),
            "invalid BlockDim '32,0': '0' is not a block size");
}

TEST(OptionTable, Assumptions) {
  llvm::Expected<OptionValue> V =
      parseOption(optionSpec(OptionId::Assume), "n=4096, width=0x40");
  ASSERT_TRUE(bool(V));
  EXPECT_EQ(V->Assume.at("n"), 4096);
  EXPECT_EQ(V->Assume.at("width"), 64);
  EXPECT_EQ(
      refusal(OptionId::Assume, "n=4096,height"),
      "invalid Assume 'n=4096,height': expected name=value, got 'height'");
}

TEST(OptionTable, TheRubricRefusesWhatTheAnalyzerWould) {
  auto Error = [](const char *Text) {
    llvm::Expected<grade::Rubric> R = grade::parseRubric(Text, "r.yaml");
    return R ? std::string() : llvm::toString(R.takeError());
  };
  EXPECT_EQ(Error("assignment: a\nkernels:\n  - name: k\n    points: 1\n"
                  "    min_efficiency: 2\n"),
            "rubric r.yaml: kernel 'k': invalid MinEfficiency '2': not a "
            "number from 0 to 1 (min_efficiency)");
  EXPECT_EQ(Error("assignment: a\nkernels:\n  - name: k\n    points: 1\n"
                  "analyzer_args: ['--block-dim=32,32,32']\n"),
            "rubric r.yaml: invalid BlockDim '32,32,32': a block has at most "
            "1024 threads, not 32768 (analyzer_args: --block-dim=32,32,32)");
  EXPECT_EQ(Error("assignment: a\nkernels:\n  - name: k\n    points: 1\n"
                  "    min_efficiency: 0.5\n"
                  "analyzer_args: ['--block-dim=32,32', '--assume=n=8']\n"),
            "");
}
