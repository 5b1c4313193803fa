//===- FixCandidates.cpp --------------------------------------------------===//
//
// Both fixes are offered only where they cannot change what the program
// computes, so every test here is a proof obligation, and anything not
// recognised blocks the fix with the reason as the finding's note.
//
//===----------------------------------------------------------------------===//

#include "Findings/FixCandidates.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;

namespace coalesce {

namespace {

/// The edit replacing R (a range of the main source, not inside a macro
/// body) with Text; nullopt when R is not such a range.
std::optional<TextEdit> fileEdit(CharSourceRange R, std::string Text,
                                 const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange F = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  if (F.isInvalid())
    return std::nullopt;
  auto [FID, Begin] = SM.getDecomposedLoc(F.getBegin());
  auto [EndFID, End] = SM.getDecomposedLoc(F.getEnd());
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID);
  if (FID != EndFID || End < Begin || !Entry)
    return std::nullopt;
  TextEdit E;
  E.File = Entry->getName().str();
  E.Offset = Begin;
  E.Length = End - Begin;
  E.Begin = {E.File, SM.getLineNumber(FID, Begin),
             SM.getColumnNumber(FID, Begin)};
  E.End = {E.File, SM.getLineNumber(FID, End), SM.getColumnNumber(FID, End)};
  E.Text = std::move(Text);
  return E;
}

std::string textOf(SourceRange R, const ASTContext &Ctx) {
  return Lexer::getSourceText(
             CharSourceRange::getTokenRange(
                 Ctx.getSourceManager().getExpansionRange(R).getAsRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::string lineOf(SourceLocation Loc, const ASTContext &Ctx) {
  return "line " + std::to_string(Ctx.getSourceManager().getExpansionLineNumber(Loc));
}

/// Text with no spaces, for comparing how two expressions are spelled.
std::string squeeze(llvm::StringRef Text) {
  std::string S;
  for (char C : Text)
    if (!isspace(static_cast<unsigned char>(C)))
      S += C;
  return S;
}

bool isIdentifierOrNumber(llvm::StringRef Text) {
  return !Text.empty() && llvm::all_of(Text, [](char C) {
    return isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.';
  });
}

/// The statement directly holding another, within one function's body.
/// ASTContext::getParents would build its map over the whole translation
/// unit, every header and template instantiation included, the first time
/// it is asked (on SHOC's S3D.cu, most of the analyzer's memory and a fifth
/// of its time); clang's ParentMap is built over the body alone.
class Parents {
public:
  /// Root: the function's body; null: the whole unit (an array declared
  /// outside any function).
  Parents(const Stmt *Root, ASTContext &Ctx)
      : Map(Root ? std::make_unique<ParentMap>(const_cast<Stmt *>(Root))
                 : nullptr),
        Ctx(Ctx) {}

  /// Null for the root and, as ASTContext::getParents has it, for a
  /// variable's initializer (whose parent is the variable, no statement).
  const Stmt *of(const Stmt *S) const {
    if (!S)
      return nullptr;
    if (!Map) {
      auto Found = Ctx.getParents(*S);
      return Found.empty() ? nullptr : Found[0].get<Stmt>();
    }
    const Stmt *P = Map->getParent(S);
    return isa_and_nonnull<DeclStmt>(P) ? nullptr : P;
  }

private:
  std::unique_ptr<ParentMap> Map;
  ASTContext &Ctx;
};

/// Every DeclRefExpr to one variable under a root, instantiations included.
class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  explicit RefFinder(const VarDecl *V) : V(V) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V)
      Refs.push_back(E);
    return true;
  }
  const VarDecl *V;
  std::vector<const DeclRefExpr *> Refs;
};

bool isAtomicCall(const Stmt *S) {
  const auto *Call = dyn_cast_or_null<CallExpr>(S);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() && FD->getName().starts_with("atomic");
}

/// Why padding Array's rows could change what a use of it means; empty when
/// every use indexes one element (read, written, or handed to an atomic).
std::string padBlocker(const VarDecl *Array, unsigned Rank, ASTContext &Ctx) {
  RefFinder Finder(Array);
  const auto *Fn = dyn_cast<FunctionDecl>(Array->getDeclContext());
  if (Fn)
    Finder.TraverseDecl(const_cast<FunctionDecl *>(Fn));
  else
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  Parents Up(Fn ? Fn->getBody() : nullptr, Ctx);
  std::string Name = "'" + Array->getNameAsString() + "'";
  for (const DeclRefExpr *Ref : Finder.Refs) {
    std::string Where = " at " + lineOf(Ref->getBeginLoc(), Ctx);
    const Stmt *Cur = Ref;
    unsigned Indexed = 0;
    while (const Stmt *P = Up.of(Cur)) {
      if (isa<ParenExpr>(P)) {
        Cur = P;
        continue;
      }
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
          Cast && Cast->getCastKind() == CK_ArrayToPointerDecay &&
          Indexed < Rank) {
        Cur = P;
        continue;
      }
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return Name + " is under sizeof" + Where +
               ": its size would change with the padding";
      if (Indexed == Rank) {
        const auto *Op = dyn_cast<UnaryOperator>(P);
        if (!Op || Op->getOpcode() != UO_AddrOf)
          break;
        const Stmt *User = Up.of(P);
        while (User && isa<ImplicitCastExpr, ParenExpr>(User))
          User = Up.of(User);
        if (isAtomicCall(User))
          break;
        return "the address of an element of " + Name + " is taken" + Where +
               ": pointer arithmetic from it would cross the padding";
      }
      const auto *Index = dyn_cast<ArraySubscriptExpr>(P);
      if (Index && Index->getBase() == Cur) {
        ++Indexed;
        Cur = P;
        continue;
      }
      if (isa<ExplicitCastExpr>(P) || isa<ImplicitCastExpr>(P))
        return Name + " is reinterpreted" + Where +
               ": the padded layout would change what the cast sees";
      return Name + (Indexed ? " has a row used as a pointer" : " is used as a pointer") +
             Where + ": pointer arithmetic across rows would cross the padding";
    }
    if (Indexed < Rank && Cur != Ref)
      return Name + (Indexed ? " has a row used as a pointer" : " is used as a pointer") + Where +
             ": pointer arithmetic across rows would cross the padding";
    if (Indexed < Rank && Cur == Ref && !Up.of(Ref))
      return Name + " is used" + Where + " other than by indexing it";
  }
  return "";
}

