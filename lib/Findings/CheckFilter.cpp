//===- CheckFilter.cpp ----------------------------------------------------===//

#include "Findings/CheckFilter.h"
#include "Findings/CheckRegistry.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace coalesce {

bool globMatches(StringRef Pattern, StringRef Name) {
  size_t Star = Pattern.find('*');
  if (Star == StringRef::npos)
    return Pattern == Name;
  StringRef Head = Pattern.take_front(Star);
  if (!Name.starts_with(Head))
    return false;
  StringRef RestPattern = Pattern.drop_front(Star + 1);
  StringRef RestName = Name.drop_front(Head.size());
  for (size_t I = 0; I <= RestName.size(); ++I)
    if (globMatches(RestPattern, RestName.drop_front(I)))
      return true;
  return false;
}

Expected<CheckFilter> CheckFilter::parse(StringRef Spec) {
  CheckFilter F;
  SmallVector<StringRef, 8> Parts;
  Spec.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    P = P.trim();
    if (P.empty())
      continue;
    bool Positive = !P.consume_front("-");
    P = P.trim();
    if (P.empty() || P.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_*.") !=
                         StringRef::npos)
      return createStringError(inconvertibleErrorCode(),
                               "invalid --checks glob '%s'", P.str().c_str());
    F.Globs.push_back({P.str(), Positive});
  }
  return F;
}

Expected<CheckFilter> CheckFilter::withDefaults(StringRef UserSpec) {
  Expected<CheckFilter> User = parse(UserSpec);
  if (!User)
    return User.takeError();
  for (const Glob &G : User->Globs)
    if (llvm::none_of(allChecks(), [&](const auto &C) {
          return globMatches(G.Pattern, C->name());
        }))
      return createStringError(inconvertibleErrorCode(),
                               "--checks glob '%s' names no known check "
                               "(see --list-checks)",
                               G.Pattern.c_str());
  Expected<CheckFilter> F = parse(defaultChecksSpec());
  if (!F)
    return F.takeError();
  F->Globs.insert(F->Globs.end(), User->Globs.begin(), User->Globs.end());
  if (F->enabledChecks().empty())
    return createStringError(inconvertibleErrorCode(),
                             "--checks '%s' enables no check",
                             UserSpec.str().c_str());
  return F;
}

std::vector<std::string> CheckFilter::enabledChecks() const {
  std::vector<std::string> Names;
  for (const auto &C : allChecks())
    if (isEnabled(C->name()))
      Names.push_back(C->name().str());
  return Names;
}

bool CheckFilter::isEnabled(StringRef Check) const {
  bool Enabled = false;
  for (const Glob &G : Globs)
    if (globMatches(G.Pattern, Check))
      Enabled = G.Positive;
  return Enabled;
}

} // namespace coalesce
