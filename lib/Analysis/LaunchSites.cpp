//===- LaunchSites.cpp ----------------------------------------------------===//

#include "Analysis/LaunchSites.h"
#include "Analysis/StmtFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <cmath>
#include <limits>

using namespace clang;

namespace coalesce {

namespace {

/// A branch of an if that a statement sits in.
struct Branch {
  const IfStmt *If;
  bool Then; ///< the then branch; else the else branch
};

/// A write to a local variable, to its .x/.y/.z member (dim3), to another
/// member of a struct, or to an element of an array.
struct Write {
  SourceLocation Loc;
  /// -1: the whole variable; 0, 1, 2: a dim3's .x, .y, .z; 3: the member
  /// Field; 4: the element Index.
  int Component;
  /// The value assigned; null for a write whose value is not followed
  /// (n++, n += k, &n or n passed by reference to a call).
  const Expr *Value;
  /// The branches of ifs it sits in, outermost first.
  std::vector<Branch> Ifs;
  const FieldDecl *Field = nullptr;
  const Expr *Index = nullptr;
  /// The host loops it sits in, outermost first.
  std::vector<const Stmt *> Loops;
  /// The assignment, compound assignment or increment that writes; null
  /// for a write no operator spells (&n, a reference argument, a method).
  const Expr *Op = nullptr;
};

/// Whether T is CUDA's dim3 (or uint3), whose .x, .y, .z a launch reads.
bool isDim3(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() &&
         (RD->getName() == "dim3" || RD->getName() == "uint3");
}

/// The local variable E names, if any.
const VarDecl *localVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() ? VD : nullptr;
}

/// The value a for loop's init gives V ("for (int d = 1; ...)", "for (d =
/// 1; ...)"), or null: a while loop, or an init that does not set V.
const Expr *forInitOf(const Stmt *Loop, const VarDecl *V) {
  const auto *FS = dyn_cast<ForStmt>(Loop);
  if (!FS || !FS->getInit())
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(FS->getInit());
      DS && llvm::is_contained(DS->decls(), V))
    return V->getInit();
  if (const auto *BO = dyn_cast<BinaryOperator>(FS->getInit());
      BO && BO->getOpcode() == BO_Assign && localVar(BO->getLHS()) == V)
    return BO->getRHS();
  return nullptr;
}

/// Evaluates launch configurations and arguments in the host function that
/// launches: constants, local variables initialised or assigned before the
/// launch ("dim3 threads; threads.x = 32;"), and arithmetic on them.
class LaunchEvaluator {
public:
  /// Callers: the calls in the translation unit of each host function, by
  /// canonical declaration. LoopsAround and IfsAround: the host loops
  /// (outermost first) and the branches of ifs each call sits in.
  LaunchEvaluator(
      ASTContext &Ctx,
      const std::map<const VarDecl *, std::vector<Write>> &Writes,
      const std::map<const FunctionDecl *, std::vector<const CallExpr *>>
          &Callers,
      const std::map<const CallExpr *, std::vector<const Stmt *>> &LoopsAround,
      const std::map<const CallExpr *, std::vector<Branch>> &IfsAround)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Writes(Writes),
        Callers(Callers), LoopsAround(LoopsAround), IfsAround(IfsAround) {}

  /// The launch being evaluated: the branches of ifs it sits in (a write
  /// on a branch that excludes the launch's does not reach it), the host
  /// loops around it, outermost first, and where it is.
  void atLaunchIn(const std::vector<Branch> *Ifs,
                  const std::vector<const Stmt *> *Loops = nullptr,
                  SourceLocation At = SourceLocation()) {
    SiteIfs = Ifs;
    SiteLoops = Loops;
    SiteAt = At;
    FirstPass.reset();
    UsedFirstPass = false;
  }

  /// Whether a value evaluated since the last call took a host loop's
  /// first iteration (see firstPass), and forgets it.
  bool tookFirstPass() { return std::exchange(UsedFirstPass, false); }
  /// Whether a value evaluated since the last call read main's argument
  /// count (taken as 1: the default of a value the command line may set),
  /// and forgets it.
  bool tookDefault() { return std::exchange(UsedDefault, false); }