//===--- Loops ---------------------------------------------------------------===//

/// A sum of products of atoms with integer coefficients: enough to see that
/// a loop ends at its start plus the chunk however either is spelled.
using Monomial = std::vector<std::string>;
using Poly = std::map<Monomial, int64_t>;

Poly constant(int64_t C) { return C ? Poly{{{}, C}} : Poly{}; }
Poly atom(std::string A) { return Poly{{{std::move(A)}, 1}}; }

Poly add(Poly A, const Poly &B, int64_t Sign = 1) {
  for (const auto &[M, C] : B)
    if ((A[M] += Sign * C) == 0)
      A.erase(M);
  return A;
}

Poly mul(const Poly &A, const Poly &B) {
  Poly R;
  for (const auto &[MA, CA] : A)
    for (const auto &[MB, CB] : B) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      llvm::sort(M);
      if ((R[M] += CA * CB) == 0)
        R.erase(M);
    }
  return R;
}

/// "threadIdx.x" and the like, spelled without spaces.
bool isBuiltinMember(llvm::StringRef Text, llvm::StringRef Var) {
  return Text.size() == Var.size() + 2 && Text.starts_with(Var) &&
         Text[Var.size()] == '.' && llvm::StringRef("xyz").contains(Text.back());
}

bool isThreadBuiltin(llvm::StringRef Text) {
  return isBuiltinMember(Text, "threadIdx") || isBuiltinMember(Text, "blockIdx");
}

bool isLaunchBuiltin(llvm::StringRef Text) {
  return isThreadBuiltin(Text) || isBuiltinMember(Text, "blockDim") ||
         isBuiltinMember(Text, "gridDim");
}

/// The variables of a kernel that are written after their declaration, and
/// the assignments to each.
class Writes : public RecursiveASTVisitor<Writes> {
public:
  std::map<const VarDecl *, std::vector<const Stmt *>> Of;

  static const VarDecl *varOf(const Expr *E) {
    if (const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(R->getDecl());
    return nullptr;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const VarDecl *V = varOf(B->getLHS()))
        Of[V].push_back(B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = varOf(U->getSubExpr()))
        Of[V].push_back(U);
    return true;
  }
};

