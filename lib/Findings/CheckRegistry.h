//===- CheckRegistry.h - every check, and what is generated from them -*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_CHECKREGISTRY_H
#define CUDA_COALESCE_FINDINGS_CHECKREGISTRY_H

#include "Findings/CoalescingCheck.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace coalesce {

/// Every registered check, in a fixed order (the order of SARIF rules and
/// --list-checks).
const std::vector<std::unique_ptr<CoalescingCheck>> &allChecks();

/// The registered check of that name, or null.
const CoalescingCheck *findCheck(llvm::StringRef Name);

/// The checks on by default, as a --checks spec: "-*,a,b,...".
std::string defaultChecksSpec();

/// Per-check options, clang-tidy style: "<check>.MinEfficiency".
class CheckOptions {
public:
  /// Parses "check.Option=value"; the check and the option must be
  /// registered.
  llvm::Error set(llvm::StringRef Assignment);
  /// The value given, else the option's registered default.
  std::string get(const CheckInfo &Check, llvm::StringRef Option) const;

private:
  std::map<std::string, std::string> Values;
};

} // namespace coalesce

#endif
