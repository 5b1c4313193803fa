//===- LaunchSites.cpp ----------------------------------------------------===//

#include "Analysis/LaunchSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coalesce {

namespace {

/// The integer an expression is known to hold at the launch: a constant
/// expression, or a local variable whose initialiser is one.
std::optional<int64_t> knownInt(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() &&
      E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getInit() &&
          VD->getType()->isIntegralOrEnumerationType())
        return knownInt(VD->getInit(), Ctx);
  // Arithmetic on such values: "kThreads / rows", "(n + 255) / 256".
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> L = knownInt(BO->getLHS(), Ctx);
    std::optional<int64_t> R = knownInt(BO->getRHS(), Ctx);
    if (!L || !R)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_Add:
      return *L + *R;
    case BO_Sub:
      return *L - *R;
    case BO_Mul:
      return *L * *R;
    case BO_Div:
      return *R ? std::optional<int64_t>(*L / *R) : std::nullopt;
    case BO_Shl:
      return *R >= 0 && *R < 63 ? std::optional<int64_t>(*L << *R)
                                : std::nullopt;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

/// A dim3 argument: dim3(x, y, z), a plain integer, or a local dim3 variable
/// constructed from constants. Missing components are 1.
std::optional<std::array<int64_t, 3>> knownDim3(const Expr *E,
                                                ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return knownDim3(MTE->getSubExpr(), Ctx);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return knownDim3(BTE->getSubExpr(), Ctx);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (!VD->getType()->isRecordType())
        return std::nullopt;
      if (VD->getInit())
        return knownDim3(VD->getInit(), Ctx);
    }
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    std::array<int64_t, 3> D = {1, 1, 1};
    unsigned N = std::min(CE->getNumArgs(), 3u);
    if (N == 1 && CE->getArg(0)->getType()->isRecordType())
      return knownDim3(CE->getArg(0), Ctx); // copy of another dim3
    for (unsigned I = 0; I < N; ++I) {
      const Expr *A = CE->getArg(I);
      if (isa<CXXDefaultArgExpr>(A))
        continue;
      std::optional<int64_t> V = knownInt(A, Ctx);
      if (!V)
        return std::nullopt;
      D[I] = *V;
    }
    return D;
  }
  if (std::optional<int64_t> V = knownInt(E, Ctx))
    return std::array<int64_t, 3>{*V, 1, 1};
  return std::nullopt;
}

class LaunchCollector : public RecursiveASTVisitor<LaunchCollector> {
public:
  explicit LaunchCollector(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    const FunctionDecl *Kernel = Call->getDirectCallee();
    if (!Kernel)
      return true;
    Kernel = Kernel->getCanonicalDecl();
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(Call->getBeginLoc());
    // The first launch in source order wins; a later one in a header
    // included earlier must not depend on traversal order.
    auto It = Launches.find(Kernel);
    if (It != Launches.end() &&
        !SM.isBeforeInTranslationUnit(Loc, FirstLoc[Kernel]))
      return true;

    LaunchInfo Info;
    if (const CallExpr *Config = Call->getConfig()) {
      if (Config->getNumArgs() >= 2) {
        Info.Grid = knownDim3(Config->getArg(0), Ctx);
        Info.Block = knownDim3(Config->getArg(1), Ctx);
      }
    }
    for (unsigned I = 0; I < Call->getNumArgs() && I < Kernel->getNumParams();
         ++I)
      if (std::optional<int64_t> V = knownInt(Call->getArg(I), Ctx))
        Info.ConstantArgs[Kernel->getParamDecl(I)->getNameAsString()] = *V;
    PresumedLoc P = SM.getPresumedLoc(Loc);
    Info.Origin = "launch site " +
                  (P.isValid() ? std::string(P.getFilename()) + ":" +
                                     std::to_string(P.getLine())
                               : std::string("?"));
    Launches[Kernel] = std::move(Info);
    FirstLoc[Kernel] = Loc;
    return true;
  }

  LaunchMap Launches;

private:
  ASTContext &Ctx;
  std::map<const FunctionDecl *, SourceLocation> FirstLoc;
};

} // namespace

LaunchMap collectLaunchSites(ASTContext &Ctx) {
  LaunchCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Launches);
}

} // namespace coalesce
