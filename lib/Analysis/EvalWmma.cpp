//===- EvalWmma.cpp - wmma::load_matrix_sync and store_matrix_sync -------===//
//
// The toolkit implements nvcuda::wmma's loads and stores in mma.hpp as
// calls of clang builtins (__hmma_m16n16k16_ld_a(frag, p, ldm, layout)).
// The wrappers are followed like a helper of the project's, so an access
// is listed on the builtin's line in mma.hpp (where nvcc's line table, and
// so Nsight Compute, books the instructions) and repeated on the line of
// the user's call. The builtin itself is one access per kind of
// instruction nvcc makes of it (Model/WmmaLowering.h): the lane addresses
// of its first instruction, the others being the same pattern moved by
// whole lines or 8-element steps, which neither changes a bank conflict nor
// a sector count for an ldm the API allows.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"
#include "Model/WmmaLowering.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/TargetInfo.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

/// Whether FD is declared in namespace nvcuda::wmma.
bool inWmmaNamespace(const FunctionDecl *FD) {
  const auto *Wmma = dyn_cast<NamespaceDecl>(FD->getDeclContext());
  if (!Wmma || Wmma->getName() != "wmma")
    return false;
  const auto *Nv = dyn_cast<NamespaceDecl>(Wmma->getParent());
  return Nv && Nv->getName() == "nvcuda";
}

/// 90 for "sm_90" or "sm_90a"; 0 when the target names no sm version.
unsigned smVersion(const ASTContext &Ctx) {
  StringRef CPU = Ctx.getTargetInfo().getTargetOpts().CPU;
  unsigned V = 0;
  if (!CPU.consume_front("sm_"))
    return 0;
  CPU = CPU.take_while([](char C) { return C >= '0' && C <= '9'; });
  return CPU.getAsInteger(10, V) ? 0 : V;
}

} // namespace

std::optional<Value> KernelWalker::evalWmma(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (Name == "load_matrix_sync" || Name == "store_matrix_sync") {
    const FunctionDecl *Def = nullptr;
    if (!inWmmaNamespace(Callee) || !Callee->hasBody(Def) || !Def)
      return std::nullopt;
    return inlineCall(Call, Def);
  }
  std::optional<WmmaBuiltin> B = parseWmmaBuiltin(Name);
  if (!B || Call->getNumArgs() != 4)
    return std::nullopt;
  // The wrappers pick the builtin's layout argument by an if on theirs:
  // the branch the call's constant layout rules out runs nothing.
  if (llvm::any_of(Path, [](const LExpr *G) {
        const auto *C = dyn_cast<coalesce::ConstantExpr>(G);
        return C && C->getValue() == 0;
      }))
    return Value::none();

  // (fragment, memory, ldm, layout) for a load, (memory, fragment, ...)
  // for a store; the fragment is registers.
  const clang::Expr *Mem = Call->getArg(B->Store ? 0 : 1);
  Pointer P = evalPtr(Mem);
  const LExpr *Ldm = evalInt(Call->getArg(2));
  std::optional<llvm::APSInt> Layout =
      Call->getArg(3)->getIntegerConstantExpr(Ctx);
  WmmaSpace Sp = P.Sp == Space::Shared   ? WmmaSpace::Shared
                 : P.Sp == Space::Global ? WmmaSpace::Global
                                         : WmmaSpace::Unknown;
  WmmaLowering L;
  if (!Layout)
    L.Unknown = "the wmma layout is not a constant";
  else
    L = lowerWmma(*B, Layout->getExtValue() != 0, Sp, smVersion(Ctx));
  Operation Op = B->Store ? Operation::Store : Operation::Load;
  auto TypeOf = [&](unsigned Bytes) {
    return Bytes == 16  ? Ctx.getExtVectorType(Ctx.UnsignedIntTy, 4)
           : Bytes == 8 ? Ctx.UnsignedLongLongTy
           : Bytes == 4 ? Ctx.UnsignedIntTy
                        : Ctx.UnsignedCharTy;
  };
  if (L.Instructions.empty()) {
    // An unknown pointer keeps its own reason; else the lowering's.
    if (P.Why.empty())
      P.Offset = X.unknown(L.Unknown);
    record(Call, placeAt(P, TypeOf(B->ElemBytes)), Op);
    return Value::none();
  }
  const LExpr *Lane = X.rem(linearThreadId(), X.constant(32));
  auto Sum = [&](const std::vector<WmmaLaneTerm> &Terms) {
    const LExpr *S = X.constant(0);
    for (const WmmaLaneTerm &T : Terms) {
      const LExpr *Q = T.Div == 1 ? Lane : X.div(Lane, X.constant(T.Div));
      S = X.add(S, X.mul(X.rem(Q, X.constant(T.Mod)), X.constant(T.Mul)));
    }
    return S;
  };
  const LExpr *Elem = X.constant(B->ElemBytes);
  for (const WmmaInstruction &I : L.Instructions) {
    Pointer At = P;
    At.Offset = X.add(P.Offset, X.mul(X.add(X.mul(Sum(I.Line), Ldm),
                                            Sum(I.Elem)),
                                      Elem));
    record(Call, placeAt(At, TypeOf(I.Bytes)), Op);
  }
  return Value::none();
}

} // namespace interp
} // namespace coalesce
