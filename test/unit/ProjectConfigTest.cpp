//===- ProjectConfigTest.cpp - .cuda-coalesce.yaml ------------------------===//

#include "Driver/ProjectConfig.h"
#include "Driver/Runner.h"

#include <gtest/gtest.h>

using namespace coalesce;

namespace {

ProjectConfig parsed(llvm::StringRef Text) {
  llvm::Expected<ProjectConfig> C = ProjectConfig::parse(Text, "/p/.cuda-coalesce.yaml");
  EXPECT_TRUE(bool(C)) << llvm::toString(C.takeError());
  return C ? *C : ProjectConfig();
}

std::string parseError(llvm::StringRef Text) {
  llvm::Expected<ProjectConfig> C = ProjectConfig::parse(Text, "/p/.cuda-coalesce.yaml");
  if (C)
    return "";
  return llvm::toString(C.takeError());
}

TEST(ProjectConfig, EveryKey) {
  ProjectConfig C = parsed("Checks: '-coalescing-aos'\n"
                           "MinEfficiency: 0.5\n"
                           "BlockDim: [16, 16]\n"
                           "Assume: { n: 4096, gridDim.x: 64 }\n"
                           "ExtraArgs: [-Iinclude, -DTILE=32, -I/abs]\n"
                           "CheckOptions:\n"
                           "  coalescing-strided.MinEfficiency: 0.25\n");
  EXPECT_EQ(C.Checks, "-coalescing-aos");
  EXPECT_EQ(C.MinEfficiency, 0.5);
  EXPECT_EQ(C.BlockDim, (std::array<unsigned, 3>{16, 16, 1}));
  EXPECT_EQ(C.Assume.at("n"), 4096);
  EXPECT_EQ(C.Assume.at("gridDim.x"), 64);
  // Relative include paths are relative to the configuration's directory.
  EXPECT_EQ(C.ExtraArgs,
            (std::vector<std::string>{"-I/p/include", "-DTILE=32", "-I/abs"}));
  EXPECT_EQ(C.CheckOptions.at("coalescing-strided.MinEfficiency"), "0.25");
}

TEST(ProjectConfig, EmptyFileIsEmptyConfiguration) {
  ProjectConfig C = parsed("# nothing yet\n");
  EXPECT_FALSE(C.Checks);
  EXPECT_TRUE(C.ExtraArgs.empty());
}

TEST(ProjectConfig, BadFilesAreOneLineErrorsWithTheirPlace) {
  for (const char *Text :
       {"Checks: [unclosed\n", "Chekcs: '*'\n", "MinEfficiency: 2\n",
        "MinEfficiency: lots\n", "BlockDim: [1024, 2]\n", "BlockDim: []\n",
        "Checks: 'coalescing-strdied'\n", "Assume: { n: big }\n",
        "CheckOptions: { coalescing-strided.Nope: 1 }\n", "- a list\n",
        "Assume: 5\n", "Assume: [n]\n", "Assume: { n: [1] }\n",
        "CheckOptions: 7\n", "Assume: { n: 1, n: 2 }\n"}) {
    std::string E = parseError(Text);
    EXPECT_EQ(E.rfind(".cuda-coalesce.yaml: ", 0), 0u) << Text << " -> " << E;
    EXPECT_EQ(E.find('\n'), std::string::npos) << E;
    EXPECT_NE(E.find("/p/.cuda-coalesce.yaml"), std::string::npos) << E;
  }
}

std::string assumeMap(unsigned Entries) {
  std::string Text = "Assume:\n";
  for (unsigned I = 0; I < Entries; ++I)
    Text += "  v" + std::to_string(I) + ": " + std::to_string(I) + "\n";
  return Text;
}

TEST(ProjectConfig, MapsOfThousandsOfEntriesAreReadWhole) {
  // YAML I/O took 26 s for 80,000 entries (quadratic): the maps are read in
  // one pass, up to 4096 entries.
  ProjectConfig C = parsed(assumeMap(4096) + "CheckOptions:\n"
                           "  coalescing-strided.MinEfficiency: 0.25\n");
  EXPECT_EQ(C.Assume.size(), 4096u);
  EXPECT_EQ(C.Assume.at("v0"), 0);
  EXPECT_EQ(C.Assume.at("v4095"), 4095);
  EXPECT_EQ(C.CheckOptions.at("coalescing-strided.MinEfficiency"), "0.25");
  // An empty map, or none, is no entry.
  EXPECT_TRUE(parsed("Assume:\nCheckOptions: {}\n").Assume.empty());
}

TEST(ProjectConfig, MoreEntriesThanAProgramNeedsAreRefused) {
  EXPECT_EQ(parseError(assumeMap(80000)),
            ".cuda-coalesce.yaml: Assume has more than 4096 entries "
            "(/p/.cuda-coalesce.yaml)");
  EXPECT_EQ(parseError(assumeMap(4097)),
            ".cuda-coalesce.yaml: Assume has more than 4096 entries "
            "(/p/.cuda-coalesce.yaml)");
}

TEST(ProjectConfig, CommandLineWins) {
  ProjectConfig P = parsed("Checks: '-coalescing-aos'\n"
                           "MinEfficiency: 0.5\n"
                           "BlockDim: [64]\n"
                           "Assume: { n: 10, m: 20 }\n"
                           "CheckOptions: { coalescing-strided.MinEfficiency: 0.25 }\n");
  RunConfig C;
  C.ChecksSpec = "coalescing-aos";
  C.MinEfficiencyGiven = true;
  C.Findings.MinEfficiency = 0.75;
  C.Analysis.BlockDim = std::array<unsigned, 3>{128, 1, 1};
  C.Analysis.Assume["n"] = 99;
  C.CheckOptionArgs = {"coalescing-strided.MinEfficiency=0.125"};
  llvm::Expected<FileOptions> F = resolveFileOptions(C, &P);
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_TRUE(F->Findings.Checks.isEnabled("coalescing-aos"));
  EXPECT_EQ(F->Findings.MinEfficiency, 0.75);
  EXPECT_EQ(F->Analysis.BlockDim, (std::array<unsigned, 3>{128, 1, 1}));
  EXPECT_EQ(F->Analysis.Assume.at("n"), 99);
  EXPECT_EQ(F->Analysis.Assume.at("m"), 20);
  const CheckInfo *Strided = nullptr;
  for (const auto &Check : allChecks())
    if (Check->name() == "coalescing-strided")
      Strided = &Check->info();
  ASSERT_TRUE(Strided);
  EXPECT_EQ(F->Findings.Options.get(*Strided, "MinEfficiency"), "0.125");
}

TEST(ProjectConfig, ConfigurationAppliesWhereTheCommandLineIsSilent) {
  ProjectConfig P = parsed("Checks: '-coalescing-aos'\nMinEfficiency: 0.5\n"
                           "BlockDim: [64]\n");
  RunConfig C;
  llvm::Expected<CheckFilter> Defaults = CheckFilter::withDefaults("");
  ASSERT_TRUE(bool(Defaults));
  C.Findings.Checks = *Defaults;
  llvm::Expected<FileOptions> F = resolveFileOptions(C, &P);
  ASSERT_TRUE(bool(F));
  EXPECT_FALSE(F->Findings.Checks.isEnabled("coalescing-aos"));
  EXPECT_TRUE(F->Findings.Checks.isEnabled("coalescing-strided"));
  EXPECT_EQ(F->Findings.MinEfficiency, 0.5);
  EXPECT_EQ(F->Analysis.BlockDim, (std::array<unsigned, 3>{64, 1, 1}));
}

} // namespace
