// Which iterations of a loop the whole-launch sample evaluates
// (WarpEvaluator::iterationsToSample).
#include "Analysis/WarpEvaluator.h"

#include <gtest/gtest.h>

using coalesce::WarpEvaluator;
using Its = std::vector<unsigned>;

TEST(SampledIterations, UnknownCountTakesTheFirstFourOrAPeriod) {
  EXPECT_EQ(WarpEvaluator::iterationsToSample(64, 1, std::nullopt),
            (Its{0, 1, 2, 3}));
  // Rows 4 bytes apart come back to their places in a sector after 8.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(64, 8, std::nullopt),
            (Its{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(WarpEvaluator::iterationsToSample(2, 8, std::nullopt),
            (Its{0, 1}));
}

TEST(SampledIterations, NeverBeyondTheLoop) {
  EXPECT_EQ(WarpEvaluator::iterationsToSample(64, 8, 2), (Its{0, 1}));
  EXPECT_EQ(WarpEvaluator::iterationsToSample(64, 1, 0), (Its{0}));
  EXPECT_EQ(WarpEvaluator::iterationsToSample(64, 1, 16).size(), 16u);
}

TEST(SampledIterations, ALongLoopIsSampledAcrossItsLength) {
  // One iteration in the middle of each quarter of 20.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(4, 1, 20),
            (Its{2, 7, 12, 17}));
  // Two runs of a period of 4, in the middle of each half of 100.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(8, 4, 100),
            (Its{23, 24, 25, 26, 73, 74, 75, 76}));
  // A loop of billions is sampled as one of 2^20.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(2, 1, int64_t(1) << 40),
            (Its{1u << 18, 3u << 18}));
  // Runs that would overlap follow one another.
  Its Close = WarpEvaluator::iterationsToSample(8, 4, 9);
  EXPECT_EQ(Close, (Its{0, 1, 2, 3, 4, 5, 6, 7}));
}
