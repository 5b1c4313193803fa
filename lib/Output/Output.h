//===- Output.h - writing a report as text, JSON or SARIF -------*- C++ -*-===//
//
// The last layer: it formats findings that the Findings layer has already
// classified and worded. Nothing here analyzes; every writer prints the
// findings in the order the report holds them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_OUTPUT_OUTPUT_H
#define CUDA_COALESCE_OUTPUT_OUTPUT_H

#include "Findings/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace coalesce {

struct OutputOptions {
  bool Color = false;      ///< ANSI colors, as clang prints them
  bool Explain = false;    ///< the lane -> sector picture under each warning
  bool Verbose = false;    ///< also print remarks for unknown accesses
  std::string ToolVersion; ///< "0.1.0"
  /// SARIF: paths under this absolute directory are written relative to
  /// %SRCROOT% (the working directory); empty: as given.
  std::string SourceRoot;
  /// SARIF: absolute URI the checks' pages are under, ending in '/'
  /// (helpUri = this + "<check>.md"; the help's relative links are resolved
  /// against it); empty: no helpUri.
  std::string DocsBaseUri;
  /// SARIF: the tool's documentation (driver.informationUri); empty: none.
  std::string InformationUri;
};

/// Clang-style diagnostics: warnings with a caret and notes, a note for a
/// misaligned access, and (with Verbose) a remark for each unknown address.
void writeText(const Report &R, const OutputOptions &O, llvm::raw_ostream &OS);

/// Report format v1 ("cuda-coalesce-report/1"), docs/report-format.md.
void writeJson(const Report &R, const OutputOptions &O, llvm::raw_ostream &OS);

/// SARIF 2.1.0 for code scanning: one result per flagged location and check
/// (see SarifOutput.cpp).
void writeSarif(const Report &R, const OutputOptions &O, llvm::raw_ostream &OS);

} // namespace coalesce

#endif
