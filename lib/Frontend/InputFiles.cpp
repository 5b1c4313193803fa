//===- InputFiles.cpp -----------------------------------------------------===//

#include "Frontend/InputFiles.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace coalesce {

Error checkSourceFile(const std::string &Path) {
  auto Fail = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), Why);
  };
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return Fail(EC.message());
  if (sys::fs::is_directory(Status))
    return Fail("is a directory");
  if (!sys::fs::is_regular_file(Status))
    return Fail("not a regular file");
  if (Status.getSize() > MaxSourceBytes)
    return Fail("file too large: " + Twine(Status.getSize() >> 20) +
                " MiB, the limit is " + Twine(MaxSourceBytes >> 20) + " MiB");
  // A NUL byte in the first block means this is not source code.
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return Fail(Buffer.getError().message());
  if ((*Buffer)->getBuffer().take_front(4096).contains('\0'))
    return Fail("binary file, not CUDA source");
  return Error::success();
}

} // namespace coalesce
