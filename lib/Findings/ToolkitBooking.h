//===- ToolkitBooking.h - accesses the toolkit's code makes -----*- C++ -*-===//
//
// An element the user's code hands to a function of the toolkit's headers
// by reference, or copies into one of its classes, is read or written in
// that function's body: __hfma2(a[i], b[i], v) reads a[i] in __half2's copy
// constructor (cuda_fp16.h), v[t] = x writes v[t] in __half2's operator=,
// and nvcc's line information books the instruction there, not on the
// user's line (measured on the H200: cuda-samples fp16ScalarProduct, Altis
// MaxFlops; nvcc 13 -lineinfo agrees). The analysis does not walk those
// bodies (Analysis/Calls.cpp models the toolkit's value types); this finds
// the line, so that the JSON report can repeat the access there.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_TOOLKITBOOKING_H
#define CUDA_COALESCE_FINDINGS_TOOLKITBOOKING_H

#include "Analysis/MemoryAccess.h"

#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>

namespace coalesce {

class ToolkitBooking {
public:
  /// A statement of a toolkit function's body.
  struct Place {
    const clang::FunctionDecl *In = nullptr;
    clang::SourceLocation At;
  };
  /// Where the toolkit's code makes A: the first use of the parameter A's
  /// element is bound to (of `this`, for the object of a member function),
  /// followed through further toolkit calls by reference and into a copy
  /// constructor with a body. None when A is made in the user's code.
  std::optional<Place> booked(const MemoryAccess &A);

private:
  const clang::ParentMap &parents(const clang::Stmt *Body);
  std::optional<Place> from(const clang::Expr *E, const clang::Stmt *Body,
                            const clang::SourceManager &SM, unsigned Depth);
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<clang::ParentMap>> Maps;
};

} // namespace coalesce

#endif
