//===- EvalValues.cpp - rvalues: a ConstStmtVisitor returning Value ------===//
//
// eval() is the one way into expression evaluation. It guards what every
// expression shares (the nesting bound, the height budget, clang's own
// constant folding, lvalues handed to EvalPlaces.cpp) and dispatches the
// rest to ValueEvaluator, one Visit method per kind of expression. Whatever
// it does not model still has its children evaluated, for the memory they
// touch, and comes out as an unknown with the reason.
//
// eval, a Visit method and evalInt/evalPtr/evalPlace make one level of the
// recursion over an expression, so their frames are kept small: work that
// needs large locals and does not recurse (measuring heights, clang's
// constant folding, joining the arms of a conditional, increments) sits in
// functions that are never inlined into them.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"
#include "Analysis/StmtFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

/// The height of E's tree (1 for a leaf), measured with an explicit stack
/// because clang accepts sums of thousands of terms whose left-nested tree
/// would overflow any recursion. The height of every node met is kept in
/// Heights, so each node is measured once however often eval asks about its
/// operands.
LLVM_ATTRIBUTE_NOINLINE unsigned
height(llvm::DenseMap<const Stmt *, unsigned> &Heights, const clang::Expr *E) {
  auto Known = Heights.find(E);
  if (Known != Heights.end())
    return Known->second;
  // Post-order: a node is pushed once to expand its children and once more
  // to sum them up.
  llvm::SmallVector<std::pair<const Stmt *, bool>, 64> Work = {{E, false}};
  while (!Work.empty()) {
    auto [S, Expanded] = Work.pop_back_val();
    if (Heights.count(S))
      continue;
    if (!Expanded) {
      Work.push_back({S, true});
      for (const Stmt *C : S->children())
        if (C && !Heights.count(C))
          Work.push_back({C, false});
      continue;
    }
    unsigned H = 0;
    for (const Stmt *C : S->children())
      if (C)
        H = std::max(H, Heights.lookup(C));
    Heights[S] = H + 1;
  }
  return Heights.lookup(E);
}

