//===- EvalBuiltins.cpp - what the functions of CudaBuiltins.def do ------===//
//
// One case per BuiltinKind: the toolkit's device functions whose bodies we
// do not have (or would not want to inline) are modelled here. A cached load
// or store is one access through its pointer argument; an atomic is one
// read-modify-write of its first argument, whose old value is unknown; a
// texture fetch reads element i of the texture; integer helpers have closed
// forms in the algebra. A call in a form the table's kind does not expect
// (wrong arity, a non-integer result) falls back to an ordinary call.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace coalesce {
namespace interp {

std::optional<Value> KernelWalker::evalBuiltin(const CallExpr *Call,
                                               BuiltinKind K, StringRef Name) {
  unsigned N = Call->getNumArgs();
  bool IntResult = Call->getType()->isIntegralOrEnumerationType();
  auto Pointee = [&](const clang::Expr *A) {
    return placeAt(evalPtr(A), A->getType()->getPointeeType());
  };
  switch (K) {
  case BuiltinKind::CachedLoad:
    if (N != 1)
      return std::nullopt;
    return load(Pointee(Call->getArg(0)), Call, Operation::CachedLoad);
  case BuiltinKind::CachedStore: {
    if (N != 2)
      return std::nullopt;
    Place P = Pointee(Call->getArg(0));
    Value V = eval(Call->getArg(1));
    loadIfRef(V, Call->getArg(1));
    store(P, V, Call, Operation::CachedStore);
    return Value::none();
  }
  case BuiltinKind::Atomic: {
    if (N < 1 || !Call->getArg(0)->getType()->isPointerType())
      return std::nullopt;
    record(Call, Pointee(Call->getArg(0)), Operation::Atomic);
    for (const clang::Expr *A : llvm::drop_begin(Call->arguments()))
      loadIfRef(eval(A), A);
    // The old value is whatever other threads left there.
    return unknownValue(Call->getType(),
                        "result of a call to '" + Name.str() + "'");
  }
  case BuiltinKind::TextureFetch1D: {
    if (N != 2 || !Call->getArg(1)->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    const clang::Expr *Tex = Call->getArg(0);
    loadIfRef(eval(Tex), Tex);
    Pointer P;
    P.Base = sourceText(Tex);
    P.Sp = Space::Global;
    P.Offset = X.mul(evalInt(Call->getArg(1)),
                     X.constant(elementBytes(Call->getType())));
    record(Call, placeAt(P, Call->getType()), Operation::TextureFetch);
    return unknownValue(Call->getType(),
                        "result of a call to '" + Name.str() + "'");
  }
  case BuiltinKind::IntMin:
  case BuiltinKind::IntMax: {
    if (!IntResult || N != 2)
      return std::nullopt;
    const LExpr *A = evalInt(Call->getArg(0));
    const LExpr *B = evalInt(Call->getArg(1));
    return Value::integer(K == BuiltinKind::IntMin ? X.min(A, B) : X.max(A, B));
  }
  case BuiltinKind::IntMul:
    if (!IntResult || N != 2)
      return std::nullopt;
    return Value::integer(
        X.mul(evalInt(Call->getArg(0)), evalInt(Call->getArg(1))));
  case BuiltinKind::IntAbs: {
    if (!IntResult || N != 1)
      return std::nullopt;
    const LExpr *A = evalInt(Call->getArg(0));
    return Value::integer(
        X.select(X.cmp(CmpPred::LT, A, X.constant(0)), X.neg(A), A));
  }
  case BuiltinKind::None:
    break;
  }
  return std::nullopt;
}

} // namespace interp
} // namespace coalesce