class LoopRewriter {
public:
  LoopRewriter(const ForStmt *Loop, const FunctionDecl *Kernel,
               ASTContext &Ctx)
      : Loop(Loop), Kernel(Kernel), Ctx(Ctx), Up(Kernel->getBody(), Ctx) {
    W.TraverseStmt(Kernel->getBody());
  }

  AccessSite::LoopRewrite rewrite();

private:
  const ForStmt *Loop;
  const FunctionDecl *Kernel;
  ASTContext &Ctx;
  Parents Up;
  Writes W;
  const VarDecl *K = nullptr;

  bool written(const VarDecl *V) const { return W.Of.count(V) != 0; }
  bool local(const VarDecl *V) const {
    return V->hasLocalStorage() && !isa<ParmVarDecl>(V);
  }

  /// The value a variable holds wherever it is read: its initializer, when
  /// it is a local that nothing writes again.
  const Expr *valueOf(const Expr *E) const {
    for (int Depth = 0; Depth < 8; ++Depth) {
      const auto *V = Writes::varOf(E);
      if (!V || !local(V) || written(V) || !V->getInit())
        break;
      E = V->getInit();
    }
    return E->IgnoreParenImpCasts();
  }

  bool threadDependent(const Expr *E, int Depth = 0) const {
    if (Depth > 8)
      return true;
    if (isThreadBuiltin(squeeze(textOf(E->getSourceRange(), Ctx))))
      return true;
    if (const auto *V = Writes::varOf(E)) {
      if (!V->hasLocalStorage())
        return false;
      if (isa<ParmVarDecl>(V))
        return written(V);
      return written(V) || !V->getInit() ||
             threadDependent(V->getInit(), Depth + 1);
    }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        if (threadDependent(CE, Depth + 1))
          return true;
    return false;
  }

  std::optional<Poly> polyOf(const Expr *E, int Depth = 0) const {
    if (Depth > 16)
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      if (Cast->getType()->isIntegerType())
        return polyOf(Cast->getSubExpr(), Depth + 1);
    std::string Text = squeeze(textOf(E->getSourceRange(), Ctx));
    if (isLaunchBuiltin(Text))
      return atom(Text);
    if (!E->isValueDependent())
      if (std::optional<llvm::APSInt> C = E->getIntegerConstantExpr(Ctx))
        return constant(C->getExtValue());
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      auto Op = B->getOpcode();
      if (Op == BO_Add || Op == BO_Sub || Op == BO_Mul) {
        auto L = polyOf(B->getLHS(), Depth + 1);
        auto R = polyOf(B->getRHS(), Depth + 1);
        if (!L || !R)
          return std::nullopt;
        return Op == BO_Mul ? mul(*L, *R) : add(*L, *R, Op == BO_Add ? 1 : -1);
      }
    }
    if (const auto *V = Writes::varOf(E)) {
      if (local(V) && !written(V) && V->getInit())
        return polyOf(V->getInit(), Depth + 1);
      if (!V->hasLocalStorage() || (isa<ParmVarDecl>(V) && !written(V)))
        return atom(V->getNameAsString());
      return std::nullopt;
    }
    if (threadDependent(E))
      return std::nullopt;
    return atom("(" + Text + ")");
  }

  /// The bounds a loop condition's right side stands for: min(a, b) and a
  /// variable clamped by 'if (end > n) end = n;' are each two.
  void boundsOf(const Expr *E, std::vector<const Expr *> &Out, int Depth = 0);

  std::string blockerOfBody();
};

/// Whether If is 'if (V > X) V = X;' (or >=, or X < V): a clamp of V to X.
const Expr *clampOf(const Stmt *S, const VarDecl *V, ASTContext &Ctx) {
  const auto *If = dyn_cast_or_null<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return nullptr;
  const auto *Cond = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  if (!Cond)
    return nullptr;
  const Expr *Limit = nullptr;
  if ((Cond->getOpcode() == BO_GT || Cond->getOpcode() == BO_GE) &&
      Writes::varOf(Cond->getLHS()) == V)
    Limit = Cond->getRHS();
  else if ((Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE) &&
           Writes::varOf(Cond->getRHS()) == V)
    Limit = Cond->getLHS();
  if (!Limit)
    return nullptr;
  const Stmt *Then = If->getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then))
    Then = Block->size() == 1 ? Block->body_front() : nullptr;
  const auto *Set = dyn_cast_or_null<BinaryOperator>(Then);
  if (!Set || Set->getOpcode() != BO_Assign || Writes::varOf(Set->getLHS()) != V ||
      squeeze(textOf(Set->getRHS()->getSourceRange(), Ctx)) !=
          squeeze(textOf(Limit->getSourceRange(), Ctx)))
    return nullptr;
  return Set->getRHS();
}

