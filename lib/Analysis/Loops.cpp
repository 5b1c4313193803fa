//===- Loops.cpp - loops: induction variables, split ranges, trip counts -===//
//
// A loop is walked once, with its iteration as a symbol: each induction
// variable (one update per iteration by a loop-invariant step) is bound to
// start + step * iter, so a grid-stride loop's address keeps its lane
// pattern; everything else the loop writes is unknown inside it and after
// it. A range split among the threads (each thread walks its own chunk) is
// marked so the chunked check can find it, and when every lane runs the loop
// equally often the induction variables keep their lane pattern after it.
//
//===----------------------------------------------------------------------===//

#include "Analysis/StmtFacts.h"
#include "Analysis/KernelWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/ScopeExit.h"

#include <tuple>

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

/// An induction variable: its one update per iteration is v += Step.
struct Induction {
  const VarDecl *Var;
  const LExpr *Step; ///< in the variable's own units (bytes for pointers)
};

/// A geometric induction variable: its one update per iteration multiplies
/// or divides it by 2^Shift ("v >>= 1", "v *= 4", "v = v / 2"), so after i
/// iterations it is its start shifted by Shift * i.
struct Geometric {
  const VarDecl *Var;
  bool Up;        ///< multiplied; divided otherwise
  bool Shifted;   ///< by >>, where dividing rounds down, not toward 0
  int64_t Shift;  ///< bits per iteration, 1 to 31
  /// A wrap-around instead ("v = (v + 16) & (n - 1)", "v = (v + c) % n"):
  /// after i iterations, (start + Add * i) wrapped, for i > 0. Wrap is the
  /// mask or modulus, the same in every iteration; Rem: by %, else by &.
  const clang::Expr *Wrap = nullptr;
  bool Rem = false;
  int64_t Add = 0;
  /// A masked wrap may step by a value the loop does not change ("v = (v +
  /// threads * 16) & (size - 1)", a grid-stride walk of a power-of-two
  /// buffer): that value, for Add, and AddValue at the loop's head.
  const clang::Expr *AddBy = nullptr;
  const LExpr *AddValue = nullptr;
  const LExpr *WrapValue = nullptr; ///< Wrap at the loop's head
};

/// Whether V, a pointer variable, is one no write through can reach a
/// local: the program's, or a kernel's parameter.
bool neverLocal(const VarDecl *V) {
  const auto *FD = dyn_cast<FunctionDecl>(V->getDeclContext());
  return !V->hasLocalStorage() || V->hasAttr<CUDASharedAttr>() ||
         (isa<ParmVarDecl>(V) && FD && FD->hasAttr<CUDAGlobalAttr>());
}

/// Whether the pointer Ptr may point at a local: anything but a kernel's
/// parameter or a variable of the program (and pointer arithmetic on them).
bool mayPointAtLocal(const clang::Expr *Ptr) {
  Ptr = Ptr->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Ptr);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub))
    return mayPointAtLocal(
        BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS());
  const auto *DRE = dyn_cast<DeclRefExpr>(Ptr);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return !VD || !neverLocal(VD);
}

/// What a pointer is computed from: a variable of the loop's own function
/// (or the program's) holding a pointer, the address of a struct there
/// (&p, a cursor a call moves), or a pointer member of such a struct
/// (Member, its path: "p.tmp" for "p.tmp" or, in a callee given &p,
/// "q->tmp").
struct PointerRoot {
  const VarDecl *Var = nullptr;
  bool AddressOf = false;
  std::string Member;
  bool operator<(const PointerRoot &O) const {
    return std::tie(Var, AddressOf, Member) <
           std::tie(O.Var, O.AddressOf, O.Member);
  }
};

/// While collecting a callee's writes: the root of each pointer
/// parameter's argument (pointerRoot), none where it has none. At the
/// loop's own level there is no map.
using ParamRoots = std::map<const ParmVarDecl *, PointerRoot>;

/// What collecting a loop's writes has seen: the functions visited, each
/// with the roots of its pointer parameters (a call passing other pointers
/// visits it again), and per function the variables its body changes
/// (collectAssigned), found once.
struct FieldWriteVisits {
  std::set<std::pair<const Decl *, std::vector<PointerRoot>>> Visited;
  std::map<const FunctionDecl *, llvm::SmallPtrSet<const VarDecl *, 16>>
      Changed;
};

/// The root of a pointer: "p", "p + k", "&p[k]", "&s" for a struct s, and
/// in a callee (Args) a parameter through the argument its call passed.
/// None when it is not one variable, or is a callee's own local.
PointerRoot pointerRoot(const clang::Expr *Ptr, const ParamRoots *Args,
                        FieldWriteVisits &Seen, unsigned Depth = 0);

/// The root of a pointer member ME ("p.tmp", "p.in.tmp", "q->tmp" with q
/// the address of a struct p): p and the member's path; none when the
/// struct is not one of the loop's function.
PointerRoot memberRoot(const MemberExpr *ME, const ParamRoots *Args,
                       FieldWriteVisits &Seen, unsigned Depth) {
  std::string Path;
  for (;;) {
    Path = "." + ME->getMemberDecl()->getNameAsString() + Path;
    if (ME->isArrow())
      break;
    const auto *Inner = dyn_cast<MemberExpr>(ME->getBase()->IgnoreParens());
    if (!Inner)
      break;
    ME = Inner;
  }
  const clang::Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  if (ME->isArrow()) {
    PointerRoot Struct = pointerRoot(Base, Args, Seen, Depth);
    if (!Struct.Var || !Struct.AddressOf)
      return {};
    return {Struct.Var, false, Struct.Var->getNameAsString() + Path};
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // A callee's own struct (or its copy of an argument) is not the loop's.
  if (!VD || !VD->getType()->isRecordType() || !VD->hasLocalStorage() || Args)
    return {};
  return {VD, false, VD->getNameAsString() + Path};
}

/// Whether nothing in V's function changes V after its initialiser (no
/// assignment, increment, address taken or non-const reference bound).
bool keepsInitialValue(const VarDecl *V, FieldWriteVisits &Seen) {
  const auto *FD = dyn_cast<FunctionDecl>(V->getDeclContext());
  const Stmt *Body = FD ? FD->getBody() : nullptr;
  if (!V->getInit() || !Body)
    return false;
  auto [It, New] = Seen.Changed.try_emplace(FD);
  if (New)
    collectAssigned(Body, It->second);
  return !It->second.count(V);
}

PointerRoot pointerRoot(const clang::Expr *Ptr, const ParamRoots *Args,
                        FieldWriteVisits &Seen, unsigned Depth) {
  for (;;) {
    Ptr = Ptr->IgnoreParenCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(Ptr);
        ME && ME->getType()->isPointerType())
      return memberRoot(ME, Args, Seen, Depth);
    if (const auto *BO = dyn_cast<BinaryOperator>(Ptr);
        BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      Ptr = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                     : BO->getRHS();
      continue;
    }
    bool AddressOf = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(Ptr);
        UO && UO->getOpcode() == UO_AddrOf) {
      const clang::Expr *Sub = UO->getSubExpr()->IgnoreParens();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub);
          AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isPointerType()) {
        Ptr = AS->getBase();
        continue;
      }
      Ptr = Sub;
      AddressOf = true;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(Ptr);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    // An array in memory that decays to a pointer ("int *c = l_mem;").
    if (VD && !AddressOf && VD->getType()->isArrayType() && neverLocal(VD))
      return {VD, false, {}};
    // A pointer declared from another and never changed has that one's
    // root where it has one ("float *m = &params[4 * iter];", declared in
    // the loop's body).
    if (VD && !AddressOf && Depth < 8 && VD->hasLocalStorage() &&
        !isa<ParmVarDecl>(VD) && VD->getType()->isPointerType() &&
        keepsInitialValue(VD, Seen))
      if (PointerRoot R = pointerRoot(VD->getInit(), Args, Seen, Depth + 1);
          R.Var)
        return R;
    if (!VD || !(AddressOf ? VD->getType()->isRecordType()
                           : VD->getType()->isPointerType()))
      return {};
    if (!Args || !VD->hasLocalStorage())
      return {VD, AddressOf, {}};
    const auto *PVD = dyn_cast<ParmVarDecl>(VD);
    auto It = PVD && !AddressOf ? Args->find(PVD) : Args->end();
    return It == Args->end() ? PointerRoot{} : It->second;
  }
}


/// Notes in W a write through the pointer Ptr, of a member of the struct
/// it points at when Member ("q->n = v"): one that cannot point at a local
/// is nothing; one computed from a variable of the loop's function is
/// judged by that variable's value at the loop (Through); a member of a
/// struct of the loop's function whose address the pointer is, is that
/// member, which W names (Fields); any other may point at a local.
void writtenThrough(const clang::Expr *Ptr, KernelWalker::FieldWrites &W,
                    FieldWriteVisits &Seen, const ParamRoots *Args,
                    bool Member = false) {
  if (!mayPointAtLocal(Ptr))
    return;
  PointerRoot Root = pointerRoot(Ptr, Args, Seen);
  if (!Root.Var)
    W.ThroughPointer = true;
  else if (!Root.Member.empty())
    W.ThroughMembers.insert({Root.Var, Root.Member});
  else if (Root.AddressOf)
    W.ThroughPointer |= !Member;
  else if (!neverLocal(Root.Var))
    W.Through.insert(Root.Var);
}

/// Adds to W what writing the place E changes: a member's name ("s.a[i] =
/// v" and "s.a = v" write member a); a local struct variable as a whole.
/// Through a reference the struct it names is not known: anything may
/// change.
void placeWritten(const clang::Expr *E, KernelWalker::FieldWrites &W,
                  FieldWriteVisits &Seen, const ParamRoots *Args) {
  E = placeExpr(E);
  // Through a pointer ("*p", "p->x", "p[i]") that may point at a local.
  // The pointer itself is read, not written: "p->tmp[0] = v" writes
  // through p->tmp, not the member tmp.
  for (const clang::Expr *R = E;;) {
    R = placeExpr(R);
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(R)) {
      if (!placeExpr(AS->getBase())->getType()->isArrayType()) {
        writtenThrough(AS->getBase(), W, Seen, Args);
        return;
      }
      R = AS->getBase();
    } else if (const auto *ME = dyn_cast<MemberExpr>(R)) {
      if (ME->isArrow()) {
        writtenThrough(ME->getBase(), W, Seen, Args, /*Member=*/true);
        break;
      }
      R = ME->getBase();
    } else {
      if (const auto *UO = dyn_cast<UnaryOperator>(R);
          UO && UO->getOpcode() == UO_Deref)
        writtenThrough(UO->getSubExpr(), W, Seen, Args);
      break;
    }
  }
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    E = placeExpr(AS->getBase());
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    W.Fields.insert(ME->getMemberDecl()->getNameAsString());
    return;
  }
  // A local array's elements at constant indices are followed apart.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->getType()->isArrayType() && VD->hasLocalStorage()) {
      W.Whole.insert(VD);
      return;
    }
  if (!E->getType()->isRecordType())
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (VD->getType()->isReferenceType())
        W.Opaque = true;
      else
        W.Whole.insert(VD);
      return;
    }
  // "*this = other", "*p = s": memory, unless p points at a struct in
  // registers, which we do not follow.
  W.Opaque = true;
}


void collectFieldWrites(const Stmt *S, KernelWalker::FieldWrites &W,
                        FieldWriteVisits &Seen, const ParamRoots *Args);

/// Collects what the body of Def (with its constructor initialisers) may
/// write, called with the arguments Call[Skip..] under the caller's Args.
void collectCalleeWrites(const FunctionDecl *Def,
                         llvm::ArrayRef<const clang::Expr *> CallArgs,
                         KernelWalker::FieldWrites &W, FieldWriteVisits &Seen,
                         const ParamRoots *Args) {
  ParamRoots Roots;
  std::vector<PointerRoot> Key;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    PointerRoot Root;
    if (P->getType()->isPointerType() && I < CallArgs.size())
      Root = pointerRoot(CallArgs[I], Args, Seen);
    Roots[P] = Root;
    Key.push_back(Root);
  }
  // Functions reached by many paths: past a bound, each is visited once
  // with no root known, as before the roots were followed.
  if (Seen.Visited.size() > 256) {
    for (auto &Entry : Roots)
      Entry.second = {};
    Key.assign(Key.size(), {});
  }
  if (!Seen.Visited.insert({Def, std::move(Key)}).second)
    return;
  collectFieldWrites(Def->getBody(), W, Seen, &Roots);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *I : Ctor->inits())
      collectFieldWrites(I->getInit(), W, Seen, &Roots);
}

