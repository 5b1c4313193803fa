//===- ChildProcessesTest.cpp - work in forked, limited children ----------===//
//
// What the driver relies on: each piece of work's result and standard error
// come back, in the order of the work whatever order the children finish
// in; a crash, a hang, an exhausted memory budget or an early exit becomes
// that piece's outcome and nothing else's; no more than the allowed number
// of children run at once.
//
//===----------------------------------------------------------------------===//

#include "Driver/ChildProcesses.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>
#include <vector>

#include <fstream>

#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

using namespace coalesce;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool SanitizerAllocator = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
constexpr bool SanitizerAllocator = true;
#else
constexpr bool SanitizerAllocator = false;
#endif
#else
constexpr bool SanitizerAllocator = false;
#endif

struct Delivered {
  size_t Index;
  ChildOutcome Outcome;
};

std::vector<Delivered> runAll(size_t Count, const ChildLimits &Limits,
                              llvm::function_ref<std::string(size_t)> Work) {
  std::vector<Delivered> Out;
  runInChildren(Count, Limits, Work, [&](size_t I, ChildOutcome O) {
    Out.push_back({I, std::move(O)});
  });
  return Out;
}

int64_t monotonicMicros() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return int64_t(T.tv_sec) * 1000000 + T.tv_nsec / 1000;
}

/// Recursion that needs about Depth KiB of stack and cannot be turned into
/// a loop.
unsigned deep(unsigned Depth) {
  volatile char Frame[1024];
  Frame[0] = char(Depth);
  if (Depth == 0)
    return Frame[0];
  return deep(Depth - 1) + Frame[0];
}

TEST(ChildProcesses, DeliversInOrderWhateverOrderChildrenFinish) {
  ChildLimits L;
  L.Parallel = 4;
  // The first child is the slowest, the last the fastest.
  std::vector<Delivered> Out = runAll(4, L, [](size_t I) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100 * (4 - I)));
    llvm::errs() << "stderr of " << I << "\n";
    return "result of " + std::to_string(I);
  });
  ASSERT_EQ(Out.size(), 4u);
  for (size_t I = 0; I < 4; ++I) {
    EXPECT_EQ(Out[I].Index, I);
    EXPECT_EQ(Out[I].Outcome.How, ChildOutcome::Finished);
    EXPECT_EQ(Out[I].Outcome.Payload, "result of " + std::to_string(I));
    EXPECT_EQ(Out[I].Outcome.Stderr, "stderr of " + std::to_string(I) + "\n");
  }
}

TEST(ChildProcesses, LargeResultAndStderrDoNotDeadlock) {
  ChildLimits L;
  L.Parallel = 2;
  std::vector<Delivered> Out = runAll(2, L, [](size_t I) {
    std::string Noise(3 << 20, char('a' + I));
    llvm::errs() << Noise;
    return std::string(5 << 20, char('x' + I));
  });
  ASSERT_EQ(Out.size(), 2u);
  for (size_t I = 0; I < 2; ++I) {
    EXPECT_EQ(Out[I].Outcome.How, ChildOutcome::Finished);
    EXPECT_EQ(Out[I].Outcome.Payload, std::string(5 << 20, char('x' + I)));
    EXPECT_EQ(Out[I].Outcome.Stderr, std::string(3 << 20, char('a' + I)));
  }
}

TEST(ChildProcesses, CrashesStayWithTheirWork) {
  ChildLimits L;
  L.Parallel = 3;
  std::vector<Delivered> Out = runAll(5, L, [](size_t I) -> std::string {
    llvm::errs() << "before " << I << "\n";
    if (I == 1)
      std::raise(SIGSEGV);
    if (I == 3)
      std::abort();
    return "ok";
  });
  ASSERT_EQ(Out.size(), 5u);
  EXPECT_EQ(Out[1].Outcome.How, ChildOutcome::Crashed);
  EXPECT_EQ(signalName(Out[1].Outcome.Signal), "SIGSEGV");
  EXPECT_EQ(Out[1].Outcome.Stderr, "before 1\n");
  EXPECT_EQ(Out[3].Outcome.How, ChildOutcome::Crashed);
  EXPECT_EQ(signalName(Out[3].Outcome.Signal), "SIGABRT");
  for (size_t I : {0, 2, 4}) {
    EXPECT_EQ(Out[I].Outcome.How, ChildOutcome::Finished);
    EXPECT_EQ(Out[I].Outcome.Payload, "ok");
  }
}