/// clang's evaluation of E as an integer constant, asked once per node:
/// HasSideEffects and EvaluateAsInt walk the whole subtree, so asking at
/// every level of a chain would be quadratic. Callers keep E under
/// ExprBudget::MaxDepth, which bounds clang's own recursion.
LLVM_ATTRIBUTE_NOINLINE std::optional<int64_t>
constantValue(KernelWalker &W, const clang::Expr *E) {
  if (E->isValueDependent() || E->isTypeDependent() || E->isGLValue() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  auto Known = W.Constants.find(E);
  if (Known != W.Constants.end())
    return Known->second;
  std::optional<int64_t> Result;
  clang::Expr::EvalResult R;
  if (!E->HasSideEffects(W.Ctx) && E->EvaluateAsInt(R, W.Ctx))
    Result = R.Val.getInt().getExtValue();
  W.Constants[E] = Result;
  return Result;
}

const LExpr *intBinary(ExprContext &X, BinaryOperatorKind Op, const LExpr *A,
                       const LExpr *B) {
  if (BinaryOperator::isCompoundAssignmentOp(Op))
    Op = BinaryOperator::getOpForCompoundAssignment(Op);
  switch (Op) {
  case BO_Add:
    return X.add(A, B);
  case BO_Sub:
    return X.sub(A, B);
  case BO_Mul:
    return X.mul(A, B);
  case BO_Div:
    return X.div(A, B);
  case BO_Rem:
    return X.rem(A, B);
  case BO_Shl:
    return X.shl(A, B);
  case BO_Shr:
    return X.shr(A, B);
  case BO_And:
    return X.bitAnd(A, B);
  case BO_Or:
    return X.bitOr(A, B);
  case BO_Xor:
    return X.bitXor(A, B);
  case BO_LT:
    return X.cmp(CmpPred::LT, A, B);
  case BO_LE:
    return X.cmp(CmpPred::LE, A, B);
  case BO_GT:
    return X.cmp(CmpPred::LT, B, A);
  case BO_GE:
    return X.cmp(CmpPred::LE, B, A);
  case BO_EQ:
    return X.cmp(CmpPred::EQ, A, B);
  case BO_NE:
    return X.cmp(CmpPred::NE, A, B);
  default:
    return X.unknown("unsupported operator");
  }
}

LLVM_ATTRIBUTE_NOINLINE const LExpr *notAnInteger(KernelWalker &W,
                                                  const clang::Expr *E) {
  return W.X.unknown("'" + W.sourceText(E) +
                     "' is not an integer we can follow");
}

LLVM_ATTRIBUTE_NOINLINE Pointer notAPointer(KernelWalker &W,
                                            const clang::Expr *E) {
  Pointer P;
  P.Why = Reason::other("pointer '" + W.sourceText(E) +
                        "' is not one we can follow");
  P.UnknownOffset = W.X.unknown(P.Why);
  P.Offset = P.UnknownOffset;
  return P;
}

/// E as a conditional that names a place, when it is one.
const ConditionalOperator *conditionalLvalue(const clang::Expr *E) {
  const auto *CO = dyn_cast<ConditionalOperator>(E->IgnoreParens());
  return CO && CO->isGLValue() ? CO : nullptr;
}

/// While an arm of a conditional operator is walked: its condition is an
/// open if of W's, predicated when both arms are short (nvcc selects
/// between the values, each load issued under its predicate), and one of
/// W.OpenSelects.
class SelectArm {
public:
  SelectArm(KernelWalker &W, const AbstractConditionalOperator *CO,
            const LExpr *Cond)
      : W(W), Cond(Cond), Fresh(W.OpenSelects.insert(Cond).second) {
    W.OpenIfs.push_back({Cond, W.predicable(CO->getTrueExpr()) &&
                                   W.predicable(CO->getFalseExpr())});
  }
  ~SelectArm() {
    W.OpenIfs.pop_back();
    if (Fresh)
      W.OpenSelects.erase(Cond);
  }

private:
  KernelWalker &W;
  const LExpr *Cond;
  bool Fresh;
};

/// The value of an expression, one Visit method per kind. The Visit methods
/// see E with parentheses stripped and after eval's guards.
class ValueEvaluator : public ConstStmtVisitor<ValueEvaluator, Value> {
public:
  explicit ValueEvaluator(KernelWalker &W) : W(W), X(W.X) {}

  Value VisitCastExpr(const CastExpr *CE);
  Value VisitBinaryOperator(const BinaryOperator *BO);
  Value VisitUnaryOperator(const UnaryOperator *UO);
  Value VisitAbstractConditionalOperator(const AbstractConditionalOperator *CO);
  /// 'c ? A[x] : B[y]', a value or an lvalue read, as one load of the
  /// selected element (of one space); nullopt, nothing recorded, for any
  /// other conditional.
  std::optional<Value> selectedLoad(const AbstractConditionalOperator *CO);
  Value VisitPseudoObjectExpr(const PseudoObjectExpr *PO);
  Value VisitCallExpr(const CallExpr *Call) { return W.evalCall(Call); }
  Value VisitCXXConstructExpr(const CXXConstructExpr *CCE);
  Value VisitCXXNewExpr(const CXXNewExpr *NE);

  // Wrappers: the value is the wrapped expression's.
  Value VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *M) {
    return W.eval(M->getSubExpr());
  }
  /// ExprWithCleanups and clang::ConstantExpr.
  Value VisitFullExpr(const FullExpr *FE) { return W.eval(FE->getSubExpr()); }
  Value VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr *BTE) {
    return W.eval(BTE->getSubExpr());
  }
  Value VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *DA) {
    return W.eval(DA->getExpr());
  }
  Value VisitCXXDefaultInitExpr(const CXXDefaultInitExpr *DI) {
    return W.eval(DI->getExpr());
  }
  Value
  VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr *ST) {
    return W.eval(ST->getReplacement());
  }

  Value VisitCXXNullPtrLiteralExpr(const CXXNullPtrLiteralExpr *E) {
    return W.unknownValue(E->getType(), "null pointer");
  }
  Value VisitGNUNullExpr(const GNUNullExpr *E) {
    return W.unknownValue(E->getType(), "null pointer");
  }
  Value VisitLambdaExpr(const LambdaExpr *) { return Value::none(); }
  Value VisitCXXThisExpr(const CXXThisExpr *E);

  /// Anything else: evaluate the children for the accesses they make.
  Value VisitExpr(const clang::Expr *E);

private:
  KernelWalker &W;
  ExprContext &X;

  /// p + i, i + p, p - i: the offset moves by i elements.
  Value pointerArith(BinaryOperatorKind Op, const clang::Expr *PtrE,
                     const clang::Expr *IntE, QualType PtrType);
  LLVM_ATTRIBUTE_NOINLINE Value assignment(const BinaryOperator *BO);
  LLVM_ATTRIBUTE_NOINLINE Value compoundAssignment(const BinaryOperator *BO);
  LLVM_ATTRIBUTE_NOINLINE Value pointerDifference(const BinaryOperator *BO);
  /// Floating point or pointer comparisons: only the accesses matter.
  LLVM_ATTRIBUTE_NOINLINE Value nonInteger(const BinaryOperator *BO);
  LLVM_ATTRIBUTE_NOINLINE Value addressOf(const UnaryOperator *UO);
  LLVM_ATTRIBUTE_NOINLINE Value increment(const UnaryOperator *UO);
  /// "c ? a[i] : b[i]" read or written: Fn(arm, its place) for each arm,
  /// under that arm's condition (nested conditionals arm by arm), and the
  /// results joined as the conditional's value.
  Value eachArm(const ConditionalOperator *CO,
                llvm::function_ref<Value(const clang::Expr *, const Place &)>
                    Fn);
  /// The value of a conditional whose arms are T and F.
  LLVM_ATTRIBUTE_NOINLINE Value joinArms(const AbstractConditionalOperator *CO,
                                         const LExpr *C, Value &T, Value &F);
};

