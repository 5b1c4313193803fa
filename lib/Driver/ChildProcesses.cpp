//===- ChildProcesses.cpp -------------------------------------------------===//
//
// The parent is one loop over poll(): it reads every live child's two pipes
// (the work's result, the child's standard error) as data arrives, so a
// child never blocks on a full pipe, and it kills a child past its deadline.
// A child is done when both pipes are closed and it has been reaped.
//
//===----------------------------------------------------------------------===//

#include "Driver/ChildProcesses.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <new>
#include <optional>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/prctl.h>
#endif

using namespace llvm;

namespace coalesce {

namespace {

using Clock = std::chrono::steady_clock;

/// How a child says that an allocation failed. An exit code, not a
/// message: the allocator is what failed, so the child must not need it.
constexpr int OutOfMemoryExit = 113;

[[noreturn]] void outOfMemory() { _exit(OutOfMemoryExit); }
[[noreturn]] void outOfMemoryInLLVM(void *, const char *, bool) {
  _exit(OutOfMemoryExit);
}

/// The child's address space now, in bytes (0 if unknown).
uint64_t addressSpaceBytes() {
  FILE *F = std::fopen("/proc/self/statm", "r");
  if (!F)
    return 0;
  unsigned long long Pages = 0;
  int Read = std::fscanf(F, "%llu", &Pages);
  std::fclose(F);
  return Read == 1 ? Pages * uint64_t(sysconf(_SC_PAGESIZE)) : 0;
}

bool writeAll(int FD, const std::string &Bytes) {
  size_t Done = 0;
  while (Done < Bytes.size()) {
    ssize_t N = ::write(FD, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

/// The child's side: never returns.
[[noreturn]] void runChild(size_t Index, const ChildLimits &Limits,
                           function_ref<std::string(size_t)> Work,
                           int ResultFD, int ErrFD, pid_t Parent) {
#if defined(__linux__)
  // A driver killed from outside (a grader's own timeout) takes its
  // children with it, rather than leaving them to run out their budget.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != Parent)
    _exit(127);
#else
  (void)Parent;
#endif
  if (::dup2(ErrFD, STDERR_FILENO) < 0)
    _exit(127);
  ::close(ErrFD);
  // A crash ends the child at once, with its signal for the parent to
  // report: LLVM's handlers would print a stack trace whose addresses
  // differ from run to run into the report's diagnostics.
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS,
                  SIGPIPE, SIGXCPU, SIGXFSZ})
    ::signal(Sig, SIG_DFL);
  std::set_new_handler(outOfMemory);
  install_bad_alloc_error_handler(outOfMemoryInLLVM);
  if (Limits.MemoryBytes) {
#if defined(__GLIBC__)
    // One heap for every thread: a new thread's arena would reserve 64 MiB
    // of address space it may never use, out of the budget.
    mallopt(M_ARENA_MAX, 1);
#endif
    uint64_t Budget = addressSpaceBytes() + Limits.StackBytes +
                      Limits.MemoryBytes;
    struct rlimit L = {rlim_t(Budget), rlim_t(Budget)};
    ::setrlimit(RLIMIT_AS, &L);
  }
  std::string Payload;
  if (Limits.StackBytes) {
    llvm::thread Worker(std::optional<unsigned>(Limits.StackBytes),
                        [&] { Payload = Work(Index); });
    Worker.join();
  } else {
    Payload = Work(Index);
  }
  errs().flush();
  _exit(writeAll(ResultFD, Payload) ? 0 : 126);
}

struct Live {
  size_t Index = 0;
  pid_t Pid = -1;
  int ResultFD = -1, ErrFD = -1;
  Clock::time_point Deadline;
  ChildOutcome Outcome;
};

/// What the parent keeps of a child's standard error: a file whose
/// diagnostics double with each macro level (a _Pragma("message") bomb)
/// would otherwise fill the parent's memory and the report's stream. The
/// rest is read and dropped, so the child never blocks on the pipe.
constexpr size_t MaxStderrBytes = 16u << 20;

/// Reads what is there, up to Cap bytes kept; closes the pipe at its end.
void drain(int &FD, std::string &Into, size_t Cap = SIZE_MAX) {
  char Buf[65536];
  ssize_t N = ::read(FD, Buf, sizeof(Buf));
  if (N > 0) {
    if (Into.size() < Cap) {
      Into.append(Buf, std::min(size_t(N), Cap - Into.size()));
      if (Into.size() == Cap)
        Into += "\ncuda-coalesce: note: the rest of this file's "
                "diagnostics is not shown (over " +
                std::to_string(Cap >> 20) + " MiB)\n";
    }
    return;
  }
  if (N < 0 && (errno == EINTR || errno == EAGAIN))
    return;
  ::close(FD);
  FD = -1;
}

void closeIfOpen(int &FD) {
  if (FD >= 0)
    ::close(FD);
  FD = -1;
}

/// How a reaped child ended.
void judge(int Status, ChildOutcome &O) {
  if (WIFSIGNALED(Status)) {
    O.How = ChildOutcome::Crashed;
    O.Signal = WTERMSIG(Status);
  } else if (WIFEXITED(Status) && WEXITSTATUS(Status) == OutOfMemoryExit) {
    O.How = ChildOutcome::OutOfMemory;
  } else if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0) {
    O.How = ChildOutcome::Finished;
  } else {
    O.How = ChildOutcome::Exited;
    O.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  }
  if (O.How != ChildOutcome::Finished)
    O.Payload.clear();
}

} // namespace

std::string signalName(int Signal) {
  static const std::pair<int, const char *> Names[] = {
      {SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGILL, "SIGILL"},
      {SIGFPE, "SIGFPE"},   {SIGABRT, "SIGABRT"}, {SIGKILL, "SIGKILL"},
      {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},   {SIGTRAP, "SIGTRAP"},
      {SIGSYS, "SIGSYS"},   {SIGPIPE, "SIGPIPE"}, {SIGXCPU, "SIGXCPU"},
      {SIGXFSZ, "SIGXFSZ"}, {SIGHUP, "SIGHUP"},   {SIGQUIT, "SIGQUIT"}};
  for (const auto &[Number, Name] : Names)
    if (Number == Signal)
      return Name;
  return "signal " + std::to_string(Signal);
}

void runInChildren(size_t Count, const ChildLimits &Limits,
                   function_ref<std::string(size_t)> Work,
                   function_ref<void(size_t, ChildOutcome)> Deliver) {
  std::vector<Live> Running;
  std::map<size_t, ChildOutcome> Done;
  size_t NextStart = 0, NextDeliver = 0;
  unsigned Parallel = std::max(1u, Limits.Parallel);

  auto Start = [&](size_t Index) {
    Live L;
    L.Index = Index;
    int ResultPipe[2], ErrPipe[2];
    if (::pipe(ResultPipe) != 0) {
      L.Outcome.Detail = std::strerror(errno);
      Done[Index] = std::move(L.Outcome);
      return;
    }
    if (::pipe(ErrPipe) != 0) {
      L.Outcome.Detail = std::strerror(errno);
      ::close(ResultPipe[0]);
      ::close(ResultPipe[1]);
      Done[Index] = std::move(L.Outcome);
      return;
    }
    // Whatever the parent has buffered must not be written twice.
    outs().flush();
    errs().flush();
    std::fflush(nullptr);
    pid_t Parent = ::getpid();
    pid_t Pid = ::fork();
    if (Pid == 0) {
      ::close(ResultPipe[0]);
      ::close(ErrPipe[0]);
      for (Live &Other : Running) {
        closeIfOpen(Other.ResultFD);
        closeIfOpen(Other.ErrFD);
      }
      runChild(Index, Limits, Work, ResultPipe[1], ErrPipe[1], Parent);
    }
    ::close(ResultPipe[1]);
    ::close(ErrPipe[1]);
    if (Pid < 0) {
      L.Outcome.Detail = std::strerror(errno);
      ::close(ResultPipe[0]);
      ::close(ErrPipe[0]);
      Done[Index] = std::move(L.Outcome);
      return;
    }
    L.Pid = Pid;
    L.ResultFD = ResultPipe[0];
    L.ErrFD = ErrPipe[0];
    L.Deadline = Limits.TimeoutSeconds
                     ? Clock::now() + std::chrono::seconds(Limits.TimeoutSeconds)
                     : Clock::time_point::max();
    Running.push_back(std::move(L));
  };

  while (NextDeliver < Count) {
    while (Running.size() < Parallel && NextStart < Count)
      Start(NextStart++);

    // Wait for data, an end of pipe, or the nearest deadline.
    std::vector<pollfd> Polled;
    Clock::time_point Wake = Clock::time_point::max();
    bool Reaping = false;
    for (Live &L : Running) {
      for (int FD : {L.ResultFD, L.ErrFD})
        if (FD >= 0)
          Polled.push_back({FD, POLLIN, 0});
      Wake = std::min(Wake, L.Deadline);
      Reaping |= L.ResultFD < 0 && L.ErrFD < 0;
    }
    int TimeoutMs = -1;
    if (Reaping)
      TimeoutMs = 10;
    else if (Wake != Clock::time_point::max())
      TimeoutMs = int(std::clamp<int64_t>(
          std::chrono::duration_cast<std::chrono::milliseconds>(Wake -
                                                                Clock::now())
                  .count() +
              1,
          0, 60000));
    if (!Polled.empty() || TimeoutMs >= 0)
      ::poll(Polled.data(), Polled.size(), TimeoutMs);

    for (Live &L : Running) {
      for (const pollfd &P : Polled) {
        if (!P.revents)
          continue;
        if (P.fd == L.ResultFD)
          drain(L.ResultFD, L.Outcome.Payload);
        else if (P.fd == L.ErrFD)
          drain(L.ErrFD, L.Outcome.Stderr, MaxStderrBytes);
      }
    }

    Clock::time_point Now = Clock::now();
    for (size_t I = 0; I < Running.size();) {
      Live &L = Running[I];
      bool Finished = false;
      if (L.ResultFD < 0 && L.ErrFD < 0) {
        int Status = 0;
        if (::waitpid(L.Pid, &Status, WNOHANG) == L.Pid) {
          judge(Status, L.Outcome);
          Finished = true;
        }
      }
      if (!Finished && Now >= L.Deadline) {
        ::kill(L.Pid, SIGKILL);
        int Status = 0;
        while (::waitpid(L.Pid, &Status, 0) < 0 && errno == EINTR)
          ;
        closeIfOpen(L.ResultFD);
        closeIfOpen(L.ErrFD);
        L.Outcome.How = ChildOutcome::TimedOut;
        L.Outcome.Payload.clear();
        L.Outcome.Stderr.clear();
        Finished = true;
      }
      if (!Finished) {
        ++I;
        continue;
      }
      Done[L.Index] = std::move(L.Outcome);
      Running.erase(Running.begin() + I);
    }

    for (auto It = Done.find(NextDeliver); It != Done.end();
         It = Done.find(NextDeliver)) {
      ChildOutcome O = std::move(It->second);
      Done.erase(It);
      Deliver(NextDeliver++, std::move(O));
    }
  }
}

} // namespace coalesce
