//===- ApplyFixes.h - cuda-coalesce --fix: edit the sources in place -*- C++ -*-===//
//
// Like clang-tidy --fix: every automatic fix of a run's flagged findings is
// applied at once, each file's edits in one rewrite; an edit that overlaps
// one already taken is left out (and said), identical ones (a tile read by
// several flagged accesses) are made once.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_APPLYFIXES_H
#define CUDA_COALESCE_DRIVER_APPLYFIXES_H

#include "Findings/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace coalesce {

/// One fix made: the lines of the findings it came from (as reported) and
/// what it did.
struct AppliedFix {
  std::string File;
  std::vector<unsigned> Lines;
  std::string Check;
  std::string Description;
};

/// Applies the fixes of R's flagged findings. A file that cannot be read or
/// written is an error line on Err ("cuda-coalesce: error: ..."), and its
/// fixes are not in the result; Failed is then set.
std::vector<AppliedFix> applyFixes(const Report &R, llvm::raw_ostream &Err,
                                   bool &Failed);

} // namespace coalesce

#endif
