//===- NvccFlagsTest.cpp - compile commands to clang flags ------------------===//

#include "Frontend/NvccDialect.h"
#include "Frontend/NvccFlags.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

ParseFlags translate(std::vector<std::string> Cmd) {
  return translateCompileCommand(Cmd);
}

TEST(NvccFlags, KeepsIncludesMacrosAndStandardInEverySpelling) {
  ParseFlags F = translate({"nvcc", "-I", "a", "-Ib", "--include-path=c",
                            "-DX=1", "-D", "Y", "--define-macro=Z", "-UW",
                            "-isystem", "/s", "--std", "c++17", "-include",
                            "pre.h", "k.cu"});
  std::vector<std::string> Want = {"-Ia", "-Ib", "-Ic", "-DX=1", "-DY", "-DZ",
                                   "-UW", "-isystem", "/s", "-std=c++17",
                                   "-include", "pre.h"};
  EXPECT_EQ(F.Args, Want);
}

TEST(NvccFlags, DropsCodeGenerationLinkingAndHostCompilerFlags) {
  ParseFlags F = translate(
      {"/usr/local/cuda/bin/nvcc", "-O3", "-G", "-lineinfo", "-g",
       "--use_fast_math", "--expt-relaxed-constexpr", "--extended-lambda",
       "-ccbin", "/usr/bin/g++", "-Xptxas", "-v", "--maxrregcount", "64",
       "-x", "cu", "-c", "k.cu", "-o", "k.o", "-MD", "-MT", "k.o", "-MF",
       "k.d", "-forward-unknown-to-host-compiler", "-cudart", "static"});
  EXPECT_TRUE(F.Args.empty()) << F.Args.front();
  EXPECT_EQ(F.GpuArch, "");
}

TEST(NvccFlags, RelocatableDeviceCodeBecomesGpuRdc) {
  EXPECT_EQ(translate({"nvcc", "-rdc=true", "k.cu"}).Args,
            std::vector<std::string>{"-fgpu-rdc"});
  EXPECT_EQ(translate({"nvcc", "-dc", "k.cu"}).Args,
            std::vector<std::string>{"-fgpu-rdc"});
  EXPECT_TRUE(translate({"nvcc", "-rdc=false", "k.cu"}).Args.empty());
}

TEST(NvccFlags, XcompilerKeepsOnlyWhatChangesParsing) {
  ParseFlags F = translate(
      {"nvcc", "-Xcompiler", "-fPIC,-Wall,-DHOST=1", "-Xcompiler=-fopenmp"});
  std::vector<std::string> Want = {"-DHOST=1", "-fopenmp"};
  EXPECT_EQ(F.Args, Want);
}

struct ArchCase {
  const char *Name; ///< the test's name: stable between builds
  std::vector<std::string> Cmd;
  const char *Arch;
};

class NvccArch : public ::testing::TestWithParam<ArchCase> {};

TEST_P(NvccArch, FindsTheRealArchitecture) {
  EXPECT_EQ(translate(GetParam().Cmd).GpuArch, GetParam().Arch);
}

std::string archCaseName(const ::testing::TestParamInfo<ArchCase> &Info) {
  return Info.param.Name;
}

INSTANTIATE_TEST_SUITE_P(
    Spellings, NvccArch,
    ::testing::Values(
        ArchCase{"ArchEquals", {"nvcc", "-arch=sm_86"}, "sm_86"},
        ArchCase{"ArchSeparate", {"nvcc", "-arch", "sm_75"}, "sm_75"},
        ArchCase{"GpuArchitectureCompute",
                 {"nvcc", "--gpu-architecture=compute_70"}, "sm_70"},
        ArchCase{"GencodeSeparate",
                 {"nvcc", "-gencode", "arch=compute_80,code=sm_80"}, "sm_80"},
        ArchCase{"GencodeEqualsSuffixA",
                 {"nvcc", "-gencode=arch=compute_90a,code=sm_90a"}, "sm_90a"},
        ArchCase{"GenerateCodeList",
                 {"nvcc",
                  "--generate-code=arch=compute_90,code=[compute_90,sm_90]"},
                 "sm_90"},
        ArchCase{"ClangCudaGpuArch", {"clang++", "--cuda-gpu-arch=sm_89"},
                 "sm_89"},
        // The first architecture named wins.
        ArchCase{"FirstGencodeWins",
                 {"nvcc", "-gencode", "arch=compute_70,code=sm_70", "-gencode",
                  "arch=compute_80,code=sm_80"},
                 "sm_70"}),
    archCaseName);

TEST(NvccFlags, ClangCommandLinesPassThroughTheSameFilter) {
  ParseFlags F = translate({"clang++", "-x", "cuda", "--cuda-gpu-arch=sm_80",
                            "--cuda-path=/opt/cuda", "-Iinc", "-std=c++20",
                            "-c", "k.cu", "-o", "k.o"});
  std::vector<std::string> Want = {"-Iinc", "-std=c++20"};
  EXPECT_EQ(F.Args, Want);
  EXPECT_EQ(F.GpuArch, "sm_80");
}

// The nvcc compatibility mode's auto setting reads the compiler's name.
TEST(NvccDialect, NvccCommandsAreRecognizedByTheCompilersName) {
  EXPECT_TRUE(isNvccCommand({"nvcc", "-c", "k.cu"}));
  EXPECT_TRUE(isNvccCommand({"/usr/local/cuda/bin/nvcc", "-c", "k.cu"}));
  EXPECT_TRUE(isNvccCommand({"C:/cuda/bin/nvcc.exe"}));
  EXPECT_TRUE(isNvccCommand({"/opt/x86_64-linux-nvcc"}));
  EXPECT_FALSE(isNvccCommand({"clang++", "-x", "cuda"}));
  EXPECT_FALSE(isNvccCommand({"/usr/bin/g++"}));
  EXPECT_FALSE(isNvccCommand({"nvcc-wrapper-not"}));
  EXPECT_FALSE(isNvccCommand({}));
}

TEST(NvccDialect, RelocatableDeviceCodeIsAnnouncedAsNvccDoes) {
  std::vector<std::string> Plain = nvccDialectFlags({"-Iinc"});
  EXPECT_NE(llvm::find(Plain, "-D__NVCC__"), Plain.end());
  EXPECT_EQ(llvm::find(Plain, "-D__CUDACC_RDC__"), Plain.end());
  std::vector<std::string> Rdc = nvccDialectFlags({"-Iinc", "-fgpu-rdc"});
  EXPECT_NE(llvm::find(Rdc, "-D__CUDACC_RDC__"), Rdc.end());
}

} // namespace