void LoopRewriter::boundsOf(const Expr *E, std::vector<const Expr *> &Out,
                            int Depth) {
  E = E->IgnoreParenImpCasts();
  if (Depth < 8) {
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (FD && FD->getIdentifier() &&
          (FD->getName() == "min" || FD->getName() == "umin") &&
          Call->getNumArgs() == 2) {
        boundsOf(Call->getArg(0), Out, Depth + 1);
        boundsOf(Call->getArg(1), Out, Depth + 1);
        return;
      }
    }
    if (const auto *V = Writes::varOf(E); V && local(V) && V->getInit()) {
      auto It = W.Of.find(V);
      if (It == W.Of.end()) {
        boundsOf(V->getInit(), Out, Depth + 1);
        return;
      }
      std::vector<const Expr *> Clamps;
      for (const Stmt *Set : It->second)
        if (const Expr *Limit = clampOf(Up.of(Set), V, Ctx))
          Clamps.push_back(Limit);
        else if (const Stmt *Outer = Up.of(Set);
                 Outer && isa<CompoundStmt>(Outer))
          if (const Expr *Limit = clampOf(Up.of(Outer), V, Ctx))
            Clamps.push_back(Limit);
      if (Clamps.size() == It->second.size()) {
        boundsOf(V->getInit(), Out, Depth + 1);
        Out.insert(Out.end(), Clamps.begin(), Clamps.end());
        return;
      }
    }
  }
  Out.push_back(E);
}

/// What a grid-stride loop would break in the loop's body: a value carried
/// from one iteration to the next, a read of what an earlier one wrote, the
/// thread's own identity, an early exit.
class BodyScan : public RecursiveASTVisitor<BodyScan> {
public:
  BodyScan(const ForStmt *Loop, const VarDecl *K, const Parents &Up,
           ASTContext &Ctx)
      : Loop(Loop), K(K), Up(Up), Ctx(Ctx) {}
  std::string Blocker;
  struct Access {
    std::string Index;
    bool Write;
    bool MentionsK;
    SourceLocation Loc;
  };
  std::map<const VarDecl *, std::vector<Access>> Memory;

  void block(const std::string &Why) {
    if (Blocker.empty())
      Blocker = Why;
  }
  bool isWrite(const Stmt *E) {
    const Stmt *P = Up.of(E);
    while (P && isa<ParenExpr>(P)) {
      E = P;
      P = Up.of(P);
    }
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
      return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == E;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      return U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf;
    return false;
  }
  bool declaredInLoop(const VarDecl *V) {
    SourceRange R = Loop->getSourceRange();
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = V->getLocation();
    return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
           !SM.isBeforeInTranslationUnit(R.getEnd(), L);
  }
  bool mentions(const Expr *E, const VarDecl *V) {
    if (Writes::varOf(E) == V)
      return true;
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        if (mentions(CE, V))
          return true;
    return false;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E);
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    const Expr *Base = E->getBase()->IgnoreParenImpCasts();
    const Stmt *P = Up.of(E);
    if (isa_and_nonnull<ArraySubscriptExpr>(P) ||
        (isa_and_nonnull<ImplicitCastExpr>(P) &&
         isa_and_nonnull<ArraySubscriptExpr>(Up.of(P))))
      return true; // the outermost subscript of a row records the access
    while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
      Base = Inner->getBase()->IgnoreParenImpCasts();
    const auto *V = Writes::varOf(Base);
    bool Write = isWrite(E);
    if (!V) {
      if (Write)
        block("the body writes through '" +
              textOf(E->getSourceRange(), Ctx) + "', whose array is not named");
      return true;
    }
    Memory[V].push_back({squeeze(textOf(E->getSourceRange(), Ctx)), Write,
                         mentions(E->getIdx(), K), E->getBeginLoc()});
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref && isWrite(U))
      block("the body writes through '" + textOf(U->getSourceRange(), Ctx) +
            "'");
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *) {
    block("the body can return: a grid-stride loop would stop at other "
          "elements");
    return true;
  }
  bool VisitBreakStmt(BreakStmt *) {
    block("the body can break out of the loop: a grid-stride loop would "
          "stop at other elements");
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) {
    block("the body jumps with goto");
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    std::string Name = FD && FD->getIdentifier() ? FD->getName().str() : "";
    if (llvm::StringRef(Name).contains("sync") ||
        llvm::StringRef(Name).starts_with("__barrier"))
      block("the body synchronizes threads ('" + Name + "')");
    else if (llvm::StringRef(Name).starts_with("atomic"))
      block("the body updates memory atomically ('" + Name +
            "'): a grid-stride loop would change the order of the updates");
    else if (!FD || (!Ctx.getSourceManager().isInSystemHeader(FD->getLocation()) &&
                     FD->hasBody() && !FD->getBuiltinID()))
      block("the body calls " + (Name.empty() ? std::string("a function")
                                              : "'" + Name + "'") +
            ", whose effects are not checked");
    return true;
  }

  void checkMemory() {
    for (const auto &[V, List] : Memory) {
      for (const Access &A : List) {
        if (!A.Write)
          continue;
        if (!A.MentionsK) {
          block("'" + A.Index + "' is written on every iteration (" +
                lineOf(A.Loc, Ctx) + "): the last iteration's value wins, "
                "and a grid-stride loop would change which is last");
          return;
        }
        for (const Access &B : List)
          if (B.Index != A.Index) {
            block("'" + V->getNameAsString() + "' is written at '" + A.Index +
                  "' and read or written at '" + B.Index + "' (" +
                  lineOf(B.Loc, Ctx) +
                  "): an iteration may read what an earlier one wrote");
            return;
          }
      }
    }
  }

  /// The rewriter's answer to whether a value differs between threads.
  std::function<bool(const Expr *)> ThreadDependent;

