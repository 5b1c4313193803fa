//===- ChildProcesses.h - work run in forked, limited children --*- C++ -*-===//
//
// Runs pieces of work each in its own forked child process, a few at a time,
// so that a crash, a stack overflow, an exhausted memory budget or a hang in
// one of them costs only that piece. The child sends back what the work
// returned and everything it wrote to standard error; the parent hands both
// on in the order of the work, whatever order the children finish in.
//
// POSIX only. The parent must not hold threads or locks that the work needs
// when it calls this: the children are forked, not executed anew.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_CHILDPROCESSES_H
#define CUDA_COALESCE_DRIVER_CHILDPROCESSES_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace coalesce {

struct ChildLimits {
  unsigned Parallel = 1;       ///< children alive at once, at least 1
  unsigned TimeoutSeconds = 0; ///< wall clock per child; 0: none
  /// Address space the work may add to what the child starts with (the
  /// tool's code, its libraries, the work's stack); 0: no limit.
  uint64_t MemoryBytes = 0;
  /// The work runs on a thread with a stack this large; 0: on the child's
  /// main thread.
  unsigned StackBytes = 0;
};

struct ChildOutcome {
  enum Kind {
    Finished,    ///< the work returned; Payload is what it returned
    Crashed,     ///< killed by Signal
    TimedOut,    ///< killed after ChildLimits::TimeoutSeconds
    OutOfMemory, ///< an allocation failed (within ChildLimits::MemoryBytes)
    Exited,      ///< exited with ExitCode before the work returned
    NotStarted,  ///< no child: Detail says why
  } How = NotStarted;
  std::string Payload;
  /// What the child wrote to standard error; empty for TimedOut, where it
  /// would depend on how far the child got.
  std::string Stderr;
  int Signal = 0;
  int ExitCode = 0;
  std::string Detail;
};

/// Runs Work(I) for each I in [0, Count), each in a child process, and calls
/// Deliver(I, Outcome) in the parent for I = 0, 1, ... in that order, each as
/// soon as it and all before it are done.
void runInChildren(size_t Count, const ChildLimits &Limits,
                   llvm::function_ref<std::string(size_t)> Work,
                   llvm::function_ref<void(size_t, ChildOutcome)> Deliver);

/// "SIGSEGV", "SIGABRT", ...; "signal N" for one without a common name.
std::string signalName(int Signal);

} // namespace coalesce

#endif
