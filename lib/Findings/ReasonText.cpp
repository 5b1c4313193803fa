//===- ReasonText.cpp -----------------------------------------------------===//

#include "Findings/ReasonText.h"

namespace coalesce {

std::string reasonText(const Reason &R) {
  auto Quoted = [](const std::string &S) { return "'" + S + "'"; };
  switch (R.Kind) {
  case ReasonKind::None:
    return "";
  case ReasonKind::Other:
    return R.Text;
  case ReasonKind::ChangedInLoop:
    return Quoted(R.Subject) + " is changed inside a loop";
  case ReasonKind::ValueAfterLoop:
    return Quoted(R.Subject) + " is its value after a loop";
  case ReasonKind::ChangedThroughPointer:
    return Quoted(R.Subject) + " is changed through a pointer inside a loop";
  case ReasonKind::RangeForElement:
    return Quoted(R.Subject) + " is a range-for element";
  case ReasonKind::PossiblyWritten:
    return Quoted(R.Subject) + " is possibly written by " + Quoted(R.Name);
  case ReasonKind::LoadedFromMemory:
    return "depends on " + Quoted(R.Subject) + ", loaded from memory";
  case ReasonKind::PointerLoaded:
    return "pointer " + Quoted(R.Subject) + " is loaded from memory";
  case ReasonKind::LoopEndLoaded:
    return (R.Cause ? reasonText(*R.Cause) : std::string()) +
           ", where the loop over " + Quoted(R.Subject) + " ends";
  case ReasonKind::FloatNotFollowed:
    return Quoted(R.Subject) +
           " is computed in floating point from a value not followed (" +
           (R.Cause ? reasonText(*R.Cause) : std::string()) + ")";
  case ReasonKind::FloatNeedsValue:
    return Quoted(R.Subject) + " needs the value of " + Quoted(R.Name) +
           ", a float not known here" +
           (R.Flag ? " (--assume " + R.Name + "=VALUE gives it)"
                   : std::string());
  case ReasonKind::LaneNotEvaluable:
    return "the address cannot be evaluated for lane " +
           std::to_string(R.Number) + " (overflow or division by zero)";
  case ReasonKind::ComparesAssumedValue:
    return "compares the lane with " + Quoted(R.Subject) + ", assumed to be " +
           std::to_string(R.Number) +
           ", which would leave no lane on (--assume gives the run's value)";
  case ReasonKind::MaskedByAssumedValue:
    return "the address is masked by " + Quoted(R.Subject) +
           ", a value the analyzer did not see";
  case ReasonKind::ShiftByAssumedValue:
    return "the address is shifted by " + Quoted(R.Subject) +
           ", a value the analyzer did not see (--assume " + R.Subject +
           "=VALUE gives it)";
  case ReasonKind::AllocationPerLane:
    return "the lanes of one warp take different allocations of " +
           R.Subject + ", whose placement in memory is not in the code";
  }
  return R.Text;
}

} // namespace coalesce
