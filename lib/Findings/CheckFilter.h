//===- CheckFilter.h - clang-tidy style --checks globs ----------*- C++ -*-===//

#ifndef CUDA_COALESCE_FINDINGS_CHECKFILTER_H
#define CUDA_COALESCE_FINDINGS_CHECKFILTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace coalesce {

/// The checks every run starts from: all of them except coalescing-gather,
/// whose sector count depends on data the analyzer cannot see.
constexpr const char *DefaultChecks = "coalescing-*,-coalescing-gather";

/// A comma-separated list of globs, each optionally negated with '-'; the
/// last glob matching a name decides, as in clang-tidy.
class CheckFilter {
public:
  static llvm::Expected<CheckFilter> parse(llvm::StringRef Spec);
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
