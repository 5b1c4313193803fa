//===- FindingsTest.cpp - check globs, NOLINT, classification ---------------===//

#include "Findings/CheckFilter.h"
#include "Findings/CheckRegistry.h"
#include "Findings/Classifier.h"
#include "Findings/Suppression.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

CheckFilter filter(const char *Spec) {
  auto F = CheckFilter::parse(Spec);
  EXPECT_TRUE(bool(F)) << llvm::toString(F.takeError());
  return std::move(*F);
}

TEST(CheckFilter, LastMatchingGlobDecides) {
  CheckFilter F = filter(defaultChecksSpec().c_str());
  EXPECT_TRUE(F.isEnabled("coalescing-strided"));
  EXPECT_TRUE(F.isEnabled("coalescing-aos"));
  EXPECT_FALSE(F.isEnabled("coalescing-gather"));

  CheckFilter G = filter("coalescing-*,-coalescing-gather,-*,coalescing-aos");
  EXPECT_TRUE(G.isEnabled("coalescing-aos"));
  EXPECT_FALSE(G.isEnabled("coalescing-strided"));
}

TEST(CheckFilter, RejectsMalformedGlobs) {
  EXPECT_FALSE(bool(CheckFilter::parse("coalescing-(")));
  llvm::consumeError(CheckFilter::parse("coalescing-(").takeError());
  EXPECT_TRUE(bool(CheckFilter::parse(" coalescing-aos , -coalescing-* ")));
}

TEST(Suppression, NolintForms) {
  EXPECT_TRUE(isSuppressed("coalescing-aos", "x = p[i].x; // NOLINT", ""));
  EXPECT_TRUE(isSuppressed("coalescing-aos", "x; // NOLINT(coalescing-aos)", ""));
  EXPECT_TRUE(isSuppressed("coalescing-aos", "x; // NOLINT(foo, coalescing-*)", ""));
  EXPECT_FALSE(isSuppressed("coalescing-aos", "x; // NOLINT(coalescing-strided)", ""));
  EXPECT_TRUE(isSuppressed("coalescing-aos", "x;", "// NOLINTNEXTLINE(coalescing-aos)"));
  EXPECT_TRUE(isSuppressed("coalescing-aos", "x;", "// NOLINTNEXTLINE"));
  // A NOLINTNEXTLINE on the access's own line is about the line below.
  EXPECT_FALSE(isSuppressed("coalescing-aos", "x; // NOLINTNEXTLINE", ""));
  EXPECT_FALSE(isSuppressed("coalescing-aos", "x;", "// NOLINT"));
}

/// An access whose 32 lanes sit Stride bytes apart.
AccessSite site(int64_t Stride, unsigned Elem, int64_t Lane0 = 0) {
  AccessSite S;
  S.Pos = {"k.cu", 3, 5};
  S.ElemBytes = Elem;
  S.Lane0Offset = Lane0;
  S.Address = "p + ...";
  for (int L = 0; L < 32; ++L)
    S.LaneOffsets.push_back(L * Stride);
  return S;
}

FindingsOptions options() {
  FindingsOptions O;
  O.Checks = filter(defaultChecksSpec().c_str());
  return O;
}

TEST(Classify, Categories) {
  EXPECT_EQ(classify(site(4, 4), options()).Cat, Category::Coalesced);
  EXPECT_EQ(classify(site(0, 4), options()).Cat, Category::Uniform);
  EXPECT_EQ(classify(site(4, 4, 4), options()).Cat, Category::Misaligned);
  EXPECT_EQ(classify(site(8, 4), options()).Cat, Category::Strided);

  AccessSite Aos = site(12, 4);
  Aos.StructBytes = 12;
  Aos.StructName = "P";
  Aos.MemberName = "x";
  EXPECT_EQ(classify(Aos, options()).Cat, Category::AoS);

  AccessSite Chunk = site(128, 4);
  Chunk.IterationStepBytes = 4;
  Chunk.SplitRange = true;
  Finding C = classify(Chunk, options());
  EXPECT_EQ(C.Cat, Category::Chunked);
  EXPECT_FALSE(C.L1Recovers);
  Chunk = site(16, 4);
  Chunk.IterationStepBytes = 4;
  Chunk.SplitRange = true;
  EXPECT_TRUE(classify(Chunk, options()).L1Recovers);
  // A thread walking its own row (a reduction over k) is chunked too, but
  // the fix is the thread mapping, not a grid-stride loop.
  EXPECT_NE(classify(Chunk, options()).Notes.back().find("grid-stride"),
            std::string::npos);
  Chunk.SplitRange = false;
  Finding Row = classify(Chunk, options());
  EXPECT_EQ(Row.Cat, Category::Chunked);
  EXPECT_NE(Row.Notes.back().find("share each row"), std::string::npos);

  AccessSite Gather;
  Gather.ElemBytes = 4;
  Gather.UnknownReason = "depends on 'idx[i]', loaded from memory";
  Gather.DependsOnLoad = true;
  Finding G = classify(Gather, options());
  EXPECT_EQ(G.Cat, Category::Gather);
  EXPECT_FALSE(G.Flagged); // off by default
  Gather.DependsOnLoad = false;
  EXPECT_EQ(classify(Gather, options()).Cat, Category::Unknown);
}

TEST(Classify, FlaggingFollowsChecksThresholdAndNolint) {
  Finding F = classify(site(8, 4), options());
  EXPECT_TRUE(F.Flagged);
  EXPECT_EQ(F.Check, "coalescing-strided");
  EXPECT_EQ(F.Message, "strided load: lanes are 8 bytes apart; 8 sectors per "
                       "request where 4 would do (50% of fetched bytes used)");

  FindingsOptions Strict = options();
  Strict.MinEfficiency = 0.4;
  EXPECT_FALSE(classify(site(8, 4), Strict).Flagged);
  EXPECT_TRUE(classify(site(32, 4), Strict).Flagged);

  AccessSite Quiet = site(8, 4);
  Quiet.SourceLine = "a[2*i] = 0; // NOLINT(coalescing-strided)";
  EXPECT_FALSE(classify(Quiet, options()).Flagged);
  // The misaligned note is never a warning.
  EXPECT_FALSE(classify(site(4, 4, 4), options()).Flagged);
}

TEST(Report, SortsAndDropsExactDuplicates) {
  AccessSite A = site(4, 4), B = site(8, 4), C = site(4, 4);
  A.Pos.Line = 9;
  B.Pos.Line = 2;
  C.Pos.Line = 9;
  Report R = buildReport({A, B, C}, 1, 1, options());
  ASSERT_EQ(R.Findings.size(), 2u);
  EXPECT_EQ(R.Findings[0].Site.Pos.Line, 2u);
  EXPECT_EQ(R.Findings[1].Site.Pos.Line, 9u);
}

} // namespace
