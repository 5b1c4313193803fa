//===- CheckRegistry.cpp --------------------------------------------------===//

#include "Findings/CheckRegistry.h"
#include "Options/OptionTable.h"

namespace coalesce {

std::unique_ptr<CoalescingCheck> createChunkedCheck();
std::unique_ptr<CoalescingCheck> createAosCheck();
std::unique_ptr<CoalescingCheck> createStridedCheck();
std::unique_ptr<CoalescingCheck> createMisalignedCheck();
std::unique_ptr<CoalescingCheck> createGatherCheck();
std::unique_ptr<CoalescingCheck> createUnknownCheck();
std::unique_ptr<CoalescingCheck> createBankConflictCheck();

const std::vector<std::unique_ptr<CoalescingCheck>> &allChecks() {
  // Sorted by name: the order users see in --list-checks and SARIF.
  static const std::vector<std::unique_ptr<CoalescingCheck>> Checks = [] {
    std::vector<std::unique_ptr<CoalescingCheck>> V;
    V.push_back(createAosCheck());
    V.push_back(createChunkedCheck());
    V.push_back(createGatherCheck());
    V.push_back(createMisalignedCheck());
    V.push_back(createStridedCheck());
    V.push_back(createUnknownCheck());
    V.push_back(createBankConflictCheck());
    return V;
  }();
  return Checks;
}

const CoalescingCheck *findCheck(llvm::StringRef Name) {
  for (const auto &C : allChecks())
    if (C->name() == Name)
      return C.get();
  return nullptr;
}

std::string defaultChecksSpec() {
  std::string Spec = "-*";
  for (const auto &C : allChecks())
    if (C->info().DefaultOn)
      Spec += "," + C->name().str();
  return Spec;
}

llvm::Error CheckOptions::set(llvm::StringRef Assignment) {
  auto [Key, Value] = Assignment.split('=');
  auto [Check, Option] = Key.trim().rsplit('.');
  auto Fail = [&](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--check-option '%s': %s",
                                   Assignment.str().c_str(), Why.c_str());
  };
  if (Option.empty() || !Assignment.contains('='))
    return Fail("expected <check>.<Option>=<value>");
  const CoalescingCheck *C = findCheck(Check);
  if (!C)
    return Fail("no check named '" + Check.str() + "'");
  for (const CheckOption &O : C->info().Options)
    if (Option == O.Name) {
      // The value obeys the option table's row of the same name, as on the
      // command line and in clang-tidy's CheckOptions.
      if (const OptionSpec *Spec = findOption(Option))
        if (llvm::Expected<OptionValue> V = parseOption(*Spec, Value.trim()); !V)
          return Fail(llvm::toString(V.takeError()));
      Values[Key.trim().str()] = Value.trim().str();
      return llvm::Error::success();
    }
  return Fail("'" + Check.str() + "' has no option '" + Option.str() + "'");
}

std::string CheckOptions::get(const CheckInfo &Check,
                              llvm::StringRef Option) const {
  auto It = Values.find(std::string(Check.Name) + "." + Option.str());
  if (It != Values.end())
    return It->second;
  for (const CheckOption &O : Check.Options)
    if (Option == O.Name)
      return O.Default;
  return "";
}

} // namespace coalesce
