//===- Loops.cpp - loops: induction variables, split ranges, trip counts -===//
//
// A loop is walked once, with its iteration as a symbol: each induction
// variable (one update per iteration by a loop-invariant step) is bound to
// start + step * iter, so a grid-stride loop's address keeps its lane
// pattern; everything else the loop writes is unknown inside it and after
// it. A range split among the threads (each thread walks its own chunk) is
// marked so the chunked check can find it, and when every lane runs the loop
// equally often the induction variables keep their lane pattern after it.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

/// An induction variable: its one update per iteration is v += Step.
struct Induction {
  const VarDecl *Var;
  const LExpr *Step; ///< in the variable's own units (bytes for pointers)
};

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

/// Variables written (or whose address is taken) anywhere inside S, with how
/// often they are written.
void collectAssigned(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out,
                     std::map<const VarDecl *, unsigned> *Count = nullptr) {
  if (!S)
    return;
  if (const VarDecl *V = writtenVar(S)) {
    Out.insert(V);
    if (Count)
      ++(*Count)[V];
  }
  for (const Stmt *C : S->children())
    collectAssigned(C, Out, Count);
}

/// Calls F for every local variable of struct type that S refers to.
void forEachRecordVar(const Stmt *S,
                      const std::function<void(const VarDecl *)> &F) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getType()->isRecordType())
        F(VD);
  for (const Stmt *C : S->children())
    forEachRecordVar(C, F);
}

/// The statements of a loop that run exactly once per iteration: the
/// increment and the direct children of the body.
std::vector<const Stmt *> unconditionalUpdates(const Stmt *Inc,
                                               const Stmt *Body) {
  std::vector<const Stmt *> U;
  if (Inc) {
    // "i += a, j += b"
    std::function<void(const Stmt *)> Split = [&](const Stmt *S) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (BO && BO->getOpcode() == BO_Comma) {
        Split(BO->getLHS());
        Split(BO->getRHS());
      } else {
        U.push_back(S);
      }
    };
    Split(Inc);
  }
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    for (const Stmt *S : CS->body())
      U.push_back(S);
  else if (Body)
    U.push_back(Body);
  return U;
}

/// The updates S makes every time it runs: S itself when it writes a
/// variable, else the increments and compound assignments inside the
/// expression S ("sum += *p++" walks p), leaving out the operands that
/// may not run (?:, &&, ||) and statements that are not expressions.
void updatesIn(const Stmt *S, std::vector<const Stmt *> &Out) {
  if (!S || !isa<clang::Expr>(S))
    return;
  if (writtenVar(S)) {
    Out.push_back(S);
    // "x = *p++": the right-hand side runs too.
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      updatesIn(BO->getRHS(), Out);
    return;
  }
  if (isa<ConditionalOperator>(S) || isa<BinaryConditionalOperator>(S) ||
      isa<LambdaExpr>(S))
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isLogicalOp()) {
      updatesIn(BO->getLHS(), Out);
      return;
    }
  for (const Stmt *C : S->children())
    updatesIn(C, Out);
}

bool hasEarlyExit(const Stmt *S, bool InNestedLoop) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) ||
      (isa<BreakStmt>(S) && !InNestedLoop))
    return true;
  bool Nested = InNestedLoop || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                isa<DoStmt>(S) || isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (hasEarlyExit(C, Nested))
      return true;
  return false;
}

/// The value a for loop's init gives V: "int j = E" or "j = E".
const clang::Expr *initialValue(const Stmt *Loop, const VarDecl *V) {
  const auto *FS = dyn_cast<ForStmt>(Loop);
  const Stmt *Init = FS ? FS->getInit() : nullptr;
  if (!Init)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(Init))
    return llvm::is_contained(DS->decls(), V) ? V->getInit() : nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Init))
    if (BO->getOpcode() == BO_Assign && writtenVar(BO) == V)
      return BO->getRHS();
  return nullptr;
}