/// Collects into W what S may write into structs held in registers,
/// following calls into the bodies of the functions they call. A write
/// through a pointer computed from a variable of the loop's function, in
/// the loop or in a callee through its parameters, names that variable
/// (FieldWrites::Through): the walk judges it by its value.
void collectFieldWrites(const Stmt *S, KernelWalker::FieldWrites &W,
                        FieldWriteVisits &Seen, const ParamRoots *Args) {
  if (!S || W.Opaque)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      placeWritten(BO->getLHS(), W, Seen, Args);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) {
      const clang::Expr *Sub = placeExpr(UO->getSubExpr());
      if (isa<MemberExpr>(Sub) || isa<ArraySubscriptExpr>(Sub) ||
          (isa<UnaryOperator>(Sub) && UO->getOpcode() != UO_AddrOf))
        placeWritten(UO->getSubExpr(), W, Seen, Args);
    }
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD) {
      W.Opaque = true;
      return;
    }
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    bool Assigns = MD && (MD->isCopyAssignmentOperator() ||
                          MD->isMoveAssignmentOperator());
    if (Assigns && Call->getNumArgs() > 0)
      placeWritten(Call->getArg(0), W, Seen, Args);
    const FunctionDecl *Def = nullptr;
    if (!Assigns && FD->hasBody(Def)) {
      // An operator that is a member takes its object as argument 0.
      unsigned Skip = isa<CXXOperatorCallExpr>(Call) && MD && MD->isInstance();
      llvm::ArrayRef<const clang::Expr *> CallArgs(Call->getArgs(),
                                                   Call->getNumArgs());
      collectCalleeWrites(Def, CallArgs.drop_front(Skip), W, Seen, Args);
    } else if (!Assigns) {
      // No body to look into: what it can write in registers is its
      // object and what it takes by non-const reference.
      if (MD && MD->isInstance() && !isa<CXXOperatorCallExpr>(Call)) {
        W.Opaque = true;
        return;
      }
      forEachWritableArg(
          Call, [&](const clang::Expr *A) { placeWritten(A, W, Seen, Args); });
    }
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    const FunctionDecl *Def = nullptr;
    if (CE->getConstructor()->hasBody(Def))
      collectCalleeWrites(Def, {CE->getArgs(), CE->getNumArgs()}, W, Seen,
                          Args);
  }
  for (const Stmt *C : S->children())
    collectFieldWrites(C, W, Seen, Args);
}

/// Counts, per local struct variable, the times S takes its address
/// ("&p", a cursor passed to the calls that move it) in Whole, and in Any
/// also those it takes the address of a part of ("&p.cut", "&p.a[2]").
void countAddressTaken(const Stmt *S, std::map<const VarDecl *, unsigned> &Whole,
                       llvm::SmallPtrSetImpl<const VarDecl *> &Any) {
  if (!S)
    return;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_AddrOf) {
    const clang::Expr *Sub = UO->getSubExpr()->IgnoreParens();
    bool Part = false;
    for (;; Part = true) {
      if (const auto *ME = dyn_cast<MemberExpr>(Sub); ME && !ME->isArrow())
        Sub = ME->getBase()->IgnoreParens();
      else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub);
               AS && placeExpr(AS->getBase())->getType()->isArrayType())
        Sub = placeExpr(AS->getBase());
      else
        break;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->hasLocalStorage() && V->getType()->isRecordType()) {
        Any.insert(V);
        if (!Part)
          ++Whole[V];
      }
  }
  for (const Stmt *C : S->children())
    countAddressTaken(C, Whole, Any);
}

bool readsNoneOf(const Stmt *S,
                 const llvm::SmallPtrSetImpl<const VarDecl *> &Vars);
bool hasCall(const Stmt *S);

/// Whether S, a direct child of a loop's body, may continue the loop in
/// some of a lane's iterations and not in others. "if (C) continue;" with
/// C reading no variable the loop assigns, calling nothing, in a body that
/// writes no memory, holds alike in every iteration: a lane takes it in
/// all of them, never reaching what follows, or in none (H100,
/// cuda_bench/probes/shifts53.cu: skippedAlways).
bool continuesSometimes(const Stmt *S, const Stmt *Body,
                        const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  if (!jumpsOut(S, JumpContinue))
    return false;
  const auto *If = dyn_cast<IfStmt>(S);
  const Stmt *Then = If ? If->getThen() : nullptr;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then);
      CS && CS->size() == 1)
    Then = CS->body_front();
  return !If || If->getElse() || If->getInit() ||
         If->getConditionVariable() || !isa_and_nonnull<ContinueStmt>(Then) ||
         hasCall(If->getCond()) || !readsNoneOf(If->getCond(), Assigned) ||
         keepsLoadsInPlace(Body);
}

/// The direct children of a loop's body before the first that may continue
/// in some iterations (continuesSometimes): what every lane that finishes
/// an iteration has run. All of them when none may; none when the body is
/// a single statement that may.
llvm::ArrayRef<Stmt *>
beforeContinue(const Stmt *Body,
               const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
  if (!CS)
    return {};
  llvm::ArrayRef<Stmt *> Children(CS->body_begin(), CS->body_end());
  for (size_t I = 0; I < Children.size(); ++I)
    if (continuesSometimes(Children[I], Body, Assigned))
      return Children.take_front(I);
  return Children;
}

/// The statements of a loop that run exactly once per iteration: the
/// increment and the direct children of the body up to the first that may
/// continue (a lane that takes it skips the rest of the iteration).
std::vector<const Stmt *>
unconditionalUpdates(const Stmt *Inc, const Stmt *Body,
                     const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  std::vector<const Stmt *> U;
  if (Inc) {
    // "i += a, j += b"
    std::function<void(const Stmt *)> Split = [&](const Stmt *S) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (BO && BO->getOpcode() == BO_Comma) {
        Split(BO->getLHS());
        Split(BO->getRHS());
      } else {
        U.push_back(S);
      }
    };
    Split(Inc);
  }
  if (isa_and_nonnull<CompoundStmt>(Body))
    llvm::append_range(U, beforeContinue(Body, Assigned));
  else if (Body)
    U.push_back(Body);
  return U;
}

/// The updates S makes every time it runs: S itself when it writes a
/// variable, else the increments and compound assignments inside the
/// expression S ("sum += *p++" walks p), leaving out the operands that
/// may not run (?:, &&, ||) and statements that are not expressions.
void updatesIn(const Stmt *S, std::vector<const Stmt *> &Out) {
  if (!S || !isa<clang::Expr>(S))
    return;
  if (writtenVar(S)) {
    Out.push_back(S);
    // "x = *p++": the right-hand side runs too.
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      updatesIn(BO->getRHS(), Out);
    return;
  }
  if (isa<ConditionalOperator>(S) || isa<BinaryConditionalOperator>(S) ||
      isa<LambdaExpr>(S))
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isLogicalOp()) {
      updatesIn(BO->getLHS(), Out);
      return;
    }
  for (const Stmt *C : S->children())
    updatesIn(C, Out);
}

/// Update as a geometric step of V ("v >>= 1", "v <<= 2", "v /= 2",
/// "v *= 4", "v = v >> 1", "v = 2 * v"): by a constant, a power of two
/// for * and /.
std::optional<Geometric> geometricOf(const Stmt *Update, const VarDecl *V,
                                     const ASTContext &Ctx) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<clang::Expr>(Update));
  auto IsV = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  if (!BO || !IsV(BO->getLHS()) || !V->getType()->isIntegerType())
    return std::nullopt;
  BinaryOperatorKind Op = BO->getOpcode();
  const clang::Expr *By = BO->getRHS();
  if (Op == BO_Assign) {
    const auto *R = dyn_cast<BinaryOperator>(By->IgnoreParenImpCasts());
    if (!R)
      return std::nullopt;
    Op = R->getOpcode();
    if (IsV(R->getLHS()))
      By = R->getRHS();
    else if (Op == BO_Mul && IsV(R->getRHS()))
      By = R->getLHS();
    else
      return std::nullopt;
  } else if (BinaryOperator::isCompoundAssignmentOp(Op)) {
    Op = BinaryOperator::getOpForCompoundAssignment(Op);
  } else {
    return std::nullopt;
  }
  std::optional<llvm::APSInt> C = By->getIntegerConstantExpr(Ctx);
  if (!C || C->isNegative() || C->getActiveBits() > 63)
    return std::nullopt;
  int64_t K = C->getExtValue();
  switch (Op) {
  case BO_Shr:
  case BO_Shl:
    if (K < 1 || K > 31)
      return std::nullopt;
    return Geometric{V, Op == BO_Shl, Op == BO_Shr, K};
  case BO_Mul:
  case BO_Div:
    if (K < 2 || !llvm::isPowerOf2_64(uint64_t(K)) || K > (int64_t(1) << 31))
      return std::nullopt;
    return Geometric{V, Op == BO_Mul, false, int64_t(llvm::Log2_64(K))};
  default:
    return std::nullopt;
  }
}

bool readsNoneOf(const Stmt *S,
                 const llvm::SmallPtrSetImpl<const VarDecl *> &Vars);

/// A value of E's kind standing for Sym: the integer Sym, or E's pointer
/// moved to offset Sym from its base.
Value withSymbol(const Value &E, const LExpr *Sym) {
  if (E.K == Value::Int)
    return Value::integer(Sym);
  Pointer P = E.P;
  P.Offset = Sym;
  return Value::pointer(P);
}

/// Update as a wrap-around step of V: "v = (v + c) & m", "v = (v + c) % m"
/// (either operand order), c and m constants, c at least 0. Modulo, (start + c * i) % m is the
/// value after i iterations for a start of at least 0; masked, it is when
/// m is one less than a power of two, the wrap-around such code means.
/// Masked, c may be any value the loop does not change: a mask of 2^k - 1
/// is arithmetic modulo 2^k, which the sum's sign does not disturb.
std::optional<Geometric>
wrapOf(const Stmt *Update, const VarDecl *V, const ASTContext &Ctx,
       const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<clang::Expr>(Update));
  auto IsV = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  if (!BO || BO->getOpcode() != BO_Assign || !IsV(BO->getLHS()) ||
      !V->getType()->isIntegerType())
    return std::nullopt;
  const auto *W = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (!W || (W->getOpcode() != BO_And && W->getOpcode() != BO_Rem))
    return std::nullopt;
  const clang::Expr *Sum = W->getLHS(), *Wrap = W->getRHS();
  const auto *S = dyn_cast<BinaryOperator>(Sum->IgnoreParenImpCasts());
  if ((!S || S->getOpcode() != BO_Add) && W->getOpcode() == BO_And) {
    std::swap(Sum, Wrap);
    S = dyn_cast<BinaryOperator>(Sum->IgnoreParenImpCasts());
  }
  if (!S || S->getOpcode() != BO_Add)
    return std::nullopt;
  const clang::Expr *By = IsV(S->getLHS())   ? S->getRHS()
                          : IsV(S->getRHS()) ? S->getLHS()
                                             : nullptr;
  // The mask or modulus must not change inside the loop; whether its value
  // is known (a constant, or a launch argument the host gives) is the
  // caller's to check once it is evaluated.
  if (!By || !readsNoneOf(Wrap, Assigned))
    return std::nullopt;
  Geometric G{V, false, false, 0};
  G.Wrap = Wrap;
  G.Rem = W->getOpcode() == BO_Rem;
  std::optional<llvm::APSInt> C = By->getIntegerConstantExpr(Ctx);
  if (!C && !G.Rem && By->getType()->isIntegerType() &&
      readsNoneOf(By, Assigned)) {
    G.AddBy = By;
    return G;
  }
  if (!C || C->isNegative() || C->getActiveBits() > 31)
    return std::nullopt;
  G.Add = C->getExtValue();
  return G;
}

/// Whether E's value is known before the kernel runs: constants, and
/// parameters and grid sizes that --assume or the launch gives (a host
/// loop's values included), never a default the analyzer merely assumed.
bool knownAtLaunch(const LExpr *E, const LaunchInfo *Launch,
                   const AnalysisOptions &Opts) {
  if (isa<ConstantExpr>(E))
    return true;
  if (const auto *N = dyn_cast<NAryExpr>(E))
    return llvm::all_of(N->operands(), [&](const LExpr *O) {
      return knownAtLaunch(O, Launch, Opts);
    });
  const auto *S = dyn_cast<SymbolExpr>(E);
  ValueOrigin Origin;
  return S && WarpEvaluator::isRuntimeSymbol(S) &&
         WarpEvaluator::runtimeValueOf(S, Launch, Opts, 0, Origin) &&
         !Origin.assumed();
}

/// G's variable after Count iterations from Start: Start multiplied or
/// divided by 2^(Shift * Count). There is no shift-left node, so
/// 2^n is 2^62 >> (62 - n), which the evaluator refuses past 2^62; a
/// division rounds toward 0 (a signed start below 0 is mirrored), a shift
/// down.
const LExpr *geometricValue(ExprContext &X, const Geometric &G,
                            const LExpr *Start, const LExpr *Count) {
  if (G.Wrap) {
    const LExpr *Moved = X.add(
        Start, X.mul(G.AddValue ? G.AddValue : X.constant(G.Add), Count));
    return X.select(X.cmp(CmpPred::EQ, Count, X.constant(0)), Start,
                    G.Rem ? X.rem(Moved, G.WrapValue)
                          : X.bitAnd(Moved, G.WrapValue));
  }
  const LExpr *Bits = X.mul(X.constant(G.Shift), Count);
  if (G.Up)
    return X.mul(Start, X.shr(X.constant(int64_t(1) << 62),
                              X.sub(X.constant(62), Bits)));
  if (G.Shifted || G.Var->getType()->isUnsignedIntegerType())
    return X.shr(Start, Bits);
  return X.select(X.cmp(CmpPred::LE, X.constant(0), Start), X.shr(Start, Bits),
                  X.neg(X.shr(X.neg(Start), Bits)));
}

/// Whether S calls a function (threadIdx.x and its kind, property reads
/// of CUDA's built-in variables, do not count).
bool hasCall(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CallExpr>(S) || isa<CXXConstructExpr>(S))
    return true;
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(S))
    return hasCall(PO->getSyntacticForm());
  for (const Stmt *C : S->children())
    if (hasCall(C))
      return true;
  return false;
}