Value ValueEvaluator::VisitCastExpr(const CastExpr *CE) {
  const clang::Expr *Sub = CE->getSubExpr();
  switch (CE->getCastKind()) {
  case CK_LValueToRValue: {
    // block.group_index().x: a component of a group's dim3.
    if (const auto *ME = dyn_cast<MemberExpr>(Sub->IgnoreParens()))
      if (const auto *Call = dyn_cast<CallExpr>(ME->getBase()->IgnoreImplicit());
          Call && ME->getMemberDecl()->getIdentifier())
        if (std::optional<unsigned> C =
                builtinVariableComponent(ME->getMemberDecl()->getName()))
          if (std::optional<Value> V = W.evalGroupMethod(Call, C))
            return *V;
    if (const ConditionalOperator *CO = conditionalLvalue(Sub)) {
      if (std::optional<Value> V = selectedLoad(CO))
        return *V;
      return eachArm(CO, [&](const clang::Expr *Arm, const Place &P) {
        return W.load(P, Arm);
      });
    }
    Place P = W.evalPlace(Sub);
    return W.load(P, Sub);
  }
  case CK_ArrayToPointerDecay: {
    Place P = W.evalPlace(Sub);
    if (P.K == Place::Memory)
      return Value::pointer(P.Addr);
    if (P.K == Place::Variable)
      return Value::pointer(W.localPointer(P));
    return W.unknownValue(CE->getType(), "array '" + W.sourceText(Sub) +
                                             "' is not one we can follow");
  }
  case CK_FloatingToIntegral:
    return Value::integer(W.floatToInt(Sub, CE));
  case CK_IntegralToBoolean:
    return Value::integer(W.truth(W.evalInt(Sub)));
  case CK_PointerToIntegral:
  case CK_IntegralToPointer:
    W.eval(Sub);
    return W.unknownValue(CE->getType(), "integer/pointer conversion in '" +
                                             W.sourceText(CE) + "'");
  case CK_PointerToBoolean: {
    W.eval(Sub);
    return Value::integer(X.unknown("pointer tested for null"));
  }
  default:
    break;
  }
  Value V = W.eval(Sub);
  if (V.K == Value::Ref && !CE->isGLValue())
    V = W.load(V.R, Sub);
  QualType T = CE->getType();
  if (T->isPointerType() && V.K == Value::Ptr)
    return V;
  if (T->isIntegralOrEnumerationType() && V.K == Value::Int)
    return V;
  if (CE->isGLValue() && V.K == Value::Ref) {
    V.R.Type = T; // reinterpret as another type
    return V;
  }
  if (T->isIntegralOrEnumerationType() || T->isPointerType())
    return W.unknownValue(T, "conversion in '" + W.sourceText(CE) + "'");
  if (T->isRecordType() && V.Fields)
    return V; // a struct's value through a no-op or constructor conversion
  return Value::none();
}

Value ValueEvaluator::pointerArith(BinaryOperatorKind Op,
                                   const clang::Expr *PtrE,
                                   const clang::Expr *IntE, QualType PtrType) {
  Pointer P = W.evalPtr(PtrE);
  const LExpr *I = W.evalInt(IntE);
  QualType Pointee = PtrType->getPointeeType();
  int64_t Size = Pointee->isIncompleteType() || Pointee->isVoidType()
                     ? 1
                     : W.Ctx.getTypeSizeInChars(Pointee).getQuantity();
  const LExpr *Delta = X.mul(I, X.constant(Size));
  if (Op == BO_Sub || Op == BO_SubAssign)
    Delta = X.neg(Delta);
  P.Offset = X.add(P.Offset, Delta);
  return Value::pointer(P);
}