TEST(ChildProcesses, HangIsKilledAtTheTimeout) {
  ChildLimits L;
  L.Parallel = 2;
  L.TimeoutSeconds = 1;
  auto Start = std::chrono::steady_clock::now();
  std::vector<Delivered> Out = runAll(2, L, [](size_t I) -> std::string {
    if (I == 0)
      for (;;)
        std::this_thread::sleep_for(std::chrono::seconds(1));
    return "quick";
  });
  double Seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Outcome.How, ChildOutcome::TimedOut);
  EXPECT_EQ(Out[1].Outcome.How, ChildOutcome::Finished);
  EXPECT_EQ(Out[1].Outcome.Payload, "quick");
  EXPECT_GE(Seconds, 1.0);
  EXPECT_LT(Seconds, 10.0);
}

TEST(ChildProcesses, NoTimeoutLetsSlowWorkFinish) {
  ChildLimits L;
  L.TimeoutSeconds = 0;
  std::vector<Delivered> Out = runAll(1, L, [](size_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    return std::string("slow");
  });
  EXPECT_EQ(Out[0].Outcome.How, ChildOutcome::Finished);
}

TEST(ChildProcesses, MemoryBudgetEndsOnlyTheGreedyChild) {
  if (SanitizerAllocator)
    GTEST_SKIP() << "the sanitizer's allocator aborts instead of failing";
  ChildLimits L;
  L.Parallel = 2;
  L.MemoryBytes = 64u << 20;
  std::vector<Delivered> Out = runAll(2, L, [](size_t I) -> std::string {
    if (I == 0) {
      // 256 MiB, written to so that it cannot be optimized away.
      std::vector<char> *Big = new std::vector<char>(256u << 20, 'x');
      return std::string(1, (*Big)[12345]);
    }
    std::vector<char> Small(8u << 20, 'y');
    return std::string(1, Small[12345]);
  });
  EXPECT_EQ(Out[0].Outcome.How, ChildOutcome::OutOfMemory);
  EXPECT_EQ(Out[1].Outcome.How, ChildOutcome::Finished);
  EXPECT_EQ(Out[1].Outcome.Payload, "y");
}

TEST(ChildProcesses, WithoutABudgetTheSameAllocationSucceeds) {
  ChildLimits L;
  L.MemoryBytes = 0;
  std::vector<Delivered> Out = runAll(1, L, [](size_t) {
    std::vector<char> Big(256u << 20, 'x');
    return std::string(1, Big[12345]);
  });
  EXPECT_EQ(Out[0].Outcome.How, ChildOutcome::Finished);
  EXPECT_EQ(Out[0].Outcome.Payload, "x");
}

TEST(ChildProcesses, WorkRunsOnTheLargeStack) {
  ChildLimits Large;
  Large.StackBytes = 256u << 20;
  Large.MemoryBytes = 64u << 20; // the stack is not charged to the budget
  std::vector<Delivered> Out =
      runAll(1, Large, [](size_t) { return std::to_string(deep(64 << 10)); });
  EXPECT_EQ(Out[0].Outcome.How, ChildOutcome::Finished);

  // 64 MiB of frames on a 16 MiB stack: a stack overflow, a crash. Under
  // AddressSanitizer the frames' locals live on its fake stack in the heap
  // (use-after-return detection), so the thread's stack need not overflow.
  if (SanitizerAllocator)
    return;
  ChildLimits Small;
  Small.StackBytes = 16u << 20;
  Out = runAll(1, Small, [](size_t) { return std::to_string(deep(64 << 10)); });
  EXPECT_EQ(Out[0].Outcome.How, ChildOutcome::Crashed);
  EXPECT_EQ(signalName(Out[0].Outcome.Signal), "SIGSEGV");
}