  /// The integer E holds at the launch at At.
  std::optional<int64_t> integer(const Expr *E, SourceLocation At,
                                 unsigned Depth = 0) {
    if (!E || Depth > 16 || E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    Expr::EvalResult R;
    if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    // (size_t)x, (int)ceil(...): the value converted.
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
      return integer(CE->getSubExpr(), At, Depth + 1);
    // "b.y = b.z = 1": an assignment's value is what it assigns (Parboil
    // lbm's dimBlock).
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_Assign)
      return integer(BO->getRHS(), At, Depth + 1);
    // A float converted to an integer, as C does: towards zero
    // ("ceil((float)n / (float)block.x)", PolyBench's grids).
    if (E->getType()->isRealFloatingType()) {
      std::optional<double> F = real(E, At, Depth + 1);
      if (!F || !std::isfinite(*F) || std::fabs(*F) >= 9.0e18)
        return std::nullopt;
      return int64_t(*F);
    }
    // An element of a host array: dims[d].
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      return element(ASE, At, Depth + 1);
    // A member of a local struct: p.n.
    if (const auto *ME = dyn_cast<MemberExpr>(E);
        ME && !ME->isArrow() && !isDim3(ME->getBase()->getType())) {
      const VarDecl *VD = localVar(ME->getBase());
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      return VD && FD ? member(VD, FD, At, Depth + 1) : std::nullopt;
    }
    // block.x of a local dim3, known though another component is not.
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      llvm::StringRef Name = ME->getMemberDecl()->getName();
      int C = Name == "x" ? 0 : Name == "y" ? 1 : Name == "z" ? 2 : -1;
      if (C < 0 || ME->isArrow() || !localVar(ME->getBase()))
        return std::nullopt;
      return dim3Parts(ME->getBase(), At, Depth + 1)[C];
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !VD->hasLocalStorage() ||
          !VD->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      return variable(VD, At, Depth);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      std::optional<int64_t> L = integer(BO->getLHS(), At, Depth + 1);
      std::optional<int64_t> Rv = integer(BO->getRHS(), At, Depth + 1);
      if (!L || !Rv)
        return std::nullopt;
      return arithmetic(BO->getOpcode(), *L, *Rv);
    }
    // c ? a : b, c decided.
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      std::optional<bool> C = truth(CO->getCond(), At, Depth + 1);
      if (!C)
        return std::nullopt;
      return integer(*C ? CO->getTrueExpr() : CO->getFalseExpr(), At,
                     Depth + 1);
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return helperCall(Call, At, Depth + 1);
    return std::nullopt;
  }

  /// A call of a helper whose body is one return of an expression of its
  /// parameters ("ceil_div(B * T, 256)", "iDivUp(n, block)"): that
  /// expression, the parameters holding the arguments' values.
  std::optional<int64_t> helperCall(const CallExpr *Call, SourceLocation At,
                                    unsigned Depth) {
    const FunctionDecl *FD = Call->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!FD || isa<CXXMethodDecl>(FD) ||
        !FD->getReturnType()->isIntegralOrEnumerationType() ||
        !FD->getBody(Def) || !Def ||
        Call->getNumArgs() != Def->getNumParams())
      return std::nullopt;
    const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
    const auto *Ret = Body && Body->size() == 1
                          ? dyn_cast<ReturnStmt>(Body->body_front())
                          : nullptr;
    if (!Ret || !Ret->getRetValue())
      return std::nullopt;
    // Only its parameters: any other local would be read at the launch.
    bool OnlyParams = true;
    std::function<void(const Stmt *)> Reads = [&](const Stmt *S) {
      if (!S || !OnlyParams)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->hasLocalStorage() &&
            !(isa<ParmVarDecl>(VD) && VD->getDeclContext() == Def))
          OnlyParams = false;
      for (const Stmt *C : S->children())
        Reads(C);
    };
    Reads(Ret->getRetValue());
    if (!OnlyParams)
      return std::nullopt;
    std::map<const VarDecl *, int64_t> Params;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      std::optional<int64_t> V = integer(Call->getArg(I), At, Depth + 1);
      if (!V)
        return std::nullopt;
      Params[Def->getParamDecl(I)] = *V;
    }
    auto Saved = std::exchange(Simulated, &Params);
    std::optional<int64_t> V = integer(Ret->getRetValue(), At, Depth + 1);
    Simulated = Saved;
    return V;
  }

  /// L Op R for the integer operators a launch's sizes use; none on
  /// overflow, a division by zero or a shift past the register.
  static std::optional<int64_t> arithmetic(BinaryOperatorKind Op, int64_t L,
                                           int64_t R) {
    __int128 V;
    switch (Op) {
    case BO_Add: V = __int128(L) + R; break;
    case BO_Sub: V = __int128(L) - R; break;
    case BO_Mul: V = __int128(L) * R; break;
    case BO_Div:
      if (!R)
        return std::nullopt;
      V = L / R;
      break;
    case BO_Rem:
      if (!R)
        return std::nullopt;
      V = L % R;
      break;
    case BO_Shl:
      if (R < 0 || R >= 63)
        return std::nullopt;
      V = __int128(L) << R;
      break;
    case BO_Shr:
      if (R < 0 || R >= 63)
        return std::nullopt;
      V = L >> R;
      break;
    case BO_And: V = L & R; break;
    case BO_Or: V = L | R; break;
    case BO_Xor: V = L ^ R; break;
    default:
      return std::nullopt;
    }
    if (V > INT64_MAX || V < INT64_MIN)
      return std::nullopt;
    return int64_t(V);
  }

  /// The value of the local integer VD at At: its last write before At,
  /// else its initialiser, else what the callers pass (a parameter), else
  /// its value after the host loop before At that steps it.
  std::optional<int64_t> variable(const VarDecl *VD, SourceLocation At,
                                  unsigned Depth) {
    // main's argument count, compared in a condition: the program run
    // with no arguments, so a value the command line may set keeps its
    // default ("argc > 1 ? atoi(argv[1]) : 256", "if (argc > 1) n =
    // atoi(argv[1]);"). Not a value of its own ("n = argc << 20").
    if (const auto *P = dyn_cast<ParmVarDecl>(VD);
        P && Comparing && P->getFunctionScopeIndex() == 0)
      if (const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
          FD && FD->isMain()) {
        UsedDefault = true;
        return 1;
      }
    if (Simulated)
      if (auto It = Simulated->find(VD); It != Simulated->end())
        return It->second;
    if (std::optional<int64_t> V = afterLoop(VD, At, Depth))
      return V;
    const Expr *Last = VD->getInit();
    if (!lastWrite(VD, -1, At, Last))
      return std::nullopt;
    if (!Last)
      if (const auto *PVD = dyn_cast<ParmVarDecl>(VD))
        return fromCallers(PVD, Depth);
    return integer(Last, At, Depth + 1);
  }

  /// The value VD leaves a host loop with that runs before At and steps it
  /// ("for (; log2N > 11; log2N -= 2, N >>= 2) k<<<...>>>(N / 4); then
  /// last<<<M, N / 4>>>(log2N)", "while (n > 1) { ...; n = (n + 255) /
  /// 256; }"): the loop is run here, from the values its variables have
  /// when it starts, while its condition holds. Every variable it reads
  /// that the loop writes must be written on every iteration (not under an
  /// if or in a loop of its own) by an operator (=, op=, ++, --), and
  /// nothing may leave the loop early (break, return, goto). VD must not be
  /// written after the loop before At.
  std::optional<int64_t> afterLoop(const VarDecl *VD, SourceLocation At,
                                   unsigned Depth) {
    auto It = Writes.find(VD);
    if (It == Writes.end() || Depth > 8)
      return std::nullopt;
    // The loop of the last write before At: the outermost loop around it
    // that At is not in.
    const Write *LastW = nullptr;
    for (const Write &W : It->second)
      if (reaches(W, At) &&
          (!LastW || SM.isBeforeInTranslationUnit(LastW->Loc, W.Loc)))
        LastW = &W;
    if (!LastW || LastW->Loops.empty())
      return std::nullopt;
    const Stmt *Loop = nullptr;
    for (const Stmt *L : LastW->Loops)
      if (!within(At, L)) {
        Loop = L;
        break;
      }
    if (!Loop || !isa<ForStmt, WhileStmt, DoStmt>(Loop) ||
        jumpsOut(loopBody(Loop), JumpAny))
      return std::nullopt;
    const auto *FS = dyn_cast<ForStmt>(Loop);
    const Expr *Cond = FS                      ? FS->getCond()
                       : isa<WhileStmt>(Loop) ? cast<WhileStmt>(Loop)->getCond()
                                               : cast<DoStmt>(Loop)->getCond();
    if (!Cond)
      return std::nullopt;
    // The variables the loop carries: VD, those its condition reads, and
    // those the steps of these read, when the loop writes them.
    std::vector<const VarDecl *> Carried{VD};
    readsOf(Cond, Carried);
    std::vector<std::pair<const Write *, bool>> Steps; // the write, in inc
    for (size_t I = 0; I < Carried.size(); ++I) {
      auto WIt = Writes.find(Carried[I]);
      if (WIt == Writes.end())
        continue;
      for (const Write &W : WIt->second) {
        if (!within(W.Loc, Loop))
          continue;
        bool InInc = FS && FS->getInc() && within(W.Loc, FS->getInc());
        bool InInit = FS && FS->getInit() && within(W.Loc, FS->getInit());
        if (InInit)
          continue;
        // Every iteration's: in the loop's own body or step, under no if
        // or loop of its own inside it.
        if (!W.Op || W.Component != -1 || W.Loops.empty() ||
            W.Loops.back() != Loop ||
            llvm::any_of(W.Ifs, [&](const Branch &B) {
              return within(B.If->getBeginLoc(), Loop);
            }))
          return std::nullopt;
        Steps.push_back({&W, InInc});
        const Expr *Value = W.Op;
        if (const auto *BO = dyn_cast<BinaryOperator>(W.Op))
          Value = BO->getRHS();
        else
          Value = nullptr;
        if (Value)
          readsOf(Value, Carried);
      }
    }
    // A variable every write of which sits before the loop keeps its
    // value; it needs no place in Carried.
    llvm::sort(Steps, [&](const auto &A, const auto &B) {
      if (A.second != B.second)
        return B.second; // the body before the step
      return SM.isBeforeInTranslationUnit(A.first->Loc, B.first->Loc);
    });
    // The values at the loop's start: the for's init, else before it.
    std::map<const VarDecl *, int64_t> State;
    SourceLocation Start = Loop->getBeginLoc();
    for (const VarDecl *V : Carried) {
      const Expr *Init = forInitOf(Loop, V);
      std::optional<int64_t> X = Init ? integer(Init, Start, Depth + 1)
                                      : variable(V, Start, Depth + 1);
      if (!X)
        return std::nullopt;
      State[V] = *X;
    }
    auto Saved = Simulated;
    Simulated = &State;
    struct Restore {
      std::map<const VarDecl *, int64_t> *&P, *Old;
      ~Restore() { P = Old; }
    } R{Simulated, Saved};
    for (unsigned I = 0;; ++I) {
      if (I == MaxSimulatedIterations)
        return std::nullopt;
      if (!(isa<DoStmt>(Loop) && I == 0)) {
        std::optional<bool> Holds = truth(Cond, Cond->getBeginLoc(), Depth + 1);
        if (!Holds)
          return std::nullopt;
        if (!*Holds)
          break;
      }
      for (auto [W, InInc] : Steps) {
        std::optional<int64_t> X = step(W->Op, Depth);
        if (!X)
          return std::nullopt;
        State[localVar(writtenVar(W->Op))] = *X;
      }
    }
    return State[VD];
  }

  /// The value the write Op (=, op=, ++, --) stores, from the simulated
  /// values.
  std::optional<int64_t> step(const Expr *Op, unsigned Depth) {
    SourceLocation Loc = Op->getBeginLoc();
    if (const auto *UO = dyn_cast<UnaryOperator>(Op)) {
      std::optional<int64_t> X = integer(UO->getSubExpr(), Loc, Depth + 1);
      return X ? arithmetic(UO->isIncrementOp() ? BO_Add : BO_Sub, *X, 1)
               : std::nullopt;
    }
    const auto *BO = cast<BinaryOperator>(Op);
    std::optional<int64_t> Rv = integer(BO->getRHS(), Loc, Depth + 1);
    if (!Rv || BO->getOpcode() == BO_Assign)
      return Rv;
    std::optional<int64_t> X = integer(BO->getLHS(), Loc, Depth + 1);
    return X ? arithmetic(BinaryOperator::getOpForCompoundAssignment(
                              BO->getOpcode()),
                          *X, *Rv)
             : std::nullopt;
  }

  static const Expr *writtenVar(const Expr *Op) {
    if (const auto *UO = dyn_cast<UnaryOperator>(Op))
      return UO->getSubExpr();
    return cast<BinaryOperator>(Op)->getLHS();
  }

  static const Stmt *loopBody(const Stmt *Loop) {
    if (const auto *FS = dyn_cast<ForStmt>(Loop))
      return FS->getBody();
    if (const auto *WS = dyn_cast<WhileStmt>(Loop))
      return WS->getBody();
    return cast<DoStmt>(Loop)->getBody();
  }

  /// Adds the local variables E reads to Vars (once each).
  static void readsOf(const Stmt *E, std::vector<const VarDecl *> &Vars) {
    if (!E)
      return;
    if (const auto *X = dyn_cast<Expr>(E))
      if (const VarDecl *V = localVar(X);
          V && V->getType()->isIntegralOrEnumerationType() &&
          !llvm::is_contained(Vars, V))
        Vars.push_back(V);
    for (const Stmt *C : E->children())
      readsOf(C, Vars);
  }

  bool within(SourceLocation L, const Stmt *S) const {
    return L.isValid() && S->getBeginLoc().isValid() &&
           SM.isPointWithin(L, S->getBeginLoc(), S->getEndLoc());
  }

  /// The values of the variables of a host loop being run (afterLoop).
  std::map<const VarDecl *, int64_t> *Simulated = nullptr;
  static constexpr unsigned MaxSimulatedIterations = 1 << 16;

  /// How many bytes the host pointer E lies past the start of the variable
  /// its arithmetic starts from: "buf + pad", "&buf[pad]", through casts
  /// and locals initialised or last assigned so. 0 for a variable the
  /// launch cannot follow further (a cudaMalloc'd buffer, a parameter of
  /// the host function), which the analysis takes as aligned as any base;
  /// none when the arithmetic is not followed.
  std::optional<int64_t> pointerOffset(const Expr *E, SourceLocation At,
                                       unsigned Depth = 0) {
    if (!E || Depth > 16 || E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    E = E->IgnoreParens();
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = CE->getSubExpr();
      if (Sub->getType()->isPointerType() || Sub->getType()->isArrayType())
        return pointerOffset(Sub, At, Depth + 1);
      return std::nullopt;
    }
    // Ptr + Sign * Index elements of Ptr's pointee.
    auto Moved = [&](const Expr *Ptr, const Expr *Index,
                     int64_t Sign) -> std::optional<int64_t> {
      QualType T = Ptr->IgnoreParenImpCasts()->getType();
      QualType Elem = T->isPointerType() ? T->getPointeeType()
                      : T->isArrayType()
                          ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                          : QualType();
      if (Elem.isNull() || Elem->isIncompleteType() || Elem->isVoidType() ||
          Elem->isDependentType())
        return std::nullopt;
      std::optional<int64_t> From = pointerOffset(Ptr, At, Depth + 1);
      std::optional<int64_t> N = integer(Index, At, Depth + 1);
      if (!From || !N)
        return std::nullopt;
      __int128 Bytes = __int128(*From) +
                       __int128(Sign) * *N *
                           Ctx.getTypeSizeInChars(Elem).getQuantity();
      if (Bytes > std::numeric_limits<int64_t>::max() ||
          Bytes < std::numeric_limits<int64_t>::min())
        return std::nullopt;
      return int64_t(Bytes);
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      bool LPtr = L->getType()->isPointerType();
      if (BO->getOpcode() == BO_Add)
        return LPtr ? Moved(L, R, 1) : Moved(R, L, 1);
      if (BO->getOpcode() == BO_Sub && LPtr &&
          R->getType()->isIntegralOrEnumerationType())
        return Moved(L, R, -1);
      return std::nullopt;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *ASE =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        return Moved(ASE->getBase(), ASE->getIdx(), 1);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return std::nullopt;
      if (!VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
          !VD->getType()->isPointerType())
        return 0;
      const Expr *Last = VD->getInit();
      if (!lastWrite(VD, -1, At, Last) || !Last)
        return 0;
      return pointerOffset(Last, At, Depth + 1);
    }
    return std::nullopt;
  }

  /// The value of a float expression computed from integers the launch
  /// knows: conversions, literals, + - * /, ceil and floor. Each step is
  /// rounded to the expression's type (a float's 24 bits), as the host
  /// computes it.
  std::optional<double> real(const Expr *E, SourceLocation At,
                             unsigned Depth) {
    if (!E || Depth > 16 || E->isValueDependent() || E->isTypeDependent())
      return std::nullopt;
    E = E->IgnoreParens();
    // pow(2, t + 1) with integer arguments, as std::pow's overloads take
    // them.
    if (E->getType()->isIntegralOrEnumerationType()) {
      std::optional<int64_t> I = integer(E, At, Depth + 1);
      return I ? std::optional<double>(double(*I)) : std::nullopt;
    }
    auto InType = [&](double V) -> double {
      const auto *BT = E->getType()->getAs<BuiltinType>();
      return BT && BT->getKind() == BuiltinType::Float ? double(float(V)) : V;
    };
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = CE->getSubExpr();
      if (Sub->getType()->isIntegralOrEnumerationType()) {
        std::optional<int64_t> I = integer(Sub, At, Depth + 1);
        return I ? std::optional<double>(InType(double(*I))) : std::nullopt;
      }
      if (Sub->getType()->isRealFloatingType()) {
        std::optional<double> F = real(Sub, At, Depth + 1);
        return F ? std::optional<double>(InType(*F)) : std::nullopt;
      }
      return std::nullopt;
    }
    if (const auto *FL = dyn_cast<FloatingLiteral>(E))
      return FL->getValueAsApproximateDouble();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      std::optional<double> L = real(BO->getLHS(), At, Depth + 1);
      std::optional<double> Rv = real(BO->getRHS(), At, Depth + 1);
      if (!L || !Rv)
        return std::nullopt;
      switch (BO->getOpcode()) {
      case BO_Add:
        return InType(*L + *Rv);
      case BO_Sub:
        return InType(*L - *Rv);
      case BO_Mul:
        return InType(*L * *Rv);
      case BO_Div:
        return *Rv != 0 ? std::optional<double>(InType(*L / *Rv))
                        : std::nullopt;
      default:
        return std::nullopt;
      }
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || Call->getNumArgs() < 1 || Call->getNumArgs() > 2 ||
          !FD->getIdentifier())
        return std::nullopt;
      llvm::StringRef Name = FD->getName();
      std::optional<double> A = real(Call->getArg(0), At, Depth + 1);
      if (!A)
        return std::nullopt;
      if (Call->getNumArgs() == 2) {
        // pow(2, t + 1), a host loop's sizes.
        std::optional<double> B = real(Call->getArg(1), At, Depth + 1);
        if (B && (Name == "pow" || Name == "powf"))
          return InType(std::pow(*A, *B));
        return std::nullopt;
      }
      if (Name == "ceil" || Name == "ceilf")
        return InType(std::ceil(*A));
      if (Name == "floor" || Name == "floorf")
        return InType(std::floor(*A));
      if (Name == "exp2" || Name == "exp2f")
        return InType(std::exp2(*A));
      return std::nullopt;
    }
    return std::nullopt;
  }

  /// A dim3 argument: dim3(x, y, z), a plain integer, or a local dim3
  /// variable, with its members' later assignments. Missing components are
  /// 1; none when any component is not known (dim3Parts has those known).
  std::optional<std::array<int64_t, 3>> dim3(const Expr *E,
                                             SourceLocation At) {
    std::array<std::optional<int64_t>, 3> P = dim3Parts(E, At);
    if (!P[0] || !P[1] || !P[2])
      return std::nullopt;
    return std::array<int64_t, 3>{*P[0], *P[1], *P[2]};
  }

  /// The components of a dim3 argument the launch knows, each a value or
  /// none: all three for "dim3(x, y, z)" of known values, some for "dim3
  /// b(1, lCols)" or "b.x = 32; b.y = user / 32". A local dim3 declared
  /// bare is (1, 1, 1) before its members' assignments; a parameter holds
  /// what its caller passed, a global what another function set: none.
  std::array<std::optional<int64_t>, 3>
  dim3Parts(const Expr *E, SourceLocation At, unsigned Depth = 0) {
    std::array<std::optional<int64_t>, 3> None;
    const std::array<std::optional<int64_t>, 3> Ones = {1, 1, 1};
    if (!E || Depth > 16)
      return None;
    E = E->IgnoreParenImpCasts();
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      return dim3Parts(MTE->getSubExpr(), At, Depth + 1);
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      return dim3Parts(BTE->getSubExpr(), At, Depth + 1);
    // dim3(512): one argument makes a functional cast around the
    // constructor (two or more make a temporary object).
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      return dim3Parts(FC->getSubExpr(), At, Depth + 1);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !VD->getType()->isRecordType())
        return None;
      const Expr *Whole = VD->getInit();
      if (!lastWrite(VD, -1, At, Whole) || (!Whole && !VD->isLocalVarDecl()))
        return None;
      std::array<std::optional<int64_t>, 3> D =
          Whole ? dim3Parts(Whole, At, Depth + 1) : Ones;
      for (int C = 0; C < 3; ++C) {
        const Expr *Member = nullptr;
        if (!lastWrite(VD, C, At, Member))
          D[C].reset();
        else if (Member)
          D[C] = integer(Member, At, Depth + 1);
      }
      return D;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      unsigned N = std::min(CE->getNumArgs(), 3u);
      if (N == 1 && CE->getArg(0)->getType()->isRecordType())
        return dim3Parts(CE->getArg(0), At, Depth + 1); // a copy of a dim3
      std::array<std::optional<int64_t>, 3> D = Ones;
      for (unsigned I = 0; I < N; ++I)
        if (!isa<CXXDefaultArgExpr>(CE->getArg(I)))
          D[I] = integer(CE->getArg(I), At, Depth + 1);
      return D;
    }
    if (std::optional<int64_t> V = integer(E, At, Depth + 1))
      return {V, 1, 1};
    return None;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const std::map<const VarDecl *, std::vector<Write>> &Writes;
  const std::map<const FunctionDecl *, std::vector<const CallExpr *>>
      &Callers;
  const std::map<const CallExpr *, std::vector<const Stmt *>> &LoopsAround;
  const std::map<const CallExpr *, std::vector<Branch>> &IfsAround;

  /// A parameter of the host function that launches, not written before
  /// the launch: the value every call of that function in the translation
  /// unit passes, when they all agree ("convolution3DCuda(ni, nj, nk, ...)"
  /// called from main with NI, NJ, NK). Calls from other translation units
  /// are not seen. A call inside host loops passes the value of the loops'
  /// first iteration, when that iteration makes the call (firstPass, the
  /// call standing for the launch): the first launch, which a profiler
  /// measures ("for (j...) launch(..., block_sizes[j])" passes
  /// block_sizes[0]); the caller is then said to have taken the first pass.
  /// Each parameter is asked once (many callers of many callers would
  /// otherwise be walked again for each path); one being asked (a
  /// recursive call) has no value.
  std::optional<int64_t> fromCallers(const ParmVarDecl *P, unsigned Depth) {
    auto [Known, New] = ParamValues.try_emplace(P);
    if (!New) {
      UsedFirstPass |= Known->second.FirstPass;
      UsedDefault |= Known->second.Default;
      return Known->second.Value;
    }
    // The callers' arguments are evaluated where the calls are, in their
    // branches and loops, not the launch's.
    struct Restore {
      LaunchEvaluator &E;
      const std::vector<Branch> *Ifs;
      const std::vector<const Stmt *> *Loops;
      SourceLocation At;
      std::optional<bool> Pass;
      bool Used, Default;
      unsigned Comparing;
      ~Restore() {
        E.Comparing = Comparing;
        E.SiteIfs = Ifs;
        E.SiteLoops = Loops;
        E.SiteAt = At;
        E.FirstPass = Pass;
        E.UsedFirstPass |= Used;
        E.UsedDefault |= Default;
      }
    } R{*this,         SiteIfs,       SiteLoops,   SiteAt,
        FirstPass,     UsedFirstPass, UsedDefault, Comparing};
    UsedFirstPass = false;
    UsedDefault = false;
    // A parameter is one value wherever it is compared (and is cached).
    Comparing = 0;
    const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
    if (!FD)
      return std::nullopt;
    auto It = Callers.find(FD->getCanonicalDecl());
    if (It == Callers.end() || It->second.empty())
      return std::nullopt;
    unsigned Index = P->getFunctionScopeIndex();
    std::optional<int64_t> Agreed;
    bool TookFirstPass = false;
    for (const CallExpr *Call : It->second) {
      if (Index >= Call->getNumArgs())
        return std::nullopt;
      auto Loops = LoopsAround.find(Call);
      auto Ifs = IfsAround.find(Call);
      SiteLoops = Loops == LoopsAround.end() ? nullptr : &Loops->second;
      SiteIfs = Ifs == IfsAround.end() ? nullptr : &Ifs->second;
      SiteAt = Call->getBeginLoc();
      FirstPass.reset();
      std::optional<int64_t> V =
          integer(Call->getArg(Index), Call->getBeginLoc(), Depth + 1);
      TookFirstPass |= tookFirstPass();
      if (!V || (Agreed && *V != *Agreed))
        return std::nullopt;
      Agreed = V;
    }
    ParamValues[P] = {Agreed, TookFirstPass, UsedDefault};
    R.Used |= TookFirstPass;
    return Agreed;
  }
  struct ParamValue {
    std::optional<int64_t> Value;
    bool FirstPass = false; ///< taken from a host loop's first iteration
    bool Default = false;   ///< read main's argument count (tookDefault)
  };
  std::map<const ParmVarDecl *, ParamValue> ParamValues;

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
      if (!reaches(W, At) || decidedAgainst(W.Ifs))
        continue;
      // countOnes++ in a loop before the launch: the initializer is not
      // the value passed, and no value is known.
      if (!W.Value && (W.Component == Component || W.Component == -1))
        return false;
      if (W.Component != Component)
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

