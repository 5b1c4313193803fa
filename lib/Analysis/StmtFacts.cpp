//===- StmtFacts.cpp ------------------------------------------------------===//

#include "Analysis/StmtFacts.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace coalesce {

namespace {

struct JumpSearch {
  unsigned Kinds;
  llvm::function_ref<bool(const Stmt *)> Skip, Owns;

  bool find(const Stmt *S, bool BreakOwned, bool ContinueOwned) const {
    if (!S || (Skip && Skip(S)))
      return false;
    if (isa<BreakStmt>(S))
      return (Kinds & JumpBreak) && !BreakOwned;
    if (isa<ContinueStmt>(S))
      return (Kinds & JumpContinue) && !ContinueOwned;
    if (isa<ReturnStmt>(S) && (Kinds & JumpReturn))
      return true;
    if (isa<GotoStmt, IndirectGotoStmt>(S) && (Kinds & JumpGoto))
      return true;
    if (isa<CXXThrowExpr>(S) && (Kinds & JumpThrow))
      return true;
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    if ((Loop || isa<SwitchStmt>(S)) && (!Owns || Owns(S))) {
      BreakOwned = true;
      ContinueOwned = ContinueOwned || Loop;
    }
    return llvm::any_of(S->children(), [&](const Stmt *C) {
      return find(C, BreakOwned, ContinueOwned);
    });
  }
};

} // namespace

bool jumpsOut(const Stmt *S, unsigned Kinds,
              llvm::function_ref<bool(const Stmt *)> Skip,
              llvm::function_ref<bool(const Stmt *)> Owns) {
  return JumpSearch{Kinds, Skip, Owns}.find(S, false, false);
}

} // namespace coalesce
