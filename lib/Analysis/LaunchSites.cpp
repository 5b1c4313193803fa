//===- LaunchSites.cpp ----------------------------------------------------===//

#include "Analysis/LaunchSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coalesce {

namespace {

/// A write to a local variable, or to its .x/.y/.z member (dim3).
struct Write {
  SourceLocation Loc;
  int Component; ///< -1: the whole variable; 0, 1, 2: .x, .y, .z
  const Expr *Value;
};

/// Evaluates launch configurations and arguments in the host function that
/// launches: constants, local variables initialised or assigned before the
/// launch ("dim3 threads; threads.x = 32;"), and arithmetic on them.
class LaunchEvaluator {
public:
  LaunchEvaluator(ASTContext &Ctx,
                  const std::map<const VarDecl *, std::vector<Write>> &Writes)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Writes(Writes) {}

  /// The integer E holds at the launch at At.
  std::optional<int64_t> integer(const Expr *E, SourceLocation At,
                                 unsigned Depth = 0) {
    if (!E || Depth > 16 || E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    Expr::EvalResult R;
    if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !VD->hasLocalStorage() ||
          !VD->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      const Expr *Last = VD->getInit();
      if (!lastWrite(VD, -1, At, Last))
        return std::nullopt;
      return integer(Last, At, Depth + 1);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      std::optional<int64_t> L = integer(BO->getLHS(), At, Depth + 1);
      std::optional<int64_t> Rv = integer(BO->getRHS(), At, Depth + 1);
      if (!L || !Rv)
        return std::nullopt;
      switch (BO->getOpcode()) {
      case BO_Add:
        return *L + *Rv;
      case BO_Sub:
        return *L - *Rv;
      case BO_Mul:
        return *L * *Rv;
      case BO_Div:
        return *Rv ? std::optional<int64_t>(*L / *Rv) : std::nullopt;
      case BO_Shl:
        return *Rv >= 0 && *Rv < 63 ? std::optional<int64_t>(*L << *Rv)
                                    : std::nullopt;
      default:
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// A dim3 argument: dim3(x, y, z), a plain integer, or a local dim3
  /// variable, with its members' later assignments. Missing components are 1.
  std::optional<std::array<int64_t, 3>> dim3(const Expr *E, SourceLocation At,
                                             unsigned Depth = 0) {
    if (!E || Depth > 16)
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      return dim3(MTE->getSubExpr(), At, Depth + 1);
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      return dim3(BTE->getSubExpr(), At, Depth + 1);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !VD->getType()->isRecordType())
        return std::nullopt;
      const Expr *Whole = VD->getInit();
      if (!lastWrite(VD, -1, At, Whole))
        return std::nullopt;
      std::optional<std::array<int64_t, 3>> D =
          Whole ? dim3(Whole, At, Depth + 1)
                : std::optional<std::array<int64_t, 3>>({1, 1, 1});
      if (!D)
        return std::nullopt;
      for (int C = 0; C < 3; ++C) {
        const Expr *Member = nullptr;
        if (!lastWrite(VD, C, At, Member))
          return std::nullopt;
        if (!Member)
          continue;
        std::optional<int64_t> V = integer(Member, At, Depth + 1);
        if (!V)
          return std::nullopt;
        (*D)[C] = *V;
      }
      return D;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      std::array<int64_t, 3> D = {1, 1, 1};
      unsigned N = std::min(CE->getNumArgs(), 3u);
      if (N == 1 && CE->getArg(0)->getType()->isRecordType())
        return dim3(CE->getArg(0), At, Depth + 1); // a copy of another dim3
      for (unsigned I = 0; I < N; ++I) {
        const Expr *A = CE->getArg(I);
        if (isa<CXXDefaultArgExpr>(A))
          continue;
        std::optional<int64_t> V = integer(A, At, Depth + 1);
        if (!V)
          return std::nullopt;
        D[I] = *V;
      }
      return D;
    }
    if (std::optional<int64_t> V = integer(E, At, Depth + 1))
      return std::array<int64_t, 3>{*V, 1, 1};
    return std::nullopt;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const std::map<const VarDecl *, std::vector<Write>> &Writes;

  /// The value last written to (a component of) VD before At, left in Value
  /// (unchanged when nothing was written). False when writes before the
  /// launch disagree: they sit on different paths we do not follow.
  bool lastWrite(const VarDecl *VD, int Component, SourceLocation At,
                 const Expr *&Value) {
    auto It = Writes.find(VD);
    if (It == Writes.end())
      return true;
    const Expr *Found = nullptr;
    std::optional<int64_t> FoundValue;
    for (const Write &W : It->second) {
      if (W.Component != Component || !SM.isBeforeInTranslationUnit(W.Loc, At))
        continue;
      Expr::EvalResult R;
      std::optional<int64_t> V;
      if (W.Value->EvaluateAsInt(R, Ctx))
        V = R.Val.getInt().getExtValue();
      if (Found && (!V || !FoundValue || *V != *FoundValue))
        return false;
      Found = W.Value;
      FoundValue = V;
    }
    if (Found)
      Value = Found;
    return true;
  }
};

class LaunchCollector : public RecursiveASTVisitor<LaunchCollector> {
public:
  explicit LaunchCollector(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
    int Component = -1;
    if (const auto *ME = dyn_cast<MemberExpr>(L)) {
      StringRef N = ME->getMemberDecl()->getName();
      Component = N == "x" ? 0 : N == "y" ? 1 : N == "z" ? 2 : 3;
      L = ME->getBase()->IgnoreParenImpCasts();
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage() && Component < 3)
          Writes[VD].push_back({BO->getBeginLoc(), Component, BO->getRHS()});
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    Calls.push_back(Call);
    return true;
  }

  LaunchMap launches() {
    const SourceManager &SM = Ctx.getSourceManager();
    LaunchEvaluator Eval(Ctx, Writes);
    LaunchMap Launches;
    std::map<const FunctionDecl *, SourceLocation> FirstLoc;
    for (const CUDAKernelCallExpr *Call : Calls) {
      const FunctionDecl *Kernel = Call->getDirectCallee();
      if (!Kernel)
        continue;
      Kernel = Kernel->getCanonicalDecl();
      SourceLocation Loc = SM.getExpansionLoc(Call->getBeginLoc());
      // The first launch in source order wins.
      auto It = FirstLoc.find(Kernel);
      if (It != FirstLoc.end() && !SM.isBeforeInTranslationUnit(Loc, It->second))
        continue;
      LaunchInfo Info;
      Info.Site = Call;
      SourceLocation At = Call->getBeginLoc();
      if (const CallExpr *Config = Call->getConfig()) {
        if (Config->getNumArgs() >= 2) {
          Info.Grid = Eval.dim3(Config->getArg(0), At);
          Info.Block = Eval.dim3(Config->getArg(1), At);
        }
      }
      for (unsigned I = 0;
           I < Call->getNumArgs() && I < Kernel->getNumParams(); ++I)
        if (std::optional<int64_t> V = Eval.integer(Call->getArg(I), At))
          Info.ConstantArgs[Kernel->getParamDecl(I)->getNameAsString()] = *V;
      PresumedLoc P = SM.getPresumedLoc(Loc);
      Info.Origin = "launch site " +
                    (P.isValid() ? std::string(P.getFilename()) + ":" +
                                       std::to_string(P.getLine())
                                 : std::string("?"));
      Launches[Kernel] = std::move(Info);
      FirstLoc[Kernel] = Loc;
    }
    return Launches;
  }

private:
  ASTContext &Ctx;
  std::vector<const CUDAKernelCallExpr *> Calls;
  std::map<const VarDecl *, std::vector<Write>> Writes;
};

} // namespace

LaunchMap collectLaunchSites(ASTContext &Ctx) {
  LaunchCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return C.launches();
}

} // namespace coalesce