/// The value a for loop's init gives V: "int j = E" or "j = E".
const clang::Expr *initialValue(const Stmt *Loop, const VarDecl *V) {
  const auto *FS = dyn_cast<ForStmt>(Loop);
  const Stmt *Init = FS ? FS->getInit() : nullptr;
  if (!Init)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(Init))
    return llvm::is_contained(DS->decls(), V) ? V->getInit() : nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Init))
    if (BO->getOpcode() == BO_Assign && writtenVar(BO) == V)
      return BO->getRHS();
  return nullptr;
}

/// What V is compared with in a loop condition ("j < rowptr[row + 1]"),
/// looking into conjunctions.
const clang::Expr *boundOf(const clang::Expr *Cond, const VarDecl *V) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_LAnd) {
    const clang::Expr *B = boundOf(BO->getLHS(), V);
    return B ? B : boundOf(BO->getRHS(), V);
  }
  if (!BO->isRelationalOp() && BO->getOpcode() != BO_NE)
    return nullptr;
  auto IsV = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  if (IsV(BO->getLHS()))
    return BO->getRHS();
  if (IsV(BO->getRHS()))
    return BO->getLHS();
  return nullptr;
}

/// Whether S reads none of Vars (the variables a loop assigns): its value
/// is the same in every iteration.
bool readsNoneOf(const Stmt *S,
                 const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && Vars.count(VD))
      return false;
  return llvm::all_of(S->children(),
                      [&](const Stmt *C) { return readsNoneOf(C, Vars); });
}

/// What V is compared with in the comparison BO ("v < n", or "n > v"),
/// and the operator as read from V's side; null when V is on neither.
std::pair<const clang::Expr *, BinaryOperatorKind>
comparedWith(const BinaryOperator *BO, const VarDecl *V) {
  auto IsV = [&](const clang::Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  if (IsV(BO->getLHS()))
    return {BO->getRHS(), BO->getOpcode()};
  if (IsV(BO->getRHS()))
    return {BO->getLHS(),
            BinaryOperator::isComparisonOp(BO->getOpcode())
                ? BinaryOperator::reverseComparisonOp(BO->getOpcode())
                : BO->getOpcode()};
  return {nullptr, BO->getOpcode()};
}

bool hasSwitch(const Stmt *S) {
  return S && (isa<SwitchStmt>(S) || llvm::any_of(S->children(), hasSwitch));
}

/// "if (v == e) break;" (or "e == v", the break alone or in braces): V and
/// e; {null, null} for any other statement.
std::pair<const VarDecl *, const clang::Expr *> breakWhenEqual(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return {};
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *BO =
      dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  if (!isa_and_nonnull<BreakStmt>(Then) || !BO || BO->getOpcode() != BO_EQ)
    return {};
  auto Var = [](const clang::Expr *E) -> const VarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  };
  if (const VarDecl *V = Var(BO->getLHS()))
    return {V, BO->getRHS()};
  if (const VarDecl *V = Var(BO->getRHS()))
    return {V, BO->getLHS()};
  return {};
}

} // namespace

std::vector<KernelWalker::MemberKey>
KernelWalker::writtenMembers(llvm::ArrayRef<const Stmt *> Loop,
                             const FieldWrites &W) {
  // The structs in registers the loop names: (frame, variable, path).
  std::set<MemberKey> Objects;
  auto AddPlace = [&](const Place &P) {
    if (P.K == Place::Variable)
      Objects.insert({P.Frame, P.Var, P.Path});
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (VD->getType()->isReferenceType()) {
          auto It = env().find(VD);
          if (It != env().end() && It->second.K == Value::Ref)
            AddPlace(It->second.R);
        } else if (VD->hasLocalStorage() && (VD->getType()->isRecordType() ||
                                             VD->getType()->isArrayType())) {
          Objects.insert({Frames.size() - 1, VD, VD->getNameAsString()});
        }
      }
    } else if (isa<CXXThisExpr>(S) && Frames.back().This) {
      AddPlace(*Frames.back().This);
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  for (const Stmt *S : Loop)
    Walk(S);

  // A set: one struct can be named twice (a variable and a reference).
  std::set<MemberKey> Out;
  for (const MemberKey &O : Objects) {
    bool All = W.Opaque || W.Whole.count(O.Var);
    const MemberEnv &M = Frames[O.Frame].Members;
    for (auto It = M.lower_bound({O.Var, O.Path});
         It != M.end() && It->first.first == O.Var; ++It) {
      const std::string &Path = It->first.second;
      if (Path.compare(0, O.Path.size(), O.Path) != 0)
        break;
      if (Path.size() > O.Path.size() && Path[O.Path.size()] != '.' &&
          Path[O.Path.size()] != '[')
        continue;
      // The members below the variable's name ("c.loader.last": loader,
      // last; "o.v[1]": v): written when any of them is.
      llvm::SmallVector<StringRef, 4> Names;
      StringRef(Path).split(Names, '.');
      if (All || llvm::any_of(llvm::drop_begin(Names), [&](StringRef N) {
            return W.Fields.count(N.split('[').first.str()) != 0;
          }))
        Out.insert({O.Frame, O.Var, Path});
    }
  }
  return {Out.begin(), Out.end()};
}

void KernelWalker::forgetEscaped(const FieldWrites &W, const Reason &Why) {
  if (!W.ThroughPointer && !W.Opaque)
    return;
  for (const auto &[F, V] : Escaped)
    if (F < Frames.size())
      forgetLocal(F, V, Why);
}

KernelWalker::FieldWrites KernelWalker::resolvedWrites(
    const FieldWrites &W,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) const {
  FieldWrites Out = W;
  for (const VarDecl *V : W.Through) {
    if (Out.ThroughPointer)
      break;
    auto It = Frames.back().Vars.find(V);
    Out.ThroughPointer =
        Assigned.count(V) || It == Frames.back().Vars.end() ||
        It->second.K != Value::Ptr || It->second.P.LocalVar ||
        It->second.P.Base.empty();
  }
  // A pointer member: judged the same way, and only while the loop writes
  // neither its struct as a whole nor a member on its path.
  for (const auto &[V, Path] : W.ThroughMembers) {
    if (Out.ThroughPointer)
      break;
    // (Assigned counts "&p" too; the struct's own writes are Whole and
    // Fields.)
    bool Written = W.Whole.count(V);
    llvm::StringRef Rest = llvm::StringRef(Path).split('.').second;
    while (!Written && !Rest.empty()) {
      auto [Name, Tail] = Rest.split('.');
      Written = W.Fields.count(Name.str());
      Rest = Tail;
    }
    const auto &Members = Frames.back().Members;
    auto It = Members.find({V, Path});
    Out.ThroughPointer = Written || It == Members.end() ||
                         It->second.K != Value::Ptr ||
                         It->second.P.LocalVar || It->second.P.Base.empty();
  }
  return Out;
}

void KernelWalker::forgetMember(const MemberKey &K, const Reason &Why) {
  Value &V = memberValue(K);
  Reason Lost = Why.about(K.Path);
  if (V.K == Value::Int) {
    V = Value::integer(X.unknown(Lost));
  } else if (V.K == Value::Ptr) {
    Pointer P;
    P.Why = Lost;
    P.UnknownOffset = X.unknown(Lost);
    P.Offset = P.UnknownOffset;
    V = Value::pointer(P);
  } else {
    V = Value::none();
  }
}

namespace {
bool isSetBack(const LExpr *Step) {
  const auto *C = dyn_cast<ConstantExpr>(Step);
  return C && C->getValue() == 0;
}

/// Entry moved by Step, Count times (Entry itself when Step is 0).
Value shifted(ExprContext &X, const Value &Entry, const LExpr *Step,
              const LExpr *Count, const LExpr *Until = nullptr) {
  if (isSetBack(Step))
    return Entry;
  if (Until && Entry.K == Value::Int) {
    // Stopped at Until once there: after min(Count, (Until - Entry) /
    // Step) steps when Until is that many whole steps ahead, else never.
    const LExpr *Gap = X.sub(Until, Entry.I);
    const LExpr *Steps = X.div(Gap, Step);
    // "a && b" is select(a, b, 0), as the walk builds it.
    const LExpr *Reached =
        X.select(X.cmp(CmpPred::EQ, X.rem(Gap, Step), X.constant(0)),
                 X.cmp(CmpPred::LE, X.constant(0), Steps), X.constant(0));
    Count = X.select(Reached, X.min(Count, Steps), Count);
  }
  const LExpr *Delta = X.mul(Step, Count);
  if (Entry.K == Value::Int)
    return Value::integer(X.add(Entry.I, Delta));
  Pointer P = Entry.P;
  P.Offset = X.add(P.Offset, Delta);
  return Value::pointer(P);
}

/// Whether V is a value the walk ahead can give a symbol of its own: an
/// integer, or a pointer with a known base.
bool followable(const Value &V) {
  return V.K == Value::Int ||
         (V.K == Value::Ptr && V.P.Why.empty() && V.P.Offset);
}

/// Whether S is a symbol a loop makes: an iteration number, a value the
/// walk ahead carries, or a count of iterations.
bool isLoopSymbol(const SymbolExpr *S) {
  return S->getSymbolKind() == SymbolKind::LoopIter ||
         S->getSymbolKind() == SymbolKind::Carried ||
         S->getSymbolKind() == SymbolKind::TripCount;
}
} // namespace

void KernelWalker::Carried::advance(KernelWalker &W,
                                    const LExpr *Count) const {
  for (const auto &[V, I] : Vars)
    W.env()[V] = shifted(W.X, I.Entry, I.Step, Count, I.Until);
  for (const auto &[K, I] : Members)
    W.memberValue(K) = shifted(W.X, I.Entry, I.Step, Count, I.Until);
  for (const auto &[V, U] : UniformVars)
    W.env()[V] = U;
  for (const auto &[K, U] : UniformMembers)
    W.memberValue(K) = U;
  for (const auto &[V, S] : ShiftedVars)
    W.env()[V] = S;
  for (const auto &[K, S] : ShiftedMembers)
    W.memberValue(K) = S;
  for (const auto &[V, L] : LoadedVars)
    W.env()[V] = L;
  for (const auto &[K, L] : LoadedMembers)
    W.memberValue(K) = L;
  for (const auto &[V, C] : Cycles)
    W.env()[V] = W.cycled(C, Count, V);
  auto At = [&](const LExpr *F) {
    return Value::integer(
        W.X.substitute(F, [&](const SymbolExpr *S) -> const LExpr * {
          return S == Iter ? Count : nullptr;
        }));
  };
  for (const auto &[V, F] : RecomputedVars)
    W.env()[V] = At(F);
  for (const auto &[K, F] : RecomputedMembers)
    W.memberValue(K) = At(F);
}

void KernelWalker::Carried::leave(KernelWalker &W, const LExpr *Runs,
                                  bool Whole) const {
  // (shifted gives a value set back its entry without looking at Runs.)
  auto Keeps = [&](const Item &I) {
    return isSetBack(I.Step) ? Whole : Runs != nullptr;
  };
  for (const auto &[V, I] : Vars)
    if (Keeps(I))
      W.env()[V] = shifted(W.X, I.Entry, I.Step, Runs, I.Until);
  for (const auto &[K, I] : Members)
    if (Keeps(I))
      W.memberValue(K) = shifted(W.X, I.Entry, I.Step, Runs, I.Until);
  if (Runs && Whole)
    for (const auto &[V, C] : Cycles)
      W.env()[V] = W.cycled(C, Runs, V);
}

Value KernelWalker::cycled(const std::vector<Value> &Cycle,
                           const LExpr *Count, const VarDecl *V) {
  const LExpr *Turn = X.rem(Count, X.constant(int64_t(Cycle.size())));
  Value Out = Cycle.back();
  for (size_t I = Cycle.size() - 1; I-- > 0;) {
    const LExpr *C = X.cmp(CmpPred::EQ, Turn, X.constant(int64_t(I)));
    // A count the analysis knows picks its value ("(1 ? a : b)" is "a").
    if (const auto *K = dyn_cast<coalesce::ConstantExpr>(C)) {
      if (K->getValue())
        Out = Cycle[I];
      continue;
    }
    if (Out.K == Value::Int && Cycle[I].K == Value::Int) {
      Out = Value::integer(X.select(C, Cycle[I].I, Out.I));
      continue;
    }
    std::optional<Pointer> P;
    if (Out.K == Value::Ptr && Cycle[I].K == Value::Ptr)
      P = selectPointer(C, Cycle[I].P, Out.P, print(C));
    if (!P)
      return unknownValue(V->getType(), Reason(ReasonKind::ChangedInLoop)
                                            .about(V->getNameAsString()));
    Out = Value::pointer(*P);
  }
  return Out;
}

