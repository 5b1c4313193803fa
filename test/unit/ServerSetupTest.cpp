//===- ServerSetupTest.cpp - cuda-coalesce-clangd's own options -----------===//

#include "Clangd/ServerSetup.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace coalesce::clangd;

namespace {

/// setUpServer on "cuda-coalesce-clangd --cuda=builtin Arg" in an empty
/// directory (no database to translate).
llvm::Expected<ServerSetup> setUp(llvm::StringRef Arg) {
  llvm::SmallString<128> Dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("server-setup", Dir));
  std::vector<std::string> Args = {"cuda-coalesce-clangd", "--cuda=builtin",
                                   Arg.str()};
  std::string Log;
  llvm::raw_string_ostream OS(Log);
  llvm::Expected<ServerSetup> S = setUpServer(Args, Dir, OS);
  llvm::sys::fs::remove_directories(Dir);
  return S;
}

TEST(ServerSetup, EveryOptionHelpListsIsTakenBeforeClangd) {
  // Each option --help lists is ours: taken, not passed on to clangd.
  ASSERT_EQ(serverFlags().size(), 5u);
  for (const ServerFlag &F : serverFlags()) {
    llvm::Expected<ServerSetup> S = setUp(F.Example);
    ASSERT_TRUE(bool(S)) << F.Example << ": " << llvm::toString(S.takeError());
    EXPECT_EQ(S->ClangdArgs, std::vector<std::string>{"cuda-coalesce-clangd"})
        << F.Example;
  }
  // and what it says: the values the options set.
  EXPECT_FALSE(setUp("--no-result-reuse")->ReuseResults);
  EXPECT_TRUE(setUp("--notes-as-related-information")->NotesAsRelated);
  EXPECT_EQ(setUp("--analysis-timeout=5")->AnalysisTimeout.count(), 5);
}

TEST(ServerSetup, AnythingElseIsClangdsAndABadValueOfOursIsAnError) {
  llvm::Expected<ServerSetup> S = setUp("--no-result-reuses");
  ASSERT_TRUE(bool(S));
  EXPECT_EQ(S->ClangdArgs, (std::vector<std::string>{"cuda-coalesce-clangd",
                                                      "--no-result-reuses"}));
  llvm::Expected<ServerSetup> Bad = setUp("--analysis-timeout=soon");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "--analysis-timeout=soon: expected a number of seconds (0: no "
            "limit)");
}

TEST(ServerSetup, HelpListsEachOptionAndTheDocsDescribeIt) {
  std::string Help;
  llvm::raw_string_ostream OS(Help);
  printServerHelp(OS);
  auto Docs = llvm::MemoryBuffer::getFile(CUDA_COALESCE_SOURCE_DIR
                                          "/docs/editors.md");
  ASSERT_TRUE(bool(Docs));
  for (const ServerFlag &F : serverFlags()) {
    EXPECT_NE(Help.find(F.Usage), std::string::npos) << F.Usage;
    EXPECT_NE(Help.find(F.Help), std::string::npos) << F.Help;
    // "--cuda-path=<dir>" is documented as "--cuda-path=DIR": its name.
    llvm::StringRef Name = llvm::StringRef(F.Usage).split('=').first;
    EXPECT_NE((*Docs)->getBuffer().find(Name), llvm::StringRef::npos)
        << Name.str() << " is not in docs/editors.md";
  }
}

} // namespace
