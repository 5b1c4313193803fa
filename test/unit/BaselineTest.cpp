//===- BaselineTest.cpp - fingerprints and the --baseline file ------------===//

#include "Findings/Baseline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace coalesce;

namespace {

Finding flagged(const std::string &File, unsigned Line, const std::string &Text,
                const std::string &Check = "coalescing-strided",
                const std::string &Kernel = "k") {
  Finding F;
  F.Site.Pos = {File, Line, 5};
  F.Site.Text = Text;
  F.Site.Kernel = Kernel;
  F.Check = Check;
  F.Flagged = true;
  return F;
}

Report report(std::vector<Finding> Fs) {
  Report R;
  R.Findings = std::move(Fs);
  return R;
}

TEST(Baseline, FingerprintIgnoresLinesAndWhitespace) {
  auto A = fingerprints(report({flagged("k.cu", 10, "out[i * 32]")}));
  auto B = fingerprints(report({flagged("./k.cu", 42, "out[ i*32 ]")}));
  EXPECT_EQ(A, B);
}

TEST(Baseline, FingerprintNamesFileKernelCheckAndAccess) {
  auto Base = fingerprints(report({flagged("k.cu", 1, "a[i]")}))[0];
  EXPECT_NE(Base, fingerprints(report({flagged("j.cu", 1, "a[i]")}))[0]);
  EXPECT_NE(Base, fingerprints(report({flagged("k.cu", 1, "b[i]")}))[0]);
  EXPECT_NE(Base,
            fingerprints(report({flagged("k.cu", 1, "a[i]", "coalescing-aos")}))[0]);
  EXPECT_NE(Base, fingerprints(report({flagged("k.cu", 1, "a[i]",
                                               "coalescing-strided", "j")}))[0]);
}

TEST(Baseline, IdenticalAccessesAreCountedApart) {
  auto P = fingerprints(
      report({flagged("k.cu", 3, "a[i]"), flagged("k.cu", 9, "a[i]")}));
  ASSERT_EQ(P.size(), 2u);
  EXPECT_NE(P[0], P[1]);
}

TEST(Baseline, RoundTripUnflagsOnlyWhatWasRecorded) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("baseline", "json", Path));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Baseline::serialize(report({flagged("k.cu", 3, "a[i]")}));
  }
  llvm::Expected<Baseline> B = Baseline::load(Path);
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  EXPECT_EQ(B->size(), 1u);
  // The old finding moved down a line; a new one appeared.
  Report Today = report({flagged("k.cu", 4, "a[i]"), flagged("k.cu", 8, "b[i]")});
  EXPECT_EQ(B->apply(Today), 1u);
  EXPECT_FALSE(Today.Findings[0].Flagged);
  EXPECT_TRUE(Today.Findings[0].Baselined);
  EXPECT_TRUE(Today.Findings[1].Flagged);
  llvm::sys::fs::remove(Path);
}

TEST(Baseline, BadFilesAreErrorsNamingThem) {
  EXPECT_EQ(llvm::toString(Baseline::load("/nonexistent/b.json").takeError())
                .find("--baseline: cannot read the baseline"),
            0u);
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("baseline", "json", Path));
  for (const char *Text : {"not json", "[]", "{\"schema\": 3}",
                           "{\"schema\": \"cuda-coalesce-baseline/1\"}",
                           "{\"schema\": \"cuda-coalesce-baseline/1\", "
                           "\"findings\": [{\"fingerprint\": 7}]}"}) {
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Path, EC);
      OS << Text;
    }
    llvm::Expected<Baseline> B = Baseline::load(Path);
    ASSERT_FALSE(bool(B)) << Text;
    std::string Msg = llvm::toString(B.takeError());
    EXPECT_NE(Msg.find(std::string(Path)), std::string::npos) << Msg;
  }
  llvm::sys::fs::remove(Path);
}

} // namespace