public:
  /// Whether the write W happens before At: it is before At in the source,
  /// not on a branch that excludes the launch's, and not the step of a host
  /// loop around the launch when the launch runs in the loops' first
  /// iteration (then the loop has not stepped yet).
  bool reaches(const Write &W, SourceLocation At) {
    if (!SM.isBeforeInTranslationUnit(W.Loc, At) || excludes(W.Ifs))
      return false;
    if (!SiteLoops)
      return true;
    for (const Stmt *L : *SiteLoops) {
      const auto *FS = dyn_cast<ForStmt>(L);
      const Stmt *Inc = FS ? FS->getInc() : nullptr;
      if (Inc && SM.isPointWithin(W.Loc, Inc->getBeginLoc(), Inc->getEndLoc()) &&
          firstPass()) {
        UsedFirstPass = true;
        return false;
      }
    }
    return true;
  }

  /// Whether the launch runs in the first iteration of every host loop
  /// around it, which is the launch a profiler measures first: each loop's
  /// condition holds at its start, each if between the outermost loop and
  /// the launch takes the launch's branch there, and no break, continue,
  /// return or goto comes before it in the loops.
  bool firstPass() {
    if (FirstPass)
      return *FirstPass;
    if (!SiteLoops || SiteLoops->empty() || SiteAt.isInvalid()) {
      FirstPass = false;
      return false;
    }
    // Taken as so while the conditions are evaluated: they read the loops'
    // first values.
    FirstPass = true;
    bool Holds = [&] {
      for (const Stmt *L : *SiteLoops) {
        const Expr *Cond = isa<ForStmt>(L)     ? cast<ForStmt>(L)->getCond()
                           : isa<WhileStmt>(L) ? cast<WhileStmt>(L)->getCond()
                                               : nullptr;
        if (Cond && truth(Cond, Cond->getBeginLoc()) != true)
          return false;
      }
      const Stmt *Outer = SiteLoops->front();
      if (SiteIfs)
        for (const Branch &B : *SiteIfs)
          if (SM.isPointWithin(B.If->getBeginLoc(), Outer->getBeginLoc(),
                               Outer->getEndLoc()) &&
              truth(B.If->getCond(), B.If->getBeginLoc()) != B.Then)
            return false;
      return !jumpsBefore(Outer);
    }();
    FirstPass = Holds;
    return Holds;
  }

  /// Whether the loop Outer, around the launch, holds a jump before it
  /// that could leave the first iteration: a break or continue not of a
  /// loop or switch of its own, a return, a goto.
  bool jumpsBefore(const Stmt *Outer) const {
    auto After = [&](const Stmt *S) {
      return S->getBeginLoc().isValid() &&
             !SM.isBeforeInTranslationUnit(S->getBeginLoc(), SiteAt);
    };
    auto Owns = [&](const Stmt *S) {
      return !(S->getBeginLoc().isValid() &&
               SM.isPointWithin(SiteAt, S->getBeginLoc(), S->getEndLoc()));
    };
    return jumpsOut(Outer, JumpAny, After, Owns);
  }

  /// The truth of a host condition: comparisons, !, && and || of integers
  /// evaluate knows, or an integer itself.
  std::optional<bool> truth(const Expr *E, SourceLocation At,
                            unsigned Depth = 0) {
    if (!E || Depth > 16)
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_LNot) {
      std::optional<bool> V = truth(UO->getSubExpr(), At, Depth + 1);
      return V ? std::optional<bool>(!*V) : std::nullopt;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
        bool And = BO->getOpcode() == BO_LAnd;
        std::optional<bool> L = truth(BO->getLHS(), At, Depth + 1);
        if (L && *L != And)
          return L; // decided by the left, as C does
        std::optional<bool> R = truth(BO->getRHS(), At, Depth + 1);
        if (!L || !R)
          return std::nullopt;
        return *R;
      }
      if (BO->isComparisonOp()) {
        ++Comparing;
        std::optional<int64_t> L = integer(BO->getLHS(), At, Depth + 1);
        std::optional<int64_t> R = integer(BO->getRHS(), At, Depth + 1);
        --Comparing;
        if (!L || !R)
          return std::nullopt;
        return compare(BO->getOpcode(), *L, *R);
      }
    }
    if (E->getType()->isIntegralOrEnumerationType() ||
        E->getType()->isBooleanType()) {
      std::optional<int64_t> V = integer(E, At, Depth + 1);
      return V ? std::optional<bool>(*V != 0) : std::nullopt;
    }
    return std::nullopt;
  }

  /// An element of a host array at the launch: a const one's from its
  /// initialiser (local or at file scope, "const int dims[] = {2, 5, 10}"),
  /// a local one's from the last write of that element before the launch,
  /// else its initialiser, when nothing but subscripts reads or writes it
  /// (passed to a function, it could be written there).
  std::optional<int64_t> element(const ArraySubscriptExpr *ASE,
                                 SourceLocation At, unsigned Depth) {
    const auto *DRE =
        dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const ConstantArrayType *AT =
        VD ? Ctx.getAsConstantArrayType(VD->getType()) : nullptr;
    if (!AT || !AT->getElementType()->isIntegralOrEnumerationType())
      return std::nullopt;
    bool Const = AT->getElementType().isConstQualified();
    if (!Const && !VD->hasLocalStorage())
      return std::nullopt; // anything may write a global
    std::optional<int64_t> I = integer(ASE->getIdx(), At, Depth + 1);
    if (!I || *I < 0 || *I >= int64_t(AT->getSize().getZExtValue()))
      return std::nullopt;
    const Expr *Value = nullptr;
    std::optional<int64_t> ValueOf;
    if (!Const) {
      const auto *FD = dyn_cast_or_null<FunctionDecl>(
          VD->getParentFunctionOrMethod());
      if (!FD || escapes(FD->getBody(), VD))
        return std::nullopt;
      auto It = Writes.find(VD);
      if (It != Writes.end())
        for (const Write &W : It->second) {
          if (!reaches(W, At))
            continue;
          if (W.Component != 4 || !W.Value)
            return std::nullopt;
          std::optional<int64_t> J = integer(W.Index, At, Depth + 1);
          if (!J)
            return std::nullopt;
          if (*J != *I)
            continue;
          // Writes of one element that disagree sit on paths not followed.
          std::optional<int64_t> V = integer(W.Value, At, Depth + 1);
          if (!V || (Value && ValueOf != V))
            return std::nullopt;
          Value = W.Value;
          ValueOf = V;
        }
      if (Value)
        return ValueOf;
    }
    const auto *ILE =
        dyn_cast_or_null<InitListExpr>(VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr);
    if (!ILE)
      return std::nullopt;
    if (*I < int64_t(ILE->getNumInits()))
      return integer(ILE->getInit(unsigned(*I)), At, Depth + 1);
    // "int n[4] = {1}": the rest are zero.
    return ILE->hasArrayFiller() ? std::optional<int64_t>(0) : std::nullopt;
  }

  /// Whether S uses VD other than as an array subscripted.
  static bool escapes(const Stmt *S, const VarDecl *VD) {
    // sizeof(a) / sizeof(a[0]) reads no element and writes none.
    if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      return DRE->getDecl() == VD;
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(S);
    for (const Stmt *C : S->children()) {
      if (ASE && C == ASE->getBase()) {
        const auto *B = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
        if (B && B->getDecl() == VD)
          continue;
      }
      if (escapes(C, VD))
        return true;
    }
    return false;
  }

  /// A member of a local struct at the launch: the last write of it before
  /// the launch ("p.n = 1000"), else the struct's aggregate initialiser
  /// ("Params p = {1000, 4}"). Nothing is known when the whole struct is
  /// written in a way not followed before (&p, p passed by reference,
  /// assigned, a method called on it).
  std::optional<int64_t> member(const VarDecl *VD, const FieldDecl *FD,
                                SourceLocation At, unsigned Depth) {
    if (!FD->getType()->isIntegralOrEnumerationType() ||
        !VD->getType()->isRecordType())
      return std::nullopt;
    std::optional<int64_t> Found;
    auto It = Writes.find(VD);
    if (It != Writes.end())
      for (const Write &W : It->second) {
        if (!reaches(W, At))
          continue;
        if (W.Component == -1)
          return std::nullopt;
        if (W.Component != 3 || W.Field != FD)
          continue;
        std::optional<int64_t> V =
            W.Value ? integer(W.Value, At, Depth + 1) : std::nullopt;
        if (!V || (Found && *Found != *V))
          return std::nullopt;
        Found = V;
      }
    if (Found)
      return Found;
    const auto *ILE = dyn_cast_or_null<InitListExpr>(
        VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr);
    const auto *RD = dyn_cast<CXXRecordDecl>(FD->getParent());
    if (!ILE || (RD && RD->getNumBases()) ||
        FD->getFieldIndex() >= ILE->getNumInits())
      return std::nullopt;
    return integer(ILE->getInit(FD->getFieldIndex()), At, Depth + 1);
  }

