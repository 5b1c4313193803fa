//===- EmbeddedHeaders.cpp ------------------------------------------------===//

#include "Frontend/EmbeddedHeaders.h"
#include "Frontend/CudaToolchain.h"

namespace coalesce {

namespace {
struct EmbeddedFile {
  const char *RelativePath; ///< "builtin/cuda_runtime.h"
  const char *Contents;
};

const EmbeddedFile Files[] = {
#include "EmbeddedHeaders.inc"
};
} // namespace

void forEachEmbeddedHeader(
    const std::function<void(llvm::StringRef, llvm::StringRef)> &Map) {
  // builtinHeaderDir() is "<root>/builtin", so the root is its parent.
  const std::string Builtin = builtinHeaderDir();
  llvm::StringRef Root = llvm::StringRef(Builtin).rsplit('/').first;
  for (const EmbeddedFile &F : Files)
    Map((Root + "/" + F.RelativePath).str(), F.Contents);
}

} // namespace coalesce
