//===- CacheDirectory.cpp -------------------------------------------------===//

#include "Driver/CacheDirectory.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <cstdint>

#include <cerrno>

#include <signal.h>
#include <unistd.h>

using namespace llvm;

namespace coalesce {

std::string defaultCacheDirectory() {
  SmallString<256> Dir;
  if (auto Xdg = sys::Process::GetEnv("XDG_CACHE_HOME"); Xdg && !Xdg->empty()) {
    Dir = *Xdg;
  } else if (auto Home = sys::Process::GetEnv("HOME"); Home && !Home->empty()) {
    Dir = *Home;
    sys::path::append(Dir, ".cache");
  } else {
    return "";
  }
  sys::path::append(Dir, "cuda-coalesce");
  return std::string(Dir);
}

std::string pchDirectory(StringRef CacheDir) { return (CacheDir + "/pch").str(); }
std::string resultDirectory(StringRef CacheDir) {
  return (CacheDir + "/results").str();
}

namespace {

/// The writer's process id in a temporary's name: temporaryNameBeside()
/// puts ".tmp-<pid>-<n>" in it (clang's own temporary for the PCH wraps
/// that name); 0 when Name is no temporary.
int writerOf(StringRef Name) {
  size_t At = Name.find(".tmp-");
  if (At == StringRef::npos)
    return 0;
  StringRef Pid = Name.drop_front(At + 5).split('-').first;
  int N = 0;
  return Pid.getAsInteger(10, N) ? 0 : N;
}

/// Whether process Pid still runs: it exists and is not a zombie (a
/// killed child stays one until whoever adopted it reaps it).
bool running(int Pid) {
  if (::kill(Pid, 0) != 0 && errno == ESRCH)
    return false;
  auto Stat = MemoryBuffer::getFileAsStream("/proc/" + Twine(Pid) + "/stat");
  if (!Stat)
    return true; // no /proc: existing is running
  // "pid (comm) state ...": comm may hold spaces and parentheses.
  StringRef After = (*Stat)->getBuffer().rsplit(')').second.ltrim();
  return !After.starts_with("Z") && !After.starts_with("X");
}

/// Removes the temporaries under Dir whose writer no longer runs. A live
/// writer's (another run's, now) is left alone.
void removeOrphanTemporaries(StringRef Dir) {
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    int Pid = writerOf(sys::path::filename(It->path()));
    if (Pid > 0 && !running(Pid))
      sys::fs::remove(It->path());
  }
}

} // namespace

Error prepareCacheDirectory(const std::string &Dir) {
  auto Fail = [&](std::error_code EC) {
    return createStringError(EC, "cannot write to the cache directory %s: %s",
                             Dir.c_str(), EC.message().c_str());
  };
  for (const std::string &D : {Dir, pchDirectory(Dir), resultDirectory(Dir)})
    if (std::error_code EC = sys::fs::create_directories(D))
      return Fail(EC);
  // A directory may exist and still refuse files (permissions, a read-only
  // mount): try one.
  SmallString<256> Probe;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(
          resultDirectory(Dir) + "/probe-%%%%%%%%", FD, Probe))
    return Fail(EC);
  ::close(FD);
  sys::fs::remove(Probe);
  for (const std::string &D :
       {pchDirectory(Dir), resultDirectory(Dir), Dir + "/includes"})
    removeOrphanTemporaries(D);
  return Error::success();
}

const std::string &toolBuildId() {
  static const std::string Id = [] {
    std::string S = std::string("cuda-coalesce ") + CUDA_COALESCE_VERSION +
                    "; " + clang::getClangFullVersion();
    std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
    sys::fs::file_status St;
    if (!Exe.empty() && !sys::fs::status(Exe, St))
      S += "; " + Exe + " " + std::to_string(St.getSize()) + " " +
           std::to_string(St.getLastModificationTime().time_since_epoch().count());
    return S;
  }();
  return Id;
}

std::string digestHex(ArrayRef<StringRef> Parts) {
  BLAKE3 H;
  for (StringRef P : Parts) {
    uint64_t N = P.size();
    uint8_t Len[8];
    for (int I = 0; I < 8; ++I)
      Len[I] = uint8_t(N >> (8 * I));
    H.update(ArrayRef<uint8_t>(Len, 8));
    H.update(P);
  }
  BLAKE3Result<16> D = H.final<16>();
  return toHex(ArrayRef<uint8_t>(D.data(), D.size()), /*LowerCase=*/true);
}

std::string temporaryNameBeside(StringRef Path) {
  // The pid tells concurrent runs apart, the counter a run's own writers.
  static std::atomic<unsigned> Counter{0};
  return (Path + ".tmp-" + Twine(::getpid()) + "-" + Twine(Counter++)).str();
}

Error writeFileAtomically(StringRef Path, StringRef Bytes) {
  std::string Tmp = temporaryNameBeside(Path);
  {
    // Created new, never opened through what is there: a link planted
    // under the temporary's name (it is predictable) is not written through.
    int FD = -1;
    std::error_code EC =
        sys::fs::openFileForWrite(Tmp, FD, sys::fs::CD_CreateNew);
    if (!EC) {
      raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << Bytes;
      OS.close();
      EC = OS.error();
      OS.clear_error();
    }
    if (EC) {
      sys::fs::remove(Tmp);
      return createStringError(EC, "cannot write %s: %s", Tmp.c_str(),
                               EC.message().c_str());
    }
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Path)) {
    sys::fs::remove(Tmp);
    return createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}

} // namespace coalesce