private:
  /// Whether one of the branches Ifs is not taken, its condition decided
  /// the other way where the if is ("if (argc > 1) n = atoi(argv[1]);" in
  /// a run with no arguments, "if (n > 4096) threads = 512;" with n known).
  /// Not while another is being decided: a condition that reads a value
  /// written under a condition is not decided (no recursion).
  bool decidedAgainst(const std::vector<Branch> &Ifs) {
    if (Ifs.empty() || Deciding)
      return false;
    Deciding = true;
    bool Against = llvm::any_of(Ifs, [&](const Branch &B) {
      std::optional<bool> T = truth(B.If->getCond(), B.If->getBeginLoc());
      return T && *T != B.Then;
    });
    Deciding = false;
    return Against;
  }

  /// Whether a write on the branches Ifs cannot reach the launch: one of
  /// them and one of the launch's are opposite branches of one if, or of
  /// two ifs on the same condition that nothing changes in between
  /// ("if (numBlocks > 1) numThreads = blockSize; else ..." and later
  /// "if (numBlocks > 1) prescan<<<grid, numThreads>>>(...)", Rodinia
  /// huffman's scan). The condition may read only variables never written
  /// after their initialisation and call nothing.
  bool excludes(const std::vector<Branch> &Ifs) const {
    if (!SiteIfs)
      return false;
    for (const Branch &A : Ifs)
      for (const Branch &B : *SiteIfs)
        if (A.Then != B.Then &&
            (A.If == B.If || sameSteadyCondition(A.If->getCond(),
                                                 B.If->getCond())))
          return true;
    return false;
  }

  bool sameSteadyCondition(const Expr *A, const Expr *B) const {
    llvm::FoldingSetNodeID IA, IB;
    A->Profile(IA, Ctx, /*Canonical=*/true);
    B->Profile(IB, Ctx, /*Canonical=*/true);
    return IA == IB && steady(A);
  }

  /// Whether E reads only locals and parameters that nothing writes after
  /// their initialisation: no call, no memory (a pointer, an array, a
  /// member through this) that could change in between.
  bool steady(const Stmt *E) const {
    if (!E)
      return true;
    if (isa<CallExpr, CXXConstructExpr, CXXThisExpr, ArraySubscriptExpr>(E))
      return false;
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref)
      return false;
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && ME->isArrow())
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && (!VD->hasLocalStorage() || Writes.count(VD)))
        return false;
    }
    return llvm::all_of(E->children(),
                        [&](const Stmt *C) { return steady(C); });
  }

  const std::vector<Branch> *SiteIfs = nullptr;
  const std::vector<const Stmt *> *SiteLoops = nullptr;
  SourceLocation SiteAt;
  std::optional<bool> FirstPass;
  bool UsedFirstPass = false;
  bool UsedDefault = false;
  bool Deciding = false;
  unsigned Comparing = 0; ///< operands of comparisons being evaluated
};

