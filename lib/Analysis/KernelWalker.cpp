//===- KernelWalker.cpp - one kernel's walk: entry, values, path ----------===//
//
// What every part of the interpreter shares: starting the walk in the
// kernel's frame, unknown values and forgetting variables, and the path
// condition (the conjunction of the branches around the current statement)
// that each memory event carries as its guards.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace coalesce {
namespace interp {

bool samePointer(const Pointer &A, const Pointer &B) {
  return A.Base == B.Base && A.Offset == B.Offset && A.Sp == B.Sp &&
         A.Why == B.Why && A.LocalVar == B.LocalVar &&
         A.LocalFrame == B.LocalFrame && A.Choice == B.Choice;
}

bool sameValue(const Value &A, const Value &B) {
  if (A.K != B.K)
    return false;
  switch (A.K) {
  case Value::None:
    if (!A.Fields || !B.Fields)
      return !A.Fields && !B.Fields;
    return A.Fields == B.Fields ||
           std::equal(A.Fields->begin(), A.Fields->end(), B.Fields->begin(),
                      B.Fields->end(), [](const auto &L, const auto &R) {
                        return L.first == R.first &&
                               sameValue(L.second, R.second);
                      });
  case Value::Int:
  case Value::Real:
    return A.I == B.I;
  case Value::Ptr:
    return samePointer(A.P, B.P);
  case Value::Ref:
    return A.R.K == B.R.K && A.R.Var == B.R.Var && A.R.Frame == B.R.Frame &&
           A.R.Path == B.R.Path && samePointer(A.R.Addr, B.R.Addr);
  }
  return false;
}

KernelWalker::KernelWalker(ASTContext &Ctx, ExprContext &X,
                           const AnalysisOptions &Opts,
                           const FunctionDecl *Kernel, const LaunchInfo *Launch,
                           ArrayRef<SourceLocation> ErrorLocs,
                           MemoryAccessListener &Listener)
    : Ctx(Ctx), SM(Ctx.getSourceManager()), X(X), Opts(Opts), Kernel(Kernel),
      Launch(Launch), ErrorLocs(ErrorLocs), Listener(Listener),
      Warp(X, Opts, Launch, Kernel, Ctx, LoopsSeen) {
  KernelName = kernelName(Kernel, Ctx);
}

void KernelWalker::run() {
  Frames.push_back({Kernel, {}, {}, {}, std::nullopt});
  AtTail = true;
  visit(Kernel->getBody());
  Frames.pop_back();
}

std::string KernelWalker::sourceText(SourceRange R) const {
  CharSourceRange CR = SM.getExpansionRange(R);
  return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
}

Value KernelWalker::unknownValue(QualType T, const Reason &Why) {
  if (T->isPointerType()) {
    Pointer P;
    P.Why = Why;
    P.UnknownOffset = X.unknown(Why);
    P.Offset = P.UnknownOffset;
    return Value::pointer(P);
  }
  if (T->isIntegralOrEnumerationType())
    return Value::integer(X.unknown(Why));
  if (T->isRealFloatingType())
    return Value::real(X.unknown(Why));
  return Value::none();
}

void KernelWalker::forgetMembers(const VarDecl *V) {
  MemberEnv &M = members();
  for (auto It = M.lower_bound({V, ""}); It != M.end() && It->first.first == V;)
    It = M.erase(It);
}

void KernelWalker::forgetAll(const llvm::SmallPtrSetImpl<const VarDecl *> &Vars,
                             const Reason &Why) {
  for (const VarDecl *V : Vars) {
    auto It = env().find(V);
    // A reference stays bound to what it names; what changes is that.
    if (It != env().end() && It->second.K == Value::Ref) {
      const Place &R = It->second.R;
      if (R.K != Place::Variable)
        continue;
      if (R.Path == R.Var->getNameAsString()) {
        Value &Old = Frames[R.Frame].Vars[R.Var];
        if (Old.K != Value::Ref)
          Old = unknownValue(R.Var->getType(), Why.about(R.Path));
      } else {
        forgetMember({R.Frame, R.Var, R.Path}, Why);
      }
      continue;
    }
    forgetMembers(V);
    if (It == env().end() && !isa<ParmVarDecl>(V))
      continue;
    env()[V] = unknownValue(V->getType().getNonReferenceType(),
                            Why.about(V->getNameAsString()));
  }
}

std::optional<Pointer> KernelWalker::selectPointer(const LExpr *C,
                                                   const Pointer &T,
                                                   const Pointer &F,
                                                   llvm::StringRef Cond) {
  if (!T.Why.empty() || !F.Why.empty() || T.Sp != F.Sp ||
      T.LocalVar != F.LocalVar || T.LocalFrame != F.LocalFrame ||
      T.Choice != F.Choice)
    return std::nullopt;
  Pointer P = T;
  P.Offset = X.select(C, T.Offset, F.Offset);
  if (T.Base == F.Base)
    return P;
  // Lanes that take different allocations never share a sector: one
  // base stands for both only when the whole warp takes the same one.
  // A condition we cannot evaluate may differ between lanes, unless the
  // arms are alike (then either base gives the same sectors).
  // Shared arrays: the lanes split between two of them conflict as the
  // layout says, so the condition must be known to be the warp's.
  if ((T.Sp != Space::Global && T.Sp != Space::Shared) || T.Base.empty() ||
      F.Base.empty() || (findUnknown(C) && T.Offset != F.Offset))
    return std::nullopt;
  if (T.Sp == Space::Shared && (findUnknown(C) || mentionsIf(C, isThreadIdx)))
    return std::nullopt;
  // A condition of the lane ("warpId < 4") is often the same for a whole
  // warp: the access is evaluated only where the sampled warps show it
  // is. It must not change from one iteration to the next, which the
  // evaluation (at the first iteration) would not see. One such choice per
  // pointer: a second would need the pair.
  if (mentionsIf(C, isThreadIdx)) {
    if (T.Choice || findUnknown(C) ||
        mentionsIf(C, [](const SymbolExpr *S) {
          return S->getSymbolKind() == SymbolKind::LoopIter ||
                 S->getSymbolKind() == SymbolKind::Carried;
        }))
      return std::nullopt;
    P.Choice = C;
  }
  if (T.Offset == F.Offset)
    P.Offset = T.Offset;
  P.Base = "(" + Cond.str() + " ? " + T.Base + " : " + F.Base + ")";
  P.Decl = nullptr;
  return P;
}

const LExpr *KernelWalker::truth(const LExpr *V) {
  if (V->getKind() == ExprKind::Cmp)
    return V;
  return X.cmp(CmpPred::NE, V, X.constant(0));
}

const LExpr *KernelWalker::both(const LExpr *A, const LExpr *B) {
  return X.select(truth(A), truth(B), X.constant(0));
}

const LExpr *KernelWalker::pathCondition(size_t From) {
  const LExpr *C = X.constant(1);
  for (size_t I = From; I < Path.size(); ++I)
    C = both(C, Path[I]);
  return C;
}

std::vector<const LExpr *>
KernelWalker::pathWith(const std::vector<const LExpr *> &Outer,
                       const LExpr *C) {
  std::vector<const LExpr *> P = Outer;
  P.push_back(C);
  return P;
}

} // namespace interp
} // namespace coalesce