/// What V is compared with in a loop condition ("j < rowptr[row + 1]"),
/// looking into conjunctions.
const clang::Expr *boundOf(const clang::Expr *Cond, const VarDecl *V) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_LAnd) {
    const clang::Expr *B = boundOf(BO->getLHS(), V);
    return B ? B : boundOf(BO->getRHS(), V);
  }
  if (!BO->isRelationalOp() && BO->getOpcode() != BO_NE)
    return nullptr;
  auto IsV = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  if (IsV(BO->getLHS()))
    return BO->getRHS();
  if (IsV(BO->getRHS()))
    return BO->getLHS();
  return nullptr;
}

} // namespace

void KernelWalker::VisitForStmt(const ForStmt *FS) {
  visit(FS->getInit());
  visitLoop(FS, FS->getCond(), FS->getInc(), FS->getBody(), /*IsDo=*/false,
            FS->getConditionVariableDeclStmt());
}

void KernelWalker::VisitWhileStmt(const WhileStmt *WS) {
  visitLoop(WS, WS->getCond(), nullptr, WS->getBody(), /*IsDo=*/false,
            WS->getConditionVariableDeclStmt());
}

void KernelWalker::VisitDoStmt(const DoStmt *DS) {
  visitLoop(DS, DS->getCond(), nullptr, DS->getBody(), /*IsDo=*/true, nullptr);
}

void KernelWalker::VisitCXXForRangeStmt(const CXXForRangeStmt *RF) {
  // The element variable is not an induction variable we can model.
  visit(RF->getRangeStmt());
  llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
  collectAssigned(RF->getBody(), Assigned);
  Assigned.insert(RF->getLoopVariable());
  forgetAll(Assigned, "a range-for element");
  Loops.push_back({RF, nullptr, false});
  visit(RF->getBody());
  Loops.pop_back();
  forgetAll(Assigned, "its value after a loop");
}

/// The step of V if Update is "++v", "v++", "v += c", "v = v + c", "v -= c"
/// with c not changing inside the loop.
const LExpr *
KernelWalker::stepOf(const Stmt *Update, const VarDecl *V,
                     const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  const auto *E = dyn_cast_or_null<clang::Expr>(Update);
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  auto IsV = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  auto Invariant = [&](const clang::Expr *S) {
    bool Varies = false;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *N) {
      if (!N)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (Assigned.count(VD))
            Varies = true;
      for (const Stmt *C : N->children())
        Walk(C);
    };
    Walk(S);
    return !Varies;
  };
  auto Scaled = [&](const LExpr *S) {
    if (!V->getType()->isPointerType())
      return S;
    CharUnits Size = Ctx.getTypeSizeInChars(V->getType()->getPointeeType());
    return X.mul(S, X.constant(Size.getQuantity()));
  };
  auto Quietly = [&](const clang::Expr *S) {
    bool Saved = Quiet;
    Quiet = true;
    const LExpr *R = evalInt(S);
    Quiet = Saved;
    return R;
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!UO->isIncrementDecrementOp() || !IsV(UO->getSubExpr()))
      return nullptr;
    return Scaled(X.constant(UO->isIncrementOp() ? 1 : -1));
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !IsV(BO->getLHS()))
    return nullptr;
  if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) {
    if (!Invariant(BO->getRHS()))
      return nullptr;
    const LExpr *S = Scaled(Quietly(BO->getRHS()));
    return BO->getOpcode() == BO_AddAssign ? S : X.neg(S);
  }
  if (BO->getOpcode() == BO_Assign) {
    const auto *Sum =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return nullptr;
    const clang::Expr *Other = nullptr;
    if (IsV(Sum->getLHS()))
      Other = Sum->getRHS();
    else if (Sum->getOpcode() == BO_Add && IsV(Sum->getRHS()))
      Other = Sum->getLHS();
    if (!Other || !Invariant(Other))
      return nullptr;
    const LExpr *S = Scaled(Quietly(Other));
    return Sum->getOpcode() == BO_Add ? S : X.neg(S);
  }
  return nullptr;
}

