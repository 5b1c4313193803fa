//===- FrontendFuzzer.cpp - libFuzzer target over the front end + analysis ===//
//
// The input is the text of a .cu file. It is parsed in-process as CUDA
// device code with the built-in CUDA headers, on a thread with the CLI's
// large stack (one thread for the whole run), analyzed, classified and written as text, JSON and SARIF.
// Then, whatever the input:
//   - nothing crashes, and AddressSanitizer / UBSan see no error;
//   - the JSON and the SARIF parse, the JSON lists every finding once, and
//     its summary counts agree with the report;
//   - every flagged finding names a registered check; efficiencies are in
//     [0, 1] and no access uses fewer sectors than its ideal;
//   - findings are in report order (line, column);
//   - analyzing the same AST again, in a fresh expression context, writes
//     byte-identical JSON.
//
// The prelude the CLI force-includes (cuda_coalesce_prelude.h, with <cmath>
// and friends) costs most of a parse, so it is compiled once into a PCH at
// start-up and each input includes that instead: the same declarations, at
// a tenth of the time. CUDA_COALESCE_FUZZ_NO_PCH=1 parses exactly as the CLI
// does; CUDA_COALESCE_FUZZ_PRINT=1 prints each input's JSON report after a
// line "input <FNV-1a 64 of the text>" (to replay a reproducer:
// frontend-fuzzer FILE).
//
//===----------------------------------------------------------------------===//

#include "Findings/CheckRegistry.h"
#include "Findings/Classifier.h"
#include "Findings/TranslationUnitReport.h"
#include "Frontend/CudaToolchain.h"
#include "Frontend/EmbeddedHeaders.h"
#include "Frontend/LaunchSpelling.h"
#include "LaneExpr/LaneExpr.h"
#include "Output/Output.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/thread.h"

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

using namespace coalesce;

namespace {

/// The CLI's (lib/Driver/Runner.cpp): clang and the analysis recurse over
/// expressions, and a deep input must behave here as it does there.
constexpr unsigned AnalysisStackBytes = 256u << 20;

constexpr const char *InputPath = "/cuda-coalesce-fuzz/input.cu";
constexpr const char *PreludePath = "/cuda-coalesce-fuzz/prelude.cu";

[[noreturn]] void fail(const std::string &What, const std::string &Detail) {
  std::fprintf(stderr, "frontend-fuzzer: invariant violated: %s\n%s\n",
               What.c_str(), Detail.c_str());
  std::abort();
}

std::string PchPath; // empty: parse with -include, as the CLI does

/// The embedded headers (and the prelude's stand-in main file) in memory,
/// over the real file system for clang's resource directory; Input, when
/// given, as the file under analysis.
llvm::IntrusiveRefCntPtr<clang::FileManager>
makeFiles(llvm::StringRef Input) {
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  forEachEmbeddedHeader([&](llvm::StringRef P, llvm::StringRef Contents) {
    Memory->addFile(P, 0, llvm::MemoryBuffer::getMemBuffer(Contents));
  });
  Memory->addFile(PreludePath, 0,
                  llvm::MemoryBuffer::getMemBuffer(
                      "#include \"cuda_coalesce_prelude.h\"\n"));
  // Read as the CLI reads sources: split launches joined
  // (lib/Frontend/LaunchSpelling.h).
  std::optional<std::string> Joined = joinSplitLaunches(Input);
  Memory->addFile(InputPath, 0,
                  llvm::MemoryBuffer::getMemBufferCopy(
                      Joined ? llvm::StringRef(*Joined) : Input));
  Overlay->pushOverlay(Memory);
  return llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);
}

/// The CLI's device flags for the built-in headers, with the forced include
/// of the prelude dropped when WithPrelude is false.
std::vector<std::string> clangArgs(bool WithPrelude) {
  CudaToolchain TC;
  TC.GpuArch = "sm_80";
  // -fno-caret-diagnostics: no "N errors generated" line for every input.
  std::vector<std::string> Args = {"clang++", "-fno-caret-diagnostics"};
  std::vector<std::string> Device = TC.deviceFlags();
  for (size_t I = 0; I < Device.size(); ++I) {
    if (!WithPrelude && Device[I] == "-include" && I + 1 < Device.size() &&
        Device[I + 1] == "cuda_coalesce_prelude.h") {
      ++I;
      continue;
    }
    Args.push_back(Device[I]);
  }
  return Args;
}

