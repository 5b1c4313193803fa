//===- CheckDocs.h - each check's doc page, carried in the binary -*- C++ -*-===//
//
// docs/checks/<name>.md is the one description of a check: SARIF's rule
// help and full description are made from it, so what GitHub code scanning
// shows next to an alert is the page a user would open.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_CHECKDOCS_H
#define CUDA_COALESCE_FINDINGS_CHECKDOCS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace coalesce {

/// The Markdown of the check's page; empty when it has none.
llvm::StringRef checkDocPage(llvm::StringRef CheckName);

/// The page's first paragraph after its title, as one line of plain text
/// (Markdown links reduced to their text, code spans to their code).
std::string checkDocSummary(llvm::StringRef CheckName);

/// Where the doc pages are published, as configured at build time
/// (-DCUDA_COALESCE_DOCS_URL=https://.../docs/checks/, else the project
/// repository's docs/checks/); an absolute https URL.
llvm::StringRef configuredDocsUrl();

} // namespace coalesce

#endif