Value ValueEvaluator::assignment(const BinaryOperator *BO) {
  const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
  if (const ConditionalOperator *CO = conditionalLvalue(L)) {
    Value V = W.eval(R);
    if (V.K == Value::Ref)
      V = W.load(V.R, R);
    Operation Op =
        BO->getOpcode() == BO_Assign ? Operation::Store : Operation::LoadStore;
    size_t Outer = W.Path.size();
    eachArm(CO, [&](const clang::Expr *Arm, const Place &P) {
      Value New = Value::none();
      // A variable keeps its value in the lanes that take another arm:
      // those the conditions of the arms around it (nested) turn away.
      if (P.K == Place::Variable) {
        const LExpr *Taken = X.constant(1);
        for (size_t I = Outer; I < W.Path.size(); ++I)
          Taken = W.both(Taken, W.Path[I]);
        Value Old = W.readPlaceValue(P, Arm);
        New = Op == Operation::Store && Old.K == Value::Int &&
                      V.K == Value::Int
                  ? Value::integer(X.select(Taken, V.I, Old.I))
                  : W.unknownValue(P.Type, "'" + W.sourceText(Arm) +
                                               "' is assigned under a "
                                               "condition");
      }
      W.store(P, New, Arm, Op);
      return Value::none();
    });
    return Op == Operation::Store ? V : Value::none();
  }
  Place P = W.evalPlace(L);
  Value V = W.eval(R);
  if (V.K == Value::Ref)
    V = W.load(V.R, R);
  W.store(P, V, L, Operation::Store);
  return V;
}

Value ValueEvaluator::compoundAssignment(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
  if (conditionalLvalue(L))
    return assignment(BO);
  Place P = W.evalPlace(L);
  Value Rhs = W.eval(R);
  if (Rhs.K == Value::Ref)
    Rhs = W.load(Rhs.R, R);
  if (P.K != Place::Variable) {
    W.store(P, Value::none(), L, Operation::LoadStore);
    return Value::none();
  }
  Value Old = W.readPlaceValue(P, L);
  Value New = Value::none();
  if (Old.K == Value::Ptr && Rhs.K == Value::Int) {
    QualType Pointee = L->getType()->getPointeeType();
    int64_t Size = W.Ctx.getTypeSizeInChars(Pointee).getQuantity();
    Pointer NP = Old.P;
    const LExpr *D = X.mul(Rhs.I, X.constant(Size));
    NP.Offset = X.add(NP.Offset, Op == BO_SubAssign ? X.neg(D) : D);
    New = Value::pointer(NP);
  } else if (Old.K == Value::Int && Rhs.K == Value::Int) {
    New = Value::integer(intBinary(X, Op, Old.I, Rhs.I));
  } else {
    New = W.unknownValue(L->getType(), "'" + W.sourceText(L) +
                                           "' is updated in a way we "
                                           "cannot follow");
  }
  W.store(P, New, L, Operation::LoadStore);
  return New;
}

Value ValueEvaluator::pointerDifference(const BinaryOperator *BO) {
  const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
  QualType LT = L->getType();
  Pointer A = W.evalPtr(L), B = W.evalPtr(R);
  if (A.Base.empty() || A.Base != B.Base)
    return Value::integer(X.unknown("difference of unrelated pointers"));
  int64_t Size = W.Ctx.getTypeSizeInChars(LT->getPointeeType()).getQuantity();
  return Value::integer(
      X.div(X.sub(A.Offset, B.Offset), X.constant(Size ? Size : 1)));
}

Value ValueEvaluator::nonInteger(const BinaryOperator *BO) {
  const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
  Value A = W.eval(L), B = W.eval(R);
  if (A.K == Value::Ref)
    A = W.load(A.R, L);
  if (B.K == Value::Ref)
    B = W.load(B.R, R);
  // A comparison of a float a lane loaded ("data[mid] > key"): the data
  // decides it, as it decides a comparison of a loaded integer. Each
  // comparison is a value of its own (the reason's Name): "flux[i] > 0"
  // and "flux[i] < 0" are two choices, not one.
  if (BO->isComparisonOp())
    for (const Value *V : {&A, &B}) {
      const LExpr *U = V->K == Value::Real ? findUnknown(V->I) : nullptr;
      if (!U || !W.LoadUnknowns.count(U))
        continue;
      Reason Loaded = cast<UnknownExpr>(U)->getReason();
      Loaded.Name = W.sourceText(BO);
      const LExpr *C = X.unknown(Loaded);
      W.LoadUnknowns.insert(C);
      return Value::integer(C);
    }
  // A comparison of floats every lane of a warp computes alike, with a
  // value the analysis does not have ('alpha >= 0.0', a parameter no
  // launch gives): a choice the warp makes as one, whose arms an address
  // is counted with (WarpEvaluator::evaluateUniformChoices).
  if (BO->isComparisonOp() && A.K == Value::Real && B.K == Value::Real &&
      !findUnknown(A.I) && !findUnknown(B.I) && !W.WalkingAhead) {
    // (Not a value a group of lanes loads, nor a choice the data makes
    // lane by lane: those are Opaque too, while an access is evaluated
    // again with Grouping or Choosing set.)
    auto Uniform = [&](const LExpr *E) {
      return !mentionsIf(E, [&](const SymbolExpr *S) {
        SymbolKind K = S->getSymbolKind();
        return (K != SymbolKind::Param && K != SymbolKind::Opaque &&
                K != SymbolKind::GridDim && K != SymbolKind::BlockDim) ||
               (K == SymbolKind::Opaque &&
                (S->getDim() != 0 || isDataChoice(S) ||
                 W.GroupLoadsBySymbol.count(S)));
      });
    };
    // Two known values ('alpha > 0.5f' with --assume alpha=1) are
    // compared, and the symbol carries the outcome ("' = 1)"): the branch
    // it decides is the launch's, not the compiler's, and the other
    // stays in the binary.
    std::string Outcome;
    if (std::optional<double> L = realValue(A.I), R = realValue(B.I); L && R) {
      bool Holds = false;
      switch (BO->getOpcode()) {
      case BO_LT: Holds = *L < *R; break;
      case BO_GT: Holds = *L > *R; break;
      case BO_LE: Holds = *L <= *R; break;
      case BO_GE: Holds = *L >= *R; break;
      case BO_EQ: Holds = *L == *R; break;
      default: Holds = *L != *R; break;
      }
      Outcome = Holds ? "' = 1)" : "' = 0)";
    }
    if (Uniform(A.I) && Uniform(B.I))
      return Value::integer(
          X.symbol(SymbolKind::Opaque, 0,
                   std::string(UniformChoicePrefix) + W.sourceText(BO) +
                       (Outcome.empty() ? "')" : Outcome)));
  }
  return W.unknownValue(BO->getType(),
                        "'" + W.sourceText(BO) + "' is not integer arithmetic");
}

