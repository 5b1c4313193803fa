//===- StmtFacts.cpp ------------------------------------------------------===//

#include "Analysis/StmtFacts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
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

namespace {

/// Whether E, written, is memory rather than a local held in registers.
bool writesMemory(const clang::Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return true; // through a pointer
      E = AS->getBase()->IgnoreParenImpCasts();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return true;
      E = ME->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return !VD || !VD->hasLocalStorage() || VD->hasAttr<CUDASharedAttr>() ||
           VD->getType()->isReferenceType();
  }
  return true; // *p, a call's result
}

bool holdsBarrier(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp() && writesMemory(BO->getLHS()))
      return true;
    if ((BO->getOpcode() == BO_Div || BO->getOpcode() == BO_DivAssign) &&
        BO->getType()->isRealFloatingType() &&
        !BO->getRHS()->IgnoreParenImpCasts()->getType().isNull() &&
        !isa<FloatingLiteral>(BO->getRHS()->IgnoreParenImpCasts()) &&
        !isa<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts()))
      return true;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp() && writesMemory(UO->getSubExpr()))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee();
        FD && FD->getIdentifier() && FD->getName().starts_with("atomic"))
      return true;
  for (const Stmt *Child : S->children())
    if (holdsBarrier(Child))
      return true;
  return false;
}

} // namespace

bool keepsLoadsInPlace(const Stmt *Body) { return holdsBarrier(Body); }

bool readsOrChanges(const Stmt *S) {
  // threadIdx.x and its kin are properties, read through a call clang
  // makes: no memory.
  if (!S || isa<PseudoObjectExpr>(S))
    return false;
  if (isa<ArraySubscriptExpr>(S) || isa<CallExpr>(S) ||
      (isa<MemberExpr>(S) && cast<MemberExpr>(S)->isArrow()))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && (UO->getOpcode() == UO_Deref || UO->isIncrementDecrementOp()))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    return true;
  for (const Stmt *Child : S->children())
    if (readsOrChanges(Child))
      return true;
  return false;
}


bool jumpsOut(const Stmt *S, unsigned Kinds,
              llvm::function_ref<bool(const Stmt *)> Skip,
              llvm::function_ref<bool(const Stmt *)> Owns) {
  return JumpSearch{Kinds, Skip, Owns}.find(S, false, false);
}

} // namespace coalesce
