//===- Statements.cpp - the statement visitor of the interpreter ---------===//
//
// KernelWalker visits statements as a ConstStmtVisitor: expressions are
// evaluated for the memory they touch, declarations bind local variables,
// and a branch runs both arms under their conditions and merges what they
// wrote (a select on the condition where both arms know the value). Loops
// have their own file, Loops.cpp.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"
#include "Analysis/StmtFacts.h"

#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

bool exitsUnconditionally(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && exitsUnconditionally(CS->body_back());
  return false;
}

const VarDecl *varOf(const VarDecl *V) { return V; }
const VarDecl *varOf(const std::pair<const VarDecl *, std::string> &K) {
  return K.first;
}
/// The variable a key names whole (not a member of it).
const VarDecl *wholeVar(const VarDecl *V) { return V; }
const VarDecl *wholeVar(const std::pair<const VarDecl *, std::string> &) {
  return nullptr;
}

/// Whether K is a member of a local struct declared without a value
/// ("Partitioner p;": no initialiser, or a trivial default constructor),
/// which holds no value until the code sets it.
bool memberWithoutValue(const VarDecl *) { return false; }
bool memberWithoutValue(const std::pair<const VarDecl *, std::string> &K) {
  const VarDecl *V = K.first;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      !V->getType()->isRecordType())
    return false;
  const clang::Expr *Init = V->getInit();
  if (!Init)
    return true;
  const auto *CE = dyn_cast<CXXConstructExpr>(Init);
  return CE && CE->getNumArgs() == 0 && CE->getConstructor()->isTrivial();
}

} // namespace

void KernelWalker::VisitCompoundStmt(const CompoundStmt *CS) {
  std::vector<const LExpr *> Saved = Path;
  bool Tail = AtTail;
  // What follows the last statement that does something: empty statements
  // and a bare "return;".
  auto DoesNothing = [](const Stmt *C) {
    const auto *R = dyn_cast<ReturnStmt>(C);
    return isa<NullStmt>(C) || (R && !R->getRetValue());
  };
  auto Body = CS->body();
  for (auto It = Body.begin(); It != Body.end(); ++It) {
    AtTail = Tail && std::all_of(std::next(It), Body.end(), DoesNothing);
    visit(*It);
  }
  AtTail = Tail;
  Path = Saved;
}

void KernelWalker::VisitDeclStmt(const DeclStmt *DS) {
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D))
      declare(VD);
}

const LExpr *KernelWalker::uninitialised(const VarDecl *VD) {
  return X.unknown("'" + VD->getNameAsString() + "' is not initialised");
}

namespace {

/// The constructor call that initialises a variable, under the wrappers
/// "T v = T(a);" and temporaries put around it.
const CXXConstructExpr *constructorCall(const clang::Expr *Init) {
  while (Init) {
    Init = Init->IgnoreParens();
    if (const auto *CCE = dyn_cast<CXXConstructExpr>(Init))
      return CCE;
    if (const auto *FE = dyn_cast<FullExpr>(Init))
      Init = FE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Init))
      Init = FC->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Init))
      Init = BT->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

} // namespace

bool KernelWalker::neverChanged(const VarDecl *VD) {
  auto [It, New] = Unchanged.try_emplace(VD, false);
  if (New) {
    const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
    const Stmt *Body = FD ? FD->getBody() : nullptr;
    It->second = Body && !ExprMutationAnalyzer(*Body, Ctx).isMutated(VD);
  }
  return It->second;
}