/// The most values a host loop is followed for, and how many are taken when
/// its trip count cannot be evaluated.
constexpr unsigned MaxLoopValues = 16;
constexpr unsigned UnboundedLoopValues = 3;

/// The writes to V inside S: increments, assignments, compound ones, to V
/// or to a member of it ("grid.x = b").
void writesTo(const Stmt *S, const VarDecl *V,
              std::vector<const Expr *> &Out) {
  if (!S)
    return;
  auto Target = [](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        break;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    return localVar(E);
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp() && Target(UO->getSubExpr()) == V)
      Out.push_back(UO);
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && Target(BO->getLHS()) == V)
      Out.push_back(BO);
  for (const Stmt *C : S->children())
    writesTo(C, V, Out);
}

/// Whether E reads a local variable that one of the loops Around changes
/// (other than by setting it to a constant).
bool writtenByLoopAround(const Expr *E,
                         const std::vector<const Stmt *> &Around,
                         ASTContext &Ctx) {
  std::vector<const VarDecl *> Read;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
    if (!S)
      return;
    if (const VarDecl *V = dyn_cast<Expr>(S) ? localVar(cast<Expr>(S))
                                              : nullptr)
      Read.push_back(V);
    for (const Stmt *C : S->children())
      Collect(C);
  };
  Collect(E);
  for (const VarDecl *V : Read)
    for (const Stmt *L : Around) {
      std::vector<const Expr *> W;
      writesTo(L, V, W);
      for (const Expr *Write : W) {
        const auto *BO = dyn_cast<BinaryOperator>(Write);
        Expr::EvalResult R;
        if (!(BO && BO->getOpcode() == BO_Assign &&
              BO->getRHS()->EvaluateAsInt(R, Ctx)))
          return true;
      }
    }
  return false;
}

