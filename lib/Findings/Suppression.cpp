//===- Suppression.cpp ----------------------------------------------------===//

#include "Findings/Suppression.h"
#include "Findings/CheckFilter.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace coalesce {

namespace {
/// Looks for Marker in Line; with no parenthesised list it silences every
/// check, with one it silences the checks the list's globs match.
bool markerSilences(StringRef Line, StringRef Marker, StringRef Check) {
  size_t Pos = 0;
  while ((Pos = Line.find(Marker, Pos)) != StringRef::npos) {
    StringRef Rest = Line.drop_front(Pos + Marker.size());
    Pos += Marker.size();
    // NOLINT must not match the start of NOLINTNEXTLINE.
    if (Rest.starts_with("NEXTLINE") || Rest.starts_with("BEGIN") ||
        Rest.starts_with("END"))
      continue;
    if (!Rest.starts_with("("))
      return true;
    size_t Close = Rest.find(')');
    if (Close == StringRef::npos)
      return false;
    SmallVector<StringRef, 4> Globs;
    Rest.slice(1, Close).split(Globs, ',', -1, false);
    for (StringRef G : Globs)
      if (globMatches(G.trim(), Check))
        return true;
  }
  return false;
}
} // namespace

bool isSuppressed(StringRef Check, StringRef Line, StringRef PreviousLine) {
  return markerSilences(Line, "NOLINT", Check) ||
         markerSilences(PreviousLine, "NOLINTNEXTLINE", Check);
}

} // namespace coalesce
