// Which iterations of a loop the whole-launch sample evaluates
// (WarpEvaluator::iterationsToSample).
#include "Analysis/WarpEvaluator.h"

#include <gtest/gtest.h>

#include <set>

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
  // One iteration in each fifth of 20, the k-th moved back to the one
  // congruent to 25k modulo 4 (a share is 5 long): 0, 1, 2, 3.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(4, 1, 20),
            (Its{0, 5, 10, 15}));
  // Spread over 100 and over the residues alike: the k-th is the one
  // congruent to 25k = k modulo 8 at or before the middle of the k-th
  // eighth, so residues 0 to 3 modulo the period 4 come twice each.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(8, 4, 100),
            (Its{0, 17, 26, 43, 52, 61, 78, 87}));
  // Evenly spaced samples of a long loop do not share one phase modulo 32
  // (a triangular loop's lanes leave one an iteration).
  Its Long = WarpEvaluator::iterationsToSample(8, 1, 1023);
  std::set<unsigned> Phases;
  for (unsigned I : Long)
    Phases.insert(I % 32);
  EXPECT_EQ(Phases.size(), 8u);
  // A loop of billions is sampled as one of 2^20.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(2, 1, int64_t(1) << 40),
            (Its{1u << 18, (3u << 18) - 7}));
  // Iterations that would collide follow one another.
  EXPECT_EQ(WarpEvaluator::iterationsToSample(8, 4, 9),
            (Its{0, 1, 2, 3, 4, 5, 6, 7}));
}

