//===- FixCandidates.h - what an automatic fix would edit -------*- C++ -*-===//
//
// The source side of the automatic fixes, read off the AST while it is
// alive: the __shared__ array an access indexes (its dimensions, where its
// innermost size is written, whether every use of it indexes an element)
// and the chunked loop around an access (the grid-stride loop over the same
// elements, or why its iterations are not independent). Whether a fix is
// offered is decided later, on the findings (Fixes.h), where the bank model
// can be run again on the padded layout for every access of the array.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_FIXCANDIDATES_H
#define CUDA_COALESCE_FINDINGS_FIXCANDIDATES_H

#include "Analysis/AccessSite.h"

#include <map>
#include <optional>

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace coalesce {

/// Remembers each array's and each loop's answer: a tile is read by many
/// accesses, a loop holds several.
class FixCandidates {
public:
  explicit FixCandidates(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Array's shape, when it is a __shared__ array of two or more constant
  /// dimensions declared in a source file (not by a macro).
  std::optional<AccessSite::SharedArrayShape>
  sharedArray(const clang::VarDecl *Array);

  /// The grid-stride rewrite of Loop, a loop that splits a range among the
  /// threads of Kernel; nullopt when Loop is not a for loop.
  std::optional<AccessSite::LoopRewrite>
  gridStride(const clang::Stmt *Loop, const clang::FunctionDecl *Kernel);

private:
  clang::ASTContext &Ctx;
  std::map<const clang::VarDecl *, std::optional<AccessSite::SharedArrayShape>>
      Arrays;
  std::map<const clang::Stmt *, std::optional<AccessSite::LoopRewrite>> Loops;
};

} // namespace coalesce

#endif