private:
  const ForStmt *Loop;
  const VarDecl *K;
  const Parents &Up;
  ASTContext &Ctx;
};

bool BodyScan::VisitDeclRefExpr(DeclRefExpr *E) {
  const auto *V = dyn_cast<VarDecl>(E->getDecl());
  if (!V || !V->hasLocalStorage() || declaredInLoop(V))
    return true;
  std::string Name = "'" + V->getNameAsString() + "'";
  if (isWrite(E)) {
    if (V == K)
      block("the body changes the loop variable " + Name);
    else
      block(Name + " is updated on every iteration (" +
            lineOf(E->getBeginLoc(), Ctx) +
            ") and the next iteration reads it: a value is carried from one "
            "iteration to the next (a running sum per thread must keep its "
            "elements and their order)");
    return true;
  }
  if (V != K && ThreadDependent(E))
    block("the body reads " + Name + " (" + lineOf(E->getBeginLoc(), Ctx) +
          "), which differs from thread to thread: a grid-stride loop hands "
          "the elements to other threads");
  return true;
}

std::string LoopRewriter::blockerOfBody() {
  BodyScan Scan(Loop, K, Up, Ctx);
  Scan.ThreadDependent = [this](const Expr *E) { return threadDependent(E); };
  Scan.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
  // threadIdx.x and blockIdx.x named in the body itself.
  if (Scan.Blocker.empty()) {
    std::string Body = squeeze(textOf(Loop->getBody()->getSourceRange(), Ctx));
    for (const char *B : {"threadIdx.", "blockIdx."})
      if (llvm::StringRef(Body).contains(B))
        Scan.block(std::string("the body reads ") + B + "x/y/z, which differs "
                   "from thread to thread: a grid-stride loop hands the "
                   "elements to other threads");
  }
  Scan.checkMemory();
  return Scan.Blocker;
}

