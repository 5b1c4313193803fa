//===- MemoryAccessTest.cpp - the interpreter's memory-access events ------===//
//
// Parses a kernel with the built-in CUDA headers and records every event the
// interpreter emits: every address space and operation reaches listeners,
// with its call and loop context, and shared memory carries each lane's
// byte offset within the shared object.
//
//===----------------------------------------------------------------------===//

#include "Analysis/Analyzer.h"
#include "Analysis/MemoryAccess.h"
#include "Frontend/CudaToolchain.h"
#include "Frontend/EmbeddedHeaders.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

/// What a test looks at, copied out of the event.
struct Seen {
  AddressSpace Space;
  Operation Op;
  std::string Base;
  unsigned ElemBytes;
  unsigned Line;
  std::vector<std::string> CallChain; ///< "helper@14"
  unsigned Loops;
  bool HasLaunch;
  std::vector<std::optional<int64_t>> Bytes;
};

class Recorder : public MemoryAccessListener {
public:
  std::vector<Seen> Events;
  void onAccess(const MemoryAccess &A) override {
    const clang::SourceManager &SM = A.Ctx->getSourceManager();
    Seen S{A.Space, A.Op, A.Base, A.ElemBytes,
           SM.getPresumedLineNumber(SM.getExpansionLoc(A.Access->getBeginLoc())),
           {}, unsigned(A.Loops.size()), A.LaunchSite != nullptr, {}};
    for (const CallContext &C : A.Calls)
      S.CallChain.push_back(
          C.Callee->getNameAsString() + "@" +
          std::to_string(SM.getPresumedLineNumber(
              SM.getExpansionLoc(C.Site->getBeginLoc()))));
    if (A.Space == AddressSpace::Shared)
      S.Bytes = A.laneByteOffsets();
    Events.push_back(std::move(S));
  }
};

class Consumer : public clang::ASTConsumer {
public:
  explicit Consumer(Recorder &R) : R(R) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    ExprContext X;
    AnalysisOptions Opts;
    analyzeTranslationUnit(Ctx, X, Opts, {}, R);
  }

private:
  Recorder &R;
};

class Action : public clang::ASTFrontendAction {
public:
  explicit Action(Recorder &R) : R(R) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<Consumer>(R);
  }

private:
  Recorder &R;
};

std::vector<Seen> events(llvm::StringRef Code) {
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
  Memory->addFile("/virtual/k.cu", 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  Overlay->pushOverlay(Memory);
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);
  Recorder R;
  clang::tooling::ToolInvocation Inv(Args, std::make_unique<Action>(R),
                                     Files.get());
  EXPECT_TRUE(Inv.run());
  return R.Events;
}

TEST(MemoryAccessEvents, EverySpaceAndOperationReachesListeners) {
  std::vector<Seen> E = events(R"cu(
__constant__ float coeff[16];
__global__ void k(float *out, const float *in, int *hist, int n) {
  __shared__ float tile[32][32];
  float local[4];
  int t = threadIdx.x;
  tile[t][0] = in[t];
  local[t & 3] = coeff[t & 15];
  atomicAdd(&hist[t * 8], 1);
  out[t] = __ldg(&in[t]) + tile[0][t] + local[n & 3];
}
)cu");
  // (space, operation, base) in the order the interpreter meets them.
  std::vector<std::tuple<AddressSpace, Operation, std::string>> Got;
  for (const Seen &S : E)
    Got.emplace_back(S.Space, S.Op, S.Base);
  std::vector<std::tuple<AddressSpace, Operation, std::string>> Want = {
      {AddressSpace::Global, Operation::Load, "in"},
      {AddressSpace::Shared, Operation::Store, "tile"},
      {AddressSpace::Constant, Operation::Load, "coeff"},
      {AddressSpace::Local, Operation::Store, "local"},
      {AddressSpace::Global, Operation::Atomic, "hist"},
      {AddressSpace::Global, Operation::CachedLoad, "in"},
      {AddressSpace::Shared, Operation::Load, "tile"},
      {AddressSpace::Local, Operation::Load, "local"},
      {AddressSpace::Global, Operation::Store, "out"},
  };
  EXPECT_EQ(Got, Want);
}

TEST(MemoryAccessEvents, SharedAccessesCarryLaneByteOffsets) {
  std::vector<Seen> E = events(R"cu(
__global__ void k(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][0] + tile[0][threadIdx.x];
}
)cu");
  ASSERT_EQ(E.size(), 3u);
  // tile[t][0]: one row (128 bytes) apart, every lane in bank 0.
  ASSERT_EQ(E[0].Bytes.size(), 32u);
  ASSERT_EQ(E[1].Bytes.size(), 32u);
  for (unsigned L = 0; L < 32; ++L) {
    EXPECT_EQ(E[0].Bytes[L], std::optional<int64_t>(128 * L));
    EXPECT_EQ(E[1].Bytes[L], std::optional<int64_t>(4 * L));
  }
}

TEST(MemoryAccessEvents, CallAndLoopContext) {
  std::vector<Seen> E = events(R"cu(
__device__ float get(const float *p, int i) {
  return p[i];
}
__global__ void k(float *out, const float *in, int n) {
  for (int j = 0; j < n; ++j)
    out[j] = get(in, threadIdx.x * n + j);
}
void host(float *o, const float *i) { k<<<4, 128>>>(o, i, 10); }
)cu");
  ASSERT_EQ(E.size(), 2u);
  EXPECT_EQ(E[0].Base, "in");
  EXPECT_EQ(E[0].Line, 3u);
  EXPECT_EQ(E[0].CallChain, std::vector<std::string>{"get@7"});
  EXPECT_EQ(E[0].Loops, 1u);
  EXPECT_TRUE(E[0].HasLaunch);
  EXPECT_EQ(E[1].Base, "out");
  EXPECT_TRUE(E[1].CallChain.empty());
}

TEST(MemoryAccessEvents, QuietCodeEmitsNothing) {
  std::vector<Seen> E = events(R"cu(
__global__ void k(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i * threadIdx.x;
}
)cu");
  EXPECT_TRUE(E.empty());
}

} // namespace
