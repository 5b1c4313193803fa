//===- IncludedFilesTest.cpp - what clangd reads before an included file --===//

#include "Clangd/IncludedFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace coalesce::clangd;

namespace {

class IncludePrefixTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("include-prefix", D));
    Root = std::string(D);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    std::string P = Root + "/" + Name.str();
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return P;
  }
  std::string Root;
};

TEST_F(IncludePrefixTest, EachFileUpToTheNextOnesInclude) {
  std::string Main = write("main.cu", "#define TILE 32\n"
                                      "#include \"other.h\"\n"
                                      "#include \"mid.cuh\"\n"
                                      "int after;\n");
  std::string Mid = write("mid.cuh", "#define MID 1\n#include \"k.cu\"\n");
  std::string K = write("k.cu", "__global__ void k() {}\n");
  EXPECT_EQ(includePrefix({Main, Mid, K}),
            "#line 1 \"" + Main + "\"\n#define TILE 32\n#include \"other.h\"\n"
            "#line 1 \"" + Mid + "\"\n#define MID 1\n");
}

TEST_F(IncludePrefixTest, ConditionalsAroundTheIncludeAreClosed) {
  std::string Main = write("main.cu", "#ifndef NO_KERNELS\n"
                                      "#  if TILE > 0\n"
                                      "#include \"k.cu\"\n"
                                      "#  endif\n"
                                      "#endif\n");
  std::string K = write("k.cu", "");
  EXPECT_EQ(includePrefix({Main, K}), "#line 1 \"" + Main +
                                          "\"\n#ifndef NO_KERNELS\n"
                                          "#  if TILE > 0\n#endif\n#endif\n");
}

TEST_F(IncludePrefixTest, AnIncludeNotFoundLeavesThatFileOut) {
  std::string Main = write("main.cu", "#define A 1\n");
  std::string K = write("k.cu", "");
  EXPECT_EQ(includePrefix({Main, K}), "");
}

} // namespace