AccessSite::LoopRewrite LoopRewriter::rewrite() {
  AccessSite::LoopRewrite R;
  auto Blocked = [&](std::string Why) {
    R.Blocker = std::move(Why);
    return R;
  };
  // The header's edit first, so that a blocked loop still says where.
  SourceLocation LParen = Loop->getLParenLoc(), RParen = Loop->getRParenLoc();
  const SourceManager &SM = Ctx.getSourceManager();
  if (LParen.isMacroID() || RParen.isMacroID())
    return Blocked("the loop's header is written by a macro");
  CharSourceRange Header = CharSourceRange::getCharRange(
      LParen.getLocWithOffset(1), RParen);
  std::optional<TextEdit> Edit = fileEdit(Header, "", Ctx);
  if (!Edit)
    return Blocked("the loop's header is not in a source file");
  R.Header = *Edit;

  // for (int k = start; k < end; ++k)
  const Expr *Start = nullptr;
  std::string Prefix;
  if (const auto *D = dyn_cast_or_null<DeclStmt>(Loop->getInit());
      D && D->isSingleDecl()) {
    K = dyn_cast<VarDecl>(D->getSingleDecl());
    Start = K ? K->getInit() : nullptr;
    if (K)
      Prefix = Lexer::getSourceText(
                   CharSourceRange::getCharRange(D->getBeginLoc(),
                                                 K->getLocation()),
                   SM, Ctx.getLangOpts())
                   .str();
  } else if (const auto *B =
                 dyn_cast_or_null<BinaryOperator>(Loop->getInit());
             B && B->getOpcode() == BO_Assign) {
    K = Writes::varOf(B->getLHS());
    Start = B->getRHS();
  }
  if (!K || !Start)
    return Blocked("the loop does not start by setting one variable");
  std::string KName = K->getNameAsString();
  const auto *Inc = Loop->getInc() ? Loop->getInc()->IgnoreParenImpCasts() : nullptr;
  bool StepOne = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    StepOne = U->isIncrementOp() && Writes::varOf(U->getSubExpr()) == K;
  else if (const auto *B = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    StepOne = B->getOpcode() == BO_AddAssign && Writes::varOf(B->getLHS()) == K &&
              polyOf(B->getRHS()) == constant(1);
  if (!StepOne)
    return Blocked("the loop does not step " + KName + " by one");

  // The loop must run in every thread of the launch, as the kernel's own
  // statement: a guard or an earlier return would leave elements to no one.
  const Stmt *Body = Kernel->getBody();
  if (Up.of(Loop) != Body)
    return Blocked("the loop is not a statement of the kernel's body itself "
                   "(it runs under a condition or inside another loop)");
  bool EarlyReturn = false;
  for (const Stmt *S : cast<CompoundStmt>(Body)->body()) {
    if (S == Loop)
      break;
    struct Returns : RecursiveASTVisitor<Returns> {
      bool Found = false;
      bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
    } Scan;
    Scan.TraverseStmt(const_cast<Stmt *>(S));
    EarlyReturn |= Scan.Found;
  }
  if (EarlyReturn)
    return Blocked("the kernel can return before the loop: the threads that "
                   "do would leave their elements to no one");

  // start = tid * chunk, with tid the thread's index in the block or grid.
  const auto *Mul = dyn_cast<BinaryOperator>(valueOf(Start));
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return Blocked("the loop's start is not the thread's index times a chunk");
  const Expr *Tid = Mul->getLHS(), *Chunk = Mul->getRHS();
  if (threadDependent(Chunk))
    std::swap(Tid, Chunk);
  std::optional<Poly> TidP = polyOf(Tid), ChunkP = polyOf(Chunk),
                      StartP = polyOf(Start);
  if (!TidP || !ChunkP || !StartP || threadDependent(Chunk))
    return Blocked("the loop's start is not the thread's index times a chunk "
                   "that is the same in every thread");
  Poly Block1 = atom("threadIdx.x");
  Poly Grid1 = add(Block1, mul(atom("blockIdx.x"), atom("blockDim.x")));
  std::string Stride;
  if (*TidP == Grid1)
    Stride = "blockDim.x * gridDim.x";
  else if (*TidP == Block1)
    Stride = "blockDim.x";
  else
    return Blocked("the thread's index '" + textOf(Tid->getSourceRange(), Ctx) +
                   "' is not threadIdx.x or blockIdx.x * blockDim.x + "
                   "threadIdx.x");

  // k < end [&& k < n]: one end is start + chunk, the others clamp.
  std::vector<const Expr *> Conds, Bounds;
  std::function<void(const Expr *)> Split = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_LAnd) {
      Split(B->getLHS());
      Split(B->getRHS());
    } else {
      Conds.push_back(E);
    }
  };
  if (!Loop->getCond())
    return Blocked("the loop has no condition");
  Split(Loop->getCond());
  for (const Expr *C : Conds) {
    const auto *B = dyn_cast<BinaryOperator>(C);
    if (B && B->getOpcode() == BO_LT && Writes::varOf(B->getLHS()) == K)
      boundsOf(B->getRHS(), Bounds);
    else if (B && B->getOpcode() == BO_GT && Writes::varOf(B->getRHS()) == K)
      boundsOf(B->getLHS(), Bounds);
    else
      return Blocked("the loop's condition is not '" + KName + " < end'");
  }
  Poly EndP = add(*StartP, *ChunkP);
  bool Ends = false;
  std::vector<std::string> Clamps;
  for (const Expr *B : Bounds) {
    std::optional<Poly> P = polyOf(B);
    if (P && *P == EndP) {
      Ends = true;
      continue;
    }
    if (threadDependent(B))
      return Blocked("the loop's end '" + textOf(B->getSourceRange(), Ctx) +
                     "' is not its start plus the chunk");
    Clamps.push_back(textOf(B->getSourceRange(), Ctx));
  }
  if (!Ends)
    return Blocked("no end of the loop is its start plus the chunk");

  std::string Why = blockerOfBody();
  if (!Why.empty())
    return Blocked(Why);

  std::string TidText = textOf(Tid->getSourceRange(), Ctx);
  std::string ChunkText = textOf(Chunk->getSourceRange(), Ctx);
  if (!isIdentifierOrNumber(ChunkText))
    ChunkText = "(" + ChunkText + ")";
  std::string Cond;
  for (const std::string &C : Clamps)
    Cond += KName + " < " + C + " && ";
  Cond += KName + " < " + Stride + " * " + ChunkText;
  R.Header.Text = Prefix + KName + " = " + TidText + "; " + Cond + "; " +
                  KName + " += " + Stride;
  return R;
}

} // namespace

