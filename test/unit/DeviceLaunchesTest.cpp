//===- DeviceLaunchesTest.cpp - device launches read from the tokens ------===//

#include "Frontend/DeviceLaunches.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

/// The text of Code with every edit of deviceLaunchEdits applied.
std::string rewritten(const std::string &Code) {
  std::string Out = Code;
  for (const DialectEdit &E : deviceLaunchEdits("k.cu", Code)) {
    EXPECT_EQ(E.File, "k.cu");
    EXPECT_EQ(E.Text.size(), E.Length) << "columns must stay put";
    Out.replace(E.Offset, E.Length, E.Text);
  }
  return Out;
}

TEST(DeviceLaunches, RewritesLaunchesInKernelsAndDeviceFunctions) {
  std::string Code = "__global__ void c(int *a);\n"
                     "__global__ void p(int *a) {\n"
                     "  if (a) { c<<<1, 32>>>(a); }\n"
                     "}\n"
                     "static __device__ __forceinline__ void d(int *a) {\n"
                     "  ns::kids::c<<<dim3(2, 1), 64, 0, s>>>(a);\n"
                     "}\n";
  std::string Want = "__global__ void c(int *a);\n"
                     "__global__ void p(int *a) {\n"
                     "  if (a) { __cc_dl     (a); }\n"
                     "}\n"
                     "static __device__ __forceinline__ void d(int *a) {\n"
                     "  __cc_dl                              (a);\n"
                     "}\n";
  EXPECT_EQ(rewritten(Code), Want);
}

TEST(DeviceLaunches, TemplateArgumentsAndLinesOfTheLaunchAreKept) {
  std::string Code = "template <int N> __global__ void k(float *a) {\n"
                     "  build<N, Tree<N>>\n"
                     "      <<<4, N, N * sizeof(int)>>>(a);\n"
                     "}\n";
  std::string Want = "template <int N> __global__ void k(float *a) {\n"
                     "  __cc_dl          \n"
                     "                                 (a);\n"
                     "}\n";
  EXPECT_EQ(rewritten(Code), Want);
}

TEST(DeviceLaunches, HostCodeCommentsStringsAndMacrosStayAsWritten) {
  std::string Code =
      "#define LAUNCH(k) k<<<1, 1>>>()\n"
      "__global__ void k();\n"
      "void host() { k<<<1, 1>>>(); }\n"
      "__host__ __device__ void both() { k<<<1, 1>>>(); }\n"
      "__device__ int table[] = {1, 2};\n"
      "int main() {\n"
      "  // k<<<1, 1>>>() in a comment, and in a string:\n"
      "  const char *s = \"__global__ { k<<<1, 1>>>(); }\";\n"
      "  auto f = [] { k<<<2, 2>>>(); };\n"
      "}\n";
  EXPECT_TRUE(deviceLaunchEdits("k.cu", Code).empty());
  EXPECT_TRUE(deviceLaunchEdits("k.cu", "__global__ void k() {}\n").empty());
}

TEST(DeviceLaunches, ANameTooShortForTheCalleeIsLeftToTheRepair) {
  // "k\n<<<" leaves one column on the name's line, fewer than __cc_dl's.
  EXPECT_TRUE(
      deviceLaunchEdits("k.cu", "__global__ void p() {\n  k\n<<<1, 1>>>();\n}\n")
          .empty());
}

} // namespace