Value ValueEvaluator::VisitBinaryOperator(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();

  if (Op == BO_Comma) {
    W.eval(L);
    return W.eval(R);
  }
  if (Op == BO_Assign)
    return assignment(BO);
  if (BO->isCompoundAssignmentOp())
    return compoundAssignment(BO);
  if (Op == BO_LAnd || Op == BO_LOr) {
    const LExpr *A = W.truth(W.evalInt(L));
    std::vector<const LExpr *> Outer = W.Path;
    W.Path = W.pathWith(Outer, Op == BO_LAnd ? A : X.logicalNot(A));
    const LExpr *B = W.truth(W.evalInt(R));
    W.Path = Outer;
    return Value::integer(Op == BO_LAnd ? X.select(A, B, X.constant(0))
                                        : X.select(A, X.constant(1), B));
  }
  QualType LT = L->getType(), RT = R->getType();
  if ((Op == BO_Add || Op == BO_Sub) && LT->isPointerType() &&
      RT->isIntegralOrEnumerationType())
    return pointerArith(Op, L, R, LT);
  if (Op == BO_Add && RT->isPointerType() && LT->isIntegralOrEnumerationType())
    return pointerArith(Op, R, L, RT);
  if (Op == BO_Sub && LT->isPointerType() && RT->isPointerType())
    return pointerDifference(BO);
  if (BO->getType()->isIntegralOrEnumerationType() &&
      LT->isIntegralOrEnumerationType() && RT->isIntegralOrEnumerationType()) {
    // Left before right, as the source reads: the order of a call's
    // arguments is the compiler's, and the walk has effects (loads it
    // records, calls it inlines against the kernel's budget).
    const LExpr *A = W.evalInt(L);
    const LExpr *B = W.evalInt(R);
    return Value::integer(intBinary(X, Op, A, B));
  }
  return nonInteger(BO);
}

Value ValueEvaluator::addressOf(const UnaryOperator *UO) {
  Place P = W.evalPlace(UO->getSubExpr());
  if (P.K == Place::Memory)
    return Value::pointer(P.Addr);
  if (P.K == Place::Variable)
    return Value::pointer(W.localPointer(P));
  return W.unknownValue(UO->getType(), "address of '" +
                                           W.sourceText(UO->getSubExpr()) +
                                           "', a place we cannot follow");
}

Value ValueEvaluator::increment(const UnaryOperator *UO) {
  const clang::Expr *Sub = UO->getSubExpr();
  Place P = W.evalPlace(Sub);
  if (P.K != Place::Variable) {
    W.store(P, Value::none(), Sub, Operation::LoadStore);
    return Value::none();
  }
  Value Old = W.readPlaceValue(P, Sub);
  int64_t D = UO->isIncrementOp() ? 1 : -1;
  Value New = Old;
  if (Old.K == Value::Int) {
    New.I = X.add(Old.I, X.constant(D));
  } else if (Old.K == Value::Ptr) {
    int64_t Size = W.Ctx.getTypeSizeInChars(Sub->getType()->getPointeeType())
                       .getQuantity();
    New.P.Offset = X.add(Old.P.Offset, X.constant(D * Size));
  }
  W.store(P, New, Sub, Operation::LoadStore);
  return UO->isPrefix() ? New : Old;
}

