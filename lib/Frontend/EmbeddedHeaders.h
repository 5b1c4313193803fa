//===- EmbeddedHeaders.h - CUDA headers carried in the binary ---*- C++ -*-===//

#ifndef CUDA_COALESCE_FRONTEND_EMBEDDEDHEADERS_H
#define CUDA_COALESCE_FRONTEND_EMBEDDEDHEADERS_H

#include "llvm/ADT/StringRef.h"

#include <functional>

namespace coalesce {

/// Calls Map(virtual path, contents) for every embedded header: the built-in
/// CUDA headers under builtinHeaderDir() and the compatibility stubs under
/// compatHeaderDir().
void forEachEmbeddedHeader(
    const std::function<void(llvm::StringRef Path, llvm::StringRef Contents)> &Map);

} // namespace coalesce

#endif