TEST(ChildProcesses, EarlyExitIsItsOwnOutcome) {
  std::vector<Delivered> Out =
      runAll(1, ChildLimits(), [](size_t) -> std::string { std::exit(3); });
  EXPECT_EQ(Out[0].Outcome.How, ChildOutcome::Exited);
  EXPECT_EQ(Out[0].Outcome.ExitCode, 3);
}

TEST(ChildProcesses, NoMoreThanParallelChildrenAtOnce) {
  ChildLimits L;
  L.Parallel = 2;
  std::vector<Delivered> Out = runAll(6, L, [](size_t) {
    int64_t Begin = monotonicMicros();
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    return std::to_string(Begin) + " " + std::to_string(monotonicMicros());
  });
  ASSERT_EQ(Out.size(), 6u);
  std::vector<std::pair<int64_t, int64_t>> Spans;
  for (const Delivered &D : Out) {
    ASSERT_EQ(D.Outcome.How, ChildOutcome::Finished);
    size_t Space = D.Outcome.Payload.find(' ');
    Spans.push_back({std::stoll(D.Outcome.Payload.substr(0, Space)),
                     std::stoll(D.Outcome.Payload.substr(Space + 1))});
  }
  unsigned MostAtOnce = 0;
  for (const auto &S : Spans) {
    unsigned AtOnce = 0;
    for (const auto &T : Spans)
      AtOnce += T.first <= S.first && S.first < T.second;
    MostAtOnce = std::max(MostAtOnce, AtOnce);
  }
  EXPECT_EQ(MostAtOnce, 2u);
}

/// A process that is gone, or a zombie no one has reaped yet.
bool isGone(pid_t Pid) {
  if (::kill(Pid, 0) != 0)
    return true;
  std::ifstream Stat("/proc/" + std::to_string(Pid) + "/stat");
  std::string Self, Name, State;
  Stat >> Self >> Name >> State;
  return State == "Z" || State == "X";
}

#if defined(__linux__)
TEST(ChildProcesses, KillingTheDriverKillsItsChildren) {
  int PidPipe[2];
  ASSERT_EQ(::pipe(PidPipe), 0);
  pid_t Driver = ::fork();
  ASSERT_GE(Driver, 0);
  if (Driver == 0) {
    ::close(PidPipe[0]);
    ChildLimits L; // no timeout: only the driver's death can end the child
    runInChildren(
        1, L,
        [&](size_t) -> std::string {
          pid_t Me = ::getpid();
          (void)!::write(PidPipe[1], &Me, sizeof(Me));
          for (;;)
            std::this_thread::sleep_for(std::chrono::seconds(1));
        },
        [](size_t, ChildOutcome) {});
    _exit(0);
  }
  ::close(PidPipe[1]);
  pid_t Child = 0;
  ASSERT_EQ(::read(PidPipe[0], &Child, sizeof(Child)), ssize_t(sizeof(Child)));
  ::close(PidPipe[0]);
  EXPECT_FALSE(isGone(Child));
  ::kill(Driver, SIGKILL);
  ::waitpid(Driver, nullptr, 0);
  bool Gone = false;
  for (int I = 0; I < 500 && !Gone; ++I) {
    Gone = isGone(Child);
    if (!Gone)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(Gone);
  if (!Gone)
    ::kill(Child, SIGKILL);
}
#endif

TEST(ChildProcesses, SignalNames) {
  EXPECT_EQ(signalName(SIGSEGV), "SIGSEGV");
  EXPECT_EQ(signalName(SIGILL), "SIGILL");
  EXPECT_EQ(signalName(SIGKILL), "SIGKILL");
  EXPECT_EQ(signalName(64), "signal 64");
}

} // namespace