KernelWalker::Carried KernelWalker::walkAhead(
    const Stmt *Loop, const clang::Expr *Cond, const Stmt *Inc,
    const Stmt *Body, bool IsDo, const Stmt *CondVar, unsigned Ordinal,
    const LExpr *Iter, const llvm::SmallPtrSetImpl<const VarDecl *> &Others,
    const std::vector<MemberKey> &Members,
    const std::map<MemberKey, Value> &Escaping,
    llvm::function_ref<void()> Bind) {
  Carried Out;
  // A loop inside a loop being walked ahead is not walked (visitLoop
  // leaves it at once): what it writes is unknown after it. Walking it
  // ahead too would carry a loader's position through an inner loop, at
  // twice the time on template-heavy code (Rodinia dwt2d) for what that
  // gains.
  if (WalkingAhead)
    return Out;
  std::map<const VarDecl *, Value> VarEntry;
  std::map<MemberKey, Value> MemberEntry;
  for (const VarDecl *V : Others)
    if (env().count(V) || isa<ParmVarDecl>(V))
      if (Value E = readVariable(V); followable(E))
        VarEntry[V] = E;
  for (const MemberKey &K : Members) {
    auto Esc = Escaping.find(K);
    if (const Value &E = Esc != Escaping.end() ? Esc->second : memberValue(K);
        followable(E))
      MemberEntry[K] = E;
  }
  if (VarEntry.empty() && MemberEntry.empty())
    return Out;
  // What member K holds now, or null when it holds nothing.
  auto Held = [&](const MemberKey &K) -> const Value * {
    const MemberEnv &M = Frames[K.Frame].Members;
    auto It = M.find({K.Var, K.Path});
    return It == M.end() ? nullptr : &It->second;
  };

  State Saved = capture();
  std::vector<size_t> Returns;
  for (const Frame &F : Frames)
    Returns.push_back(F.Returns.size());
  unsigned SavedCount = LoopCount;
  std::vector<const LExpr *> SavedPath = Path;
  bool SavedQuiet = Quiet;

  // The state an iteration starts in, with a symbol for each value to
  // follow: "carried(NAME)#N", the loop's ordinal as its dimension.
  forgetAll(Others, Reason(ReasonKind::ChangedInLoop));
  for (const MemberKey &K : Members)
    forgetMember(K, Reason(ReasonKind::ChangedInLoop));
  std::map<const VarDecl *, const LExpr *> VarMark;
  std::map<MemberKey, const LExpr *> MemberMark;
  unsigned Marks = 0;
  auto Mark = [&](const Value &E, const std::string &Name,
                  const LExpr *&Sym) {
    Sym = X.symbol(SymbolKind::Carried, Ordinal,
                   "carried(" + Name + ")#" + std::to_string(Marks++));
    return withSymbol(E, Sym);
  };
  std::map<const VarDecl *, Value> Marked;
  for (const auto &[V, E] : VarEntry)
    Marked[V] = env()[V] = Mark(E, V->getNameAsString(), VarMark[V]);
  for (const auto &[K, E] : MemberEntry)
    memberValue(K) = Mark(E, K.Path, MemberMark[K]);
  // Adds to Into the symbols of the followed values whose entry passes Pred.
  auto MarksWhere = [&](auto Pred, auto &Into) {
    for (const auto &[V, E] : VarEntry)
      if (Pred(E))
        Into.insert(VarMark[V]);
    for (const auto &[K, E] : MemberEntry)
      if (Pred(E))
        Into.insert(MemberMark[K]);
  };
  AheadLaneMarks.clear();
  MarksWhere(
      [&](const Value &E) {
        const LExpr *In = E.K == Value::Int ? E.I : E.P.Offset;
        return !In || findUnknown(In) || mentionsIf(In, isThreadIdx);
      },
      AheadLaneMarks);
  Bind();

  WalkingAhead = true;
  BlindWriteAhead = false;
  Quiet = true;
  AheadLoadOffsets.clear();
  AheadStoreOffsets.clear();
  AheadLoads.clear();
  Loops.push_back({Loop, Iter, false});
  if (CondVar)
    visit(CondVar);
  if (Cond && !IsDo)
    evalInt(Cond);
  AheadContinues.clear();
  AheadPathDepth = Path.size();
  visit(Body);
  // The lanes that continued rejoin the others: each value is what the
  // path each took leaves it ("if (c) continue; x = 5;" leaves x a select
  // on c), so one that only the lanes past a continue change is the
  // warp's only where the continue's condition is.
  joinAheadContinues();
  if (Cond && IsDo)
    evalInt(Cond);
  visit(Inc);
  Loops.pop_back();
  // A store through a pointer the loop carries, that the iteration leaves
  // pointing at another object ("w = flag ? &p.n : buf"), lands in later
  // iterations where the walk did not see it go: blind too.
  for (const auto &[V, E] : VarEntry)
    if (E.K == Value::Ptr && !BlindWriteAhead) {
      Value A = readVariable(V);
      bool SameObject = A.K == Value::Ptr && A.P.Why.empty() &&
                        A.P.Base == E.P.Base && A.P.Decl == E.P.Decl &&
                        A.P.LocalVar == E.P.LocalVar && A.P.Sp == E.P.Sp;
      const LExpr *M = VarMark[V];
      BlindWriteAhead =
          !SameObject && llvm::any_of(AheadStoreOffsets, [&](const LExpr *O) {
            return mentionsIf(O, [&](const SymbolExpr *S) { return S == M; });
          });
    }
  // A write through a pointer the walk did not resolve may have changed an
  // escaped struct behind the walk's back: its members are not followed.
  if (BlindWriteAhead)
    for (const auto &[K, E] : Escaping)
      MemberEntry.erase(K);

  // Each value's change over the iteration: the end's value less its
  // symbol, 0 when the iteration ends with the value it started with.
  auto Change = [&](const Value &E, const Value &A,
                    const LExpr *S) -> const LExpr * {
    if (sameValue(E, A))
      return X.constant(0); // set back to its value at the head
    if (E.K == Value::Int && A.K == Value::Int)
      return X.sub(A.I, S);
    if (E.K == Value::Ptr && A.K == Value::Ptr && A.P.Why.empty() &&
        A.P.Offset && A.P.Base == E.P.Base && A.P.Decl == E.P.Decl &&
        A.P.Sp == E.P.Sp)
      return X.sub(A.P.Offset, S);
    return nullptr;
  };
  std::map<const VarDecl *, const LExpr *> VarChange;
  std::map<MemberKey, const LExpr *> MemberChange;
  // The symbols of the values that do not change, and those values.
  std::map<const LExpr *, const LExpr *> Unchanged;
  auto Note = [&](const Value &E, const LExpr *D, const LExpr *S) {
    if (D && isSetBack(D))
      Unchanged[S] = E.K == Value::Int ? E.I : E.P.Offset;
  };
  for (const auto &[V, E] : VarEntry) {
    VarChange[V] = Change(E, readVariable(V), VarMark[V]);
    Note(E, VarChange[V], VarMark[V]);
  }
  for (const auto &[K, E] : MemberEntry) {
    const Value *A = Held(K);
    MemberChange[K] = A ? Change(E, *A, MemberMark[K]) : nullptr;
    Note(E, MemberChange[K], MemberMark[K]);
  }
  // A step is what is left once the values that do not change stand for
  // themselves ("last += stride", stride unchanged): nothing the iteration
  // computed may remain (no other symbol of this walk, no unknown, which a
  // value read from memory is here, no iteration number, no count of a
  // loop inside). Values named before the loop (a load every lane made
  // at one address, "dims[0]") are the same in every iteration.
  auto WithUnchanged = [&](const LExpr *D) {
    return X.substitute(D, [&](const SymbolExpr *Sym) -> const LExpr * {
      auto It = Unchanged.find(Sym);
      return It == Unchanged.end() ? nullptr : It->second;
    });
  };
  auto Step = [&](const LExpr *D) -> const LExpr * {
    if (!D)
      return nullptr;
    D = WithUnchanged(D);
    if (findUnknown(D) || mentionsIf(D, isLoopSymbol))
      return nullptr;
    return D;
  };
  // A lane that continues skips the rest of its iteration: a variable
  // changed from the first statement that may continue on moves in some
  // lanes only, and has no step (the walk does not merge the lanes that
  // left at a continue).
  llvm::SmallPtrSet<const VarDecl *, 8> AfterContinue;
  if (jumpsOut(Body, JumpContinue)) {
    llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
    for (const Stmt *S : {static_cast<const Stmt *>(Cond), Inc, Body})
      collectAssigned(S, Assigned);
    llvm::SmallPtrSet<const Stmt *, 8> Before;
    for (const Stmt *S : beforeContinue(Body, Assigned))
      Before.insert(S);
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      for (const Stmt *S : CS->body())
        if (!Before.count(S))
          collectAssigned(S, AfterContinue);
    } else {
      collectAssigned(Body, AfterContinue);
    }
  }
  for (const auto &[V, E] : VarEntry)
    if (!AfterContinue.count(V))
      if (const LExpr *D = Step(VarChange[V]))
        Out.Vars[V] = {E, D};
  // A value moved only while it differs from a bound the iteration does
  // not change ("if (next != end) { out[next] = v; next += stride; }",
  // Rodinia dwt2d's checked writer): the step, and the bound it stops at.
  auto Saturating = [&](const Value &E, const Value &A, const LExpr *S)
      -> std::optional<std::pair<const LExpr *, const LExpr *>> {
    const auto *N = E.K == Value::Int && A.K == Value::Int
                        ? dyn_cast<NAryExpr>(A.I)
                        : nullptr;
    if (!N || N->getKind() != ExprKind::Select || N->getOperand(2) != S)
      return std::nullopt;
    const auto *C = dyn_cast<NAryExpr>(N->getOperand(0));
    if (!C || C->getKind() != ExprKind::Cmp ||
        C->getPredicate() != CmpPred::NE)
      return std::nullopt;
    const LExpr *Bound = C->getOperand(0) == S   ? C->getOperand(1)
                         : C->getOperand(1) == S ? C->getOperand(0)
                                                 : nullptr;
    const LExpr *D = Step(X.sub(N->getOperand(1), S));
    Bound = Bound ? Step(Bound) : nullptr;
    if (!D || !Bound || isSetBack(D))
      return std::nullopt;
    return std::make_pair(D, Bound);
  };
  for (const auto &[V, E] : VarEntry)
    if (!Out.Vars.count(V) && !AfterContinue.count(V))
      if (auto SB = Saturating(E, readVariable(V), VarMark[V]))
        Out.Vars[V] = {E, SB->first, SB->second};
  for (const auto &[K, E] : MemberEntry) {
    if (const LExpr *D = Step(MemberChange[K])) {
      Out.Members[K] = {E, D};
      continue;
    }
    if (const Value *A = Held(K))
      if (auto SB = Saturating(E, *A, MemberMark[K]))
        Out.Members[K] = {E, SB->first, SB->second};
  }
  // A variable that enters the iteration equal to a value moved by a step
  // and leaves it equal to that value again holds it in every iteration:
  // "for (i = first(&p); more(&p); i = next(&p))", where next() moves
  // p.current and returns it (Chai's partitioner, an iterator's cursor).
  auto Mirrored = [&](const VarDecl *V,
                      const Value &E) -> std::optional<Carried::Item> {
    Value A = readVariable(V);
    for (const auto &[K, I] : Out.Members)
      if (const Value *At = Held(K);
          At && sameValue(E, I.Entry) && sameValue(A, *At))
        return I;
    for (const auto &[W, I] : Out.Vars)
      if (W != V && sameValue(E, I.Entry) && sameValue(A, readVariable(W)))
        return I;
    return std::nullopt;
  };
  for (const auto &[V, E] : VarEntry)
    if (!Out.Vars.count(V) && !AfterContinue.count(V))
      if (auto I = Mirrored(V, E))
        Out.Vars[V] = *I;

  // Values the iteration recomputes for the next one from the induction
  // variables and the values it does not change alone, setting them on
  // every path through the body ("pos -= blockDim.x; pos2 = pos / w * n +
  // pos % w" closing it, Chai's PAD), which entered the loop as the same
  // formula taken at the first iteration: at the head of iteration k they
  // hold the formula at k, what iteration k - 1 computed.
  bool Straight = !jumpsOut(Body, JumpContinue) && !hasSwitch(Body);
  auto Recomputed = [&](const Value &E, const Value &A) -> const LExpr * {
    if (!Straight || E.K != Value::Int || A.K != Value::Int ||
        findUnknown(E.I))
      return nullptr;
    const LExpr *F = WithUnchanged(A.I);
    // The iterations of the loops around stand still in this one, and so
    // do the values the warp carries through them (Chai's tasks claimed
    // from a queue, 'carried(my_s)').
    auto Around = [&](const SymbolExpr *S) {
      return llvm::any_of(Loops, [&](const LoopContext &L) {
        const auto *Outer = dyn_cast_or_null<SymbolExpr>(L.Iteration);
        return L.Iteration == S ||
               (Outer && S->getSymbolKind() == SymbolKind::Carried &&
                S->getDim() == Outer->getDim());
      });
    };
    if (findUnknown(F) || !mentions(F, cast<SymbolExpr>(Iter)) ||
        mentionsIf(F, [&](const SymbolExpr *S) {
          return S != Iter && !Around(S) && isLoopSymbol(S);
        }))
      return nullptr;
    auto Put = [&](const LExpr *In, const LExpr *For) {
      return X.substitute(In, [&](const SymbolExpr *S) -> const LExpr * {
        return S == Iter ? For : nullptr;
      });
    };
    const LExpr *Head = Put(F, X.sub(Iter, X.constant(1)));
    return Put(Head, X.constant(0)) == E.I ? Head : nullptr;
  };
  Out.Iter = Iter;
  for (const auto &[V, E] : VarEntry)
    if (!Out.Vars.count(V))
      if (const LExpr *F = Recomputed(E, readVariable(V)))
        Out.RecomputedVars[V] = F;
  for (const auto &[K, E] : MemberEntry)
    if (const Value *A = Held(K); A && !Out.Members.count(K))
      if (const LExpr *F = Recomputed(E, *A))
        Out.RecomputedMembers[K] = F;

  // Values that come back every few iterations, where every iteration
  // runs the body through (no continue, no switch walked as if every case
  // ran). Variables that pass their values round: each ends the iteration
  // with what another began it with ("t = src; src = dst; dst = t"), so
  // in iteration k one holds the k-th next one's entry.
  bool Through = !jumpsOut(Body, JumpContinue) && !hasSwitch(Body);
  std::map<const VarDecl *, const VarDecl *> Next;
  if (Through)
    for (const auto &[V, E] : VarEntry)
      for (const auto &[W, M] : Marked)
        if (W != V && !Out.Vars.count(V) && sameValue(readVariable(V), M)) {
          Next[V] = W;
          break;
        }
  for (const auto &[V, W] : Next) {
    std::vector<Value> Cycle{VarEntry[V]};
    for (const VarDecl *U = W; U != V && Cycle.size() <= Carried::MaxCycle;) {
      auto It = Next.find(U);
      if (It == Next.end()) {
        Cycle.clear();
        break;
      }
      Cycle.push_back(VarEntry[U]);
      U = It->second;
    }
    if (Cycle.size() >= 2 && Cycle.size() <= Carried::MaxCycle)
      Out.Cycles[V] = std::move(Cycle);
  }
  // An integer the iteration computes from itself alone ("cur = 1 - cur",
  // "buf ^= 1") that is back at its entry after a few: each value in turn.
  if (Through)
    for (const auto &[V, E] : VarEntry) {
      Value A = readVariable(V);
      if (Out.Vars.count(V) || Out.Cycles.count(V) || E.K != Value::Int ||
          A.K != Value::Int || findUnknown(E.I))
        continue;
      const LExpr *Sym = VarMark[V];
      const LExpr *F = WithUnchanged(A.I);
      if (findUnknown(F) || mentionsIf(F, [&](const SymbolExpr *S) {
            return S != Sym && isLoopSymbol(S);
          }))
        continue;
      std::vector<Value> Cycle{E};
      const LExpr *Cur = E.I;
      while (Cycle.size() <= Carried::MaxCycle) {
        Cur = X.substitute(F, [&](const SymbolExpr *S) -> const LExpr * {
          return S == Sym ? Cur : nullptr;
        });
        if (Cur == E.I)
          break;
        Cycle.push_back(Value::integer(Cur));
      }
      if (Cur == E.I && Cycle.size() >= 2)
        Out.Cycles[V] = std::move(Cycle);
    }

  // The values left that start the same in every lane and that the
  // iteration changes from nothing that differs between lanes (no thread
  // index, nothing loaded, no branch on the lane: a merge on one is a
  // select on it) are the same in all the lanes that run an iteration:
  // onelane's xorshift "s ^= s << 13" from a seed, prevk's "k = j++". A
  // value it changes from another is so when that one is too, hence the
  // rounds. A continue the walk does not model could skip the change in
  // some lanes, and a switch is walked as if every case ran.
  std::map<const LExpr *, bool> Uniformity; // this walk's symbols: uniform yet?
  std::map<const LExpr *, std::pair<Value, Value>> Ends; // entry, end
  auto Candidate = [&](const Value &E, const Value &A, const LExpr *Sym) {
    const LExpr *In = E.K == Value::Int ? E.I : E.P.Offset;
    bool SameBase = A.K == E.K &&
                    (A.K == Value::Int ||
                     (A.P.Why.empty() && A.P.Offset && A.P.Base == E.P.Base &&
                      A.P.Decl == E.P.Decl && A.P.Sp == E.P.Sp));
    if (SameBase && !findUnknown(In) && !mentionsIf(In, isThreadIdx))
      Ends[Sym] = {E, A};
  };
  // Every symbol of this walk starts as not uniform; the candidates
  // include the values moved by a step (a lane-dependent start makes
  // them lane-dependent), which keep their step.
  for (const auto &[V, Sym] : VarMark)
    Uniformity[Sym] = false;
  for (const auto &[K, Sym] : MemberMark)
    Uniformity[Sym] = false;
  if (!hasSwitch(Body)) {
    for (const auto &[V, E] : VarEntry)
      Candidate(E, readVariable(V), VarMark[V]);
    for (const auto &[K, E] : MemberEntry)
      if (const Value *A = Held(K))
        Candidate(E, *A, MemberMark[K]);
  }
  for (auto &[Sym, EA] : Ends)
    Uniformity[Sym] = true;
  // A value the warp loaded at one place is the warp's where the values
  // its place was computed from are (a list the warp walks together from
  // a start it shares, "index = graph[index + NEXT]").
  for (const auto &[Sym, L] : AheadLoads)
    Uniformity[Sym] = true;
  auto NotUniform = [&](const SymbolExpr *S) {
    auto It = Uniformity.find(S);
    return It != Uniformity.end() && !It->second;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Sym, EA] : Ends) {
      if (!Uniformity[Sym])
        continue;
      const Value &A = EA.second;
      const LExpr *End = A.K == Value::Int ? A.I : A.P.Offset;
      if (findUnknown(End) || mentionsIf(End, [&](const SymbolExpr *S) {
            return isThreadIdx(S) || NotUniform(S);
          })) {
        Uniformity[Sym] = false;
        Changed = true;
      }
    }
    for (const auto &[Sym, L] : AheadLoads)
      if (Uniformity[Sym] && mentionsIf(L.Offset, NotUniform)) {
        Uniformity[Sym] = false;
        Changed = true;
      }
  }
  auto Uniform = [&](const Value &E, const std::string &Name) {
    return withSymbol(
        E, X.symbol(SymbolKind::Carried, Ordinal, "carried(" + Name + ")"));
  };
  for (const auto &[V, E] : VarEntry)
    if (!Out.Vars.count(V) && !Out.Cycles.count(V) && Uniformity[VarMark[V]])
      Out.UniformVars[V] = Uniform(E, V->getNameAsString());
  for (const auto &[K, E] : MemberEntry)
    if (!Out.Members.count(K) && Uniformity[MemberMark[K]])
      Out.UniformMembers[K] = Uniform(E, K.Path);

  // The values left that start different in each lane and that an
  // iteration moves by the same amount in every lane: Parboil cutcp's
  // "nbrid = tid >> 4", moved "nbrid += 8" by an inner loop every lane runs
  // equally often. The change reads nothing that differs between lanes
  // (no thread index, nothing loaded, none of this walk's values that are
  // not uniform); an inner loop's count is one the walk found the same in
  // every lane. Inside the loop a lane holds its entry plus a shift the
  // warp shares, "carried(NAME)" times the change's power-of-two factor
  // (the alignment the iterations keep): the lanes' pattern survives.
  auto SharedShift = [&](const Value &E, const LExpr *D,
                         const std::string &Name) -> std::optional<Value> {
    const LExpr *In = E.K == Value::Int ? E.I : E.P.Offset;
    if (!D || isSetBack(D) || findUnknown(In) || !mentionsIf(In, isThreadIdx))
      return std::nullopt;
    D = WithUnchanged(D);
    if (findUnknown(D) || mentionsIf(D, [&](const SymbolExpr *S) {
          auto It = Uniformity.find(S);
          return isThreadIdx(S) || (It != Uniformity.end() && !It->second);
        }))
      return std::nullopt;
    int64_t Factor = int64_t(1) << 20;
    while (Factor > 1 && !isAlwaysMultipleOf(D, Factor))
      Factor >>= 1;
    const LExpr *Shift = X.mul(
        X.constant(Factor),
        X.symbol(SymbolKind::Carried, Ordinal, "carried(" + Name + ")"));
    return withSymbol(E, X.add(In, Shift));
  };
  if (Through) {
    for (const auto &[V, E] : VarEntry)
      if (!Out.Vars.count(V) && !Out.Cycles.count(V) &&
          !Out.UniformVars.count(V))
        if (auto S = SharedShift(E, VarChange[V], V->getNameAsString()))
          Out.ShiftedVars[V] = *S;
    for (const auto &[K, E] : MemberEntry)
      if (!Out.Members.count(K) && !Out.UniformMembers.count(K))
        if (auto S = SharedShift(E, MemberChange[K], K.Path))
          Out.ShiftedMembers[K] = *S;
  }

  // The values left that start different in each lane and that the
  // iteration replaces with a value it loads ("p = next[p]", a list or a
  // tree each lane walks): from the second iteration on a lane holds what
  // the data says, so inside the loop the value is that load's, a gather
  // index, and not a value unknown for want of a model. The load must read
  // a place of the lane's own: its offset holds the thread index or the
  // symbol of such a value, where "v += steps[k]" reads one the warp
  // shares and keeps the lanes' pattern (unknown, as before).
  auto LaneEntry = [&](const Value &E) {
    return E.K == Value::Int && !findUnknown(E.I) &&
           mentionsIf(E.I, isThreadIdx) && !Warp.sameInEveryWarp(E.I);
  };
  llvm::SmallPtrSet<const LExpr *, 8> LaneMarks;
  MarksWhere(LaneEntry, LaneMarks);
  // The load an iteration's end value is, with the offset it was read
  // at: an unknown, or a value the warp loaded alike at a place the
  // loop's values move, which the rounds did not find the warp's.
  auto LoadAt = [&](const Value &A) -> std::pair<const LExpr *, const LExpr *> {
    if (A.K != Value::Int)
      return {nullptr, nullptr};
    if (auto L = AheadLoads.find(A.I);
        L != AheadLoads.end() && !Uniformity[A.I])
      return {L->second.Unknown, L->second.Offset};
    const LExpr *U = findUnknown(A.I);
    auto At = U ? AheadLoadOffsets.find(U) : AheadLoadOffsets.end();
    if (At == AheadLoadOffsets.end() || !LoadUnknowns.count(U))
      return {U, nullptr};
    return {U, At->second};
  };
  auto Chased = [&](const Value &E, const Value &A) -> const LExpr * {
    // A value the lane loaded before the loop ("b = start[tid]") that the
    // iteration replaces with another it loads is data in every
    // iteration: the first load's.
    auto [U, Off] = LoadAt(A);
    if (E.K == Value::Int) {
      const LExpr *In = findUnknown(E.I);
      if (In && U && LoadUnknowns.count(In) && LoadUnknowns.count(U))
        return In;
    }
    if (!LaneEntry(E) || !Off)
      return nullptr;
    bool OwnPlace =
        mentionsIf(Off,
                   [&](const SymbolExpr *S) { return LaneMarks.count(S); }) ||
        (mentionsIf(Off, isThreadIdx) && !Warp.sameInEveryWarp(Off));
    return OwnPlace ? U : nullptr;
  };
  for (const auto &[V, E] : VarEntry)
    if (!Out.Vars.count(V) && !Out.Cycles.count(V) &&
        !Out.UniformVars.count(V) && !Out.ShiftedVars.count(V))
      if (const LExpr *U = Chased(E, readVariable(V)))
        Out.LoadedVars[V] = Value::integer(U);
  for (const auto &[K, E] : MemberEntry)
    if (const Value *A = Held(K); A && !Out.Members.count(K) &&
                                  !Out.UniformMembers.count(K) &&
                                  !Out.ShiftedMembers.count(K))
      if (const LExpr *U = Chased(E, *A))
        Out.LoadedMembers[K] = Value::integer(U);

  restore(Saved);
  for (size_t I = 0; I < Frames.size() && I < Returns.size(); ++I)
    Frames[I].Returns.resize(Returns[I]);
  LoopCount = SavedCount;
  Path = SavedPath;
  Quiet = SavedQuiet;
  WalkingAhead = false;
  return Out;
}

