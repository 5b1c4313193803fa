//===- FileResultCodec.h - a FileResult as bytes, and back ------*- C++ -*-===//
//
// The child process that analyzed a file hands its FileResult to the driver
// through a pipe. The encoding is a small binary format (fixed-width little
// endian integers, length-prefixed strings) rather than JSON because source
// lines are arbitrary bytes, not always UTF-8, and the round trip must be
// exact.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_FILERESULTCODEC_H
#define CUDA_COALESCE_DRIVER_FILERESULTCODEC_H

#include "Driver/FileAnalysis.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace coalesce {

std::string encodeFileResult(const FileResult &R);

/// Fails on anything encodeFileResult could not have written: a wrong
/// header, a truncated record, trailing bytes.
llvm::Expected<FileResult> decodeFileResult(llvm::StringRef Bytes);

} // namespace coalesce

#endif