void KernelWalker::declare(const VarDecl *VD) {
  if (VD->hasAttr<CUDASharedAttr>() || !VD->hasLocalStorage())
    return; // __shared__ and static locals are memory, found by name
  Place Self;
  Self.K = Place::Variable;
  Self.Var = VD;
  Self.Frame = Frames.size() - 1;
  Self.Path = VD->getNameAsString();
  Self.Type = VD->getType();
  // "Loader l(in + off);": the constructor runs on the variable.
  if (const CXXConstructExpr *CCE = constructorCall(VD->getInit());
      CCE && followedConstructor(CCE) && !VD->getType()->isReferenceType()) {
    env()[VD] = Value::none();
    forgetMembers(VD);
    construct(CCE, Self);
    return;
  }
  Value V = Value::none();
  if (const clang::Expr *Init = VD->getInit()) {
    V = eval(Init);
    if (VD->getType()->isReferenceType()) {
      if (V.K != Value::Ref && !bindsTemporary(VD->getType()))
        V = Value::ref(evalPlace(Init));
      V = bindReference(VD->getType(), Init, V);
    } else if (V.K == Value::Ref) {
      V = load(V.R, Init);
    }
  } else if (VD->getType()->isIntegralOrEnumerationType()) {
    V = Value::integer(uninitialised(VD));
  }
  Value Scalar = V;
  Scalar.Fields.reset();
  env()[VD] = Scalar;
  forgetMembers(VD);
  // "int i = NbrList[tid >> 4].x", "float *p = bins + 32 * i": the value
  // with group loads followed, for an access evaluated again so.
  // Only for a variable nothing changes after it is declared: its value
  // is then the declaration's wherever it is read.
  GroupShadows.erase({Frames.size() - 1, VD});
  if (const clang::Expr *Init = VD->getInit();
      Init && !Grouping && holdsGroupable(Scalar) &&
      !VD->getType()->isReferenceType() &&
      !Init->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) &&
      neverChanged(VD)) {
    Value G = valueWith(Grouping, Init);
    if (G.K == Value::Ref)
      G = Value::none();
    if ((G.K == Value::Int && !findUnknown(G.I)) ||
        (G.K == Value::Ptr && G.P.Why.empty() && !findUnknown(G.P.Offset)))
      GroupShadows[{Frames.size() - 1, VD}] = {Scalar, G};
  }
  // "int off = flux[i] > 0.0f ? 0 : 4096;": the data's choice, likewise.
  ChoiceShadows.erase({Frames.size() - 1, VD});
  if (const clang::Expr *Init = VD->getInit();
      Init && !Choosing && Scalar.K == Value::Int && findUnknown(Scalar.I) &&
      !VD->getType()->isReferenceType() &&
      !Init->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) &&
      neverChanged(VD)) {
    Value G = valueWith(Choosing, Init);
    if (G.K == Value::Int && !findUnknown(G.I))
      ChoiceShadows[{Frames.size() - 1, VD}] = {Scalar, G};
  }
  // "Desc t = d[i];", "Off o = offsets(i);": the struct's members.
  if (V.Fields)
    storeFields(Self, V);
  // "Loader l{ptr, 3}", "int idx[2] = {a, b}": the members' values.
  std::function<void(const std::string &, QualType, const clang::Expr *)> Bind =
      [&](const std::string &Path, QualType T, const clang::Expr *E) {
        const auto *IL = dyn_cast_or_null<InitListExpr>(
            E ? E->IgnoreParenImpCasts() : nullptr);
        if (!IL) {
          if (!E)
            return;
          // Evaluated once already, with the list: no access twice.
          Value FV = quietly([&] {
            Value R = eval(E);
            return R.K == Value::Ref ? load(R.R, E) : R;
          });
          Place Member = Self;
          Member.Path = Path;
          Member.Type = T;
          store(Member, FV, E, Operation::Store);
          return;
        }
        if (const auto *CA = Ctx.getAsConstantArrayType(T)) {
          for (unsigned I = 0; I < IL->getNumInits(); ++I)
            Bind(Path + "[" + std::to_string(I) + "]", CA->getElementType(),
                 IL->getInit(I));
          return;
        }
        const RecordDecl *RD = T->getAsRecordDecl();
        if (!RD || RD->isUnion())
          return;
        unsigned I = 0;
        for (const FieldDecl *FD : RD->fields()) {
          if (I >= IL->getNumInits())
            break;
          Bind(Path + "." + FD->getNameAsString(), FD->getType(),
               IL->getInit(I++));
        }
      };
  if (const auto *IL = dyn_cast_or_null<InitListExpr>(
          VD->getInit() ? VD->getInit()->IgnoreParenImpCasts() : nullptr);
      IL && !IL->isTransparent())
    Bind(Self.Path, VD->getType(), IL);
}

KernelWalker::State KernelWalker::capture() const {
  State S;
  for (const Frame &F : Frames) {
    S.Vars.push_back(F.Vars);
    S.Members.push_back(F.Members);
  }
  return S;
}

void KernelWalker::restore(const State &S) {
  for (size_t I = 0; I < Frames.size(); ++I) {
    Frames[I].Vars = S.Vars[I];
    Frames[I].Members = S.Members[I];
  }
}

/// Whether nvcc would if-convert a body: a few statements with no loop,
/// call, jump or barrier, so every warp issues its instructions, predicated
/// off where no lane takes the branch.
/// A copy of a trivially copyable object, which clang spells as a call
/// (float4's implicit operator=, a trivial copy constructor): a move of
/// its bytes, no call in the code nvcc makes.
static bool trivialCopy(const Stmt *S) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S))
    if (const auto *MD =
            dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee()))
      return MD->isTrivial() && (MD->isCopyAssignmentOperator() ||
                                 MD->isMoveAssignmentOperator());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S))
    return CE->getConstructor() && CE->getConstructor()->isTrivial();
  return false;
}