Value ValueEvaluator::VisitUnaryOperator(const UnaryOperator *UO) {
  const clang::Expr *Sub = UO->getSubExpr();
  switch (UO->getOpcode()) {
  case UO_Deref:
    return Value::ref(W.evalPlace(UO));
  case UO_AddrOf:
    return addressOf(UO);
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    return increment(UO);
  case UO_Minus:
    return Value::integer(X.neg(W.evalInt(Sub)));
  case UO_Plus:
    return Value::integer(W.evalInt(Sub));
  case UO_Not:
    return Value::integer(X.sub(X.neg(W.evalInt(Sub)), X.constant(1)));
  case UO_LNot:
    return Value::integer(X.logicalNot(W.evalInt(Sub)));
  default:
    return W.eval(Sub);
  }
}

namespace {
/// The arm a condition the compiler decides picks (a template's constant,
/// `bRO ? d_cnst_centers : pC`): the other is neither followed nor
/// recorded. Null when the condition is not a constant.
const clang::Expr *decidedArm(const AbstractConditionalOperator *CO,
                              const LExpr *C) {
  std::optional<bool> Side = KernelWalker::decided(C);
  if (!Side)
    return nullptr;
  return *Side ? CO->getTrueExpr() : CO->getFalseExpr();
}
} // namespace

Value ValueEvaluator::VisitAbstractConditionalOperator(
    const AbstractConditionalOperator *CO) {
  if (!CO->isGLValue())
    if (std::optional<Value> V = selectedLoad(CO))
      return *V;
  const LExpr *C = W.truth(W.evalInt(CO->getCond()));
  if (const clang::Expr *Arm = decidedArm(CO, C)) {
    Value V = W.eval(Arm);
    if (!CO->isGLValue() && V.K == Value::Ref)
      V = W.load(V.R, Arm);
    return V;
  }
  std::vector<const LExpr *> Outer = W.Path;
  // Short arms are if-converted: each load issued under its predicate, by
  // every warp, as a short if's body is (the stencil's 'y_h_bound ?
  // A0[...] : sh_A0[...]').
  auto Arm = [&](const LExpr *Cond, const clang::Expr *E) {
    W.Path = W.pathWith(Outer, Cond);
    SelectArm Open(W, CO, Cond);
    return W.eval(E);
  };
  Value T = Arm(C, CO->getTrueExpr());
  Value F = Arm(X.logicalNot(C), CO->getFalseExpr());
  W.Path = Outer;
  return joinArms(CO, C, T, F);
}

namespace {

/// The element an arm reads, when the arm is nothing but that read of a
/// scalar at an index of plain arithmetic ('A[(j + 1) * nx + i]'): no other
/// read, call or change in it.
const clang::Expr *plainRead(const clang::Expr *Arm) {
  const clang::Expr *Read = Arm->IgnoreParens();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Read)) {
    if (Cast->getCastKind() != CK_LValueToRValue)
      return nullptr;
    Read = Cast->getSubExpr()->IgnoreParens();
  }
  const auto *AS = dyn_cast<ArraySubscriptExpr>(Read);
  if (!AS || !AS->getType()->isScalarType())
    return nullptr;
  if (readsOrChanges(AS->getBase()) || readsOrChanges(AS->getIdx()))
    return nullptr;
  return Read;
}

} // namespace

std::optional<Value>
ValueEvaluator::selectedLoad(const AbstractConditionalOperator *CO) {
  // Two reads in one space, the arms nothing else: nvcc selects the
  // address and reads it once, in every lane (selects51's haloOnce,
  // 'threadIdx.y == 0 ? A[(j + 1) * nx + i] : A[j * nx + i]', and
  // selects52's 'c ? A[k] : B[k]': one LDG, 4 sectors a request, measured
  // on the H100). A global arm and a shared one stay two loads.
  const clang::Expr *T = plainRead(CO->getTrueExpr());
  const clang::Expr *F = plainRead(CO->getFalseExpr());
  if (!T || !F || !W.Ctx.hasSameType(T->getType(), F->getType()))
    return std::nullopt;
  Place PT = W.quietly([&] { return W.evalPlace(T); });
  Place PF = W.quietly([&] { return W.evalPlace(F); });
  if (PT.K != Place::Memory || PF.K != Place::Memory ||
      !PT.Addr.Why.empty() || !PF.Addr.Why.empty() || !PT.Addr.Offset ||
      !PF.Addr.Offset || PT.Addr.Sp != PF.Addr.Sp || PT.Addr.Choice ||
      PF.Addr.Choice || PT.Addr.LocalVar || PF.Addr.LocalVar ||
      PT.Addr.Sp == Space::Local || PT.Addr.Sp == Space::Unknown)
    return std::nullopt;
  // Two arrays may not join (selectPointer): the condition is then walked
  // again, which must record nothing.
  bool OneArray =
      PT.Addr.Base == PF.Addr.Base && PT.Addr.Decl == PF.Addr.Decl;
  if (!OneArray && readsOrChanges(CO->getCond()))
    return std::nullopt;
  const LExpr *C = W.truth(W.evalInt(CO->getCond()));
  if (const clang::Expr *Arm = decidedArm(CO, C))
    return W.load(Arm == CO->getTrueExpr() ? PT : PF,
                  Arm == CO->getTrueExpr() ? T : F);
  // Two arrays: the selected pointer, each allocation where the condition
  // picks it (a warp that takes both is no count).
  Place P = PT;
  if (OneArray) {
    P.Addr.Offset = X.select(C, PT.Addr.Offset, PF.Addr.Offset);
  } else if (std::optional<Pointer> Both = W.selectPointer(
                 C, PT.Addr, PF.Addr, W.sourceText(CO->getCond()))) {
    P.Addr = *Both;
  } else {
    return std::nullopt;
  }
  return W.load(P, CO);
}