/// Keeps clang quiet and remembers where its errors are, as the CLI's
/// RecordingDiagnostics does (kernels holding one are skipped).
class ErrorRecorder : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= clang::DiagnosticsEngine::Error && Info.getLocation().isValid())
      Locs.push_back(Info.getLocation());
  }
  std::vector<clang::SourceLocation> Locs;
};

std::string analyzeToJson(clang::ASTContext &Ctx,
                          llvm::ArrayRef<clang::SourceLocation> ErrorLocs,
                          bool HadErrors, Report *Out) {
  AnalysisOptions AOpts;
  FindingsOptions FOpts;
  FOpts.Checks = std::move(*CheckFilter::withDefaults(""));
  ExprContext Exprs;
  Report R = reportTranslationUnit(Ctx, Exprs, AOpts, FOpts, ErrorLocs);
  R.Inputs.push_back({InputPath, !HadErrors, HadErrors ? "error" : "", 0, 0});
  std::string Json;
  llvm::raw_string_ostream OS(Json);
  OutputOptions O;
  O.ToolVersion = "fuzz";
  writeJson(R, O, OS);
  OS.flush();
  if (Out)
    *Out = std::move(R);
  return Json;
}

void checkReport(const Report &R, const std::string &Json) {
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const Finding &F = R.Findings[I];
    std::string Where = F.Site.Pos.File + ":" + std::to_string(F.Site.Pos.Line) +
                        ":" + std::to_string(F.Site.Pos.Column);
    if (F.Flagged && (F.Check.empty() || !findCheck(F.Check)))
      fail("a flagged finding names no registered check ('" + F.Check + "')",
           Where);
    if (F.Cost) {
      if (!(F.Cost->Efficiency >= 0.0 && F.Cost->Efficiency <= 1.0))
        fail("efficiency outside [0, 1]", Where);
      if (F.Cost->Sectors < F.Cost->IdealSectors)
        fail("fewer sectors than the ideal", Where);
    }
    if (I > 0) {
      const SourcePos &A = R.Findings[I - 1].Site.Pos, &B = F.Site.Pos;
      if (std::tie(A.File, A.Line, A.Column) > std::tie(B.File, B.Line, B.Column))
        fail("findings out of report order", Where);
    }
  }

  nlohmann::json J = nlohmann::json::parse(Json, nullptr, false);
  if (J.is_discarded() || !J.is_object())
    fail("the JSON report does not parse", Json);
  size_t Written = 0;
  for (const nlohmann::json &A : J["accesses"])
    Written += !A.contains("inlined_from");
  if (!J["accesses"].is_array() || Written != R.Findings.size())
    fail("the JSON report does not list every finding once", Json);
  size_t Flagged = 0;
  for (const nlohmann::json &A : J["accesses"]) {
    if (A.contains("inlined_from"))
      continue;
    if (A.value("flagged", false)) {
      ++Flagged;
      if (!A["check"].is_string() || A["check"].get<std::string>().empty())
        fail("a flagged JSON access has no check", A.dump());
    }
  }
  const nlohmann::json &S = J["summary"];
  if (!S.is_object() || S.value("accesses", size_t(-1)) != R.Findings.size() ||
      S.value("flagged", size_t(-1)) != Flagged)
    fail("the JSON summary disagrees with the accesses", Json);

  std::string Sarif, Text;
  llvm::raw_string_ostream SOS(Sarif), TOS(Text);
  OutputOptions O;
  O.ToolVersion = "fuzz";
  O.Explain = true;
  O.Verbose = true;
  writeSarif(R, O, SOS);
  writeText(R, O, TOS);
  SOS.flush();
  nlohmann::json SJ = nlohmann::json::parse(Sarif, nullptr, false);
  if (SJ.is_discarded() || !SJ["runs"].is_array())
    fail("the SARIF report does not parse", Sarif);
}

/// The analysis visits every declaration of the translation unit and keeps
/// the kernels outside system headers; here every header is a system header
/// (the built-in ones, clang's), so only the input's own top-level
/// declarations can hold a kernel or a launch. Skipping the headers' several
/// thousand declarations (from the PCH) makes an input several times faster
/// under the sanitizers' instrumentation, and changes no result.
void limitTraversalToInput(clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::vector<clang::Decl *> Scope;
  for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (D->getLocation().isValid() &&
        SM.isWrittenInMainFile(SM.getExpansionLoc(D->getLocation())))
      Scope.push_back(D);
  Ctx.setTraversalScope(Scope);
}

/// Names an input in the printed reports (libFuzzer may run one twice).
uint64_t fnv1a(llvm::StringRef Bytes) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (unsigned char C : Bytes)
    H = (H ^ C) * 0x100000001b3ull;
  return H;
}