void KernelWalker::VisitForStmt(const ForStmt *FS) {
  visit(FS->getInit());
  visitLoop(FS, FS->getCond(), FS->getInc(), FS->getBody(), /*IsDo=*/false,
            FS->getConditionVariableDeclStmt());
}

void KernelWalker::VisitWhileStmt(const WhileStmt *WS) {
  visitLoop(WS, WS->getCond(), nullptr, WS->getBody(), /*IsDo=*/false,
            WS->getConditionVariableDeclStmt());
}

void KernelWalker::VisitDoStmt(const DoStmt *DS) {
  visitLoop(DS, DS->getCond(), nullptr, DS->getBody(), /*IsDo=*/true, nullptr);
}

void KernelWalker::VisitCXXForRangeStmt(const CXXForRangeStmt *RF) {
  // The element variable is not an induction variable we can model.
  visit(RF->getRangeStmt());
  llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
  collectAssigned(RF->getBody(), Assigned);
  Assigned.insert(RF->getLoopVariable());
  forgetAll(Assigned, Reason(ReasonKind::RangeForElement));
  FieldWrites Written;
  FieldWriteVisits Seen;
  collectFieldWrites(RF->getBody(), Written, Seen, nullptr);
  Written = resolvedWrites(Written, Assigned);
  const Stmt *Parts[] = {RF->getBody()};
  std::vector<MemberKey> Members = writtenMembers(Parts, Written);
  for (const MemberKey &K : Members)
    forgetMember(K, Reason(ReasonKind::ChangedInLoop));
  forgetEscaped(Written, Reason(ReasonKind::ChangedThroughPointer));
  Loops.push_back({RF, nullptr, false});
  visit(RF->getBody());
  Loops.pop_back();
  forgetAll(Assigned, Reason(ReasonKind::ValueAfterLoop));
  for (const MemberKey &K : Members)
    forgetMember(K, Reason(ReasonKind::ValueAfterLoop));
  forgetEscaped(Written, Reason(ReasonKind::ValueAfterLoop));
}