Value ValueEvaluator::eachArm(
    const ConditionalOperator *CO,
    llvm::function_ref<Value(const clang::Expr *, const Place &)> Fn) {
  const LExpr *C = W.truth(W.evalInt(CO->getCond()));
  if (const clang::Expr *Arm = decidedArm(CO, C)) {
    const ConditionalOperator *Inner = conditionalLvalue(Arm);
    return Inner ? eachArm(Inner, Fn) : Fn(Arm, W.evalPlace(Arm));
  }
  std::vector<const LExpr *> Outer = W.Path;
  Value Arms[2];
  for (unsigned I = 0; I < 2; ++I) {
    const clang::Expr *Arm = I == 0 ? CO->getTrueExpr() : CO->getFalseExpr();
    const LExpr *Cond = I == 0 ? C : X.logicalNot(C);
    W.Path = W.pathWith(Outer, Cond);
    SelectArm Open(W, CO, Cond);
    const ConditionalOperator *Inner = conditionalLvalue(Arm);
    Arms[I] = Inner ? eachArm(Inner, Fn) : Fn(Arm, W.evalPlace(Arm));
  }
  W.Path = Outer;
  return joinArms(CO, C, Arms[0], Arms[1]);
}

Value ValueEvaluator::joinArms(const AbstractConditionalOperator *CO,
                               const LExpr *C, Value &T, Value &F) {
  if (!CO->isGLValue()) {
    if (T.K == Value::Ref)
      T = W.load(T.R, CO->getTrueExpr());
    if (F.K == Value::Ref)
      F = W.load(F.R, CO->getFalseExpr());
  }
  if (W.Choosing)
    if (const LExpr *Chosen = W.choice(C, W.sourceText(CO->getCond()), T, F))
      return Value::integer(Chosen);
  if (T.K == Value::Int && F.K == Value::Int)
    return Value::integer(X.select(C, T.I, F.I));
  if (T.K == Value::Real && F.K == Value::Real)
    return Value::real(X.select(C, T.I, F.I));
  if (T.K == Value::Ptr && F.K == Value::Ptr)
    if (std::optional<Pointer> P =
            W.selectPointer(C, T.P, F.P, W.sourceText(CO->getCond())))
      return Value::pointer(*P);
  return W.unknownValue(CO->getType(), "the arms of '" + W.sourceText(CO) +
                                           "' are not comparable");
}

/// threadIdx.x and friends are MS properties of clang's builtin variables,
/// named in CudaBuiltins.def.
Value ValueEvaluator::VisitPseudoObjectExpr(const PseudoObjectExpr *PO) {
  if (const auto *MP =
          dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens())) {
    const clang::Expr *Base = MP->getBaseExpr()->IgnoreImpCasts();
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
      Base = OVE->getSourceExpr()->IgnoreImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
      std::optional<unsigned> Dim =
          builtinVariableComponent(MP->getPropertyDecl()->getName());
      std::optional<BuiltinVariable> Var =
          lookupCudaBuiltinVariable(DRE->getDecl()->getName());
      if (Dim && Var) {
        switch (*Var) {
        case BuiltinVariable::ThreadIdx:
          return Value::integer(X.threadIdx(*Dim));
        case BuiltinVariable::BlockIdx:
          return Value::integer(X.blockIdx(*Dim));
        case BuiltinVariable::BlockDim:
          return Value::integer(X.blockDim(*Dim));
        case BuiltinVariable::GridDim:
          return Value::integer(X.gridDim(*Dim));
        }
      }
    }
  }
  return W.eval(PO->getResultExpr());
}

