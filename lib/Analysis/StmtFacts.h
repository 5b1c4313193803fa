//===- StmtFacts.h - questions both walkers ask of statements ---*- C++ -*-===//
//
// Asked of the same statements by the kernel walker and by the host-side
// launch evaluator, answered once here: does this loop body hold a jump
// that leaves the iteration before the body's end (can the iteration count
// be trusted? may the loop be skipped while walking ahead? can a host loop
// be run to its end? does its first iteration reach the launch?), what
// is a comparison of two integers, and which variables a statement writes
// (a loop's, an if's branches').
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_STMTFACTS_H
#define CUDA_COALESCE_ANALYSIS_STMTFACTS_H

#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>

#include "llvm/ADT/SmallPtrSet.h"

#include <map>

namespace clang {
class CallExpr;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace coalesce {

/// The jumps jumpsOut looks for, or-ed together.
enum JumpKind : unsigned {
  JumpBreak = 1,
  JumpContinue = 2,
  JumpReturn = 4,
  JumpGoto = 8,
  JumpThrow = 16,
  /// What leaves the function or jumps anywhere: a loop's own breaks aside.
  JumpAway = JumpReturn | JumpGoto | JumpThrow,
  /// What leaves the loop.
  JumpLeave = JumpBreak | JumpAway,
  /// What ends an iteration before the body's end.
  JumpAny = JumpLeave | JumpContinue,
};

/// Whether S, a loop's body or a part of it, holds a jump of one of Kinds
/// that takes control out of that loop's iteration. A break belongs to the
/// innermost loop or switch around it and a continue to the innermost
/// loop, so one inside a loop or switch of S's own is not counted. Skip,
/// when given, names statements not to look into (those after a launch);
/// Owns, when given, says whether a loop or switch inside S owns its
/// breaks and continues (a loop around the launch asked about does not:
/// its breaks leave the iteration that reaches the launch).
bool jumpsOut(const clang::Stmt *S, unsigned Kinds,
              llvm::function_ref<bool(const clang::Stmt *)> Skip = nullptr,
              llvm::function_ref<bool(const clang::Stmt *)> Owns = nullptr);

/// Whether a loop's body keeps ptxas from moving its loads together: it
/// writes memory (an element, a member through a pointer, a __shared__
/// variable: anything but a local's own array or struct, which registers
/// hold) or calls an atomic, or it divides floating-point values by a
/// value that is not a constant (IEEE division's slow path branches).
/// Measured on the H100 (cuda_bench/probes/loops51.cu): a shared row read
/// in a loop that also stores, or that divides, stays scalar LDS.
bool keepsLoadsInPlace(const clang::Stmt *Body);

/// Whether S reads memory, calls or changes anything: an element, a member
/// through a pointer, a dereference, a call, an assignment or an increment
/// (threadIdx.x and its kin, property reads, do not count).
bool readsOrChanges(const clang::Stmt *S);

/// The variable S itself writes (or takes the address of), if any:
/// "v = ...", "v += ...", "++v", "&v".
const clang::VarDecl *writtenVar(const clang::Stmt *S);

/// E without parentheses and the implicit casts that keep it a place (a
/// reference binds to the member itself, not to a copy of its value).
const clang::Expr *placeExpr(const clang::Expr *E);

/// Calls F for each argument of Call bound to a non-const reference
/// parameter: what the callee may write (an operator's object excluded).
void forEachWritableArg(const clang::CallExpr *Call,
                        llvm::function_ref<void(const clang::Expr *)> F);

/// Variables written (or whose address is taken, or that are passed to a
/// non-const reference) anywhere inside S, with how often they are written.
void collectAssigned(const clang::Stmt *S,
                     llvm::SmallPtrSetImpl<const clang::VarDecl *> &Out,
                     std::map<const clang::VarDecl *, unsigned> *Count = nullptr);

/// L Op R for a comparison Op (<, <=, >, >=, ==, !=); nullopt for any
/// other operator.
inline std::optional<bool> compare(clang::BinaryOperatorKind Op, int64_t L,
                                   int64_t R) {
  switch (Op) {
  case clang::BO_LT:
    return L < R;
  case clang::BO_LE:
    return L <= R;
  case clang::BO_GT:
    return L > R;
  case clang::BO_GE:
    return L >= R;
  case clang::BO_EQ:
    return L == R;
  case clang::BO_NE:
    return L != R;
  default:
    return std::nullopt;
  }
}

} // namespace coalesce

#endif // CUDA_COALESCE_ANALYSIS_STMTFACTS_H
