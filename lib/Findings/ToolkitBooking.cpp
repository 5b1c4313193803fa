//===- ToolkitBooking.cpp -------------------------------------------------===//

#include "Findings/ToolkitBooking.h"
#include "Analysis/KernelWalker.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coalesce {

namespace {

/// A function of the toolkit's headers with a body the analysis does not
/// walk (cuRAND's it does: its accesses are the user's).
const FunctionDecl *toolkitBody(const FunctionDecl *F,
                                const SourceManager &SM) {
  const FunctionDecl *Def = nullptr;
  // An implicit or defaulted member (__half's operator=) has no line of its
  // own: nvcc books its copy where it is called.
  if (!F || !F->hasBody(Def) || !Def || Def->isImplicit() ||
      Def->isDefaulted() || Def->isTrivial())
    return nullptr;
  SourceLocation L = SM.getExpansionLoc(Def->getLocation());
  if (L.isInvalid() || !SM.isInSystemHeader(L) ||
      interp::followedToolkitBody(Def, SM))
    return nullptr;
  return Def;
}

/// The first use, in source order, of a parameter (or of `this` when P is
/// null).
class FirstUse : public RecursiveASTVisitor<FirstUse> {
public:
  explicit FirstUse(const ParmVarDecl *P) : P(P) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (P && E->getDecl() == P && !Found)
      Found = E;
    return !Found;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    if (!P && !Found)
      Found = E;
    return !Found;
  }
  const clang::Expr *Found = nullptr;

private:
  const ParmVarDecl *P;
};

} // namespace

const ParentMap &ToolkitBooking::parents(const Stmt *Body) {
  std::unique_ptr<ParentMap> &M = Maps[Body];
  if (!M)
    M = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  return *M;
}

std::optional<ToolkitBooking::Place>
ToolkitBooking::from(const clang::Expr *E, const Stmt *Body, const SourceManager &SM,
                     unsigned Depth) {
  constexpr unsigned MaxDepth = 4;
  // Up through what only converts or holds the value.
  const Stmt *Child = E, *Up = parents(Body).getParent(E);
  while (Up && (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                    CXXBindTemporaryExpr>(Up))) {
    Child = Up;
    Up = parents(Body).getParent(Up);
  }
  // Copied into a toolkit class whose copy constructor has a body
  // (__half2's; __half's is defaulted and copies where it is called).
  if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(Up)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && !Ctor->isTrivial())
      if (const FunctionDecl *Def = toolkitBody(Ctor, SM))
        if (const auto *B = dyn_cast_or_null<CompoundStmt>(Def->getBody());
            B && !B->body_empty())
          return Place{Def, B->body_front()->getBeginLoc()};
  }
  // The object of a toolkit member function (__nv_bfloat16's operator
  // float(), reading *this): made where it first uses `this`.
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(Up);
      Member && Depth < MaxDepth) {
    const auto *Call =
        dyn_cast_or_null<CXXMemberCallExpr>(parents(Body).getParent(Member));
    const FunctionDecl *Def =
        Call ? toolkitBody(Call->getMethodDecl(), SM) : nullptr;
    if (!Def)
      return std::nullopt;
    FirstUse Use(nullptr);
    Use.TraverseStmt(Def->getBody());
    if (!Use.Found)
      return std::nullopt;
    return Place{Def, Use.Found->getBeginLoc()};
  }
  // Handed to a toolkit function by reference, or as the object of its
  // member operator: made where that function first uses it.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Up);
      Call && Depth < MaxDepth) {
    const FunctionDecl *Def = toolkitBody(Call->getDirectCallee(), SM);
    unsigned Arg = 0;
    while (Def && Arg < Call->getNumArgs() && Call->getArg(Arg) != Child)
      ++Arg;
    if (Def && Arg < Call->getNumArgs()) {
      const auto *M = dyn_cast<CXXMethodDecl>(Def);
      bool Object = isa<CXXOperatorCallExpr>(Call) && M && M->isInstance();
      const ParmVarDecl *P = nullptr;
      if (!Object || Arg > 0) {
        unsigned Index = Arg - (Object ? 1 : 0);
        if (Index >= Def->getNumParams() ||
            !Def->getParamDecl(Index)->getType()->isReferenceType())
          return std::nullopt;
        P = Def->getParamDecl(Index);
      }
      FirstUse Use(P);
      Use.TraverseStmt(Def->getBody());
      if (!Use.Found)
        return std::nullopt;
      if (std::optional<Place> Deeper =
              from(Use.Found, Def->getBody(), SM, Depth + 1))
        return Deeper;
      return Place{Def, Use.Found->getBeginLoc()};
    }
  }
  return std::nullopt;
}

std::optional<ToolkitBooking::Place>
ToolkitBooking::booked(const MemoryAccess &A) {
  if (!A.Access || !A.Function || !A.Function->getBody())
    return std::nullopt;
  return from(A.Access, A.Function->getBody(), A.Ctx->getSourceManager(), 0);
}

} // namespace coalesce
