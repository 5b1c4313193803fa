//===- Reason.cpp ---------------------------------------------------------===//

#include "LaneExpr/Reason.h"

namespace coalesce {

const char *reasonKindName(ReasonKind K) {
  switch (K) {
  case ReasonKind::None:
    return "none";
  case ReasonKind::Other:
    return "other";
  case ReasonKind::ChangedInLoop:
    return "changed-in-loop";
  case ReasonKind::ValueAfterLoop:
    return "value-after-loop";
  case ReasonKind::ChangedThroughPointer:
    return "changed-through-pointer";
  case ReasonKind::RangeForElement:
    return "range-for-element";
  case ReasonKind::PossiblyWritten:
    return "possibly-written";
  case ReasonKind::LoadedFromMemory:
    return "loaded-from-memory";
  case ReasonKind::PointerLoaded:
    return "pointer-loaded";
  case ReasonKind::LoopEndLoaded:
    return "loop-end-loaded";
  case ReasonKind::FloatNotFollowed:
    return "float-not-followed";
  case ReasonKind::FloatNeedsValue:
    return "float-needs-value";
  case ReasonKind::LaneNotEvaluable:
    return "lane-not-evaluable";
  case ReasonKind::ComparesAssumedValue:
    return "compares-assumed-value";
  case ReasonKind::MaskedByAssumedValue:
    return "masked-by-assumed-value";
  case ReasonKind::AllocationPerLane:
    return "allocation-per-lane";
  case ReasonKind::ShiftByAssumedValue:
    return "shift-by-assumed-value";
  }
  return "other";
}

std::string debugText(const Reason &R) {
  if (R.Kind == ReasonKind::Other)
    return R.Text;
  std::string T = reasonKindName(R.Kind);
  if (!R.Subject.empty())
    T += " '" + R.Subject + "'";
  if (!R.Name.empty())
    T += " '" + R.Name + "'";
  if (R.Cause)
    T += " (" + debugText(*R.Cause) + ")";
  return T;
}

} // namespace coalesce