/// The values a host loop gives a launch argument. Arg is a local integer
/// that the innermost loop around the launch to write it steps once an
/// iteration by a constant ("d *= 2", "mul = mul * 512", "++i"): its values
/// from the loop's start while the condition on it holds, or the first
/// UnboundedLoopValues when the condition is not on it or not evaluable
/// (Bounded false). nullopt when no loop around the launch writes Arg; an
/// empty list when one does in a way not followed (its value varies).
template <typename Evaluator>
std::optional<std::vector<int64_t>>
loopValues(ASTContext &Ctx, Evaluator &Eval, const Expr *Arg,
           const CUDAKernelCallExpr *Call,
           const std::vector<const Stmt *> &Around, bool &Bounded) {
  const VarDecl *V = localVar(Arg);
  if (!V || !V->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  // The innermost loop around the launch that writes V.
  const Stmt *Loop = nullptr;
  std::vector<const Expr *> Writes;
  for (auto It = Around.rbegin(); It != Around.rend() && !Loop; ++It) {
    const Stmt *P = *It;
    Writes.clear();
    for (const Stmt *C : P->children())
      if (!(isa<ForStmt>(P) && C == cast<ForStmt>(P)->getInit()))
        writesTo(C, V, Writes);
    if (!Writes.empty())
      Loop = P;
  }
  if (!Loop)
    return std::nullopt;
  std::vector<int64_t> None;
  if (Writes.size() != 1)
    return None;
  SourceLocation Before = Loop->getBeginLoc();
  // The start: the for's init, else the value before the loop.
  const Expr *Init = forInitOf(Loop, V);
  std::optional<int64_t> Start =
      Init ? Eval.integer(Init, Before) : Eval.integer(Arg, Before);
  if (!Start)
    return None;
  // The step: v op= k, v = v op k, ++v.
  const Expr *W = Writes.front();
  BinaryOperatorKind Op = BO_Add;
  std::optional<int64_t> K;
  if (const auto *UO = dyn_cast<UnaryOperator>(W)) {
    K = UO->isIncrementOp() ? 1 : -1;
  } else {
    const auto *BO = cast<BinaryOperator>(W);
    if (BO->isCompoundAssignmentOp()) {
      Op = BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
      K = Eval.integer(BO->getRHS(), Before);
    } else if (const auto *R = dyn_cast<BinaryOperator>(
                   BO->getRHS()->IgnoreParenImpCasts());
               R && localVar(R->getLHS()) == V) {
      Op = R->getOpcode();
      K = Eval.integer(R->getRHS(), Before);
    }
  }
  if (!K || !(Op == BO_Add || Op == BO_Sub || Op == BO_Mul || Op == BO_Shl))
    return None;
  auto Step = [&](int64_t X) {
    return LaunchEvaluator::arithmetic(Op, X, *K);
  };
  // The condition, when it compares V with a constant.
  const Expr *Cond = isa<ForStmt>(Loop)     ? cast<ForStmt>(Loop)->getCond()
                     : isa<WhileStmt>(Loop) ? cast<WhileStmt>(Loop)->getCond()
                                            : cast<DoStmt>(Loop)->getCond();
  std::function<std::optional<bool>(int64_t)> Holds;
  if (const auto *C =
          dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts()
                                                : nullptr);
      C && (C->isRelationalOp() || C->isEqualityOp())) {
    bool VOnLeft = localVar(C->getLHS()) == V;
    const Expr *Other = VOnLeft ? C->getRHS() : C->getLHS();
    std::optional<int64_t> N;
    if (VOnLeft || localVar(C->getRHS()) == V)
      N = Eval.integer(Other, Before);
    if (N) {
      BinaryOperatorKind O = C->getOpcode();
      Holds = [=](int64_t X) -> std::optional<bool> {
        return VOnLeft ? compare(O, X, *N) : compare(O, *N, X);
      };
    }
  }
  Bounded = bool(Holds);
  // A loop that also changes the launch's shape (a reduction's shrinking
  // grid) gives launches of unknown weight.
  if (const CallExpr *Config = Call->getConfig())
    for (const Expr *A : Config->arguments())
      if (writtenByLoopAround(A, {Loop}, Ctx))
        Bounded = false;
  // Does the launch see the value before or after this iteration's step?
  bool StepFirst = !(isa<ForStmt>(Loop) && W == cast<ForStmt>(Loop)->getInc()) &&
                   SM.isBeforeInTranslationUnit(W->getBeginLoc(),
                                                Call->getBeginLoc());
  std::vector<int64_t> Values;
  std::optional<int64_t> X = Start;
  for (unsigned I = 0; X && I < MaxLoopValues; ++I) {
    if (Holds && !(isa<DoStmt>(Loop) && I == 0) && !Holds(*X).value_or(false))
      break;
    if (!Holds && I == UnboundedLoopValues)
      break;
    std::optional<int64_t> Next = Step(*X);
    if (StepFirst && !Next)
      break;
    Values.push_back(StepFirst ? *Next : *X);
    X = Next;
  }
  if (Holds && X && Values.size() == MaxLoopValues && Holds(*X).value_or(false))
    Bounded = false; // more iterations than followed
  return Values;
}