std::optional<AccessSite::SharedArrayShape>
FixCandidates::sharedArray(const VarDecl *Array) {
  auto [It, New] = Arrays.try_emplace(Array);
  if (!New)
    return It->second;
  if (!Array || !Array->hasAttr<CUDASharedAttr>() || !Array->getTypeSourceInfo() ||
      Array->getLocation().isMacroID())
    return std::nullopt;
  AccessSite::SharedArrayShape Shape;
  QualType T = Array->getType();
  while (const ConstantArrayType *A = Ctx.getAsConstantArrayType(T)) {
    Shape.Dims.push_back(A->getSize().getZExtValue());
    T = A->getElementType();
  }
  if (Shape.Dims.size() < 2)
    return std::nullopt;
  TypeLoc TL = Array->getTypeSourceInfo()->getTypeLoc();
  const Expr *Size = nullptr;
  SourceLocation Open, Close;
  while (auto A = TL.getUnqualifiedLoc().getAs<ArrayTypeLoc>()) {
    Size = A.getSizeExpr();
    if (Open.isInvalid())
      Open = A.getLBracketLoc();
    Close = A.getRBracketLoc();
    TL = A.getElementLoc();
  }
  if (Open.isValid() && Close.isValid())
    Shape.DimsText = textOf(SourceRange(Open, Close), Ctx);
  if (!Size)
    return std::nullopt;
  std::optional<TextEdit> Edit = fileEdit(
      CharSourceRange::getTokenRange(Size->getSourceRange()),
      textOf(Size->getSourceRange(), Ctx), Ctx);
  if (!Edit)
    return std::nullopt;
  Shape.InnerSize = *Edit;
  Shape.InnerSizeLiteral = isa<IntegerLiteral>(Size->IgnoreParenImpCasts()) &&
                           !Size->getBeginLoc().isMacroID();
  Shape.Name = Array->getNameAsString();
  PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(Array->getLocation());
  Shape.Decl = std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
               ":" + std::to_string(P.getColumn());
  unsigned ElemBytes = Ctx.getTypeSizeInChars(T).getQuantity();
  Shape.ElemBytes = ElemBytes;
  if (ElemBytes != 4 && ElemBytes != 8)
    Shape.PadBlocker = "its elements are " + std::to_string(ElemBytes) +
                       " bytes: only 4- and 8-byte elements are padded";
  else
    Shape.PadBlocker = padBlocker(Array, Shape.Dims.size(), Ctx);
  It->second = Shape;
  return Shape;
}

std::optional<AccessSite::LoopRewrite>
FixCandidates::gridStride(const Stmt *Loop, const FunctionDecl *Kernel) {
  auto [It, New] = Loops.try_emplace(Loop);
  if (!New)
    return It->second;
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  if (!For || !Kernel || !Kernel->getBody() ||
      !isa<CompoundStmt>(Kernel->getBody()))
    return std::nullopt;
  It->second = LoopRewriter(For, Kernel, Ctx).rewrite();
  return It->second;
}

} // namespace coalesce
