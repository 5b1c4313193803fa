//===- Fixes.h - the automatic fixes, decided on the findings ---*- C++ -*-===//
//
// Two fixes are mechanical and can be proved safe: padding a __shared__
// tile whose column reads conflict (a bank conflict) and turning a chunked
// loop with independent iterations into a grid-stride loop. FixCandidates.h reads what they would edit off the
// AST; here each flagged finding gets the fix (Finding::AutoFix, and a note
// that says what it does) or a note that says why there is none. The same
// data becomes clang FixItHints, SARIF fixes, the JSON report's "fix" and
// cuda-coalesce --fix's edits.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_FIXES_H
#define CUDA_COALESCE_FINDINGS_FIXES_H

#include "Findings/Finding.h"
#include "Model/GpuTarget.h"

#include <vector>

namespace coalesce {

/// A tile is padded only when the bank model, run again on the padded
/// layout, finds every access of the array conflict-free: that is checked
/// over all of Findings (sorted, as a Report's).
void attachFixes(std::vector<Finding> &Findings, const GpuTarget &GPU);

} // namespace coalesce

#endif
