//===- Baseline.h - findings a project has already accepted -----*- C++ -*-===//
//
// Adopting the tool on a legacy code base: --write-baseline records today's
// flagged findings, --baseline reports only the ones not recorded. Entries
// are keyed by a fingerprint that survives unrelated edits and moved lines:
// the file, the kernel, the check and the access text with its whitespace
// removed, plus the access's rank among identical keys in that file (two
// identical "data[k]" in one kernel are two entries). Line numbers are not
// part of it. SARIF's partialFingerprints carry the same value.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_BASELINE_H
#define CUDA_COALESCE_FINDINGS_BASELINE_H

#include "Findings/Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace coalesce {

/// The path as recorded: relative to the working directory when under it,
/// "./" and ".." resolved, so "a.cu", "./a.cu" and "/abs/cwd/a.cu" agree.
std::string normalizedPath(llvm::StringRef Path);

/// One fingerprint per finding of R (flagged or not), in report order:
/// 16 hex digits.
std::vector<std::string> fingerprints(const Report &R);

class Baseline {
public:
  /// Reads a file written by write(); a missing, unreadable or malformed
  /// file is an error naming it.
  static llvm::Expected<Baseline> load(llvm::StringRef Path);

  /// The flagged findings of R, as a baseline file's contents.
  static std::string serialize(const Report &R);

  bool contains(llvm::StringRef Fingerprint) const {
    return Fingerprints.count(Fingerprint.str()) != 0;
  }
  size_t size() const { return Fingerprints.size(); }

  /// Unflags every flagged finding of R the baseline holds (marking it
  /// Baselined); returns how many.
  unsigned apply(Report &R) const;

private:
  std::set<std::string> Fingerprints;
};

} // namespace coalesce

#endif