class LaunchCollector : public RecursiveASTVisitor<LaunchCollector> {
public:
  explicit LaunchCollector(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // Launches in the toolkit's headers or the precompiled prelude are not
  // the user's: those declarations are not walked.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        fromHeaders(D, Ctx.getSourceManager()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      noteWrite(BO->getLHS(), BO->getBeginLoc(), BO->getRHS(), BO);
    else if (BO->isCompoundAssignmentOp())
      noteWrite(BO->getLHS(), BO->getBeginLoc(), nullptr, BO);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      noteWrite(UO->getSubExpr(), UO->getBeginLoc(), nullptr, UO);
    else if (UO->getOpcode() == UO_AddrOf)
      noteWrite(UO->getSubExpr(), UO->getBeginLoc(), nullptr);
    return true;
  }

  // A local passed to a non-const reference parameter: init(n).
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return true;
    if (!isa<CUDAKernelCallExpr>(Call)) {
      Callers[FD->getCanonicalDecl()].push_back(Call);
      if (!OpenLoops.empty())
        LoopsAround[Call] = OpenLoops;
      if (!OpenIfs.empty())
        IfsAround[Call] = OpenIfs;
    }
    // "threads = dim3(512, 1)": a dim3 assigned whole, its value followed.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
        OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        isDim3(OC->getArg(0)->getType())) {
      noteWrite(OC->getArg(0), Call->getBeginLoc(), OC->getArg(1));
      return true;
    }
    // p = q, p.set(5) on a local struct: the struct is written, not
    // followed.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && !MD->isConst() && !MD->isStatic() &&
        !isa<CXXConstructorDecl, CXXDestructorDecl>(MD)) {
      const Expr *Object = nullptr;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
        Object = MC->getImplicitObjectArgument();
      else if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs())
        Object = Call->getArg(0);
      if (Object && !isDim3(Object->getType()) &&
          !Object->getType()->isPointerType())
        noteWrite(Object, Call->getBeginLoc(), nullptr);
    }
    for (unsigned I = 0; I < Call->getNumArgs() && I < FD->getNumParams(); ++I) {
      QualType T = FD->getParamDecl(I)->getType();
      if (T->isLValueReferenceType() &&
          !T.getNonReferenceType().isConstQualified())
        noteWrite(Call->getArg(I), Call->getBeginLoc(), nullptr);
    }
    return true;
  }

  /// Records a write to the local variable (or its .x, .y, .z) that Target
  /// names; Value null when the value written is not followed.
  void noteWrite(const Expr *Target, SourceLocation Loc, const Expr *Value,
                 const Expr *Op = nullptr) {
    const Expr *L = Target->IgnoreParenImpCasts();
    int Component = -1;
    const FieldDecl *Field = nullptr;
    const Expr *Index = nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(L)) {
      StringRef N = ME->getMemberDecl()->getName();
      Component = N == "x" ? 0 : N == "y" ? 1 : N == "z" ? 2 : 3;
      if (!ME->isArrow() && !isDim3(ME->getBase()->getType()))
        Component = 3;
      Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
      L = ME->getBase()->IgnoreParenImpCasts();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(L)) {
      // An element of a local array: dims[1] = 5.
      L = ASE->getBase()->IgnoreParenImpCasts();
      if (!L->getType()->isConstantArrayType())
        return;
      Component = 4;
      Index = ASE->getIdx();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(L);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->hasLocalStorage())
      return;
    // A member written some way not followed may be one the launch reads
    // (a struct passed whole): the whole struct is.
    if (Component == 3 && (!Value || !Field))
      Component = -1;
    Writes[VD].push_back(
        {Loc, Component, Value, OpenIfs, Field, Index, OpenLoops, Op});
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    Calls.push_back(Call);
    LoopsAround[Call] = OpenLoops;
    IfsAround[Call] = OpenIfs;
    return true;
  }

  // The branches being traversed: which writes can reach a launch.
  bool TraverseIfStmt(IfStmt *S) {
    if (!TraverseStmt(S->getInit()) ||
        !TraverseStmt(S->getConditionVariableDeclStmt()) ||
        !TraverseStmt(S->getCond()))
      return false;
    OpenIfs.push_back({S, true});
    bool R = TraverseStmt(S->getThen());
    OpenIfs.back().Then = false;
    R = R && TraverseStmt(S->getElse());
    OpenIfs.pop_back();
    return R;
  }

  // The loops being traversed, outermost first: a launch's host loops.
  bool TraverseForStmt(ForStmt *S) {
    OpenLoops.push_back(S);
    bool R = RecursiveASTVisitor::TraverseForStmt(S);
    OpenLoops.pop_back();
    return R;
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    OpenLoops.push_back(S);
    bool R = RecursiveASTVisitor::TraverseWhileStmt(S);
    OpenLoops.pop_back();
    return R;
  }
  bool TraverseDoStmt(DoStmt *S) {
    OpenLoops.push_back(S);
    bool R = RecursiveASTVisitor::TraverseDoStmt(S);
    OpenLoops.pop_back();
    return R;
  }
  // A function's loops are not its lambdas' or local classes'.
  bool TraverseFunctionDecl(FunctionDecl *D) {
    std::vector<const Stmt *> Saved;
    std::vector<Branch> SavedIfs;
    Saved.swap(OpenLoops);
    SavedIfs.swap(OpenIfs);
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(D);
    OpenLoops.swap(Saved);
    OpenIfs.swap(SavedIfs);
    return R;
  }

  LaunchMap launches() {
    const SourceManager &SM = Ctx.getSourceManager();
    LaunchEvaluator Eval(Ctx, Writes, Callers, LoopsAround, IfsAround);
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
      Eval.atLaunchIn(&IfsAround[Call], &LoopsAround[Call], At);
      if (const CallExpr *Config = Call->getConfig()) {
        if (Config->getNumArgs() >= 2) {
          Eval.tookDefault();
          Info.Grid = Eval.dim3(Config->getArg(0), At);
          bool GridDefault = Eval.tookDefault();
          Info.GridDefault = Info.Grid && GridDefault;
          Info.Block = Eval.dim3(Config->getArg(1), At);
          bool BlockDefault = Eval.tookDefault();
          Info.BlockDefault = Info.Block && BlockDefault;
          if (!Info.Block) {
            Info.BlockParts = Eval.dim3Parts(Config->getArg(1), At);
            Eval.tookDefault();
          }
        }
      }
      for (unsigned I = 0;
           I < Call->getNumArgs() && I < Kernel->getNumParams(); ++I) {
        std::string Param = Kernel->getParamDecl(I)->getNameAsString();
        if (Kernel->getParamDecl(I)->getType()->isPointerType()) {
          // Where the launch's first pass puts the pointer, as for the
          // integers below.
          Eval.tookFirstPass();
          if (writtenByLoopAround(Call->getArg(I), LoopsAround[Call], Ctx) &&
              !Eval.firstPass())
            continue;
          if (std::optional<int64_t> B = Eval.pointerOffset(Call->getArg(I), At))
            if (int64_t R = ((*B % AllocationAlignment) + AllocationAlignment) %
                            AllocationAlignment)
              Info.BaseResidues[Param] = R;
          continue;
        }
        bool Bounded = false;
        std::optional<std::vector<int64_t>> Loop =
            loopValues(Ctx, Eval, Call->getArg(I), Call, LoopsAround[Call],
                       Bounded);
        if (!Loop) {
          // An expression of a variable a loop around the launch changes
          // (d * 2) has no one value, except in the loops' first iteration,
          // the first launch (LaunchEvaluator::firstPass).
          Eval.tookFirstPass();
          if (writtenByLoopAround(Call->getArg(I), LoopsAround[Call], Ctx) &&
              !Eval.firstPass())
            continue;
          if (Kernel->getParamDecl(I)->getType()->isRealFloatingType()) {
            if (std::optional<double> F = Eval.real(Call->getArg(I), At, 0))
              Info.RealArgs[Param] = *F;
            continue;
          }
          const Expr *Arg = Call->getArg(I)->IgnoreParenImpCasts();
          if (const auto *CE = dyn_cast<CXXConstructExpr>(Arg);
              CE && CE->getNumArgs() == 1)
            Arg = CE->getArg(0)->IgnoreParenImpCasts();
          // A struct passed by value: each integer member the host set
          // ("p.n", as the kernel names it).
          const VarDecl *Whole = localVar(Arg);
          const auto *RD = Whole ? Whole->getType()->getAsRecordDecl() : nullptr;
          if (RD && !isDim3(Whole->getType())) {
            for (const FieldDecl *F : RD->fields()) {
              Eval.tookDefault();
              if (std::optional<int64_t> V = Eval.member(Whole, F, At, 1)) {
                std::string Name = Param + "." + F->getNameAsString();
                Info.ConstantArgs[Name] = *V;
                if (Eval.tookFirstPass())
                  Info.FirstPassArgs.insert(Name);
                if (Eval.tookDefault())
                  Info.DefaultArgs.insert(Name);
              }
            }
            continue;
          }
          Eval.tookDefault();
          if (std::optional<int64_t> V = Eval.integer(Call->getArg(I), At)) {
            Info.ConstantArgs[Param] = *V;
            if (Eval.tookFirstPass())
              Info.FirstPassArgs.insert(Param);
            if (Eval.tookDefault())
              Info.DefaultArgs.insert(Param);
          }
          continue;
        }
        // A host loop steps the argument: the kernel is analyzed for each
        // value it gives (none when the loop changes it another way).
        if (Loop->empty()) {
          // Changed in a way not followed: the first launch's value, when
          // the loops' first iteration launches.
          Eval.tookFirstPass();
          if (Eval.firstPass())
            if (std::optional<int64_t> V = Eval.integer(Call->getArg(I), At)) {
              Info.ConstantArgs[Param] = *V;
              Info.FirstPassArgs.insert(Param);
            }
          continue;
        }
        ValueOrigin &Passed = Info.LoopArgOrigins[Param];
        Passed.HostLoop = *Loop;
        Passed.HostLoopFirstOnly = !Bounded;
        // Launches the analysis cannot weigh (the trip count or the grid
        // unknown): the first launch's value alone, the others named.
        if (!Bounded)
          Loop->resize(1);
        Info.LoopArgs[Param] = *Loop;
      }
      PresumedLoc P = SM.getPresumedLoc(Loc);
      Info.Origin.From = ValueOrigin::Source::LaunchSite;
      Info.Origin.Site = P.isValid() ? std::string(P.getFilename()) + ":" +
                                           std::to_string(P.getLine())
                                     : std::string("?");
      for (auto &[Param, Passed] : Info.LoopArgOrigins) {
        Passed.From = Info.Origin.From;
        Passed.Site = Info.Origin.Site;
      }
      Launches[Kernel] = std::move(Info);
      FirstLoc[Kernel] = Loc;
    }
    return Launches;
  }

