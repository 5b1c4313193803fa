//===- StmtFacts.cpp ------------------------------------------------------===//

#include "Analysis/StmtFacts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>

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

/// The variable S itself writes (or takes the address of), if any:
/// "v = ...", "v += ...", "++v", "&v".
const VarDecl *writtenVar(const Stmt *S) {
  auto VarOf = [](const clang::Expr *E) -> const VarDecl * {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() ? VarOf(BO->getLHS()) : nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      return VarOf(UO->getSubExpr());
  return nullptr;
}

/// E without parentheses and the implicit casts that keep it a place (a
/// reference binds to the member itself, not to a copy of its value).
const clang::Expr *placeExpr(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!ICE || ICE->getCastKind() == CK_LValueToRValue)
      return E;
    E = ICE->getSubExpr();
  }
}

/// Calls F for each argument of Call bound to a non-const reference
/// parameter: what the callee may write (an operator's object excluded).
void forEachWritableArg(const CallExpr *Call,
                        llvm::function_ref<void(const clang::Expr *)> F) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) && MD && MD->isInstance();
  for (unsigned I = Shift; I < Call->getNumArgs(); ++I) {
    if (I - Shift >= FD->getNumParams())
      break;
    QualType T = FD->getParamDecl(I - Shift)->getType();
    if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
      F(Call->getArg(I));
  }
}

/// Variables written (or whose address is taken, or that are passed to a
/// non-const reference) anywhere inside S, with how often they are written.
void collectAssigned(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out,
                     std::map<const VarDecl *, unsigned> *Count) {
  if (!S)
    return;
  auto Add = [&](const VarDecl *V) {
    Out.insert(V);
    if (Count)
      ++(*Count)[V];
  };
  if (const VarDecl *V = writtenVar(S))
    Add(V);
  if (const auto *Call = dyn_cast<CallExpr>(S))
    forEachWritableArg(Call, [&](const clang::Expr *A) {
      // A struct's members are followed apart (collectFieldWrites).
      if (const auto *DRE = dyn_cast<DeclRefExpr>(placeExpr(A)))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
            V && !V->getType()->isRecordType())
          Add(V);
    });
  for (const Stmt *C : S->children())
    collectAssigned(C, Out, Count);
}

} // namespace coalesce