/// The step of V if Update is "++v", "v++", "v += c", "v = v + c", "v -= c"
/// with c not changing inside the loop.
const LExpr *
KernelWalker::stepOf(const Stmt *Update, const VarDecl *V,
                     const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  const auto *E = dyn_cast_or_null<clang::Expr>(Update);
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  auto IsV = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  auto Invariant = [&](const clang::Expr *S) {
    return readsNoneOf(S, Assigned);
  };
  auto Scaled = [&](const LExpr *S) {
    if (!V->getType()->isPointerType())
      return S;
    CharUnits Size = Ctx.getTypeSizeInChars(V->getType()->getPointeeType());
    return X.mul(S, X.constant(Size.getQuantity()));
  };
  // A step with a call in it is evaluated with the variables restored
  // after ("s += l.next(in)" must not move l twice); without, nothing in
  // it can write (its variables are not assigned in the loop).
  auto Quietly = [&](const clang::Expr *S) {
    if (hasCall(S))
      return quietly([&] { return evalInt(S); });
    bool Saved = Quiet;
    Quiet = true;
    const LExpr *R = evalInt(S);
    Quiet = Saved;
    return R;
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!UO->isIncrementDecrementOp() || !IsV(UO->getSubExpr()))
      return nullptr;
    return Scaled(X.constant(UO->isIncrementOp() ? 1 : -1));
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || !IsV(BO->getLHS()))
    return nullptr;
  if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) {
    if (!Invariant(BO->getRHS()))
      return nullptr;
    const LExpr *S = Scaled(Quietly(BO->getRHS()));
    return BO->getOpcode() == BO_AddAssign ? S : X.neg(S);
  }
  if (BO->getOpcode() == BO_Assign) {
    const auto *Sum =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return nullptr;
    const clang::Expr *Other = nullptr;
    if (IsV(Sum->getLHS()))
      Other = Sum->getRHS();
    else if (Sum->getOpcode() == BO_Add && IsV(Sum->getRHS()))
      Other = Sum->getLHS();
    if (!Other || !Invariant(Other))
      return nullptr;
    const LExpr *S = Scaled(Quietly(Other));
    return Sum->getOpcode() == BO_Add ? S : X.neg(S);
  }
  return nullptr;
}

struct KernelWalker::LoopSteps {
  std::vector<Induction> Inductions;
  std::vector<Geometric> Geometrics;
};

KernelWalker::LoopSteps KernelWalker::findLoopSteps(
    const Stmt *Inc, const Stmt *Body,
    const std::map<const VarDecl *, unsigned> &Writes,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  LoopSteps Steps;
  std::vector<Induction> &Inductions = Steps.Inductions;
  std::vector<Geometric> &Geometrics = Steps.Geometrics;
  std::vector<const Stmt *> Updates;
  for (const Stmt *S : unconditionalUpdates(Inc, Body, Assigned))
    updatesIn(S, Updates);
  for (const Stmt *U : Updates) {
    if (const VarDecl *V = writtenVar(U)) {
      QualType T = V->getType();
      auto Written = Writes.find(V);
      if (Written == Writes.end() || Written->second != 1 ||
          !(T->isIntegralOrEnumerationType() || T->isPointerType()))
        continue;
      auto It = env().find(V);
      bool Tracked = It != env().end() || isa<ParmVarDecl>(V);
      if (!Tracked)
        continue;
      if (const LExpr *Step = stepOf(U, V, Assigned))
        Inductions.push_back({V, Step});
      else if (std::optional<Geometric> G = geometricOf(U, V, Ctx);
               G && !jumpsOut(Body, JumpContinue))
        Geometrics.push_back(*G);
      else if (std::optional<Geometric> G = wrapOf(U, V, Ctx, Assigned);
               G && !jumpsOut(Body, JumpContinue)) {
        // A mask or modulus of known value, or the mask "size - 1" of an
        // assumed size, which the lanes' evaluation takes as wider than a
        // warp's addresses. Any other one the analyzer merely assumed
        // (a modulus n = 1048576) would wrap a lane's place it also
        // assumed (gid * group) onto one address for the whole warp.
        G->WrapValue = quietly([&] { return evalInt(G->Wrap); });
        if (G->AddBy) {
          G->AddValue = quietly([&] { return evalInt(G->AddBy); });
          if (!G->AddValue || findUnknown(G->AddValue))
            continue;
        }
        if (G->WrapValue && (knownAtLaunch(G->WrapValue, Launch, Opts) ||
                             (!G->Rem && WarpEvaluator::maskedSize(G->WrapValue))))
          Geometrics.push_back(*G);
      }
    }
  }
  return Steps;
}

std::vector<const VarDecl *> KernelWalker::noteWalkedRanges(
    const Stmt *Loop, const clang::Expr *Cond, const LoopSteps &Steps,
    const std::map<const VarDecl *, Value> &Start,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  // A range each lane loaded the start of (CSR, a thread a row): the
  // accesses indexed by the variable that walks it, an element per
  // iteration, are chunked by a length the data decides. (The variable's
  // value is an unknown, which swallows the iteration: hence the name.)
  // Any variable that walks an element a step is noted too (LoopRanges):
  // added to a value the lane loaded (dstData[dword + i]), it walks a range
  // that starts where the lane's data says, the same way.
  std::vector<const VarDecl *> RangeVars;
  for (const Induction &I : Steps.Inductions) {
    const Value &S = Start.find(I.Var)->second;
    const LExpr *U = S.K == Value::Int   ? findUnknown(S.I)
                     : S.K == Value::Ptr ? findUnknown(S.P.Offset)
                                         : nullptr;
    if (S.K == Value::Ptr && S.P.UnknownOffset)
      U = S.P.UnknownOffset;
    const auto *Step = dyn_cast<ConstantExpr>(I.Step);
    bool OneElement =
        Step && std::abs(Step->getValue()) ==
                    (I.Var->getType()->isPointerType()
                         ? Ctx.getTypeSizeInChars(
                                  I.Var->getType()->getPointeeType())
                               .getQuantity()
                         : 1);
    if (!OneElement)
      continue;
    const clang::Expr *From = initialValue(Loop, I.Var);
    const clang::Expr *To = Cond ? boundOf(Cond, I.Var) : nullptr;
    std::string Length =
        !From || !To ? "the trip count of the loop over '" +
                           I.Var->getNameAsString() + "'"
        : From->isIntegerConstantExpr(Ctx) &&
                From->EvaluateKnownConstInt(Ctx) == 0
            ? sourceText(To)
            : sourceText(To) + " - " + sourceText(From);
    if (U && LoadUnknowns.count(U)) {
      DataRanges[I.Var] = Length;
    } else {
      LoopRanges[I.Var] = Length;
      // As a value: a row of that many elements (dataRowOffset).
      const LExpr *N = nullptr;
      if (From && To && !hasCall(To) && !hasCall(From) &&
          readsNoneOf(To, Assigned) && readsNoneOf(From, Assigned))
        N = quietly([&] {
          const LExpr *Hi = evalInt(To);
          return X.sub(Hi, evalInt(From));
        });
      if (N && !findUnknown(N))
        LoopRangeLengths[I.Var] = N;
    }
    RangeVars.push_back(I.Var);
  }
  return RangeVars;
}

