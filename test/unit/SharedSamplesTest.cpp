//===- SharedSamplesTest.cpp - alignment searches shared across kernels --===//
//
// The residues of an assumed size are sampled once per distinct access of
// a translation unit (WarpEvaluator::SampleCache): a template's instances
// share them, and kernels whose launches differ in what the samples read
// (another argument's value, another block) do not.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AccessSite.h"
#include "Analysis/Analyzer.h"
#include "Analysis/MemoryAccess.h"
#include "Frontend/CudaToolchain.h"
#include "Frontend/EmbeddedHeaders.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

/// One global access: its kernel and what alignment_depends_on says.
struct Dependence {
  std::string Kernel;
  Operation Op;
  std::vector<std::string> Names;
  std::vector<std::vector<double>> Sectors;
  std::vector<int64_t> SmallBelow;
};

class Recorder : public MemoryAccessListener {
public:
  std::vector<Dependence> Seen;
  void onAccess(const MemoryAccess &A) override {
    if (A.Space != AddressSpace::Global)
      return;
    AccessSite S;
    S.ElemBytes = A.ElemBytes;
    A.evaluateLanes(S);
    Dependence D{A.KernelName, A.Op, {}, {}, {}};
    for (const AccessSite::ValueDependence &V : S.AlignmentDependence) {
      D.Names.push_back(V.Name);
      D.Sectors.push_back(V.Sectors);
      D.SmallBelow.push_back(V.SmallBelow);
    }
    Seen.push_back(std::move(D));
  }
};

struct Result {
  std::vector<Dependence> Accesses;
  unsigned Shared = 0;
};

class Consumer : public clang::ASTConsumer {
public:
  explicit Consumer(Result &R) : R(R) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    ExprContext X;
    AnalysisOptions Opts;
    Recorder Rec;
    R.Shared = analyzeTranslationUnit(Ctx, X, Opts, {}, Rec).SharedSamples;
    R.Accesses = std::move(Rec.Seen);
  }

private:
  Result &R;
};

class Action : public clang::ASTFrontendAction {
public:
  explicit Action(Result &R) : R(R) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<Consumer>(R);
  }

private:
  Result &R;
};

Result analyze(llvm::StringRef Code) {
  CudaToolchain TC;
  TC.GpuArch = "sm_80";
  std::vector<std::string> Args = {"clang++"};
  for (const std::string &F : TC.deviceFlags())
    Args.push_back(F);
  Args.push_back("/virtual/k.cu");
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  forEachEmbeddedHeader([&](llvm::StringRef P, llvm::StringRef Contents) {
    Memory->addFile(P, 0, llvm::MemoryBuffer::getMemBuffer(Contents));
  });
  Memory->addFile("/virtual/k.cu", 0,
                  llvm::MemoryBuffer::getMemBufferCopy(Code));
  Overlay->pushOverlay(Memory);
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);
  Result R;
  clang::tooling::ToolInvocation Inv(Args, std::make_unique<Action>(R),
                                     Files.get());
  EXPECT_TRUE(Inv.run());
  return R;
}

/// The accesses of Kernel, in the order met.
std::vector<Dependence> of(const Result &R, llvm::StringRef Kernel) {
  std::vector<Dependence> Out;
  for (const Dependence &D : R.Accesses)
    if (D.Kernel == Kernel)
      Out.push_back(D);
  return Out;
}

void expectSame(const std::vector<Dependence> &A,
                const std::vector<Dependence> &B) {
  ASSERT_EQ(A.size(), B.size());
  for (size_t I = 0; I < A.size(); ++I) {
    EXPECT_EQ(A[I].Names, B[I].Names);
    EXPECT_EQ(A[I].Sectors, B[I].Sectors);
    EXPECT_EQ(A[I].SmallBelow, B[I].SmallBelow);
  }
}

TEST(SharedSamples, TemplateInstancesShareTheSearch) {
  // The instances differ in N alone, which no address reads: the second
  // instance's load and store are answered with the first's. The width
  // the host passes is unknown: the analyzer assumes it and samples its
  // residues.
  Result R = analyze(R"(
#include <cuda_runtime.h>
template <int N>
__global__ void rows(const float *in, float *out, int width) {
  out[blockIdx.x * width + threadIdx.x] = N * in[blockIdx.x * width + threadIdx.x];
}
void host(const float *in, float *out, int w, int n) {
  rows<1><<<n, 256>>>(in, out, w);
  rows<2><<<n, 256>>>(in, out, w);
}
)");
  std::vector<Dependence> One = of(R, "rows<1>"), Two = of(R, "rows<2>");
  ASSERT_EQ(One.size(), 2u);
  ASSERT_EQ(One[0].Names, std::vector<std::string>{"width"});
  EXPECT_EQ(One[0].Sectors[0].size(), 8u);
  expectSame(One, Two);
  // The store's address is the load's: within rows<1> it is answered with
  // the load's too. Then both accesses of rows<2>.
  EXPECT_EQ(R.Shared, 3u);
}

TEST(SharedSamples, AnotherArgumentsValueIsNotShared) {
  // The load reads `off`, which the two launches pass as 0 and 3: its
  // residues differ, and nothing is shared for it. The store does not read
  // it: rows<2>'s store is answered with rows<1>'s.
  Result R = analyze(R"(
#include <cuda_runtime.h>
template <int N>
__global__ void shifted(const float *in, float *out, int width, int off) {
  out[blockIdx.x * width + threadIdx.x] = N * in[blockIdx.x * width + threadIdx.x + off];
}
void host(const float *in, float *out, int w, int n) {
  shifted<1><<<n, 256>>>(in, out, w, 0);
  shifted<2><<<n, 256>>>(in, out, w, 3);
}
)");
  std::vector<Dependence> One = of(R, "shifted<1>"), Two = of(R, "shifted<2>");
  ASSERT_EQ(One.size(), 2u);
  ASSERT_EQ(Two.size(), 2u);
  const Dependence &LoadOne = One[0].Op == Operation::Load ? One[0] : One[1];
  const Dependence &LoadTwo = Two[0].Op == Operation::Load ? Two[0] : Two[1];
  ASSERT_EQ(LoadOne.Names, std::vector<std::string>{"width"});
  ASSERT_EQ(LoadTwo.Names, std::vector<std::string>{"width"});
  EXPECT_NE(LoadOne.Sectors, LoadTwo.Sectors);
  EXPECT_EQ(R.Shared, 1u);
}

TEST(SharedSamples, AnotherBlockIsNotShared) {
  // Rows of 32 lanes against rows of 16 (two a warp): the same address
  // gives other residues, and the two kernels share nothing.
  Result R = analyze(R"(
#include <cuda_runtime.h>
template <int N>
__global__ void tile(const float *in, float *out, int width) {
  int y = blockIdx.x * blockDim.y + threadIdx.y;
  out[0] = N * in[y * width + threadIdx.x];
}
void host(const float *in, float *out, int w, int n) {
  tile<1><<<n, dim3(32, 8)>>>(in, out, w);
  tile<2><<<n, dim3(16, 16)>>>(in, out, w);
}
)");
  std::vector<Dependence> One = of(R, "tile<1>"), Two = of(R, "tile<2>");
  ASSERT_FALSE(One.empty());
  ASSERT_FALSE(Two.empty());
  ASSERT_EQ(One[0].Names, std::vector<std::string>{"width"});
  ASSERT_EQ(Two[0].Names, std::vector<std::string>{"width"});
  EXPECT_NE(One[0].Sectors, Two[0].Sectors);
  EXPECT_EQ(R.Shared, 0u);
}

} // namespace