/// Whether T, references and qualifiers aside, is one of the toolkit's
/// narrow floating-point types.
static bool narrowFloat(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  return N == "__half" || N == "__half2" || N == "__nv_bfloat16" ||
         N == "__nv_bfloat162";
}

/// A call of the toolkit's half-precision arithmetic, declared in a system
/// header: __hadd2, half2's operators, assignments and conversions
/// (__float2half2_rn, __low2float). Inline, an instruction or two each,
/// which nvcc predicates as it does a float's "+" (H100, cuda-samples
/// fp16ScalarProduct: the tree reduction's "if (threadIdx.x < 8) v[t] =
/// __hadd2(v[t], v[t + 8])", and its half2 "+", issue their LDS and STS in
/// every warp, 0.25 and 0.5 wavefronts a request in a block of 4 warps).
static bool narrowFloatArithmetic(const Stmt *S, const SourceManager &SM) {
  const FunctionDecl *FD = nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    FD = CE->getDirectCallee();
  else if (const auto *CC = dyn_cast<CXXConstructExpr>(S))
    FD = CC->getConstructor();
  if (!FD || !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return false;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->getIdentifier() &&
      narrowFloat(QualType(MD->getParent()->getTypeForDecl(), 0)))
    return true;
  return narrowFloat(FD->getReturnType()) ||
         llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
           return narrowFloat(P->getType());
         });
}

static bool predicable(const Stmt *S, unsigned &Budget,
                       const SourceManager &SM) {
  if (!S)
    return true;
  // "if (tid == 0) c = in[b];" of a float4: predicated (measured on the
  // H100, cuda_bench/probes/wide50.cu: all 8 warps issue the LDG.E.128).
  if (trivialCopy(S) || narrowFloatArithmetic(S, SM)) {
    for (const Stmt *C : S->children())
      if (!predicable(C, Budget, SM))
        return false;
    return true;
  }
  // A nested if: nvcc branches around the outer one (Rodinia-style
  // "if (tid < d) { f0 = s[tid]; ...; if (f1 < f0) s[tid] = f1; }").
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<IfStmt>(S) ||
      isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S) || isa<ReturnStmt>(S) ||
      isa<GotoStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) ||
      isa<CallExpr>(S) || isa<CXXConstructExpr>(S))
    return false;
  if (isa<clang::Expr>(S) || isa<DeclStmt>(S)) {
    if (Budget == 0)
      return false;
    --Budget;
  }
  // threadIdx.x and its kin: a property read, a special register.
  if (isa<PseudoObjectExpr>(S))
    return true;
  for (const Stmt *C : S->children())
    if (!predicable(C, Budget, SM))
      return false;
  return true;
}

bool KernelWalker::predicable(const Stmt *Then) {
  // At most two statements: measured on the H200 and H100, nvcc predicated
  // the ifs of one or two (a tree reduction's step, "if (tid < 16) { two
  // copies }") and branched around those of three to eight.
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then))
    if (llvm::count_if(CS->body(),
                       [](const Stmt *C) { return !isa<NullStmt>(C); }) > 2)
      return false;
  // Statements and the expressions in them: a store or two of a value.
  unsigned Budget = 48;
  return ::coalesce::interp::predicable(Then, Budget, Ctx.getSourceManager());
}