Value ValueEvaluator::VisitCXXConstructExpr(const CXXConstructExpr *CCE) {
  const CXXConstructorDecl *Ctor = CCE->getConstructor();
  // A struct copied out of (or into) memory is one access of its size.
  if (CCE->getNumArgs() == 1 && Ctor &&
      (Ctor->isCopyConstructor() || Ctor->isMoveConstructor())) {
    const clang::Expr *Arg = CCE->getArg(0);
    while (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Arg))
      Arg = M->getSubExpr();
    Arg = Arg->IgnoreParenNoopCasts(W.Ctx);
    if (Arg->isGLValue()) {
      Place P = W.evalPlace(Arg);
      return W.load(P, Arg);
    }
    return W.eval(Arg);
  }
  for (const clang::Expr *A : CCE->arguments())
    W.loadIfRef(W.eval(A), A);
  return Value::none();
}

Value ValueEvaluator::VisitCXXNewExpr(const CXXNewExpr *NE) {
  // "new (buf) T(...)" builds the object where buf points; any other form
  // takes it from the device heap, global memory at an address no one can
  // know (nor how two threads' objects lie).
  Pointer P;
  const FunctionDecl *New = NE->getOperatorNew();
  if (NE->getNumPlacementArgs() == 1 && New &&
      New->isReservedGlobalPlacementOperator()) {
    P = W.evalPtr(NE->getPlacementArg(0));
  } else {
    for (const clang::Expr *A : NE->placement_arguments())
      W.loadIfRef(W.eval(A), A);
    P = W.unknownValue(NE->getType(),
                       Reason::other("'new' allocates it on the device heap"))
            .P;
    P.Sp = Space::Global;
  }
  if (std::optional<const clang::Expr *> Size = NE->getArraySize();
      Size && *Size)
    W.loadIfRef(W.eval(*Size), *Size);
  const auto *CCE = dyn_cast_or_null<CXXConstructExpr>(NE->getInitializer());
  if (CCE && !NE->isArray() && KernelWalker::followedConstructor(CCE))
    W.construct(CCE, W.placeAt(P, NE->getAllocatedType()));
  else if (const clang::Expr *Init = NE->getInitializer())
    W.loadIfRef(W.eval(Init), Init);
  return Value::pointer(P);
}

Value ValueEvaluator::VisitCXXThisExpr(const CXXThisExpr *E) {
  const std::optional<Place> &This = W.Frames.back().This;
  if (This && This->K == Place::Memory)
    return Value::pointer(This->Addr);
  if (This && This->K == Place::Variable)
    return Value::pointer(W.localPointer(*This));
  return W.unknownValue(E->getType(), "'this' of an object held in registers");
}

Value ValueEvaluator::VisitExpr(const clang::Expr *E) {
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<clang::Expr>(C))
      W.eval(CE);
  if (E->getType()->isFloatingType() || E->getType()->isVoidType() ||
      E->getType()->isRecordType())
    return Value::none();
  return W.unknownValue(E->getType(),
                        "unsupported expression '" + W.sourceText(E) + "'");
}

} // namespace

Value KernelWalker::eval(const clang::Expr *E) {
  if (!E)
    return Value::none();
  NestingScope Scope(Nesting);
  if (Nesting > MaxNesting)
    return unknownValue(E->getType(), "expression nested too deeply");
  E = E->IgnoreParens();
  // Deeper than any recursion over it may go (ours or clang's): never
  // handed to clang's evaluator, and an arithmetic chain that deep is
  // unknown at once. Assignments and the like are still followed, so the
  // store through such an index is still reported.
  if (height(Heights, E) > ExprBudget::MaxDepth) {
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (BO && !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma)
      return unknownValue(E->getType(), ExprBudget::Reason);
  } else if (std::optional<int64_t> C = constantValue(*this, E)) {
    return Value::integer(X.constant(*C));
  }
  if (E->isPRValue() && E->getType()->isRealFloatingType())
    if (std::optional<Value> V = evalFloat(E))
      return *V;
  if (E->isGLValue() && !isa<BinaryOperator>(E) &&
      !isa<CompoundAssignOperator>(E) && !isa<UnaryOperator>(E) &&
      !isa<CallExpr>(E) && !isa<ConditionalOperator>(E))
    return Value::ref(evalPlace(E));
  return ValueEvaluator(*this).Visit(E);
}

const LExpr *KernelWalker::evalInt(const clang::Expr *E) {
  Value V = eval(E);
  if (V.K == Value::Ref)
    V = load(V.R, E);
  if (V.K == Value::Int)
    return V.I;
  return notAnInteger(*this, E);
}

Pointer KernelWalker::evalPtr(const clang::Expr *E) {
  Value V = eval(E);
  if (V.K == Value::Ref)
    V = load(V.R, E);
  if (V.K == Value::Ptr)
    return V.P;
  return notAPointer(*this, E);
}

} // namespace interp
} // namespace coalesce