void KernelWalker::visitLoop(const Stmt *Loop, const clang::Expr *Cond,
                             const Stmt *Inc, const Stmt *Body, bool IsDo,
                             const Stmt *CondVar) {
  llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
  std::map<const VarDecl *, unsigned> Writes;
  collectAssigned(Cond, Assigned, &Writes);
  collectAssigned(Inc, Assigned, &Writes);
  collectAssigned(Body, Assigned, &Writes);
  // A struct in registers used in the loop may change through its member
  // functions: its members are not followed across iterations.
  for (const Stmt *S : {static_cast<const Stmt *>(Cond), Inc, Body})
    forEachRecordVar(S, [&](const VarDecl *V) { forgetMembers(V); });

  std::vector<Induction> Inductions;
  std::vector<const Stmt *> Updates;
  for (const Stmt *S : unconditionalUpdates(Inc, Body))
    updatesIn(S, Updates);
  for (const Stmt *U : Updates) {
    if (const VarDecl *V = writtenVar(U)) {
      if (Writes[V] != 1)
        continue;
      auto It = env().find(V);
      bool Tracked = It != env().end() || isa<ParmVarDecl>(V);
      if (!Tracked)
        continue;
      if (const LExpr *Step = stepOf(U, V, Assigned))
        Inductions.push_back({V, Step});
    }
  }

  unsigned Ordinal = LoopCount++;
  std::string IterName =
      "iter(" +
      (Inductions.empty() ? "#" + std::to_string(Ordinal)
                          : Inductions.front().Var->getNameAsString()) +
      ")";
  const LExpr *Iter = X.symbol(SymbolKind::LoopIter, Ordinal, IterName);

  // Bind induction variables to start + step * iteration; everything
  // else written in the loop changes in ways we do not model.
  std::map<const VarDecl *, Value> Start;
  for (const Induction &I : Inductions)
    Start[I.Var] = readVariable(I.Var);
  llvm::SmallPtrSet<const VarDecl *, 8> Others(Assigned.begin(),
                                               Assigned.end());
  for (const Induction &I : Inductions)
    Others.erase(I.Var);
  forgetAll(Others, "changed inside a loop");
  auto Advance = [&](const LExpr *Count) {
    for (const Induction &I : Inductions) {
      const Value &S = Start[I.Var];
      const LExpr *Delta = X.mul(I.Step, Count);
      if (S.K == Value::Int) {
        env()[I.Var] = Value::integer(X.add(S.I, Delta));
      } else if (S.K == Value::Ptr) {
        Pointer P = S.P;
        P.Offset = X.add(P.Offset, Delta);
        env()[I.Var] = Value::pointer(P);
      }
    }
  };
  Advance(Iter);

  std::vector<const LExpr *> Outer = Path;
  const LExpr *CondValue = nullptr;
  if (CondVar)
    visit(CondVar);
  if (!IsDo && Cond) {
    CondValue = evalInt(Cond);
    Path = pathWith(Outer, CondValue);
  }
  // A range split among threads: each starts where the thread says and
  // all run equally long (for (k = t*per; k < (t+1)*per; ++k)). Decided
  // before the body is visited: its accesses are evaluated as they come.
  bool StartsPerThread = false;
  for (const Induction &I : Inductions) {
    const Value &S = Start[I.Var];
    StartsPerThread |= S.K == Value::Int && mentionsIf(S.I, isThreadIdx);
    StartsPerThread |= S.K == Value::Ptr && mentionsIf(S.P.Offset, isThreadIdx);
  }
  bool Split =
      StartsPerThread && uniformTripCount(CondValue, Body, /*Any=*/true);
  if (Split)
    SplitLoops.insert(Iter);
  // A range each lane loaded the start of (CSR, a thread a row): the
  // accesses indexed by the variable that walks it, an element per
  // iteration, are chunked by a length the data decides. (The variable's
  // value is an unknown, which swallows the iteration: hence the name.)
  // Any variable that walks an element a step is noted too (LoopRanges):
  // added to a value the lane loaded (dstData[dword + i]), it walks a range
  // that starts where the lane's data says, the same way.
  std::vector<const VarDecl *> RangeVars;
  for (const Induction &I : Inductions) {
    const Value &S = Start[I.Var];
    const LExpr *U = S.K == Value::Int   ? findUnknown(S.I)
                     : S.K == Value::Ptr ? findUnknown(S.P.Offset)
                                         : nullptr;
    if (S.K == Value::Ptr && S.P.UnknownOffset)
      U = S.P.UnknownOffset;
    const auto *Step = dyn_cast<ConstantExpr>(I.Step);
    bool OneElement =
        Step && std::abs(Step->getValue()) ==
                    (I.Var->getType()->isPointerType()
                         ? Ctx.getTypeSizeInChars(
                                  I.Var->getType()->getPointeeType())
                               .getQuantity()
                         : 1);
    if (!OneElement)
      continue;
    const clang::Expr *From = initialValue(Loop, I.Var);
    const clang::Expr *To = Cond ? boundOf(Cond, I.Var) : nullptr;
    std::string Length =
        !From || !To ? "the trip count of the loop over '" +
                           I.Var->getNameAsString() + "'"
        : From->isIntegerConstantExpr(Ctx) &&
                From->EvaluateKnownConstInt(Ctx) == 0
            ? sourceText(To)
            : sourceText(To) + " - " + sourceText(From);
    if (U && LoadUnknowns.count(U))
      DataRanges[I.Var] = Length;
    else
      LoopRanges[I.Var] = Length;
    RangeVars.push_back(I.Var);
  }
  Loops.push_back({Loop, Iter, Split});
  visit(Body);
  if (IsDo && Cond)
    CondValue = evalInt(Cond);
  visit(Inc);
  Loops.pop_back();
  for (const VarDecl *V : RangeVars) {
    DataRanges.erase(V);
    LoopRanges.erase(V);
  }
  Path = Outer;
  forgetAll(Assigned, "its value after a loop");
  // An induction variable leaves the loop at start + step * (iterations
  // run). When every lane runs the loop equally often that count is one
  // uniform unknown, and the lane pattern after the loop survives.
  if (!Inductions.empty() && uniformTripCount(CondValue, Body))
    Advance(X.symbol(SymbolKind::Opaque, 0,
                     "iterations(" + Inductions.front().Var->getNameAsString() +
                         ")"));
}

/// Whether all lanes leave a loop after the same number of iterations: its
/// condition does not depend on the lane once the induction variables are
/// bound, and nothing leaves the body early.
/// With Any, whether one of the condition's conjuncts alone gives every
/// lane the same trip count ("k < (t+1)*per && k < n": a split range with
/// a bound check); without, whether all of them do.
bool KernelWalker::uniformTripCount(const LExpr *Cond, const Stmt *Body,
                                    bool Any) {
  if (!Cond || findUnknown(Cond) || hasEarlyExit(Body, /*InNestedLoop=*/false))
    return false;
  std::vector<const LExpr *> Parts;
  splitConjuncts(X, Cond, Parts);
  auto Uniform = [&](const LExpr *Part) {
    const LExpr *Test = Part;
    if (const auto *C = dyn_cast<NAryExpr>(Part))
      if (C->getKind() == ExprKind::Cmp)
        Test = X.sub(C->getOperand(0), C->getOperand(1));
    return !mentionsIf(Test, isThreadIdx);
  };
  return Any ? llvm::any_of(Parts, Uniform) : llvm::all_of(Parts, Uniform);
}

} // namespace interp
} // namespace coalesce
