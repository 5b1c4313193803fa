//===- CheckFilter.h - clang-tidy style --checks globs ----------*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_CHECKFILTER_H
#define CUDA_COALESCE_FINDINGS_CHECKFILTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace coalesce {

/// A comma-separated list of globs, each optionally negated with '-'; the
/// last glob matching a name decides, as in clang-tidy.
class CheckFilter {
public:
  static llvm::Expected<CheckFilter> parse(llvm::StringRef Spec);
  /// The registered checks' defaults (CheckInfo::DefaultOn), then the
  /// user's --checks globs. Each of the user's globs must match a
  /// registered check, and at least one check must end up enabled.
  static llvm::Expected<CheckFilter> withDefaults(llvm::StringRef UserSpec);
  /// The enabled registered checks, in registry order.
  std::vector<std::string> enabledChecks() const;
  bool isEnabled(llvm::StringRef Check) const;

private:
  struct Glob {
    std::string Pattern;
    bool Positive;
  };
  std::vector<Glob> Globs;
};

/// Whether Name matches Pattern, where '*' matches any run of characters.
bool globMatches(llvm::StringRef Pattern, llvm::StringRef Name);

} // namespace coalesce

#endif
