//===- IntrinsicLines.h - where nvcc books a cache-hinted access -*- C++ -*-===//
//
// The cache-hinted loads and stores (__ldg, __ldcs, __stcg, ...) are
// functions of the toolkit's sm_32_intrinsics.hpp, one overload a line,
// whose inline assembly does the access: nvcc's line information books the
// instruction on that line, not on the user's call (nvcc 13 -lineinfo,
// docs/report-format.md). Clang's CUDA wrapper declares its own instead of
// including that header, so the line is looked up in the header's text.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_INTRINSICLINES_H
#define CUDA_COALESCE_FINDINGS_INTRINSICLINES_H

#include "llvm/ADT/StringRef.h"

namespace coalesce {

/// The line and column of Name's overload for a pointer to Pointee
/// ("float4", "unsigned long long") in the header at HeaderPath, a
/// toolkit's sm_32_intrinsics.hpp; {0, 0} when the header or the overload
/// is not there. Each header is read once.
std::pair<unsigned, unsigned> cacheHintedLine(llvm::StringRef HeaderPath,
                                              llvm::StringRef Name,
                                              llvm::StringRef Pointee);

} // namespace coalesce

#endif