void KernelWalker::visitLoop(const Stmt *Loop, const clang::Expr *Cond,
                             const Stmt *Inc, const Stmt *Body, bool IsDo,
                             const Stmt *CondVar) {
  llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
  std::map<const VarDecl *, unsigned> Writes;
  collectAssigned(Cond, Assigned, &Writes);
  collectAssigned(Inc, Assigned, &Writes);
  collectAssigned(Body, Assigned, &Writes);
  // A reference the loop writes through to a caller's variable ("count
  // += n" in a helper taking 'unsigned &count'), that no other reference
  // here names and whose address did not escape, is walked as that
  // variable: its value in the loop, written back when the loop is done.
  std::vector<std::pair<const VarDecl *, Value>> Rebound;
  for (const VarDecl *V : Assigned) {
    auto It = env().find(V);
    if (It == env().end() || It->second.K != Value::Ref)
      continue;
    const Place &R = It->second.R;
    if (R.K != Place::Variable || R.Frame + 1 >= Frames.size() ||
        R.Path != R.Var->getNameAsString() ||
        Escaped.count({R.Frame, R.Var}))
      continue;
    bool Alone = llvm::none_of(env(), [&](const auto &Other) {
      return Other.first != V && Other.second.K == Value::Ref &&
             Other.second.R.K == Place::Variable &&
             Other.second.R.Var == R.Var && Other.second.R.Frame == R.Frame;
    });
    auto Target = Frames[R.Frame].Vars.find(R.Var);
    if (!Alone || Target == Frames[R.Frame].Vars.end() ||
        (Target->second.K != Value::Int && Target->second.K != Value::Ptr))
      continue;
    Rebound.push_back({V, It->second});
    It->second = Target->second;
    ReboundRefs.insert(V);
  }
  auto WriteBack = llvm::make_scope_exit([&] {
    for (const auto &[V, Ref] : Rebound) {
      const Value &Now = env()[V];
      Frames[Ref.R.Frame].Vars[Ref.R.Var] =
          Now.K == Value::Int || Now.K == Value::Ptr
              ? Now
              : unknownValue(Ref.R.Var->getType(),
                             Reason(ReasonKind::ValueAfterLoop)
                                 .about(Ref.R.Var->getNameAsString()));
      env()[V] = Ref;
      ReboundRefs.erase(V);
    }
  });
  // A struct in registers used in the loop may change through its member
  // functions: the members the loop writes are not followed across
  // iterations; the others keep their values.
  const Stmt *Parts[] = {Cond, Inc, Body};
  auto Cached = LoopFieldWrites.find(Loop);
  if (Cached == LoopFieldWrites.end()) {
    FieldWrites W;
    FieldWriteVisits Seen;
    for (const Stmt *S : Parts)
      collectFieldWrites(S, W, Seen, nullptr);
    Cached = LoopFieldWrites.try_emplace(Loop, std::move(W)).first;
  }
  const FieldWrites Written = resolvedWrites(Cached->second, Assigned);
  std::vector<MemberKey> Members = writtenMembers(Parts, Written);
  // A struct the loop only takes the address of ("next(&p)") changes where
  // the writes through that address land: on the members they name, which
  // Members holds, or anywhere when a write through a pointer may reach a
  // local (forgetEscaped, which counts it escaped from the loop's head).
  // Its other members keep their values.
  // A struct whose address, or a part's, the loop takes escapes from the
  // loop's head: the writes through pointers in an iteration may reach it
  // in the next.
  llvm::SmallPtrSet<const VarDecl *, 4> AddressOnly;
  {
    std::map<const VarDecl *, unsigned> Taken;
    llvm::SmallPtrSet<const VarDecl *, 4> Reached;
    for (const Stmt *S : Parts)
      countAddressTaken(S, Taken, Reached);
    for (const VarDecl *V : Reached)
      Escaped.insert({Frames.size() - 1, V});
    for (const auto &[V, N] : Taken)
      if (Writes[V] == N && !Written.Whole.count(V) && !Written.Opaque &&
          env().count(V))
        AddressOnly.insert(V);
  }
  // The members of a struct whose address escaped ("next(&p)"), as they
  // are before the writes through pointers forget them: the walk ahead
  // follows the writes that land on them.
  std::map<MemberKey, Value> Escaping;
  if (Written.ThroughPointer && !Written.Opaque)
    for (const MemberKey &K : Members) {
      const MemberEnv &M = Frames[K.Frame].Members;
      auto It = M.find({K.Var, K.Path});
      if (Escaped.count({K.Frame, K.Var}) &&
          !StoredAway.count({K.Frame, K.Var}) && It != M.end() &&
          followable(It->second) &&
          !(It->second.K == Value::Int && findUnknown(It->second.I)))
        Escaping[K] = It->second;
    }
  forgetEscaped(Written, Reason(ReasonKind::ChangedThroughPointer));

  LoopSteps Steps = findLoopSteps(Inc, Body, Writes, Assigned);
  const std::vector<Induction> &Inductions = Steps.Inductions;
  const std::vector<Geometric> &Geometrics = Steps.Geometrics;

  unsigned Ordinal = LoopCount++;
  std::string Counter =
      !Inductions.empty()   ? Inductions.front().Var->getNameAsString()
      : !Geometrics.empty() ? Geometrics.front().Var->getNameAsString()
                            : "#" + std::to_string(Ordinal);
  std::string IterName = "iter(" + Counter + ")";
  const LExpr *Iter = X.symbol(SymbolKind::LoopIter, Ordinal, IterName);
  if (Loop == RolledLoop)
    LoopsSeen.Rolled.insert(Iter);
  if (keepsLoadsInPlace(Body))
    LoopsSeen.LoadsInPlace.insert(Iter);

  // Bind induction variables to start + step * iteration; everything
  // else written in the loop changes in ways we do not model.
  std::map<const VarDecl *, Value> Start;
  for (const Induction &I : Inductions)
    Start[I.Var] = readVariable(I.Var);
  for (const Geometric &G : Geometrics)
    Start[G.Var] = readVariable(G.Var);
  // A loop a geometric variable counts from a constant to a constant
  // bound ("for (d = 256; d > 0; d >>= 1)", the up-sweep of a scan): its
  // count, the loop run here (at most 64 iterations).
  auto GeometricCount = [&]() -> const LExpr * {
    const auto *BO =
        Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
    if (IsDo || !BO || !Inductions.empty())
      return nullptr;
    for (const Geometric &G : Geometrics) {
      const Value &S = Start[G.Var];
      const auto *From =
          S.K == Value::Int ? dyn_cast<ConstantExpr>(S.I) : nullptr;
      auto [Bound, Op] = comparedWith(BO, G.Var);
      if (G.Wrap || !From || !Bound || !BinaryOperator::isComparisonOp(Op))
        continue;
      const auto *To = dyn_cast_or_null<ConstantExpr>(
          quietly([&] { return evalInt(Bound); }));
      if (!To)
        continue;
      int64_t V = From->getValue(), B = To->getValue();
      bool Unsigned = G.Var->getType()->isUnsignedIntegerType();
      for (int64_t N = 0; N <= 64; ++N) {
        if (!*compare(Op, V, B))
          return X.constant(N);
        if (G.Up) {
          if (V > (INT64_MAX >> G.Shift) || V < (INT64_MIN >> G.Shift))
            return nullptr;
          V *= int64_t(1) << G.Shift;
        } else {
          V = G.Shifted || Unsigned || V >= 0 ? V >> G.Shift
                                              : -((-V) >> G.Shift);
        }
      }
      return nullptr;
    }
    return nullptr;
  };
  llvm::SmallPtrSet<const VarDecl *, 8> Others(Assigned.begin(),
                                               Assigned.end());
  for (const VarDecl *V : AddressOnly)
    Others.erase(V);
  for (const Induction &I : Inductions)
    Others.erase(I.Var);
  for (const Geometric &G : Geometrics)
    Others.erase(G.Var);
  // After the loop a geometric variable is followed only through a count
  // that is a constant: 2^n of an assumed count overflows.
  auto Advance = [&](const LExpr *Count) {
    for (const Induction &I : Inductions) {
      const Value &S = Start[I.Var];
      if (S.K == Value::Int || S.K == Value::Ptr)
        env()[I.Var] = shifted(X, S, I.Step, Count);
    }
    for (const Geometric &G : Geometrics) {
      if (Count != Iter && !isa<ConstantExpr>(Count) &&
          !LoopsSeen.Counts.count(Count))
        continue;
      const Value &S = Start[G.Var];
      env()[G.Var] =
          S.K == Value::Int
              ? Value::integer(geometricValue(X, G, S.I, Count))
              : unknownValue(G.Var->getType(),
                             "'" + G.Var->getNameAsString() +
                                 "' is changed inside a loop");
    }
  };
  // What the variables the loop sets hold before it: after it, where the
  // loop might not have run, they may still hold it.
  std::map<const VarDecl *, Value> Before;
  for (const VarDecl *V : Others)
    if (env().count(V) || isa<ParmVarDecl>(V))
      Before[V] = readVariable(V);
  Carried Kept = walkAhead(Loop, Cond, Inc, Body, IsDo, CondVar, Ordinal, Iter,
                           Others, Members, Escaping, [&] { Advance(Iter); });
  forgetAll(Others, Reason(ReasonKind::ChangedInLoop));
  for (const MemberKey &K : Members)
    forgetMember(K, Reason(ReasonKind::ChangedInLoop));
  Advance(Iter);
  Kept.advance(*this, Iter);

  std::vector<const LExpr *> Outer = Path;
  const LExpr *CondValue = nullptr;
  // How many times the loop runs, where every lane runs it equally often:
  // a constant, or iterations(...), a count the evaluation searches with
  // the run's values for a loop a geometric variable counts
  // (LoopFacts::Counts) and merely assumes for any other.
  auto CountRuns = [&]() -> const LExpr * {
    if ((Inductions.empty() && Geometrics.empty() && Kept.empty()) ||
        !uniformTripCount(CondValue, Body))
      return nullptr;
    const LExpr *Runs = nullptr;
    for (const Induction &I : Inductions)
      if (!Runs && !IsDo)
        Runs = constantTripCount(Cond, I.Var, Start[I.Var], I.Step);
    if (!Runs)
      Runs = GeometricCount();
    if (!Runs) {
      Runs = X.symbol(SymbolKind::TripCount, Ordinal,
                      "iterations(" + Counter + ")");
      if (Inductions.empty() && !Geometrics.empty() && !IsDo)
        LoopsSeen.Counts[Runs] = {CondValue, Iter};
    }
    return Runs;
  };
  // The state after the loop.
  auto Leave = [&](bool Walked) {
    Path = Outer;
    // A value the iteration computed from data it loaded ("index.x =
    // (flags[...] >> s) & 0xFFFF", a radix sort's rank) still depends on
    // that data after the loop: a gather index, not a value unknown for
    // want of a model. Only the body's walk tells (not a walk ahead).
    std::map<const VarDecl *, const LExpr *> LoadedVars;
    std::map<MemberKey, const LExpr *> LoadedMembers;
    auto LoadedIn = [&](const Value &V) -> const LExpr * {
      const LExpr *U = V.K == Value::Int ? findUnknown(V.I) : nullptr;
      return U && LoadUnknowns.count(U) ? U : nullptr;
    };
    if (Walked) {
      for (const VarDecl *V : Assigned)
        if (auto It = env().find(V); It != env().end())
          if (const LExpr *U = LoadedIn(It->second))
            LoadedVars[V] = U;
      for (const MemberKey &K : Members)
        if (const LExpr *U = LoadedIn(memberValue(K)))
          LoadedMembers[K] = U;
    }
    llvm::SmallPtrSet<const VarDecl *, 8> Changed(Assigned.begin(),
                                                  Assigned.end());
    for (const VarDecl *V : AddressOnly)
      Changed.erase(V);
    forgetAll(Changed, Reason(ReasonKind::ValueAfterLoop));
    for (const MemberKey &K : Members)
      forgetMember(K, Reason(ReasonKind::ValueAfterLoop));
    forgetEscaped(Written, Reason(ReasonKind::ValueAfterLoop));
    // The data's choices the body made are the iteration's, not the
    // loop's (a value it loaded stands for every iteration's load).
    for (const VarDecl *V : Assigned)
      ChoiceShadows.erase({Frames.size() - 1, V});
    for (const auto &[V, U] : LoadedVars)
      env()[V] = Value::integer(U);
    for (const auto &[K, U] : LoadedMembers)
      memberValue(K) = Value::integer(U);
    // An induction variable leaves the loop at start + step * (iterations
    // run). When every lane runs the loop equally often that count is one
    // uniform unknown, and the lane pattern after the loop survives. A value
    // each iteration sets back is its value at the head, unless the loop can
    // be left half way through an iteration.
    const LExpr *Runs = CountRuns();
    if (Runs && (!Inductions.empty() || !Geometrics.empty()))
      Advance(Runs);
    // Lanes that leave after different counts (a bound each lane loaded,
    // or its own): the variable the condition counts leaves at the bound.
    if (!Runs && !IsDo && !jumpsOut(Body, JumpLeave))
      for (const Induction &I : Inductions)
        if (const LExpr *Exit =
                exitValue(Cond, I.Var, Start[I.Var], I.Step, Assigned))
          env()[I.Var] = Value::integer(Exit);
    Kept.leave(*this, Runs, !jumpsOut(Body, JumpLeave));
  };
  if (CondVar)
    visit(CondVar);
  if (!IsDo && Cond) {
    CondValue = evalInt(Cond);
    Path = pathWith(Outer, CondValue);
  }
  // Walking a loop around ahead, only the values this loop leaves behind
  // matter: the body, which records nothing now, is not walked, and what
  // it writes is unknown after it. Unless a return or goto inside it could
  // give the function's result.
  if (WalkingAhead && !jumpsOut(Body, JumpAway)) {
    if (IsDo && Cond)
      CondValue = evalInt(Cond);
    Leave(/*Walked=*/false);
    return;
  }
  // A range split among threads: each starts where the thread says and
  // all run equally long (for (k = t*per; k < (t+1)*per; ++k)). Decided
  // before the body is visited: its accesses are evaluated as they come.
  bool StartsPerThread = false;
  for (const Induction &I : Inductions) {
    const Value &S = Start[I.Var];
    StartsPerThread |= S.K == Value::Int && mentionsIf(S.I, isThreadIdx);
    StartsPerThread |= S.K == Value::Ptr && mentionsIf(S.P.Offset, isThreadIdx);
  }
  bool Split =
      StartsPerThread && uniformTripCount(CondValue, Body, /*Any=*/true);
  if (Split)
    LoopsSeen.Split.insert(Iter);
  // How often it runs at most (a break may leave it sooner), the same in
  // every lane: a sample of its iterations goes no further.
  const Induction *Counted = nullptr;
  if (!IsDo)
    for (const Induction &I : Inductions)
      if (const LExpr *N =
              tripCount(Cond, I.Var, Start[I.Var], I.Step, Iter)) {
        LoopsSeen.Trips[Iter] = N;
        Counted = &I;
        break;
      }
  if (!Counted && !IsDo && !Geometrics.empty() && CondValue &&
      uniformTripCount(CondValue, Body)) {
    if (const LExpr *N = GeometricCount())
      LoopsSeen.Trips[Iter] = N;
    else
      LoopsSeen.Conditions[Iter] = CondValue;
  }
  if (!LoopsSeen.Trips.count(Iter) && !LoopsSeen.Conditions.count(Iter) &&
      !IsDo && CondValue && mentionsIf(CondValue, isThreadIdx))
    LoopsSeen.ThreadConditions[Iter] = CondValue;
  std::vector<const VarDecl *> RangeVars =
      noteWalkedRanges(Loop, Cond, Steps, Start, Assigned);
  Loops.push_back({Loop, Iter, Split});
  visit(Body);
  if (IsDo && Cond)
    CondValue = evalInt(Cond);
  visit(Inc);
  Loops.pop_back();
  for (const VarDecl *V : RangeVars) {
    DataRanges.erase(V);
    LoopRanges.erase(V);
    LoopRangeLengths.erase(V);
  }
  std::map<const VarDecl *, Value> Last;
  const Induction *Walks =
      Counted && Start[Counted->Var].K == Value::Int ? Counted : nullptr;
  // A loop a geometric variable counts ("last = s" while s doubles below
  // n): its count run at analysis time or searched with the run's values,
  // not one merely assumed, which would say nothing of where the last
  // iteration was.
  const LExpr *GeometricRuns = nullptr;
  if (!Counted && !IsDo && Inductions.empty() && !Geometrics.empty())
    if (const LExpr *R = CountRuns();
        R && (isa<ConstantExpr>(R) || LoopsSeen.Counts.count(R)))
      GeometricRuns = R;
  if (Walks || GeometricRuns) {
    // Not one the condition or the increment sets: they run once more as
    // the loop ends, or not at all when a break ends it.
    llvm::SmallPtrSet<const VarDecl *, 8> Candidates, SetByHead;
    collectAssigned(Cond, SetByHead);
    collectAssigned(Inc, SetByHead);
    for (const VarDecl *V : Others)
      if (!Kept.Vars.count(V) && !SetByHead.count(V))
        Candidates.insert(V);
    Last = lastIterationValues(
        Body, Iter, Walks ? Walks->Var : nullptr,
        Walks ? Start[Walks->Var].I : nullptr, Walks ? Walks->Step : nullptr,
        Walks ? LoopsSeen.Trips[Iter] : GeometricRuns, Candidates, Assigned,
        Before);
  }
  Leave(/*Walked=*/true);
  for (const auto &[V, Held] : Last)
    env()[V] = Held;
}

const LExpr *KernelWalker::dataRowOffset(const clang::Expr *Access,
                                         const VarDecl *Walk,
                                         const VarDecl *Start) {
  auto Len = LoopRangeLengths.find(Walk);
  const FunctionDecl *FD = Frames.back().FD;
  const clang::Expr *Init = Start->getInit();
  if (Len == LoopRangeLengths.end() || !FD || !FD->getBody() || !Init ||
      !Frames.back().Vars.count(Start))
    return nullptr;
  // The start must still be what its declaration made it, and so must
  // what that read.
  llvm::SmallPtrSet<const VarDecl *, 16> Written;
  collectAssigned(FD->getBody(), Written);
  if (Written.count(Start) || hasCall(Init) || !readsNoneOf(Init, Written))
    return nullptr;
  // loaded * length, after a base pointer: "p + loaded * length",
  // "&p[loaded * length]".
  const clang::Expr *E = Init->IgnoreParenImpCasts();
  const clang::Expr *Base = nullptr;
  if (Start->getType()->isPointerType()) {
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf) {
      if (const auto *AS =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
        Base = AS->getBase();
        E = AS->getIdx()->IgnoreParenImpCasts();
      }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
               BO && BO->getOpcode() == BO_Add) {
      bool Left = BO->getLHS()->getType()->isPointerType();
      Base = Left ? BO->getLHS() : BO->getRHS();
      E = (Left ? BO->getRHS() : BO->getLHS())->IgnoreParenImpCasts();
    }
    if (!Base)
      return nullptr;
  }
  const auto *Mul = dyn_cast<BinaryOperator>(E);
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return nullptr;
  const LExpr *Row = nullptr;
  for (auto [R, L] : {std::pair(Mul->getLHS(), Mul->getRHS()),
                      std::pair(Mul->getRHS(), Mul->getLHS())}) {
    if (quietly([&] { return evalInt(L); }) != Len->second)
      continue;
    const LExpr *U = findUnknown(quietly([&] { return evalInt(R); }));
    if (U && LoadUnknowns.count(U))
      Row = Len->second;
  }
  if (!Row)
    return nullptr;
  // Every lane a row of its own: the lane's index in the block.
  const LExpr *Lane = X.add(
      X.threadIdx(0),
      X.mul(X.blockDim(0),
            X.add(X.threadIdx(1), X.mul(X.blockDim(1), X.threadIdx(2)))));
  const LExpr *Elements = X.mul(Lane, Row);
  Value Model;
  if (Base) {
    Value B = quietly([&] { return eval(Base); });
    if (B.K != Value::Ptr || !B.P.Why.empty() || !B.P.Offset ||
        findUnknown(B.P.Offset))
      return nullptr;
    QualType T = Start->getType()->getPointeeType();
    if (T->isIncompleteType())
      return nullptr;
    Pointer P = B.P;
    P.Offset = X.add(P.Offset,
                     X.mul(Elements, X.constant(Ctx.getTypeSizeInChars(T)
                                                    .getQuantity())));
    Model = Value::pointer(P);
  } else {
    Model = Value::integer(Elements);
  }
  return quietly([&]() -> const LExpr * {
    env()[Start] = Model;
    Place P = evalPlace(Access);
    if (P.K != Place::Memory || !P.Addr.Why.empty() ||
        findUnknown(P.Addr.Offset))
      return nullptr;
    return P.Addr.Offset;
  });
}

