//===- EvalFloats.cpp - float and double values ---------------------------===//
//
// An index computed in floating point ("(int)((x + 0.5f) * scale)", "(int)
// sqrtf((float)taps)") is followed as the device computes it: each float
// operation is a LaneExpr Float node, rounded to float or double as its
// type says, and the conversion back to an integer is evaluated lane by
// lane with the rest of the address. Float values the analysis does not
// know (a float parameter no launch or --assume gives, a float the whole
// warp loads from one address) are opaque: an index computed from them is
// a uniform runtime value named by its text when nothing else in it
// changes between lanes, and unknown, naming the value, when something
// does. A float loaded at a lane-dependent address makes a gather index,
// as an integer loaded there does.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

/// Whether T is computed in float (else double); nullopt for other types
/// (half, long double as the device has none): not modelled.
std::optional<bool> singlePrecision(QualType T) {
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Float:
    return true;
  case BuiltinType::Double:
    return false;
  default:
    return std::nullopt;
  }
}

/// The operation of a math function of the toolkit's, by name.
std::optional<FloatOp> mathFunction(const FunctionDecl *FD,
                                    const SourceManager &SM) {
  if (!FD || !FD->getIdentifier())
    return std::nullopt;
  // A project's own function of that name is walked as any other.
  SourceLocation L = SM.getExpansionLoc(FD->getLocation());
  if (!FD->getBuiltinID() && !FD->isFromASTFile() &&
      !(L.isValid() && SM.isInSystemHeader(L)))
    return std::nullopt;
  llvm::StringRef Name = FD->getName();
  Name.consume_front("std::");
  if (Name != "fminf" && Name != "fmaxf")
    Name.consume_back("f");
  return llvm::StringSwitch<std::optional<FloatOp>>(Name)
      .Cases("sqrt", "__fsqrt_rn", FloatOp::Sqrt)
      .Case("floor", FloatOp::Floor)
      .Case("ceil", FloatOp::Ceil)
      .Case("trunc", FloatOp::Trunc)
      .Case("round", FloatOp::Round)
      .Case("fabs", FloatOp::Fabs)
      .Cases("fmin", "fminf", FloatOp::Min)
      .Cases("fmax", "fmaxf", FloatOp::Max)
      // The toolkit's overloads min(float, float) and max(double, double),
      // and std::min/std::max of floats (evalFloat checks the types).
      .Case("min", FloatOp::Min)
      .Case("max", FloatOp::Max)
      .Default(std::nullopt);
}

/// The first opaque float value in E (a float parameter or load the
/// analysis does not know), or null.
const FloatExpr *firstOpaque(const LExpr *E) {
  llvm::SmallPtrSet<const LExpr *, 16> Seen;
  llvm::SmallVector<const LExpr *, 16> Work{E};
  while (!Work.empty()) {
    const LExpr *N = Work.pop_back_val();
    if (!Seen.insert(N).second)
      continue;
    const auto *F = dyn_cast<FloatExpr>(N);
    if (F && F->getFloatOp() == FloatOp::Opaque)
      return F;
    if (const auto *NA = dyn_cast<NAryExpr>(N))
      for (const LExpr *Op : llvm::reverse(NA->operands()))
        Work.push_back(Op);
  }
  return nullptr;
}

} // namespace

Value KernelWalker::namedFloat(const std::string &Name, QualType T,
                               bool Parameter) {
  bool Single = singlePrecision(T).value_or(false);
  if (Parameter) {
    auto A = Opts.Assume.find(Name);
    if (A != Opts.Assume.end())
      return Value::real(X.realLiteral(double(A->second), Single));
    if (Launch) {
      auto R = Launch->RealArgs.find(Name);
      if (R != Launch->RealArgs.end())
        return Value::real(X.realLiteral(R->second, Single));
    }
  }
  return Value::real(X.real(
      FloatOp::Opaque, Single,
      {X.symbol(Parameter ? SymbolKind::Param : SymbolKind::Opaque, 0, Name)}));
}