void KernelWalker::VisitIfStmt(const IfStmt *IS) {
  visit(IS->getInit());
  if (IS->getConditionVariableDeclStmt())
    visit(IS->getConditionVariableDeclStmt());
  const LExpr *C = truth(evalInt(IS->getCond()));
  std::vector<const LExpr *> Outer = Path;
  if (std::optional<bool> Side = decided(C)) {
    // The branch not taken is not walked, and no if is left to predicate.
    const Stmt *Taken = *Side ? IS->getThen() : IS->getElse();
    visit(Taken);
    Path = Outer;
    if (Taken && exitsUnconditionally(Taken))
      Path = pathWith(Outer, X.constant(0));
    return;
  }
  State Before = capture();

  Path = pathWith(Outer, C);
  // Both sides short: nvcc predicates each (measured: "if (tid < 32)
  // s[tid] = v; else s[tid] = 0;", 0.125 and 0.875 per request).
  bool Predicated = !AtTail && predicable(IS->getThen()) &&
                    (!IS->getElse() || predicable(IS->getElse()));
  OpenIfs.push_back({C, Predicated});
  visit(IS->getThen());
  OpenIfs.pop_back();
  State AfterThen = capture();

  restore(Before);
  const LExpr *NotC = X.logicalNot(C);
  Path = pathWith(Outer, NotC);
  OpenIfs.push_back({NotC, Predicated && IS->getElse()});
  visit(IS->getElse());
  OpenIfs.pop_back();
  State AfterElse = capture();

  Path = Outer;
  for (size_t I = 0; I < Frames.size(); ++I) {
    std::string Cond = sourceText(IS->getCond());
    Frames[I].Vars = merge(C, Cond, AfterThen.Vars[I], AfterElse.Vars[I]);
    Frames[I].Members =
        merge(C, Cond, AfterThen.Members[I], AfterElse.Members[I]);
    // "if (flux[i] > 0.0) donor = -1; else donor = 0;": the data's choice,
    // for an access evaluated again with Choosing set.
    if (!findUnknown(C))
      continue;
    // A branch on loaded data ("if (data[mid] <= key) lo = mid;", a binary
    // search): a variable either branch assigns holds what the data says,
    // also where both branches leave one unknown (mid is lo's, inside the
    // search's loop), so the value is the data's, a gather index.
    if (const LExpr *U = findUnknown(C);
        LoadUnknowns.count(U) && I + 1 == Frames.size()) {
      llvm::SmallPtrSet<const VarDecl *, 8> Set;
      collectAssigned(IS->getThen(), Set);
      collectAssigned(IS->getElse(), Set);
      for (const VarDecl *V : Set) {
        auto J = Frames[I].Vars.find(V);
        if (J == Frames[I].Vars.end() || J->second.K != Value::Int)
          continue;
        const LExpr *Was = findUnknown(J->second.I);
        if (Was && !LoadUnknowns.count(Was))
          J->second = Value::integer(U);
      }
    }
    // (A shadow an earlier if left is read only while its variable still
    // holds that if's join. A walk ahead leaves none: its arms are the
    // iteration's symbols, which mean nothing outside it.)
    if (WalkingAhead)
      continue;
    for (const auto &[V, Joined] : Frames[I].Vars) {
      if (Joined.K != Value::Int || !findUnknown(Joined.I))
        continue; // one side kept (the other indeterminate), or no choice
      auto T = AfterThen.Vars[I].find(V), F = AfterElse.Vars[I].find(V);
      if (T == AfterThen.Vars[I].end() || F == AfterElse.Vars[I].end())
        continue;
      if (const LExpr *Chosen = choice(C, Cond, T->second, F->second))
        ChoiceShadows[{I, V}] = {Joined, Value::integer(Chosen)};
    }
  }
  // "if (i >= n) return;" guards the rest of the block.
  if (!IS->getElse() && exitsUnconditionally(IS->getThen()))
    Path = pathWith(Outer, X.logicalNot(C));
  else if (IS->getElse() && exitsUnconditionally(IS->getElse()) &&
           !exitsUnconditionally(IS->getThen()))
    Path = pathWith(Outer, C);
}

void KernelWalker::VisitContinueStmt(const ContinueStmt *) {
  if (WalkingAhead)
    AheadContinues.push_back({capture(), pathCondition(AheadPathDepth)});
}

void KernelWalker::joinAheadContinues() {
  if (AheadContinues.empty())
    return;
  State End = capture();
  for (const auto &[At, C] : AheadContinues)
    for (size_t I = 0; I < End.Vars.size() && I < At.Vars.size(); ++I) {
      End.Vars[I] = merge(C, "continue", At.Vars[I], End.Vars[I]);
      End.Members[I] = merge(C, "continue", At.Members[I], End.Members[I]);
    }
  restore(End);
  AheadContinues.clear();
}

std::optional<bool> KernelWalker::decided(const LExpr *C) {
  if (const auto *K = dyn_cast<coalesce::ConstantExpr>(C))
    return K->getValue() != 0;
  return std::nullopt;
}

