//===- RegularFile.h - reading a file the run did not make -------*- C++ -*-===//
//
// Every file a run reads besides its sources (a cache entry, a configuration,
// a baseline, a confirmations file, a rubric) goes through readRegularFile:
// /dev/zero would fill the memory, a FIFO would block the run forever, and a
// symbolic link planted in the cache would make it read any file. The file
// is opened once, without blocking, and judged by what was opened, so
// nothing can be swapped in between the check and the read.
//
// Header-only: the grader links LLVM alone, not the Frontend library.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_REGULARFILE_H
#define CUDA_COALESCE_FRONTEND_REGULARFILE_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cerrno>
#include <cstdint>
#include <memory>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace coalesce {

/// Limits for what the run reads: a configuration or a rubric is a page of
/// text; a baseline or a confirmations file lists a project's findings; a
/// cache entry holds one file's report and diagnostics.
constexpr uint64_t MaxConfigBytes = 4u << 20;
constexpr uint64_t MaxListBytes = 256u << 20;
constexpr uint64_t MaxCacheEntryBytes = 64u << 20;
/// A precompiled prelude is clang's to read (a few MB; some 40 MB with a
/// toolkit's headers): one larger is not used, and built again. A sparse
/// 3 GB file planted with a matching stamp kept its file's child busy until
/// the timeout.
constexpr uint64_t MaxPchBytes = 512u << 20;

/// "3 MiB" or "900 KiB" for the messages below.
inline std::string sizeText(uint64_t Bytes) {
  return Bytes >= (1u << 20) ? std::to_string(Bytes >> 20) + " MiB"
                             : std::to_string((Bytes + 1023) >> 10) + " KiB";
}

/// The contents of Path, when it is a regular file of at most MaxBytes.
/// With FollowLinks false, a symbolic link is refused (a cache entry).
/// The error is one line without the path: "not a regular file",
/// "file too large: 3 MiB, the limit is 1 MiB", or the system's reason.
inline llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readRegularFile(const llvm::Twine &Path, uint64_t MaxBytes,
                bool FollowLinks = true, bool NullTerminated = true) {
  auto Fail = [](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  std::string P = Path.str();
  int FD = ::open(P.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK |
                                 (FollowLinks ? 0 : O_NOFOLLOW));
  if (FD < 0)
    return Fail(errno == ELOOP && !FollowLinks
                    ? std::string("a symbolic link")
                    : std::error_code(errno, std::generic_category())
                          .message());
  struct stat St;
  std::string Why;
  if (::fstat(FD, &St) != 0)
    Why = std::error_code(errno, std::generic_category()).message();
  else if (S_ISDIR(St.st_mode))
    Why = "is a directory";
  else if (!S_ISREG(St.st_mode))
    Why = "not a regular file";
  else if (uint64_t(St.st_size) > MaxBytes)
    Why = "file too large: " + sizeText(uint64_t(St.st_size)) +
          ", the limit is " + sizeText(MaxBytes);
  if (!Why.empty()) {
    ::close(FD);
    return Fail(Why);
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getOpenFile(llvm::sys::fs::convertFDToNativeFile(FD),
                                      P, uint64_t(St.st_size),
                                      NullTerminated);
  ::close(FD);
  if (!Buf)
    return Fail(Buf.getError().message());
  return std::move(*Buf);
}

} // namespace coalesce

#endif
