//===- FindingsTest.cpp - check globs, NOLINT, classification ---------------===//

#include "Findings/CheckFilter.h"
#include "Findings/CheckRegistry.h"
#include "Findings/Classifier.h"
#include "Findings/ReasonText.h"
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
  Gather.UnknownReason = Reason(ReasonKind::LoadedFromMemory, "idx[i]");
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

// The words are the report's contract (JSON's reason, the unknown remark,
// the gather message): each kind must read as it always has.
TEST(ReasonText, WordsEachKindAsTheReportsDo) {
  EXPECT_EQ(reasonText(Reason(ReasonKind::ChangedInLoop, "s")),
            "'s' is changed inside a loop");
  EXPECT_EQ(reasonText(Reason(ReasonKind::ValueAfterLoop, "p.n")),
            "'p.n' is its value after a loop");
  EXPECT_EQ(reasonText(Reason(ReasonKind::ChangedThroughPointer, "k")),
            "'k' is changed through a pointer inside a loop");
  EXPECT_EQ(reasonText(Reason(ReasonKind::RangeForElement, "v")),
            "'v' is a range-for element");
  Reason Written(ReasonKind::PossiblyWritten, "buf");
  Written.Name = "buf[j] = 0";
  EXPECT_EQ(reasonText(Written), "'buf' is possibly written by 'buf[j] = 0'");
  Reason Load(ReasonKind::LoadedFromMemory, "rowptr[row]");
  EXPECT_EQ(reasonText(Load), "depends on 'rowptr[row]', loaded from memory");
  EXPECT_EQ(reasonText(Reason(ReasonKind::PointerLoaded, "ptrs[i]")),
            "pointer 'ptrs[i]' is loaded from memory");
  EXPECT_EQ(reasonText(Reason(ReasonKind::LoopEndLoaded, "e").because(Load)),
            "depends on 'rowptr[row]', loaded from memory, where the loop "
            "over 'e' ends");
  EXPECT_EQ(reasonText(Reason(ReasonKind::FloatNotFollowed, "f * 2")
                           .because(Reason::other("call to 'g'"))),
            "'f * 2' is computed in floating point from a value not followed "
            "(call to 'g')");
  Reason Needs(ReasonKind::FloatNeedsValue, "x * s");
  Needs.Name = "s";
  EXPECT_EQ(reasonText(Needs),
            "'x * s' needs the value of 's', a float not known here");
  Needs.Flag = true;
  EXPECT_EQ(reasonText(Needs), "'x * s' needs the value of 's', a float not "
                               "known here (--assume s=VALUE gives it)");
  Reason Lane(ReasonKind::LaneNotEvaluable);
  Lane.Number = 7;
  EXPECT_EQ(reasonText(Lane), "the address cannot be evaluated for lane 7 "
                              "(overflow or division by zero)");
  Reason Guard(ReasonKind::ComparesAssumedValue, "n");
  Guard.Number = 1048576;
  EXPECT_EQ(reasonText(Guard),
            "compares the lane with 'n', assumed to be 1048576, which would "
            "leave no lane on (--assume gives the run's value)");
  EXPECT_EQ(reasonText(Reason(ReasonKind::MaskedByAssumedValue, "m")),
            "the address is masked by 'm', a value the analyzer did not see");
}

TEST(ReasonText, NoReasonIsEmptyAndAMessageStaysAsWritten) {
  EXPECT_EQ(reasonText(Reason()), "");
  EXPECT_TRUE(Reason().empty());
  EXPECT_EQ(reasonText(Reason::other("call to 'hash' has no visible body")),
            "call to 'hash' has no visible body");
  EXPECT_FALSE(Reason::other("").empty());
}

} // namespace
