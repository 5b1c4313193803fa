//===- ReasonText.h - a reason, in the report's words -----------*- C++ -*-===//
//
// The one place the reasons Analysis gives as data (LaneExpr/Reason.h)
// become words: the text, JSON and SARIF reports and the editor show these.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_REASONTEXT_H
#define CUDA_COALESCE_FINDINGS_REASONTEXT_H

#include "LaneExpr/Reason.h"

#include <string>

namespace coalesce {

/// "'s' is changed inside a loop", "depends on 'idx[i]', loaded from
/// memory"; empty for no reason.
std::string reasonText(const Reason &R);

} // namespace coalesce

#endif