template <typename Map>
Map KernelWalker::merge(const LExpr *C, llvm::StringRef Cond, const Map &T,
                        const Map &F) {
  Map R;
  // A variable declared without a value and set in one branch only holds
  // that branch's value after the if: reading it after the other branch
  // reads an indeterminate value (Parboil sad's "if (ty < 100) bo_5 = ...",
  // a hint to the register allocator). An integer holds uninitialised(V)
  // from its declaration, a pointer nothing.
  auto Indeterminate = [&](const VarDecl *V, const Value &A) {
    if (!V || V->getInit() || !V->hasLocalStorage() || isa<ParmVarDecl>(V))
      return false;
    if (A.K == Value::Int)
      return A.I == uninitialised(V);
    return A.K == Value::None && !A.Fields && V->getType()->isPointerType();
  };
  auto Join = [&](const VarDecl *V, const VarDecl *Whole, const Value &A,
                  const Value &B) {
    if (sameValue(A, B))
      return A;
    if (Indeterminate(Whole, A) && !Indeterminate(Whole, B))
      return B;
    if (Indeterminate(Whole, B) && !Indeterminate(Whole, A))
      return A;
    if (A.K == Value::Int && B.K == Value::Int)
      return Value::integer(X.select(C, A.I, B.I));
    if (A.K == Value::Real && B.K == Value::Real)
      return Value::real(X.select(C, A.I, B.I));
    if (A.K == Value::Ptr && B.K == Value::Ptr)
      if (std::optional<Pointer> P = selectPointer(C, A.P, B.P, Cond))
        return Value::pointer(*P);
    return unknownValue(V->getType(),
                        "'" + V->getNameAsString() +
                            "' differs between the branches of an if");
  };
  // Set inside one branch only: no value after the if, except a member of
  // a struct declared without one, which holds that branch's value as a
  // variable does (Chai's partitioner sets p.cut under "if (alpha >= 0 &&
  // alpha <= 1)" and leaves it alone otherwise).
  for (const auto &[K, A] : T) {
    auto It = F.find(K);
    if (It != F.end())
      R[K] = Join(varOf(K), wholeVar(K), A, It->second);
    else if (memberWithoutValue(K) && freshInLoops(varOf(K)))
      R[K] = A;
  }
  for (const auto &[K, B] : F)
    if (!T.count(K) && memberWithoutValue(K) && freshInLoops(varOf(K)))
      R[K] = B;
  return R;
}

bool KernelWalker::freshInLoops(const VarDecl *V) const {
  // A struct declared before a loop and set on one side of an if inside
  // it holds, after the other side, what an earlier iteration set, which
  // the walk does not follow for a member that had no value at the loop.
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const auto *FD = dyn_cast_or_null<FunctionDecl>(
      V->getParentFunctionOrMethod());
  const Stmt *Body = FD ? FD->getBody() : nullptr;
  if (!Body)
    return false;
  auto Within = [&](clang::SourceLocation L, clang::SourceRange R) {
    L = SM.getExpansionLoc(L);
    return SM.isPointWithin(L, SM.getExpansionLoc(R.getBegin()),
                            SM.getExpansionLoc(R.getEnd()));
  };
  return llvm::none_of(Loops, [&](const LoopContext &L) {
    return L.Loop && Within(L.Loop->getBeginLoc(), Body->getSourceRange()) &&
           !Within(V->getLocation(), L.Loop->getSourceRange());
  });
}

void KernelWalker::VisitReturnStmt(const ReturnStmt *RS) {
  Value V = RS->getRetValue() ? eval(RS->getRetValue()) : Value::none();
  // Returned by value, a place is read here: its frame is about to go.
  if (V.K == Value::Ref &&
      !Frames.back().FD->getReturnType()->isReferenceType())
    V = load(V.R, RS->getRetValue());
  Frames.back().Returns.push_back(
      {pathCondition(Frames.back().CallerPath), V});
}

void KernelWalker::VisitSwitchStmt(const SwitchStmt *SS) {
  visit(SS->getInit());
  eval(SS->getCond());
  visit(SS->getBody());
}

void KernelWalker::VisitSwitchCase(const SwitchCase *SC) {
  visit(SC->getSubStmt());
}

void KernelWalker::VisitLabelStmt(const LabelStmt *LS) {
  visit(LS->getSubStmt());
}

void KernelWalker::VisitAttributedStmt(const AttributedStmt *AS) {
  // '#pragma unroll 1' and 'nounroll' keep a loop rolled: nvcc does not
  // join its iterations' loads (WarpEvaluator's joinIterations).
  bool Rolled = false;
  for (const Attr *A : AS->getAttrs()) {
    const auto *Hint = dyn_cast<LoopHintAttr>(A);
    if (!Hint)
      continue;
    if (Hint->getOption() == LoopHintAttr::Unroll &&
        Hint->getState() == LoopHintAttr::Disable)
      Rolled = true;
    if (Hint->getOption() == LoopHintAttr::UnrollCount && Hint->getValue())
      if (std::optional<llvm::APSInt> N =
              Hint->getValue()->getIntegerConstantExpr(Ctx))
        Rolled |= *N == 1;
  }
  const Stmt *Saved = RolledLoop;
  if (Rolled)
    RolledLoop = AS->getSubStmt();
  visit(AS->getSubStmt());
  RolledLoop = Saved;
}

} // namespace interp
} // namespace coalesce
