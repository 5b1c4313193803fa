//===- Suppression.h - NOLINT comments --------------------------*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_SUPPRESSION_H
#define CUDA_COALESCE_FINDINGS_SUPPRESSION_H

#include "llvm/ADT/StringRef.h"

namespace coalesce {

/// Whether Check is silenced on a line by "NOLINT" / "NOLINT(check, glob*)"
/// in that line, or by "NOLINTNEXTLINE(...)" in the line above.
bool isSuppressed(llvm::StringRef Check, llvm::StringRef Line,
                  llvm::StringRef PreviousLine);

} // namespace coalesce

#endif
