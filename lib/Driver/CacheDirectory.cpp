//===- CacheDirectory.cpp -------------------------------------------------===//

#include "Driver/CacheDirectory.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <cstdint>

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