/// The number of times a loop runs when it counts an integer V from a
/// start by a constant step to a bound the same in every lane (no thread
/// index, nothing loaded), its condition that one comparison
/// ("for (int i = 3; i < 3 + WIN; ++i)", "i < iteration",
/// "for (j2 = j1 + 1; j2 < m; j2++)"): an expression in the bound's values
/// and the start's, which may be the thread's own; null otherwise.
const LExpr *KernelWalker::tripCount(const clang::Expr *Cond, const VarDecl *V,
                                     const Value &Start, const LExpr *Step,
                                     const LExpr *Own) {
  // The start may depend on the thread (a triangular loop's j1 + 1): the
  // count is then each thread's own, an expression in its position.
  const LExpr *From = Start.K == Value::Int ? Start.I : nullptr;
  const auto *By = dyn_cast_or_null<ConstantExpr>(Step);
  const auto *BO =
      Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
  if (!From || !By || By->getValue() == 0 || !BO ||
      !V->getType()->isIntegerType() || findUnknown(From) ||
      mentionsIf(From, [](const SymbolExpr *S) {
        return S->getSymbolKind() == SymbolKind::LoopIter ||
               S->getSymbolKind() == SymbolKind::Opaque ||
               S->getSymbolKind() == SymbolKind::Carried ||
               S->getSymbolKind() == SymbolKind::TripCount;
      }))
    return nullptr;
  auto [Bound, Op] = comparedWith(BO, V);
  if (!Bound || !BinaryOperator::isComparisonOp(Op))
    return nullptr;
  const LExpr *To = quietly([&] { return evalInt(Bound); });
  // The same bound in every lane and every iteration: grid and block
  // sizes, parameters and constants; given Own, also the iteration of a
  // loop around this one, which no iteration of this one changes.
  if (!To || findUnknown(To) || mentionsIf(To, [&](const SymbolExpr *S) {
        return S->getSymbolKind() != SymbolKind::Param &&
               S->getSymbolKind() != SymbolKind::GridDim &&
               S->getSymbolKind() != SymbolKind::BlockDim &&
               !(Own && S->getSymbolKind() == SymbolKind::LoopIter &&
                 S != Own);
      }))
    return nullptr;
  int64_t S = By->getValue();
  const LExpr *One = X.constant(1);
  // Steps until the comparison fails, counting up or down to the bound:
  // max(0, ceil(Distance / |S|)).
  auto Ceil = [&](const LExpr *Distance, int64_t D) {
    return X.max(X.constant(0),
                 X.div(X.add(Distance, X.constant(D - 1)), X.constant(D)));
  };
  if (Op == BO_LT && S > 0)
    return Ceil(X.sub(To, From), S);
  if (Op == BO_LE && S > 0)
    return Ceil(X.add(X.sub(To, From), One), S);
  if (Op == BO_GT && S < 0)
    return Ceil(X.sub(From, To), -S);
  if (Op == BO_GE && S < 0)
    return Ceil(X.add(X.sub(From, To), One), -S);
  const auto *A = dyn_cast<ConstantExpr>(From);
  const auto *B = dyn_cast<ConstantExpr>(To);
  if (Op == BO_NE && A && B && (B->getValue() - A->getValue()) % S == 0 &&
      (B->getValue() - A->getValue()) / S >= 0)
    return X.constant((B->getValue() - A->getValue()) / S);
  return nullptr;
}

/// What the variables a loop sets in every iteration, without reading what
/// the iteration before left, hold after it: what its last iteration leaves
/// them. Rodinia's hotspot and pathfinder set "computed = false" and then
/// "computed = true" under a condition on the iteration, and store after
/// the loop "if (computed)". Called where the body's walk ends, each
/// variable holding its value at the end of iteration Iter; nothing
/// unknown may be in that value, which a value the previous iteration left
/// would be (the walk forgot them at the head). The last iteration is the
/// trip count Trips of the loop counting Var from Start by Step (or, Var
/// null, of the loop a geometric variable counts), less one:
/// when Trips folds to a constant the loop runs at least once; otherwise
/// the value is a select on its running, with the value the variable held
/// Before. A variable declared without a value (hotspot's "bool computed;")
/// is read after the loop only where the loop ran, or the program reads an
/// indeterminate value: its last iteration's value stands alone. The body
/// may leave early only by "if (var == e) break;" at its top that holds at
/// the last iteration, which it then does at that one alone (Var takes
/// each value once), and nothing after that break may set the variable; a
/// continue, a return or a goto gives up, and so does any break where Var
/// is null.
std::map<const VarDecl *, Value> KernelWalker::lastIterationValues(
    const Stmt *Body, const LExpr *Iter, const VarDecl *Var,
    const LExpr *Start, const LExpr *Step, const LExpr *Trips,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Candidates,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned,
    const std::map<const VarDecl *, Value> &Before) {
  std::map<const VarDecl *, Value> Out;
  if (!Trips || Candidates.empty() || jumpsOut(Body, JumpContinue))
    return Out;
  // At least once: the count itself. Otherwise the count when it is one or
  // more (tripCount's max(0, d) is d there), under that condition.
  const LExpr *RunsOnce = nullptr;
  const LExpr *Count = Trips;
  if (const auto *N = dyn_cast<ConstantExpr>(Trips)) {
    if (N->getValue() < 1)
      return Out;
  } else {
    if (const auto *M = dyn_cast<NAryExpr>(Trips);
        M && M->getKind() == ExprKind::Max && M->getNumOperands() == 2)
      for (unsigned K = 0; K < 2; ++K)
        if (const auto *Zero = dyn_cast<ConstantExpr>(M->getOperand(K));
            Zero && Zero->getValue() == 0)
          Count = M->getOperand(1 - K);
    RunsOnce = X.cmp(CmpPred::LT, X.constant(0), Count);
  }
  const LExpr *LastIter = X.sub(Count, X.constant(1));

  llvm::SmallVector<const Stmt *, 16> Top;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Top.append(CS->body_begin(), CS->body_end());
  else
    Top.push_back(Body);
  llvm::SmallPtrSet<const VarDecl *, 8> SetAfterExit;
  bool Exited = false;
  for (const Stmt *S : Top) {
    if (Exited)
      collectAssigned(S, SetAfterExit);
    auto [V, E] = breakWhenEqual(S);
    if (V && V == Var && readsNoneOf(E, Assigned) && !hasCall(E)) {
      const LExpr *At = X.add(Start, X.mul(Step, LastIter));
      const LExpr *Eq = quietly([&] { return evalInt(E); });
      if (Eq != At)
        return Out;
      Exited = true;
      continue;
    }
    if (jumpsOut(S, JumpLeave))
      return Out;
  }

  for (const VarDecl *V : Candidates) {
    if (SetAfterExit.count(V) || !V->getType()->isIntegralOrEnumerationType())
      continue;
    Value End = readVariable(V);
    if (End.K != Value::Int || findUnknown(End.I) ||
        mentionsIf(End.I, [&](const SymbolExpr *Sym) {
          return Sym != Iter && isLoopSymbol(Sym);
        }))
      continue;
    const LExpr *At = X.substitute(End.I, [&](const SymbolExpr *Sym) {
      return Sym == Iter ? LastIter : nullptr;
    });
    if (RunsOnce) {
      auto It = Before.find(V);
      if (It == Before.end() || It->second.K != Value::Int)
        continue;
      if (It->second.I != uninitialised(V)) {
        if (findUnknown(It->second.I))
          continue;
        At = X.select(RunsOnce, At, It->second.I);
      }
    }
    if (!findUnknown(At))
      Out[V] = Value::integer(At);
  }
  return Out;
}

/// Where an integer V counted by a constant step leaves a loop whose
/// condition is that one comparison with a bound the loop does not change,
/// nothing leaving the body early: by one, at max(start, bound) for "v <
/// bound", max(start, bound + 1) for "v <= bound", the mirror counting
/// down; by s > 1, at the first start + k*s past the bound, start + s *
/// ((max(start, bound) - start + s - 1) / s) (a strided walk each lane
/// starts at its own place, "for (; c < C; c += 32 * 4)", which llm.c walks
/// back down from there). Null otherwise. A
/// bound loaded from memory (for (i = 1; i < bitsize / 32; i++) with
/// bitsize = cindex[tid]) gives an unknown of its own that is the data's,
/// so that srcData[offset + i] after the loop is known to index the lane's
/// row at a column the data decides.
const LExpr *KernelWalker::exitValue(
    const clang::Expr *Cond, const VarDecl *V, const Value &Start,
    const LExpr *Step, const llvm::SmallPtrSetImpl<const VarDecl *> &Assigned) {
  const auto *By = dyn_cast_or_null<ConstantExpr>(Step);
  const auto *BO =
      Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
  if (Start.K != Value::Int || !By || By->getValue() == 0 || !BO ||
      !V->getType()->isIntegerType() || findUnknown(Start.I))
    return nullptr;
  auto [Bound, Op] = comparedWith(BO, V);
  if (!Bound || hasCall(Bound) || !readsNoneOf(Bound, Assigned))
    return nullptr;
  const LExpr *To = quietly([&] { return evalInt(Bound); });
  if (!To)
    return nullptr;
  if (const LExpr *U = findUnknown(To)) {
    if (!LoadUnknowns.count(U))
      return nullptr;
    Reason End(ReasonKind::LoopEndLoaded, V->getNameAsString());
    const LExpr *Exit =
        X.unknown(End.because(cast<UnknownExpr>(U)->getReason()));
    LoadUnknowns.insert(Exit);
    return Exit;
  }
  const LExpr *One = X.constant(1);
  bool Up = By->getValue() > 0;
  // The first value on the far side of End, counting from the start by
  // the step: End itself by one.
  int64_t S = std::abs(By->getValue());
  auto Past = [&](const LExpr *End) {
    if (S == 1)
      return Up ? X.max(Start.I, End) : X.min(Start.I, End);
    const LExpr *Gap = Up ? X.sub(X.max(Start.I, End), Start.I)
                          : X.sub(Start.I, X.min(Start.I, End));
    const LExpr *Steps = X.div(X.add(Gap, X.constant(S - 1)), X.constant(S));
    const LExpr *Moved = X.mul(X.constant(S), Steps);
    return Up ? X.add(Start.I, Moved) : X.sub(Start.I, Moved);
  };
  if (Op == BO_LT && Up)
    return Past(To);
  if (Op == BO_LE && Up)
    return Past(X.add(To, One));
  if (Op == BO_GT && !Up)
    return Past(To);
  if (Op == BO_GE && !Up)
    return Past(X.sub(To, One));
  return nullptr;
}

const LExpr *KernelWalker::constantTripCount(const clang::Expr *Cond,
                                             const VarDecl *V,
                                             const Value &Start,
                                             const LExpr *Step) {
  const LExpr *N = tripCount(Cond, V, Start, Step);
  return N && isa<ConstantExpr>(N) ? N : nullptr;
}

/// Whether all lanes leave a loop after the same number of iterations: its
/// condition does not depend on the lane once the induction variables are
/// bound, and nothing leaves the body early.
/// With Any, whether one of the condition's conjuncts alone gives every
/// lane the same trip count ("k < (t+1)*per && k < n": a split range with
/// a bound check); without, whether all of them do.
bool KernelWalker::uniformTripCount(const LExpr *Cond, const Stmt *Body,
                                    bool Any) {
  if (!Cond || findUnknown(Cond) || jumpsOut(Body, JumpLeave))
    return false;
  std::vector<const LExpr *> Parts;
  splitConjuncts(X, Cond, Parts);
  auto Uniform = [&](const LExpr *Part) {
    const LExpr *Test = Part;
    if (const auto *C = dyn_cast<NAryExpr>(Part))
      if (C->getKind() == ExprKind::Cmp)
        Test = X.sub(C->getOperand(0), C->getOperand(1));
    return !mentionsIf(Test, isThreadIdx);
  };
  return Any ? llvm::any_of(Parts, Uniform) : llvm::all_of(Parts, Uniform);
}

} // namespace interp
} // namespace coalesce
