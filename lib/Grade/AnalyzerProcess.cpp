//===- AnalyzerProcess.cpp ------------------------------------------------===//
//
// One scheduling thread polls its children instead of one thread per child
// blocking in llvm::sys::Wait: LLVM implements Wait's timeout with alarm(),
// which is process-wide and so unusable from several threads at once.
//
//===----------------------------------------------------------------------===//

#include "Grade/AnalyzerProcess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

#include <signal.h>

using namespace llvm;

namespace coalesce {
namespace grade {

namespace {

struct Running {
  size_t Index;
  sys::ProcessInfo PI;
  std::chrono::steady_clock::time_point Start;
  SmallString<128> Out, Err;
};

/// The analyzers running now, for the handler below: a grader stopped by
/// SIGTERM (a Gradescope or CI timeout) or ^C takes them down with it
/// instead of leaving them to run on a hanging submission. Slots, not a
/// container: the handler may only read what it finds.
constexpr size_t MaxTracked = 1024;
std::atomic<pid_t> Tracked[MaxTracked];
struct sigaction Previous[2];

void killTracked(int Sig) {
  for (std::atomic<pid_t> &P : Tracked)
    if (pid_t Pid = P.load(); Pid > 0)
      ::kill(Pid, SIGKILL);
  // Then as before: LLVM's handler (or the default) ends the process.
  ::sigaction(Sig, &Previous[Sig == SIGINT], nullptr);
  ::raise(Sig);
}

void track(pid_t Pid, bool On) {
  static bool Installed = [] {
    struct sigaction A = {};
    A.sa_handler = killTracked;
    sigemptyset(&A.sa_mask);
    ::sigaction(SIGTERM, &A, &Previous[0]);
    ::sigaction(SIGINT, &A, &Previous[1]);
    return true;
  }();
  (void)Installed;
  for (std::atomic<pid_t> &P : Tracked) {
    pid_t Expected = On ? 0 : Pid;
    if (P.compare_exchange_strong(Expected, On ? Pid : 0))
      return;
  }
}

/// What a submission's analyzer wrote: its report and its messages,
/// capped (a _Pragma("message") doubling bomb writes hundreds of MB).
constexpr uint64_t MaxOutputBytes = 64u << 20;

/// What stands for an output over MaxOutputBytes.
std::string outputCutNote() {
  return "error: the analysis wrote more than " +
         std::to_string(MaxOutputBytes >> 20) + " MB; it is not read\n";
}

/// The file's text; none when it is over MaxOutputBytes.
std::optional<std::string> slurp(StringRef Path) {
  uint64_t Size = 0;
  if (sys::fs::file_size(Path, Size))
    return std::string();
  if (Size > MaxOutputBytes)
    return std::nullopt;
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

} // namespace

std::vector<ProcessResult>
runProcesses(const std::vector<ProcessJob> &All, unsigned Jobs,
             unsigned TimeoutSeconds,
             const std::function<void(size_t Done)> &Progress) {
  std::vector<ProcessResult> Results(All.size());
  std::vector<Running> Live;
  size_t Next = 0, Done = 0;
  Jobs = std::max(1u, Jobs);
  auto Finish = [&](Running &R, ProcessResult Res) {
    std::optional<std::string> Out = slurp(R.Out), Err = slurp(R.Err);
    Res.StdoutCut = !Out;
    Res.Stdout = Out ? std::move(*Out) : outputCutNote();
    Res.Stderr = Err ? std::move(*Err) : outputCutNote();
    sys::fs::remove(R.Out);
    sys::fs::remove(R.Err);
    Results[R.Index] = std::move(Res);
    if (Progress)
      Progress(++Done);
  };
  while (Next < All.size() || !Live.empty()) {
    while (Live.size() < Jobs && Next < All.size()) {
      Running R;
      R.Index = Next++;
      std::error_code EC =
          sys::fs::createTemporaryFile("grade-out", "json", R.Out);
      if (!EC)
        EC = sys::fs::createTemporaryFile("grade-err", "txt", R.Err);
      if (EC) {
        ProcessResult Res;
        Res.How = ProcessResult::NotStarted;
        Res.Detail = "cannot create a temporary file: " + EC.message();
        Finish(R, std::move(Res));
        continue;
      }
      std::vector<StringRef> Args(All[R.Index].Args.begin(),
                                  All[R.Index].Args.end());
      std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(R.Out),
                                              StringRef(R.Err)};
      std::string Why;
      bool Failed = false;
      R.PI = sys::ExecuteNoWait(Args.front(), Args, std::nullopt, Redirects,
                                0, &Why, &Failed);
      R.Start = std::chrono::steady_clock::now();
      if (Failed || R.PI.Pid == sys::ProcessInfo::InvalidPid) {
        ProcessResult Res;
        Res.How = ProcessResult::NotStarted;
        Res.Detail = Why;
        Finish(R, std::move(Res));
        continue;
      }
      track(R.PI.Pid, true);
      Live.push_back(std::move(R));
    }
    bool Progressed = false;
    for (size_t I = 0; I < Live.size();) {
      Running &R = Live[I];
      std::string Why;
      sys::ProcessInfo W = sys::Wait(R.PI, /*SecondsToWait=*/0, &Why,
                                     nullptr, /*Polling=*/true);
      ProcessResult Res;
      if (W.Pid == R.PI.Pid) {
        Res.How = W.ReturnCode == -2 ? ProcessResult::Crashed
                                     : ProcessResult::Exited;
        Res.ExitCode = W.ReturnCode;
        Res.Detail = Why;
      } else if (std::chrono::steady_clock::now() - R.Start >
                 std::chrono::seconds(TimeoutSeconds)) {
        ::kill(R.PI.Pid, SIGKILL);
        sys::Wait(R.PI, std::nullopt);
        Res.How = ProcessResult::TimedOut;
        Res.Detail = "killed after " + std::to_string(TimeoutSeconds) + " s";
      } else {
        ++I;
        continue;
      }
      track(R.PI.Pid, false);
      Finish(R, std::move(Res));
      Live.erase(Live.begin() + I);
      Progressed = true;
    }
    if (!Progressed && !Live.empty())
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return Results;
}

} // namespace grade
} // namespace coalesce
