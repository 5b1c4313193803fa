//===- Reason.h - why a value is unknown, as data ---------------*- C++ -*-===//
//
// An Unknown expression carries one, and so does an access whose address
// or guard the analysis cannot evaluate. What happened and to what, never
// words: lib/Findings/ReasonText.cpp words a reason for the reports, and
// consumers decide by its kind.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_LANEEXPR_REASON_H
#define CUDA_COALESCE_LANEEXPR_REASON_H

#include <cstdint>
#include <memory>
#include <string>

namespace coalesce {

enum class ReasonKind : uint8_t {
  None,                  ///< no reason: the value is known
  Other,                 ///< a construct's own message, in Text
  ChangedInLoop,         ///< the variable Subject is changed inside a loop
  ValueAfterLoop,        ///< Subject holds its value after a loop
  ChangedThroughPointer, ///< Subject is changed through a pointer in a loop
  RangeForElement,       ///< Subject is a range-for element
  PossiblyWritten,       ///< Subject may be changed by the store Name
  LoadedFromMemory,      ///< depends on Subject, a value loaded from memory
  PointerLoaded,         ///< the pointer Subject is loaded from memory
  LoopEndLoaded,         ///< Cause (a load), where the loop over Subject ends
  FloatNotFollowed,      ///< Subject is a float computed from Cause's value
  FloatNeedsValue,       ///< Subject needs the float Name; Flag: a parameter
  LaneNotEvaluable,      ///< lane Number's address overflows or divides by 0
  /// A guard compares the lane with Subject, assumed to be Number, which
  /// would switch off every lane of warp 0.
  ComparesAssumedValue,
  /// The address goes through a mask made of Subject, a value the analyzer
  /// merely assumed, that is not the wrap-around "Subject - 1".
  MaskedByAssumedValue,
  /// The lanes of one warp take different allocations of Subject
  /// ("(c ? a : b)").
  AllocationPerLane,
  /// The address shifts by Subject, a value the analyzer merely assumed
  /// (1048576 is no shift amount).
  ShiftByAssumedValue,
};

struct Reason {
  ReasonKind Kind = ReasonKind::None;
  /// The variable, member path, loaded value or expression the reason is
  /// about, as written ("s", "p.n", "rowptr[row]").
  std::string Subject;
  /// A second name (the float FloatNeedsValue waits for).
  std::string Name;
  /// Other: the message.
  std::string Text;
  int64_t Number = 0; ///< a lane, an assumed value
  bool Flag = false;  ///< FloatNeedsValue: Name is a kernel parameter
  /// The reason this one follows from (the load a loop's end depends on).
  std::shared_ptr<const Reason> Cause;

  Reason() = default;
  explicit Reason(ReasonKind K, std::string Subject = std::string())
      : Kind(K), Subject(std::move(Subject)) {}
  static Reason other(std::string Text) {
    Reason R(ReasonKind::Other);
    R.Text = std::move(Text);
    return R;
  }
  /// This reason, about S.
  Reason about(std::string S) const {
    Reason R = *this;
    R.Subject = std::move(S);
    return R;
  }
  Reason &because(Reason C) {
    Cause = std::make_shared<const Reason>(std::move(C));
    return *this;
  }

  bool empty() const { return Kind == ReasonKind::None; }
  bool operator==(const Reason &O) const {
    return Kind == O.Kind && Subject == O.Subject && Name == O.Name &&
           Text == O.Text && Number == O.Number && Flag == O.Flag &&
           (Cause && O.Cause ? *Cause == *O.Cause : Cause == O.Cause);
  }
  bool operator!=(const Reason &O) const { return !(*this == O); }
};

/// A stable identifier of each kind: "changed-in-loop".
const char *reasonKindName(ReasonKind K);

/// The reason as LaneExpr prints an Unknown node for debugging and tests:
/// Other's text, else the kind's identifier and what it is about. Reports
/// never show it (they word reasons through lib/Findings/ReasonText.h).
std::string debugText(const Reason &R);

} // namespace coalesce

#endif