/// The input's bytes' hash, as given (the file clang reads has its split
/// launches joined): check_harness.py names each report by it.
uint64_t InputHash = 0;

class Consumer : public clang::ASTConsumer {
public:
  explicit Consumer(ErrorRecorder &Diags) : Diags(Diags) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    bool HadErrors = Ctx.getDiagnostics().hasErrorOccurred();
    limitTraversalToInput(Ctx);
    Report R;
    std::string Json = analyzeToJson(Ctx, Diags.Locs, HadErrors, &R);
    checkReport(R, Json);
    std::string Again = analyzeToJson(Ctx, Diags.Locs, HadErrors, nullptr);
    if (Again != Json)
      fail("a second analysis of the same AST writes other JSON",
           Json + "\n---\n" + Again);
    if (std::getenv("CUDA_COALESCE_FUZZ_PRINT"))
      std::printf("input %016llx\n%s", (unsigned long long)InputHash,
                  Json.c_str());
  }

private:
  ErrorRecorder &Diags;
};

class Action : public clang::ASTFrontendAction {
public:
  explicit Action(ErrorRecorder &Diags) : Diags(Diags) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    CI.getDiagnostics().setErrorLimit(0); // as the CLI
    return std::make_unique<Consumer>(Diags);
  }

private:
  ErrorRecorder &Diags;
};

void analyzeInput(llvm::StringRef Source) {
  InputHash = fnv1a(Source);
  std::vector<std::string> Args = clangArgs(/*WithPrelude=*/PchPath.empty());
  if (!PchPath.empty())
    Args.insert(Args.end(), {"-include-pch", PchPath});
  Args.push_back(InputPath);
  auto Files = makeFiles(Source);
  ErrorRecorder Diags;
  clang::tooling::ToolInvocation Invocation(
      Args, std::make_unique<Action>(Diags), Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  Invocation.run(); // a file clang rejects is still analyzed, as in the CLI
}

/// Compiles the prelude into a PCH under the system's temporary directory;
/// leaves PchPath empty when that fails (then every input parses it).
void buildPrelude() {
  if (std::getenv("CUDA_COALESCE_FUZZ_NO_PCH"))
    return;
  llvm::SmallString<128> Path;
  if (llvm::sys::fs::createTemporaryFile("cuda-coalesce-fuzz-prelude", "pch",
                                         Path))
    return;
  llvm::sys::RemoveFileOnSignal(Path);
  std::vector<std::string> Args;
  for (const std::string &A : clangArgs(/*WithPrelude=*/false))
    if (A != "-fsyntax-only")
      Args.push_back(A);
  // -S: the one cc1 job of a device-only compile; its -o is the PCH.
  Args.insert(Args.end(), {"-S", "-o", std::string(Path), PreludePath});
  auto Files = makeFiles("");
  clang::IgnoringDiagConsumer Quiet;
  clang::tooling::ToolInvocation Invocation(
      Args, std::make_unique<clang::GeneratePCHAction>(), Files.get());
  Invocation.setDiagnosticConsumer(&Quiet);
  if (Invocation.run()) {
    PchPath = std::string(Path);
    std::atexit([] { llvm::sys::fs::remove(PchPath); });
  }
  else
    std::fprintf(stderr, "frontend-fuzzer: no PCH of the prelude; parsing it "
                         "for every input\n");
}

/// One thread with the large stack for the whole run, handed one input at a
/// time: a new thread per input would cost AddressSanitizer a fresh shadow
/// of its 256 MiB stack every time.
class Worker {
public:
  static Worker &get() {
    static Worker *W = new Worker; // never destroyed: the thread never ends
    return *W;
  }

  void run(llvm::function_ref<void()> Job) {
    std::unique_lock<std::mutex> Lock(M);
    Pending = Job;
    Changed.notify_all();
    Changed.wait(Lock, [&] { return !Pending; });
  }

private:
  Worker()
      : T(std::optional<unsigned>(AnalysisStackBytes), [this] { loop(); }) {}

  [[noreturn]] void loop() {
    std::unique_lock<std::mutex> Lock(M);
    for (;;) {
      Changed.wait(Lock, [&] { return bool(Pending); });
      Pending();
      Pending = nullptr;
      Changed.notify_all();
    }
  }

  std::mutex M;
  std::condition_variable Changed;
  llvm::function_ref<void()> Pending;
  llvm::thread T;
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  buildPrelude();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Source(reinterpret_cast<const char *>(Data), Size);
  Worker::get().run([&] { analyzeInput(Source); });
  return 0;
}
