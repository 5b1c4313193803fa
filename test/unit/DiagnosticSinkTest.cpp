//===- DiagnosticSinkTest.cpp - findings through clang's diagnostics -------===//
//
// analyzeAndReport with a ClangDiagnosticSink: the warning at the access's
// real location with its notes, then notes at the loop, the struct, the
// kernel and the launch site; NOLINT read through the SourceManager; quiet
// code reports nothing.
//
//===----------------------------------------------------------------------===//

#include "Findings/AnalyzeAndReport.h"
#include "Findings/CheckFilter.h"
#include "Findings/ClangDiagnosticSink.h"
#include "Frontend/CudaToolchain.h"
#include "Frontend/EmbeddedHeaders.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

/// "warning 9:3 strided store: ... [coalescing-strided]"
class Recorder : public clang::DiagnosticConsumer {
public:
  std::vector<std::string> Seen;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level L,
                        const clang::Diagnostic &Info) override {
    if (L == clang::DiagnosticsEngine::Error)
      Seen.push_back("error");
    if (!Info.hasSourceManager() || L == clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    clang::PresumedLoc P =
        Info.getSourceManager().getPresumedLoc(Info.getLocation());
    const char *Level = L == clang::DiagnosticsEngine::Warning ? "warning"
                        : L == clang::DiagnosticsEngine::Note  ? "note"
                                                               : "other";
    Seen.push_back(std::string(Level) + " " + std::to_string(P.getLine()) +
                   ":" + std::to_string(P.getColumn()) + " " +
                   Text.str().str());
  }
};

class Consumer : public clang::ASTConsumer {
public:
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    AnalysisOptions A;
    FindingsOptions F;
    F.Checks = std::move(*CheckFilter::withDefaults(""));
    ClangDiagnosticSink Sink(Ctx.getDiagnostics(), Ctx.getSourceManager());
    analyzeAndReport(Ctx, A, F, Sink);
  }
};

class Action : public clang::ASTFrontendAction {
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<Consumer>();
  }
};

std::vector<std::string> diagnose(llvm::StringRef Code) {
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
  clang::tooling::ToolInvocation Inv(Args, std::make_unique<Action>(),
                                     Files.get());
  Inv.setDiagnosticConsumer(&R);
  EXPECT_TRUE(Inv.run());
  return R.Seen;
}

TEST(ClangDiagnosticSink, WarningWithNotesAtRelatedDeclarations) {
  std::vector<std::string> D = diagnose(R"cu(
struct P { float x, y, z; };
__global__ void k(const P *in, float *out, int n) {
  for (int j = 0; j < n; ++j)
    out[threadIdx.x * 2] = in[threadIdx.x].x;
}
void host(const P *i, float *o) { k<<<4, 128>>>(i, o, 3); }
)cu");
  std::vector<std::string> Want = {
      "warning 5:5 strided store: lanes are 8 bytes apart; 8 sectors per "
      "request where 4 would do (50% of fetched bytes used) "
      "[coalescing-strided]",
      "note 5:5 lane address = out + 8*threadIdx.x, assuming n = 3",
      "note 5:5 consecutive threadIdx.x should touch consecutive addresses; "
      "make threadIdx.x the fastest-moving term of the index, or stage the "
      "tile in shared memory so both the load and the store walk rows",
      "note 4:3 in this loop",
      "note 3:17 in kernel 'k'",
      "note 7:35 launched here",
      "warning 5:28 array-of-structs load: each lane reads 4 bytes ('.x') of "
      "a 12-byte 'P'; 12 sectors per request where 4 would do (33.3% of "
      "fetched bytes used) [coalescing-aos]",
  };
  ASSERT_GE(D.size(), Want.size());
  EXPECT_EQ(D[0], Want[0]);
  EXPECT_EQ(D[1], Want[1]);
  EXPECT_EQ(D[3], Want[3]);
  EXPECT_EQ(D[4], Want[4]);
  EXPECT_EQ(D[5], Want[5]);
  EXPECT_EQ(D[6], Want[6]);
  EXPECT_NE(std::find(D.begin(), D.end(), "note 2:8 'P' declared here"),
            D.end());
}

TEST(ClangDiagnosticSink, NolintAtTheLocationAndQuietCode) {
  std::vector<std::string> D = diagnose(R"cu(
__global__ void k(const float *in, float *out) {
  // NOLINTNEXTLINE(coalescing-strided)
  out[threadIdx.x * 4] = in[threadIdx.x];
  out[threadIdx.x] = in[threadIdx.x * 4]; // NOLINT
}
)cu");
  EXPECT_TRUE(D.empty()) << D.front();
}

} // namespace