std::optional<Value> KernelWalker::evalFloat(const clang::Expr *E) {
  std::optional<bool> Single = singlePrecision(E->getType());
  if (!Single)
    return std::nullopt;
  // A float operand as a Float node, or the Unknown saying why not.
  auto Operand = [&](const clang::Expr *Op) -> const LExpr * {
    Value V = eval(Op);
    if (V.K == Value::Ref)
      V = load(V.R, Op);
    if (V.K == Value::Real)
      return V.I;
    return X.unknown("'" + sourceText(Op) + "' is not a float we can follow");
  };

  if (const auto *FL = dyn_cast<FloatingLiteral>(E))
    return Value::real(
        X.realLiteral(FL->getValue().convertToDouble(), *Single));

  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const clang::Expr *Sub = CE->getSubExpr();
    switch (CE->getCastKind()) {
    case CK_LValueToRValue: {
      // "c ? a[i] : b[i]": each arm read under its condition (eval's).
      if (isa<ConditionalOperator>(Sub->IgnoreParens()))
        return std::nullopt;
      Value V = load(evalPlace(Sub), Sub);
      if (V.K == Value::Real)
        return V;
      return Value::real(X.unknown("'" + sourceText(Sub) +
                                   "' has no value we can follow"));
    }
    case CK_IntegralToFloating:
      return Value::real(X.real(FloatOp::FromInt, *Single, {evalInt(Sub)}));
    case CK_FloatingCast:
      if (!singlePrecision(Sub->getType()))
        return std::nullopt;
      return Value::real(X.real(FloatOp::Convert, *Single, {Operand(Sub)}));
    case CK_NoOp:
      return Value::real(Operand(Sub));
    default:
      return std::nullopt;
    }
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    FloatOp Op;
    switch (BO->getOpcode()) {
    case BO_Add:
      Op = FloatOp::Add;
      break;
    case BO_Sub:
      Op = FloatOp::Sub;
      break;
    case BO_Mul:
      Op = FloatOp::Mul;
      break;
    case BO_Div:
      Op = FloatOp::Div;
      break;
    default:
      return std::nullopt;
    }
    if (!singlePrecision(BO->getLHS()->getType()) ||
        !singlePrecision(BO->getRHS()->getType()))
      return std::nullopt;
    const LExpr *L = Operand(BO->getLHS());
    const LExpr *R = Operand(BO->getRHS());
    return Value::real(X.real(Op, *Single, {L, R}));
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Minus)
      return Value::real(
          X.real(FloatOp::Neg, *Single, {Operand(UO->getSubExpr())}));
    if (UO->getOpcode() == UO_Plus)
      return Value::real(Operand(UO->getSubExpr()));
    return std::nullopt;
  }

  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    std::optional<FloatOp> Op = mathFunction(Call->getDirectCallee(), SM);
    unsigned Arity = Op == FloatOp::Min || Op == FloatOp::Max ? 2 : 1;
    if (!Op || Call->getNumArgs() != Arity)
      return std::nullopt;
    llvm::SmallVector<const LExpr *, 2> Args;
    for (const clang::Expr *A : Call->arguments()) {
      if (!singlePrecision(A->getType()))
        return std::nullopt;
    }
    for (const clang::Expr *A : Call->arguments())
      Args.push_back(Operand(A));
    return Value::real(X.real(*Op, *Single, Args));
  }
  return std::nullopt;
}

const LExpr *KernelWalker::floatToInt(const clang::Expr *Sub,
                                      const clang::Expr *Cast) {
  Value V = eval(Sub);
  if (V.K == Value::Ref)
    V = load(V.R, Sub);
  if (V.K != Value::Real || !singlePrecision(Sub->getType()))
    return X.unknown("'" + sourceText(Sub) + "' is computed in floating point");
  // A float the lane loaded stays that load's unknown: a gather index.
  if (const auto *U = dyn_cast<UnknownExpr>(V.I))
    return LoadUnknowns.count(U)
               ? U
               : X.unknown(Reason(ReasonKind::FloatNotFollowed,
                                  sourceText(Sub->IgnoreParens()))
                             .because(U->getReason()));
  const FloatExpr *Opaque = firstOpaque(V.I);
  if (!Opaque)
    return X.real(FloatOp::ToInt, false, {V.I});
  // What the float depends on besides the opaque value: the same in every
  // lane and iteration, the result is one runtime value.
  bool Uniform = !mentionsIf(V.I, [](const SymbolExpr *S) {
    SymbolKind K = S->getSymbolKind();
    return K != SymbolKind::Param && K != SymbolKind::Opaque &&
           K != SymbolKind::GridDim && K != SymbolKind::BlockDim;
  });
  std::string Text = sourceText(Sub->IgnoreParens());
  // "int k = f * 3" converts implicitly: named as the cast it stands for.
  if (Uniform && !WalkingAhead)
    return X.symbol(SymbolKind::Opaque, 0,
                    isa<ImplicitCastExpr>(Cast)
                        ? "(" + Cast->getType().getAsString(
                                    Ctx.getPrintingPolicy()) +
                              ")(" + Text + ")"
                        : sourceText(Cast));
  const auto *Named = cast<SymbolExpr>(Opaque->getOperand(0));
  std::string Name = Named->getName().str();
  Reason Needs(ReasonKind::FloatNeedsValue, Text);
  Needs.Name = Name;
  Needs.Flag = Named->getSymbolKind() == SymbolKind::Param;
  return X.unknown(Needs);
}

} // namespace interp
} // namespace coalesce
