//===- ReportReuse.h - a file's report kept across its edits ----*- C++ -*-===//
//
// clangd rebuilds a file's AST, and so runs the checks, on every edit. Many
// edits do not change anything the analysis reads: a comment or blank lines
// written after the last function, a comment between two functions changed
// in place, an undo back to a text analyzed before. The report is a function of the translation unit's code (the main
// file's declarations and directives, the headers, the compile command) and
// the analysis options, so when none of these changed the previous report
// is the new one, and the analysis is skipped.
//
// What is compared, exactly:
//   - the main file's text, in which each comment that lies outside every
//     top-level declaration and every preprocessor directive is blanked
//     (spaces of the same length; line breaks kept) and the end trimmed:
//     every code token then sits at the same offset, line and column, and
//     everything the report quotes (an access's text, a fix's edit) lies
//     inside a declaration or a directive, so reads the same;
//   - everything else the AST was built from: the target, the predefined and
//     command-line macros, the precompiled preamble clangd built the file
//     with (a new one for each change of the headers it covers), and every
//     other file the build read (path, size, time: clangd gives each
//     unsaved editor buffer a new time on each edit);
//   - the analysis options.
// An edit inside a function analyzes again the kernels it can change and
// reuses the others' results (KernelReuse.h); an edit of anything the file
// includes analyzes the file again in full.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_TIDY_REPORTREUSE_H
#define CUDA_COALESCE_TIDY_REPORTREUSE_H

#include "Findings/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class Preprocessor;
} // namespace clang

namespace coalesce::tidy {

/// What a translation unit's report depends on, besides the options.
struct AnalysisInputs {
  std::string MainFile;
  /// The main file's text, comments between declarations blanked.
  std::string Code;
  /// The rest of the build, as one string.
  std::string Context;
};

/// The top-level declarations clangd or clang-tidy hands the checks: the
/// main file's (clangd), or the whole unit's (clang-tidy), in order.
std::vector<clang::Decl *> topLevelDeclarations(clang::ASTContext &Ctx);

/// D's bytes [begin, end) in the main file, macros taken at their use;
/// nullopt when D starts or ends outside it.
std::optional<std::pair<unsigned, unsigned>>
mainFileSpan(const clang::Decl *D, clang::ASTContext &Ctx);

/// The inputs of the AST in Ctx, parsed by PP.
AnalysisInputs analysisInputs(clang::ASTContext &Ctx,
                              const clang::Preprocessor &PP);

/// The report last kept for the same inputs and options, if any. Shared,
/// never copied: a file's report holds every access's lanes and samples.
std::shared_ptr<const Report> reusableReport(const AnalysisInputs &In,
                                             llvm::StringRef OptionsKey);

/// Keeps R as the report of In under OptionsKey (the last four of each file
/// and options: an undo finds its report again).
void keepReport(AnalysisInputs In, llvm::StringRef OptionsKey,
                std::shared_ptr<const Report> R);

} // namespace coalesce::tidy

#endif