private:
  ASTContext &Ctx;
  std::vector<const CUDAKernelCallExpr *> Calls;
  std::vector<const Stmt *> OpenLoops;
  /// The host loops and the branches of ifs around each launch and each
  /// call of a function (LaunchEvaluator).
  std::map<const CallExpr *, std::vector<const Stmt *>> LoopsAround;
  std::vector<Branch> OpenIfs;
  std::map<const CallExpr *, std::vector<Branch>> IfsAround;
  std::map<const VarDecl *, std::vector<Write>> Writes;
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> Callers;
};

} // namespace

bool fromHeaders(const Decl *D, const SourceManager &SM) {
  if (D->isFromASTFile())
    return true;
  SourceLocation L = D->getLocation();
  return L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L));
}

LaunchMap collectLaunchSites(ASTContext &Ctx) {
  LaunchCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return C.launches();
}

std::string portableKernelName(const FunctionDecl *K, ASTContext &Ctx) {
  if (K->getTemplatedKind() != FunctionDecl::TK_NonTemplate)
    return std::string();
  return ASTNameGenerator(Ctx).getName(K);
}

std::vector<PortableLaunch> portableLaunches(const LaunchMap &Launches,
                                             ASTContext &Ctx) {
  std::vector<PortableLaunch> Out;
  for (const auto &[Kernel, Info] : Launches) {
    // A kernel this unit defines is its own program's: a unit of another
    // program that defines one of the same name must not get its launch.
    if (Kernel->isDefined())
      continue;
    PortableLaunch P;
    P.Kernel = portableKernelName(Kernel, Ctx);
    if (P.Kernel.empty())
      continue;
    P.Site = Info.Origin.Site;
    P.Block = Info.Block;
    P.Grid = Info.Grid;
    P.BlockDefault = Info.BlockDefault;
    P.GridDefault = Info.GridDefault;
    // "n", or "p.n" for a member of the struct parameter p: by position.
    for (const auto &[Name, Value] : Info.ConstantArgs) {
      auto [Param, Member] = StringRef(Name).split('.');
      for (unsigned I = 0; I < Kernel->getNumParams(); ++I) {
        if (Kernel->getParamDecl(I)->getName() != Param)
          continue;
        P.Arguments.push_back({I, Member.empty() ? "" : "." + Member.str(),
                               Value, Info.FirstPassArgs.count(Name) > 0,
                               Info.DefaultArgs.count(Name) > 0});
        break;
      }
    }
    Out.push_back(std::move(P));
  }
  llvm::sort(Out, [](const PortableLaunch &A, const PortableLaunch &B) {
    return A.Kernel < B.Kernel;
  });
  return Out;
}

LaunchInfo fromPortable(const PortableLaunch &Launch, const FunctionDecl *K) {
  LaunchInfo Info;
  Info.Block = Launch.Block;
  Info.Grid = Launch.Grid;
  Info.BlockDefault = Launch.BlockDefault;
  Info.GridDefault = Launch.GridDefault;
  Info.Origin.From = ValueOrigin::Source::OtherUnit;
  Info.Origin.Site = Launch.Site;
  for (const PortableLaunch::Argument &A : Launch.Arguments) {
    if (A.Index >= K->getNumParams())
      continue;
    std::string Name = K->getParamDecl(A.Index)->getNameAsString() + A.Member;
    Info.ConstantArgs[Name] = A.Value;
    if (A.FirstPass)
      Info.FirstPassArgs.insert(Name);
    if (A.CommandLineDefault)
      Info.DefaultArgs.insert(Name);
  }
  return Info;
}

bool PortableLaunch::sameLaunch(const PortableLaunch &O) const {
  return Kernel == O.Kernel && Block == O.Block && Grid == O.Grid &&
         BlockDefault == O.BlockDefault && GridDefault == O.GridDefault &&
         Arguments == O.Arguments;
}

} // namespace coalesce
