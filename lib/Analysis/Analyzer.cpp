//===- Analyzer.cpp - Clang AST to per-lane addresses ---------------------===//
//
// An abstract interpreter over a kernel's body. Integer values are LaneExpr
// expressions over the thread and block symbols, kernel parameters and loop
// iterations; pointers are a named base plus a byte offset; places (lvalues)
// are memory at a pointer, or a local variable. Each load or store of global
// memory becomes an AccessSite whose address is evaluated for the 32 lanes of
// warp 0 of block 0.
//
//===----------------------------------------------------------------------===//

#include "Analysis/Analyzer.h"
#include "Analysis/CudaBuiltins.h"
#include "Analysis/LaunchSites.h"
#include "Analysis/MemoryAccess.h"
#include "Analysis/WarpEvaluator.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

#include <set>

using namespace clang;
using LExpr = coalesce::Expr;

namespace coalesce {

namespace {

enum class Space { Global, Shared, Local, Constant, Unknown };

/// A pointer value: a named base allocation plus a byte offset.
struct Pointer {
  std::string Base;              ///< printed name; empty when unknown
  const VarDecl *Decl = nullptr; ///< the base's variable, when it is one
  const LExpr *Offset = nullptr; ///< bytes from the base
  Space Sp = Space::Unknown;
  std::string Why;               ///< why the base is unknown
  const LExpr *UnknownOffset = nullptr; ///< the Unknown, when Why is set
};

/// An lvalue: memory at a pointer, or a local variable (a register).
struct Place {
  enum Kind { None, Memory, Variable } K = None;
  Pointer Addr;                   ///< Memory
  const VarDecl *Var = nullptr;   ///< Variable
  size_t Frame = 0;               ///< Variable: the call frame holding it
  std::string Path;               ///< Variable: "p" or "p.n" for a member
  QualType Type;
  /// Memory inside a struct object: the outermost struct's size and name.
  std::optional<unsigned> StructBytes;
  std::string StructName, MemberName;
  const RecordDecl *Struct = nullptr;
  const FieldDecl *Member = nullptr; ///< the outermost member
};

struct Value {
  enum Kind { None, Int, Ptr, Ref } K = None;
  const LExpr *I = nullptr;
  Pointer P;
  Place R;

  static Value none() { return {}; }
  static Value integer(const LExpr *E) {
    Value V;
    V.K = Int;
    V.I = E;
    return V;
  }
  static Value pointer(Pointer P) {
    Value V;
    V.K = Ptr;
    V.P = std::move(P);
    return V;
  }
  static Value ref(Place R) {
    Value V;
    V.K = Ref;
    V.R = std::move(R);
    return V;
  }
};

bool samePointer(const Pointer &A, const Pointer &B) {
  return A.Base == B.Base && A.Offset == B.Offset && A.Sp == B.Sp &&
         A.Why == B.Why;
}

bool sameValue(const Value &A, const Value &B) {
  if (A.K != B.K)
    return false;
  switch (A.K) {
  case Value::None:
    return true;
  case Value::Int:
    return A.I == B.I;
  case Value::Ptr:
    return samePointer(A.P, B.P);
  case Value::Ref:
    return A.R.K == B.R.K && A.R.Var == B.R.Var && A.R.Frame == B.R.Frame &&
           A.R.Path == B.R.Path && samePointer(A.R.Addr, B.R.Addr);
  }
  return false;
}

using Env = std::map<const VarDecl *, Value>;
/// Members of structs held in registers, by variable and path ("l.base").
using MemberEnv = std::map<std::pair<const VarDecl *, std::string>, Value>;

/// Whether any expression inside S is one clang had to recover from.
class ErrorFinder : public RecursiveASTVisitor<ErrorFinder> {
public:
  bool Found = false;
  bool VisitExpr(clang::Expr *E) {
    if (E->containsErrors())
      Found = true;
    return !Found;
  }
};

bool bodyHasErrors(const FunctionDecl *FD, ArrayRef<SourceLocation> ErrorLocs,
                   const SourceManager &SM) {
  if (FD->isInvalidDecl() || !FD->getBody())
    return true;
  ErrorFinder F;
  F.TraverseStmt(FD->getBody());
  if (F.Found)
    return true;
  SourceRange R = FD->getSourceRange();
  SourceLocation B = SM.getExpansionLoc(R.getBegin());
  SourceLocation E = SM.getExpansionLoc(R.getEnd());
  for (SourceLocation L : ErrorLocs) {
    SourceLocation EL = SM.getExpansionLoc(L);
    if (SM.isPointWithin(EL, B, E))
      return true;
  }
  return false;
}

/// The variable S itself writes (or takes the address of), if any:
/// "v = ...", "v += ...", "++v", "&v".
const VarDecl *writtenVar(const Stmt *S) {
  auto VarOf = [](const clang::Expr *E) -> const VarDecl * {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp() ? VarOf(BO->getLHS()) : nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      return VarOf(UO->getSubExpr());
  return nullptr;
}

/// Variables written (or whose address is taken) anywhere inside S, with how
/// often they are written.
void collectAssigned(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out,
                     std::map<const VarDecl *, unsigned> *Count = nullptr) {
  if (!S)
    return;
  if (const VarDecl *V = writtenVar(S)) {
    Out.insert(V);
    if (Count)
      ++(*Count)[V];
  }
  for (const Stmt *C : S->children())
    collectAssigned(C, Out, Count);
}

/// Calls F for every local variable of struct type that S refers to.
void forEachRecordVar(const Stmt *S,
                      const std::function<void(const VarDecl *)> &F) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getType()->isRecordType())
        F(VD);
  for (const Stmt *C : S->children())
    forEachRecordVar(C, F);
}

bool exitsUnconditionally(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && exitsUnconditionally(CS->body_back());
  return false;
}

std::string kernelName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  PP.SuppressTagKeyword = true;
  FD->getNameForDiagnostic(OS, PP, /*Qualified=*/false);
  return OS.str();
}

/// One kernel's walk.
class KernelWalker {
public:
  KernelWalker(ASTContext &Ctx, ExprContext &X, const AnalysisOptions &Opts,
               const FunctionDecl *Kernel, const LaunchInfo *Launch,
               ArrayRef<SourceLocation> ErrorLocs,
               MemoryAccessListener &Listener)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), X(X), Opts(Opts),
        Kernel(Kernel), Launch(Launch), ErrorLocs(ErrorLocs),
        Listener(Listener),
        Warp(X, Opts, Launch, Kernel, Ctx) {
    KernelName = kernelName(Kernel, Ctx);
  }

  void run() {
    Frames.push_back({Kernel, {}, {}, {}, std::nullopt});
    visit(Kernel->getBody());
    Frames.pop_back();
  }

private:
  struct Frame {
    const FunctionDecl *FD;
    Env Vars;
    MemberEnv Members;
    std::vector<std::pair<const LExpr *, Value>> Returns; ///< (path, value)
    /// The object a member function was called on.
    std::optional<Place> This;
  };

  ASTContext &Ctx;
  const SourceManager &SM;
  ExprContext &X;
  const AnalysisOptions &Opts;
  const FunctionDecl *Kernel;
  const LaunchInfo *Launch;
  ArrayRef<SourceLocation> ErrorLocs;
  MemoryAccessListener &Listener;
  /// The inlined calls from the kernel to the current statement, and the
  /// loops around it: the context each access event carries.
  std::vector<CallContext> Calls;
  std::vector<LoopContext> Loops;

  std::string KernelName;
  WarpEvaluator Warp;
  std::vector<Frame> Frames;
  /// The conditions under which the current statement runs (a conjunction).
  /// Kept apart so that one condition we cannot evaluate does not hide the
  /// others: each is evaluated lane by lane on its own.
  std::vector<const LExpr *> Path;
  /// While set, evaluation records no accesses (used to pre-evaluate loop
  /// steps that are visited again later).
  bool Quiet = false;
  unsigned LoopCount = 0;
  /// Unknowns standing for values loaded at lane-dependent addresses.
  std::set<const LExpr *> LoadUnknowns;
  /// Iteration symbols of loops over a range split among the threads.
  std::set<const LExpr *> SplitLoops;

  Env &env() { return Frames.back().Vars; }
  MemberEnv &members() { return Frames.back().Members; }

  //===--- Source text ----------------------------------------------------===//

  std::string sourceText(SourceRange R) const {
    CharSourceRange CR = SM.getExpansionRange(R);
    return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
  }

  std::string sourceText(const clang::Expr *E) const {
    return sourceText(E->getSourceRange());
  }

  //===--- Statements -----------------------------------------------------===//

  void visit(const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<clang::Expr>(S)) {
      eval(E);
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::vector<const LExpr *> Saved = Path;
      for (const Stmt *C : CS->body())
        visit(C);
      Path = Saved;
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          declare(VD);
      return;
    }
    if (const auto *IS = dyn_cast<IfStmt>(S)) {
      visitIf(IS);
      return;
    }
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      visit(FS->getInit());
      visitLoop(FS, FS->getCond(), FS->getInc(), FS->getBody(), /*IsDo=*/false,
                FS->getConditionVariableDeclStmt());
      return;
    }
    if (const auto *WS = dyn_cast<WhileStmt>(S)) {
      visitLoop(WS, WS->getCond(), nullptr, WS->getBody(), false,
                WS->getConditionVariableDeclStmt());
      return;
    }
    if (const auto *DS = dyn_cast<DoStmt>(S)) {
      visitLoop(DS, DS->getCond(), nullptr, DS->getBody(), true, nullptr);
      return;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      Value V = RS->getRetValue() ? eval(RS->getRetValue()) : Value::none();
      Frames.back().Returns.push_back({pathCondition(), V});
      return;
    }
    if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
      visit(SS->getInit());
      eval(SS->getCond());
      visit(SS->getBody());
      return;
    }
    if (const auto *RF = dyn_cast<CXXForRangeStmt>(S)) {
      // The element variable is not an induction variable we can model.
      visit(RF->getRangeStmt());
      llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
      collectAssigned(RF->getBody(), Assigned);
      Assigned.insert(RF->getLoopVariable());
      forgetAll(Assigned, "a range-for element");
      Loops.push_back({RF, nullptr, false});
      visit(RF->getBody());
      Loops.pop_back();
      forgetAll(Assigned, "its value after a loop");
      return;
    }
    if (const auto *CS = dyn_cast<CaseStmt>(S)) {
      visit(CS->getSubStmt());
      return;
    }
    if (const auto *DS = dyn_cast<DefaultStmt>(S)) {
      visit(DS->getSubStmt());
      return;
    }
    if (const auto *LS = dyn_cast<LabelStmt>(S)) {
      visit(LS->getSubStmt());
      return;
    }
    if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
      visit(AS->getSubStmt());
      return;
    }
    // break, continue, goto, null statements, asm: nothing to evaluate.
  }

  void declare(const VarDecl *VD) {
    if (VD->hasAttr<CUDASharedAttr>() || !VD->hasLocalStorage())
      return; // __shared__ and static locals are memory, found by name
    Value V = Value::none();
    if (const clang::Expr *Init = VD->getInit()) {
      V = eval(Init);
      if (VD->getType()->isReferenceType()) {
        if (V.K != Value::Ref)
          V = Value::ref(evalPlace(Init));
      } else if (V.K == Value::Ref) {
        V = load(V.R, Init);
      }
    } else if (VD->getType()->isIntegralOrEnumerationType()) {
      V = Value::integer(X.unknown("'" + VD->getNameAsString() +
                                   "' is not initialised"));
    }
    env()[VD] = V;
    forgetMembers(VD);
    // "Loader l{ptr, 3}": remember the members' values.
    if (const auto *IL = dyn_cast_or_null<InitListExpr>(
            VD->getInit() ? VD->getInit()->IgnoreParenImpCasts() : nullptr))
      if (const RecordDecl *RD = VD->getType()->getAsRecordDecl()) {
        unsigned I = 0;
        for (const FieldDecl *FD : RD->fields()) {
          if (I >= IL->getNumInits())
            break;
          const clang::Expr *Init = IL->getInit(I++);
          Value FV = eval(Init);
          if (FV.K == Value::Ref)
            FV = load(FV.R, Init);
          members()[{VD, VD->getNameAsString() + "." + FD->getNameAsString()}] =
              FV;
        }
      }
  }

  void forgetMembers(const VarDecl *V) {
    MemberEnv &M = members();
    for (auto It = M.lower_bound({V, ""}); It != M.end() && It->first.first == V;)
      It = M.erase(It);
  }

  void forgetAll(const llvm::SmallPtrSetImpl<const VarDecl *> &Vars,
                 llvm::StringRef Why) {
    for (const VarDecl *V : Vars) {
      forgetMembers(V);
      auto It = env().find(V);
      if (It == env().end() && !isa<ParmVarDecl>(V))
        continue;
      env()[V] = unknownValue(V->getType(), "'" + V->getNameAsString() +
                                                "' is " + Why.str());
    }
  }

  Value unknownValue(QualType T, llvm::StringRef Why) {
    if (T->isPointerType()) {
      Pointer P;
      P.Why = Why.str();
      P.UnknownOffset = X.unknown(Why);
      P.Offset = P.UnknownOffset;
      return Value::pointer(P);
    }
    if (T->isIntegralOrEnumerationType())
      return Value::integer(X.unknown(Why));
    return Value::none();
  }

  /// V as a 0/1 truth value; comparisons already are one.
  const LExpr *truth(const LExpr *V) {
    if (V->getKind() == ExprKind::Cmp)
      return V;
    return X.cmp(CmpPred::NE, V, X.constant(0));
  }
  const LExpr *both(const LExpr *A, const LExpr *B) {
    return X.select(truth(A), truth(B), X.constant(0));
  }
  /// The path as one 0/1 expression.
  const LExpr *pathCondition() {
    const LExpr *C = X.constant(1);
    for (const LExpr *P : Path)
      C = both(C, P);
    return C;
  }
  std::vector<const LExpr *> pathWith(const std::vector<const LExpr *> &Outer,
                                      const LExpr *C) {
    std::vector<const LExpr *> P = Outer;
    P.push_back(C);
    return P;
  }

  /// Every frame's variables: a branch may write the caller's variables
  /// through a reference parameter.
  struct State {
    std::vector<Env> Vars;
    std::vector<MemberEnv> Members;
  };
  State capture() const {
    State S;
    for (const Frame &F : Frames) {
      S.Vars.push_back(F.Vars);
      S.Members.push_back(F.Members);
    }
    return S;
  }
  void restore(const State &S) {
    for (size_t I = 0; I < Frames.size(); ++I) {
      Frames[I].Vars = S.Vars[I];
      Frames[I].Members = S.Members[I];
    }
  }

  void visitIf(const IfStmt *IS) {
    visit(IS->getInit());
    if (IS->getConditionVariableDeclStmt())
      visit(IS->getConditionVariableDeclStmt());
    const LExpr *C = truth(evalInt(IS->getCond()));
    std::vector<const LExpr *> Outer = Path;
    State Before = capture();

    Path = pathWith(Outer, C);
    visit(IS->getThen());
    State AfterThen = capture();

    restore(Before);
    Path = pathWith(Outer, X.logicalNot(C));
    visit(IS->getElse());
    State AfterElse = capture();

    Path = Outer;
    for (size_t I = 0; I < Frames.size(); ++I) {
      Frames[I].Vars = merge(C, AfterThen.Vars[I], AfterElse.Vars[I]);
      Frames[I].Members = merge(C, AfterThen.Members[I], AfterElse.Members[I]);
    }
    // "if (i >= n) return;" guards the rest of the block.
    if (!IS->getElse() && exitsUnconditionally(IS->getThen()))
      Path = pathWith(Outer, X.logicalNot(C));
    else if (IS->getElse() && exitsUnconditionally(IS->getElse()) &&
             !exitsUnconditionally(IS->getThen()))
      Path = pathWith(Outer, C);
  }

  static const VarDecl *varOf(const VarDecl *V) { return V; }
  static const VarDecl *varOf(const std::pair<const VarDecl *, std::string> &K) {
    return K.first;
  }

  template <typename Map> Map merge(const LExpr *C, const Map &T, const Map &F) {
    Map R;
    auto Join = [&](const VarDecl *V, const Value &A, const Value &B) {
      if (sameValue(A, B))
        return A;
      if (A.K == Value::Int && B.K == Value::Int)
        return Value::integer(X.select(C, A.I, B.I));
      if (A.K == Value::Ptr && B.K == Value::Ptr && A.P.Base == B.P.Base &&
          A.P.Sp == B.P.Sp && A.P.Why.empty() && B.P.Why.empty()) {
        Pointer P = A.P;
        P.Offset = X.select(C, A.P.Offset, B.P.Offset);
        return Value::pointer(P);
      }
      return unknownValue(V->getType(),
                          "'" + V->getNameAsString() +
                              "' differs between the branches of an if");
    };
    for (const auto &[K, A] : T) {
      auto It = F.find(K);
      if (It == F.end())
        continue; // set inside one branch only
      R[K] = Join(varOf(K), A, It->second);
    }
    return R;
  }

  /// An induction variable: its one update per iteration is v += Step.
  struct Induction {
    const VarDecl *Var;
    const LExpr *Step; ///< in the variable's own units (bytes for pointers)
  };

  /// The step of V if Update is "++v", "v++", "v += c", "v = v + c", "v -= c"
  /// with c not changing inside the loop.
  const LExpr *stepOf(const Stmt *Update, const VarDecl *V,
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
      llvm::SmallPtrSet<const VarDecl *, 8> Used;
      bool Varies = false;
      std::function<void(const Stmt *)> Walk = [&](const Stmt *N) {
        if (!N)
          return;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(N))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
            if (Assigned.count(VD))
              Varies = true;
        for (const Stmt *C : N->children())
          Walk(C);
      };
      Walk(S);
      return !Varies;
    };
    auto Scaled = [&](const LExpr *S) {
      if (!V->getType()->isPointerType())
        return S;
      CharUnits Size = Ctx.getTypeSizeInChars(V->getType()->getPointeeType());
      return X.mul(S, X.constant(Size.getQuantity()));
    };
    auto Quietly = [&](const clang::Expr *S) {
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
      const auto *Sum = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
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

  /// The statements of a loop that run exactly once per iteration: the
  /// increment and the direct children of the body.
  std::vector<const Stmt *> unconditionalUpdates(const Stmt *Inc,
                                                 const Stmt *Body) {
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
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
      for (const Stmt *S : CS->body())
        U.push_back(S);
    else if (Body)
      U.push_back(Body);
    return U;
  }

  void visitLoop(const Stmt *Loop, const clang::Expr *Cond, const Stmt *Inc,
                 const Stmt *Body,
                 bool IsDo, const Stmt *CondVar) {
    llvm::SmallPtrSet<const VarDecl *, 8> Assigned;
    std::map<const VarDecl *, unsigned> Writes;
    collectAssigned(Cond, Assigned, &Writes);
    collectAssigned(Inc, Assigned, &Writes);
    collectAssigned(Body, Assigned, &Writes);
    // A struct in registers used in the loop may change through its member
    // functions: its members are not followed across iterations.
    for (const Stmt *S : {static_cast<const Stmt *>(Cond), Inc, Body})
      forEachRecordVar(S, [&](const VarDecl *V) { forgetMembers(V); });

    std::vector<Induction> Inductions;
    for (const Stmt *U : unconditionalUpdates(Inc, Body)) {
      if (const VarDecl *V = writtenVar(U)) {
        if (Writes[V] != 1)
          continue;
        auto It = env().find(V);
        bool Tracked = It != env().end() || isa<ParmVarDecl>(V);
        if (!Tracked)
          continue;
        if (const LExpr *Step = stepOf(U, V, Assigned))
          Inductions.push_back({V, Step});
      }
    }

    unsigned Ordinal = LoopCount++;
    std::string IterName =
        "iter(" +
        (Inductions.empty() ? "#" + std::to_string(Ordinal)
                            : Inductions.front().Var->getNameAsString()) +
        ")";
    const LExpr *Iter = X.symbol(SymbolKind::LoopIter, Ordinal, IterName);

    // Bind induction variables to start + step * iteration; everything
    // else written in the loop changes in ways we do not model.
    std::map<const VarDecl *, Value> Start;
    for (const Induction &I : Inductions)
      Start[I.Var] = readVariable(I.Var);
    llvm::SmallPtrSet<const VarDecl *, 8> Others(Assigned.begin(), Assigned.end());
    for (const Induction &I : Inductions)
      Others.erase(I.Var);
    forgetAll(Others, "changed inside a loop");
    auto Advance = [&](const LExpr *Count) {
      for (const Induction &I : Inductions) {
        const Value &S = Start[I.Var];
        const LExpr *Delta = X.mul(I.Step, Count);
        if (S.K == Value::Int) {
          env()[I.Var] = Value::integer(X.add(S.I, Delta));
        } else if (S.K == Value::Ptr) {
          Pointer P = S.P;
          P.Offset = X.add(P.Offset, Delta);
          env()[I.Var] = Value::pointer(P);
        }
      }
    };
    Advance(Iter);

    std::vector<const LExpr *> Outer = Path;
    const LExpr *CondValue = nullptr;
    if (CondVar)
      visit(CondVar);
    if (!IsDo && Cond) {
      CondValue = evalInt(Cond);
      Path = pathWith(Outer, CondValue);
    }
    // A range split among threads: each starts where the thread says and
    // all run equally long (for (k = t*per; k < (t+1)*per; ++k)). Decided
    // before the body is visited: its accesses are evaluated as they come.
    auto OnThread = [](const SymbolExpr *S) {
      return S->getSymbolKind() == SymbolKind::ThreadIdx;
    };
    bool StartsPerThread = false;
    for (const Induction &I : Inductions) {
      const Value &S = Start[I.Var];
      StartsPerThread |= S.K == Value::Int && mentionsIf(S.I, OnThread);
      StartsPerThread |= S.K == Value::Ptr && mentionsIf(S.P.Offset, OnThread);
    }
    bool Split =
        StartsPerThread && uniformTripCount(CondValue, Body, /*Any=*/true);
    if (Split)
      SplitLoops.insert(Iter);
    Loops.push_back({Loop, Iter, Split});
    visit(Body);
    if (IsDo && Cond)
      CondValue = evalInt(Cond);
    visit(Inc);
    Loops.pop_back();
    Path = Outer;
    forgetAll(Assigned, "its value after a loop");
    // An induction variable leaves the loop at start + step * (iterations
    // run). When every lane runs the loop equally often that count is one
    // uniform unknown, and the lane pattern after the loop survives.
    if (!Inductions.empty() && uniformTripCount(CondValue, Body))
      Advance(X.symbol(SymbolKind::Opaque, 0,
                       "iterations(" +
                           Inductions.front().Var->getNameAsString() + ")"));
  }

  /// Whether all lanes leave a loop after the same number of iterations: its
  /// condition does not depend on the lane once the induction variables are
  /// bound, and nothing leaves the body early.
  /// With Any, whether one of the condition's conjuncts alone gives every
  /// lane the same trip count ("k < (t+1)*per && k < n": a split range with
  /// a bound check); without, whether all of them do.
  bool uniformTripCount(const LExpr *Cond, const Stmt *Body, bool Any = false) {
    if (!Cond || findUnknown(Cond) || hasEarlyExit(Body, /*InNestedLoop=*/false))
      return false;
    std::vector<const LExpr *> Parts;
    conjuncts(Cond, Parts);
    auto Uniform = [&](const LExpr *Part) {
      const LExpr *Test = Part;
      if (const auto *C = dyn_cast<NAryExpr>(Part))
        if (C->getKind() == ExprKind::Cmp)
          Test = X.sub(C->getOperand(0), C->getOperand(1));
      return !mentionsIf(Test, [](const SymbolExpr *S) {
        return S->getSymbolKind() == SymbolKind::ThreadIdx;
      });
    };
    return Any ? llvm::any_of(Parts, Uniform) : llvm::all_of(Parts, Uniform);
  }

  /// Splits "a && b" (select(a, b, 0)) and "x < min(a, b)" into the
  /// comparisons that must all hold.
  void conjuncts(const LExpr *E, std::vector<const LExpr *> &Out) {
    const auto *N = dyn_cast<NAryExpr>(E);
    if (N && N->getKind() == ExprKind::Select) {
      const auto *F = dyn_cast<coalesce::ConstantExpr>(N->getOperand(2));
      if (F && F->getValue() == 0) {
        conjuncts(N->getOperand(0), Out);
        conjuncts(N->getOperand(1), Out);
        return;
      }
    }
    if (N && N->getKind() == ExprKind::Cmp &&
        (N->getPredicate() == CmpPred::LT || N->getPredicate() == CmpPred::LE)) {
      const auto *M = dyn_cast<NAryExpr>(N->getOperand(1));
      if (M && M->getKind() == ExprKind::Min) {
        for (const LExpr *Bound : M->operands())
          conjuncts(X.cmp(N->getPredicate(), N->getOperand(0), Bound), Out);
        return;
      }
    }
    Out.push_back(E);
  }

  static bool hasEarlyExit(const Stmt *S, bool InNestedLoop) {
    if (!S)
      return false;
    if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) ||
        (isa<BreakStmt>(S) && !InNestedLoop))
      return true;
    bool Nested = InNestedLoop || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                  isa<DoStmt>(S) || isa<SwitchStmt>(S);
    for (const Stmt *C : S->children())
      if (hasEarlyExit(C, Nested))
        return true;
    return false;
  }

  //===--- Expressions ----------------------------------------------------===//

  const LExpr *evalInt(const clang::Expr *E) {
    Value V = eval(E);
    if (V.K == Value::Ref)
      V = load(V.R, E);
    if (V.K == Value::Int)
      return V.I;
    return X.unknown("'" + sourceText(E) + "' is not an integer we can follow");
  }

  Pointer evalPtr(const clang::Expr *E) {
    Value V = eval(E);
    if (V.K == Value::Ref)
      V = load(V.R, E);
    if (V.K == Value::Ptr)
      return V.P;
    Pointer P;
    P.Why = "pointer '" + sourceText(E) + "' is not one we can follow";
    P.UnknownOffset = X.unknown(P.Why);
    P.Offset = P.UnknownOffset;
    return P;
  }

  /// The height of E's tree (1 for a leaf), measured with an explicit stack
  /// because clang accepts sums of thousands of terms whose left-nested tree
  /// would overflow any recursion. The height of every node met is kept, so
  /// each node is measured once however often eval asks about its operands.
  unsigned height(const clang::Expr *E) {
    auto Known = Heights.find(E);
    if (Known != Heights.end())
      return Known->second;
    // Post-order: a node is pushed once to expand its children and once more
    // to sum them up.
    llvm::SmallVector<std::pair<const Stmt *, bool>, 64> Work = {{E, false}};
    while (!Work.empty()) {
      auto [S, Expanded] = Work.pop_back_val();
      if (Heights.count(S))
        continue;
      if (!Expanded) {
        Work.push_back({S, true});
        for (const Stmt *C : S->children())
          if (C && !Heights.count(C))
            Work.push_back({C, false});
        continue;
      }
      unsigned H = 0;
      for (const Stmt *C : S->children())
        if (C)
          H = std::max(H, Heights.lookup(C));
      Heights[S] = H + 1;
    }
    return Heights.lookup(E);
  }

  /// clang's evaluation of E as an integer constant, asked once per node:
  /// HasSideEffects and EvaluateAsInt walk the whole subtree, so asking at
  /// every level of a chain would be quadratic. Callers keep E under
  /// ExprBudget::MaxDepth, which bounds clang's own recursion.
  std::optional<int64_t> constantValue(const clang::Expr *E) {
    if (E->isValueDependent() || E->isTypeDependent() || E->isGLValue() ||
        !E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    auto Known = Constants.find(E);
    if (Known != Constants.end())
      return Known->second;
    std::optional<int64_t> Result;
    clang::Expr::EvalResult R;
    if (!E->HasSideEffects(Ctx) && E->EvaluateAsInt(R, Ctx))
      Result = R.Val.getInt().getExtValue();
    Constants[E] = Result;
    return Result;
  }
  llvm::DenseMap<const Stmt *, unsigned> Heights;
  llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> Constants;

  /// How deep eval/evalPlace may recurse: clang accepts a 5,000-term sum,
  /// whose left-nested tree would otherwise overflow the stack. Far beyond
  /// any index a person writes.
  static constexpr unsigned MaxNesting = 256;
  unsigned Nesting = 0;
  struct NestingScope {
    unsigned &N;
    explicit NestingScope(unsigned &N) : N(++N) {}
    ~NestingScope() { --N; }
  };

  Value eval(const clang::Expr *E) {
    if (!E)
      return Value::none();
    NestingScope Scope(Nesting);
    if (Nesting > MaxNesting)
      return unknownValue(E->getType(), "expression nested too deeply");
    E = E->IgnoreParens();
    // Deeper than any recursion over it may go (ours or clang's): never
    // handed to clang's evaluator, and an arithmetic chain that deep is
    // unknown at once. Assignments and the like are still followed, so the
    // store through such an index is still reported.
    if (height(E) > ExprBudget::MaxDepth) {
      const auto *BO = dyn_cast<BinaryOperator>(E);
      if (BO && !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma)
        return unknownValue(E->getType(), ExprBudget::Reason);
    } else if (std::optional<int64_t> C = constantValue(E)) {
      return Value::integer(X.constant(*C));
    }
    if (E->isGLValue() && !isa<BinaryOperator>(E) &&
        !isa<CompoundAssignOperator>(E) && !isa<UnaryOperator>(E) &&
        !isa<CallExpr>(E) && !isa<ConditionalOperator>(E))
      return Value::ref(evalPlace(E));

    if (const auto *CE = dyn_cast<CastExpr>(E))
      return evalCast(CE);
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return evalBinary(BO);
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return evalUnary(UO);
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
      return evalConditional(CO);
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
      return evalPseudoObject(PO);
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return evalCall(Call);
    if (const auto *CCE = dyn_cast<CXXConstructExpr>(E))
      return evalConstruct(CCE);
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      return eval(M->getSubExpr());
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      return eval(EWC->getSubExpr());
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      return eval(BTE->getSubExpr());
    if (const auto *CE = dyn_cast<clang::ConstantExpr>(E))
      return eval(CE->getSubExpr());
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      return eval(DA->getExpr());
    if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return eval(ST->getReplacement());
    if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
      return unknownValue(E->getType(), "null pointer");
    if (isa<LambdaExpr>(E))
      return Value::none();
    if (isa<CXXThisExpr>(E)) {
      const std::optional<Place> &This = Frames.back().This;
      if (This && This->K == Place::Memory)
        return Value::pointer(This->Addr);
      return unknownValue(E->getType(), "'this' of an object held in registers");
    }

    // Anything else: evaluate the children for the accesses they make.
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<clang::Expr>(C))
        eval(CE);
    if (E->getType()->isFloatingType() || E->getType()->isVoidType() ||
        E->getType()->isRecordType())
      return Value::none();
    return unknownValue(E->getType(), "unsupported expression '" +
                                          sourceText(E) + "'");
  }

  Value evalCast(const CastExpr *CE) {
    const clang::Expr *Sub = CE->getSubExpr();
    switch (CE->getCastKind()) {
    case CK_LValueToRValue: {
      Place P = evalPlace(Sub);
      return load(P, Sub);
    }
    case CK_ArrayToPointerDecay: {
      Place P = evalPlace(Sub);
      if (P.K == Place::Memory)
        return Value::pointer(P.Addr);
      if (P.K == Place::Variable) {
        Pointer Ptr;
        Ptr.Base = P.Path;
        Ptr.Offset = X.constant(0);
        Ptr.Sp = Space::Local;
        return Value::pointer(Ptr);
      }
      return unknownValue(CE->getType(), "array '" + sourceText(Sub) +
                                             "' is not one we can follow");
    }
    case CK_FloatingToIntegral:
      eval(Sub);
      return Value::integer(X.unknown("'" + sourceText(Sub) +
                                      "' is computed in floating point"));
    case CK_IntegralToBoolean:
      return Value::integer(truth(evalInt(Sub)));
    case CK_PointerToIntegral:
    case CK_IntegralToPointer:
      eval(Sub);
      return unknownValue(CE->getType(), "integer/pointer conversion in '" +
                                             sourceText(CE) + "'");
    case CK_PointerToBoolean: {
      eval(Sub);
      return Value::integer(X.unknown("pointer tested for null"));
    }
    default:
      break;
    }
    Value V = eval(Sub);
    if (V.K == Value::Ref && !CE->isGLValue())
      V = load(V.R, Sub);
    QualType T = CE->getType();
    if (T->isPointerType() && V.K == Value::Ptr)
      return V;
    if (T->isIntegralOrEnumerationType() && V.K == Value::Int)
      return V;
    if (CE->isGLValue() && V.K == Value::Ref) {
      V.R.Type = T; // reinterpret as another type
      return V;
    }
    if (T->isIntegralOrEnumerationType() || T->isPointerType())
      return unknownValue(T, "conversion in '" + sourceText(CE) + "'");
    return Value::none();
  }

  const LExpr *intBinary(BinaryOperatorKind Op, const LExpr *A,
                         const LExpr *B) {
    if (BinaryOperator::isCompoundAssignmentOp(Op))
      Op = BinaryOperator::getOpForCompoundAssignment(Op);
    switch (Op) {
    case BO_Add:
      return X.add(A, B);
    case BO_Sub:
      return X.sub(A, B);
    case BO_Mul:
      return X.mul(A, B);
    case BO_Div:
      return X.div(A, B);
    case BO_Rem:
      return X.rem(A, B);
    case BO_Shl:
      return X.shl(A, B);
    case BO_Shr:
      return X.shr(A, B);
    case BO_And:
      return X.bitAnd(A, B);
    case BO_Or:
      return X.bitOr(A, B);
    case BO_Xor:
      return X.bitXor(A, B);
    case BO_LT:
      return X.cmp(CmpPred::LT, A, B);
    case BO_LE:
      return X.cmp(CmpPred::LE, A, B);
    case BO_GT:
      return X.cmp(CmpPred::LT, B, A);
    case BO_GE:
      return X.cmp(CmpPred::LE, B, A);
    case BO_EQ:
      return X.cmp(CmpPred::EQ, A, B);
    case BO_NE:
      return X.cmp(CmpPred::NE, A, B);
    default:
      return X.unknown("unsupported operator");
    }
  }

  /// p + i, i + p, p - i: the offset moves by i elements.
  Value pointerArith(BinaryOperatorKind Op, const clang::Expr *PtrE,
                     const clang::Expr *IntE, QualType PtrType) {
    Pointer P = evalPtr(PtrE);
    const LExpr *I = evalInt(IntE);
    QualType Pointee = PtrType->getPointeeType();
    int64_t Size = Pointee->isIncompleteType() || Pointee->isVoidType()
                       ? 1
                       : Ctx.getTypeSizeInChars(Pointee).getQuantity();
    const LExpr *Delta = X.mul(I, X.constant(Size));
    if (Op == BO_Sub || Op == BO_SubAssign)
      Delta = X.neg(Delta);
    P.Offset = X.add(P.Offset, Delta);
    return Value::pointer(P);
  }

  Value evalBinary(const BinaryOperator *BO) {
    BinaryOperatorKind Op = BO->getOpcode();
    const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();

    if (Op == BO_Comma) {
      eval(L);
      return eval(R);
    }
    if (Op == BO_Assign) {
      Place P = evalPlace(L);
      Value V = eval(R);
      if (V.K == Value::Ref)
        V = load(V.R, R);
      store(P, V, L, Operation::Store);
      return V;
    }
    if (BO->isCompoundAssignmentOp()) {
      Place P = evalPlace(L);
      Value Rhs = eval(R);
      if (Rhs.K == Value::Ref)
        Rhs = load(Rhs.R, R);
      if (P.K == Place::Variable) {
        Value Old = readPlaceValue(P, L);
        Value New = Value::none();
        if (Old.K == Value::Ptr && Rhs.K == Value::Int) {
          QualType Pointee = L->getType()->getPointeeType();
          int64_t Size = Ctx.getTypeSizeInChars(Pointee).getQuantity();
          Pointer NP = Old.P;
          const LExpr *D = X.mul(Rhs.I, X.constant(Size));
          NP.Offset = X.add(NP.Offset, Op == BO_SubAssign ? X.neg(D) : D);
          New = Value::pointer(NP);
        } else if (Old.K == Value::Int && Rhs.K == Value::Int) {
          New = Value::integer(intBinary(Op, Old.I, Rhs.I));
        } else {
          New = unknownValue(L->getType(), "'" + sourceText(L) +
                                               "' is updated in a way we "
                                               "cannot follow");
        }
        store(P, New, L, Operation::LoadStore);
        return New;
      }
      store(P, Value::none(), L, Operation::LoadStore);
      return Value::none();
    }
    if (Op == BO_LAnd || Op == BO_LOr) {
      const LExpr *A = truth(evalInt(L));
      std::vector<const LExpr *> Outer = Path;
      Path = pathWith(Outer, Op == BO_LAnd ? A : X.logicalNot(A));
      const LExpr *B = truth(evalInt(R));
      Path = Outer;
      return Value::integer(Op == BO_LAnd ? X.select(A, B, X.constant(0))
                                          : X.select(A, X.constant(1), B));
    }
    QualType LT = L->getType(), RT = R->getType();
    if ((Op == BO_Add || Op == BO_Sub) && LT->isPointerType() &&
        RT->isIntegralOrEnumerationType())
      return pointerArith(Op, L, R, LT);
    if (Op == BO_Add && RT->isPointerType() && LT->isIntegralOrEnumerationType())
      return pointerArith(Op, R, L, RT);
    if (Op == BO_Sub && LT->isPointerType() && RT->isPointerType()) {
      Pointer A = evalPtr(L), B = evalPtr(R);
      if (A.Base.empty() || A.Base != B.Base)
        return Value::integer(X.unknown("difference of unrelated pointers"));
      int64_t Size = Ctx.getTypeSizeInChars(LT->getPointeeType()).getQuantity();
      return Value::integer(
          X.div(X.sub(A.Offset, B.Offset), X.constant(Size ? Size : 1)));
    }
    if (BO->getType()->isIntegralOrEnumerationType() &&
        LT->isIntegralOrEnumerationType() && RT->isIntegralOrEnumerationType())
      return Value::integer(intBinary(Op, evalInt(L), evalInt(R)));
    // Floating point or pointer comparisons: only the accesses matter.
    Value A = eval(L), B = eval(R);
    if (A.K == Value::Ref)
      load(A.R, L);
    if (B.K == Value::Ref)
      load(B.R, R);
    return unknownValue(BO->getType(), "'" + sourceText(BO) +
                                           "' is not integer arithmetic");
  }

  Value evalUnary(const UnaryOperator *UO) {
    const clang::Expr *Sub = UO->getSubExpr();
    switch (UO->getOpcode()) {
    case UO_Deref:
      return Value::ref(evalPlace(UO));
    case UO_AddrOf: {
      Place P = evalPlace(Sub);
      if (P.K == Place::Memory)
        return Value::pointer(P.Addr);
      return unknownValue(UO->getType(), "address of a local variable");
    }
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec: {
      Place P = evalPlace(Sub);
      if (P.K != Place::Variable) {
        store(P, Value::none(), Sub, Operation::LoadStore);
        return Value::none();
      }
      Value Old = readPlaceValue(P, Sub);
      int64_t D = UO->isIncrementOp() ? 1 : -1;
      Value New = Old;
      if (Old.K == Value::Int) {
        New.I = X.add(Old.I, X.constant(D));
      } else if (Old.K == Value::Ptr) {
        int64_t Size =
            Ctx.getTypeSizeInChars(Sub->getType()->getPointeeType()).getQuantity();
        New.P.Offset = X.add(Old.P.Offset, X.constant(D * Size));
      }
      store(P, New, Sub, Operation::LoadStore);
      return UO->isPrefix() ? New : Old;
    }
    case UO_Minus:
      return Value::integer(X.neg(evalInt(Sub)));
    case UO_Plus:
      return Value::integer(evalInt(Sub));
    case UO_Not:
      return Value::integer(X.sub(X.neg(evalInt(Sub)), X.constant(1)));
    case UO_LNot:
      return Value::integer(X.logicalNot(evalInt(Sub)));
    default:
      return eval(Sub);
    }
  }

  Value evalConditional(const AbstractConditionalOperator *CO) {
    const LExpr *C = truth(evalInt(CO->getCond()));
    std::vector<const LExpr *> Outer = Path;
    Path = pathWith(Outer, C);
    Value T = eval(CO->getTrueExpr());
    Path = pathWith(Outer, X.logicalNot(C));
    Value F = eval(CO->getFalseExpr());
    Path = Outer;
    if (!CO->isGLValue()) {
      if (T.K == Value::Ref)
        T = load(T.R, CO->getTrueExpr());
      if (F.K == Value::Ref)
        F = load(F.R, CO->getFalseExpr());
    }
    if (T.K == Value::Int && F.K == Value::Int)
      return Value::integer(X.select(C, T.I, F.I));
    if (T.K == Value::Ptr && F.K == Value::Ptr && T.P.Base == F.P.Base &&
        T.P.Sp == F.P.Sp && T.P.Why.empty() && F.P.Why.empty()) {
      Pointer P = T.P;
      P.Offset = X.select(C, T.P.Offset, F.P.Offset);
      return Value::pointer(P);
    }
    return unknownValue(CO->getType(), "the arms of '" + sourceText(CO) +
                                           "' are not comparable");
  }

  /// threadIdx.x and friends are MS properties of clang's builtin variables.
  Value evalPseudoObject(const PseudoObjectExpr *PO) {
    if (const auto *MP =
            dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens())) {
      const clang::Expr *Base = MP->getBaseExpr()->IgnoreImpCasts();
      if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
        Base = OVE->getSourceExpr()->IgnoreImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
        StringRef Var = DRE->getDecl()->getName();
        StringRef Prop = MP->getPropertyDecl()->getName();
        unsigned Dim = llvm::StringSwitch<unsigned>(Prop)
                           .Case("x", 0)
                           .Case("y", 1)
                           .Case("z", 2)
                           .Default(3);
        if (Dim < 3) {
          if (Var == "threadIdx")
            return Value::integer(X.threadIdx(Dim));
          if (Var == "blockIdx")
            return Value::integer(X.blockIdx(Dim));
          if (Var == "blockDim")
            return Value::integer(X.blockDim(Dim));
          if (Var == "gridDim")
            return Value::integer(X.gridDim(Dim));
        }
      }
    }
    return eval(PO->getResultExpr());
  }

  Value evalConstruct(const CXXConstructExpr *CCE) {
    const CXXConstructorDecl *Ctor = CCE->getConstructor();
    // A struct copied out of (or into) memory is one access of its size.
    if (CCE->getNumArgs() == 1 && Ctor &&
        (Ctor->isCopyConstructor() || Ctor->isMoveConstructor())) {
      const clang::Expr *Arg = CCE->getArg(0);
      while (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Arg))
        Arg = M->getSubExpr();
      Arg = Arg->IgnoreParenNoopCasts(Ctx);
      if (Arg->isGLValue()) {
        Place P = evalPlace(Arg);
        load(P, Arg);
        return Value::none();
      }
      return eval(Arg);
    }
    for (const clang::Expr *A : CCE->arguments())
      loadIfRef(eval(A), A);
    return Value::none();
  }

  void loadIfRef(const Value &V, const clang::Expr *E) {
    if (V.K == Value::Ref)
      load(V.R, E);
  }

  //===--- Calls ----------------------------------------------------------===//

  Value evalCall(const CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    StringRef Name;
    if (Callee && Callee->getIdentifier())
      Name = Callee->getName();

    // Struct assignment through a trivial operator=.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
      if (OC->getOperator() == OO_Equal && MD && MD->isTrivial() &&
          OC->getNumArgs() == 2) {
        Place Dst = evalPlace(OC->getArg(0));
        const clang::Expr *Src = OC->getArg(1);
        Value V = eval(Src);
        loadIfRef(V, Src);
        store(Dst, Value::none(), OC->getArg(0), Operation::Store);
        return Value::ref(Dst);
      }
    }

    const FunctionDecl *Def = nullptr;
    bool Inlinable = Callee && Callee->hasBody(Def) && Def &&
                     !Def->hasAttr<CUDAGlobalAttr>() &&
                     !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()));
    if (std::optional<Value> V = evalBuiltin(Call, Name, Inlinable))
      return *V;
    if (Inlinable)
      return inlineCall(Call, Def);

    for (const clang::Expr *A : Call->arguments())
      loadIfRef(eval(A), A);
    if (Call->getType()->isReferenceType() || Call->isGLValue())
      return Value::ref(Place());
    return unknownValue(Call->getType(), "result of a call to '" +
                                             (Name.empty() ? std::string("?")
                                                           : Name.str()) +
                                             "'");
  }

  /// The CUDA device functions of CudaBuiltins.def; nullopt for any other
  /// call (or a builtin called in a form we do not model).
  /// A project's own atomicAdd (the classic double version built on
  /// atomicCAS) or texture helper is followed into its body: only the
  /// toolkit's are modelled.
  std::optional<Value> evalBuiltin(const CallExpr *Call, StringRef Name,
                                   bool HasOwnBody) {
    BuiltinKind K = lookupCudaBuiltin(Name);
    if (K == BuiltinKind::None ||
        (HasOwnBody &&
         (K == BuiltinKind::Atomic || K == BuiltinKind::TextureFetch1D)))
      return std::nullopt;
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
      return Value::integer(K == BuiltinKind::IntMin ? X.min(A, B)
                                                     : X.max(A, B));
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

  Value inlineCall(const CallExpr *Call, const FunctionDecl *Def) {
    std::string Callee = Def->getNameAsString();
    bool Recursive = llvm::any_of(
        Frames, [&](const Frame &F) { return F.FD == Def; });
    if (Recursive || Frames.size() > Opts.InlineDepth ||
        bodyHasErrors(Def, ErrorLocs, SM)) {
      for (const clang::Expr *A : Call->arguments())
        loadIfRef(eval(A), A);
      return unknownValue(Call->getType(),
                          Recursive ? "recursive call to '" + Callee + "'"
                                    : "call to '" + Callee +
                                          "' not inlined (depth or errors)");
    }
    Frame F{Def, {}, {}, {}, std::nullopt};
    // A member function: bind the object it is called on ("this").
    unsigned FirstArg = 0;
    const auto *Method = dyn_cast<CXXMethodDecl>(Def);
    if (Method && Method->isInstance()) {
      const clang::Expr *Obj = nullptr;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
        Obj = MC->getImplicitObjectArgument();
      } else if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() > 0) {
        Obj = Call->getArg(0);
        FirstArg = 1;
      }
      if (Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()))
        F.This = Frames.back().This; // another member of the same object
      else if (Obj && Obj->getType()->isPointerType())
        F.This = placeAt(evalPtr(Obj), Obj->getType()->getPointeeType());
      else if (Obj)
        F.This = evalPlace(Obj);
    }
    for (unsigned I = 0; I < Def->getNumParams(); ++I) {
      const ParmVarDecl *PD = Def->getParamDecl(I);
      if (I + FirstArg >= Call->getNumArgs())
        break;
      const clang::Expr *A = Call->getArg(I + FirstArg);
      Value V = eval(A);
      if (PD->getType()->isReferenceType()) {
        if (V.K != Value::Ref)
          V = Value::ref(Place());
      } else if (V.K == Value::Ref) {
        V = load(V.R, A);
      }
      F.Vars[PD] = V;
    }
    Frames.push_back(std::move(F));
    Calls.push_back({Def, Call});
    visit(Def->getBody());
    Calls.pop_back();
    Frame Done = std::move(Frames.back());
    Frames.pop_back();

    if (Done.Returns.empty())
      return Value::none();
    // Later returns are reached only when earlier ones were not taken.
    Value Result = Done.Returns.back().second;
    for (auto It = Done.Returns.rbegin() + 1; It != Done.Returns.rend(); ++It) {
      const Value &V = It->second;
      if (V.K == Value::Int && Result.K == Value::Int)
        Result = Value::integer(X.select(It->first, V.I, Result.I));
      else if (!sameValue(V, Result))
        return unknownValue(Call->getType(),
                            "'" + Callee + "' returns different values");
    }
    return Result;
  }

  //===--- Places ---------------------------------------------------------===//

  /// The memory a pointer points at, seen as a T.
  static Place placeAt(const Pointer &P, QualType T) {
    Place R;
    R.K = Place::Memory;
    R.Addr = P;
    R.Type = T;
    return R;
  }

  Space spaceOf(const VarDecl *VD) {
    if (VD->hasAttr<CUDASharedAttr>())
      return Space::Shared;
    if (VD->hasAttr<CUDAConstantAttr>())
      return Space::Constant;
    if (VD->hasLocalStorage())
      return Space::Local;
    if (VD->hasAttr<CUDADeviceAttr>())
      return Space::Global;
    return Space::Unknown;
  }

  Place evalPlace(const clang::Expr *E) {
    E = E->IgnoreParens();
    Place R;
    R.Type = E->getType();
    NestingScope Scope(Nesting);
    if (Nesting > MaxNesting)
      return R;

    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return R;
      if (VD->getType()->isReferenceType()) {
        Value V = readVariable(VD);
        if (V.K == Value::Ref)
          return V.R;
        return R;
      }
      Space Sp = spaceOf(VD);
      bool Register = Sp == Space::Local && !VD->getType()->isArrayType();
      if (Register) {
        R.K = Place::Variable;
        R.Var = VD;
        R.Frame = Frames.size() - 1;
        R.Path = VD->getNameAsString();
        return R;
      }
      R.K = Place::Memory;
      R.Addr.Base = VD->getNameAsString();
      R.Addr.Decl = VD;
      R.Addr.Offset = X.constant(0);
      R.Addr.Sp = Sp;
      return R;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      Pointer P = evalPtr(AS->getBase());
      const LExpr *I = evalInt(AS->getIdx());
      int64_t Size = elementBytes(AS->getType());
      P.Offset = X.add(P.Offset, X.mul(I, X.constant(Size)));
      return placeAt(P, AS->getType());
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref)
        return placeAt(evalPtr(UO->getSubExpr()), UO->getType());
      if (UO->isIncrementDecrementOp()) {
        eval(UO);
        return evalPlace(UO->getSubExpr());
      }
      return R;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return evalMember(ME);
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      Place P = evalPlace(CE->getSubExpr());
      if (CE->getCastKind() != CK_DerivedToBase &&
          CE->getCastKind() != CK_UncheckedDerivedToBase)
        P.Type = CE->getType();
      return P;
    }
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      eval(M->getSubExpr());
      return R;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma) {
        eval(BO);
        return BO->getOpcode() == BO_Comma ? evalPlace(BO->getRHS())
                                           : evalPlace(BO->getLHS());
      }
    }
    // Calls returning references and conditional lvalues are evaluated as
    // expressions; any other lvalue (a string literal, a compound literal)
    // is no place we follow, but its children may still access memory.
    if (isa<CallExpr>(E) || isa<AbstractConditionalOperator>(E)) {
      Value V = eval(E);
      if (V.K == Value::Ref)
        return V.R;
      return R;
    }
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<clang::Expr>(C))
        loadIfRef(eval(CE), CE);
    return R;
  }

  int64_t elementBytes(QualType T) {
    if (T->isIncompleteType() || T->isDependentType())
      return 1;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  }

  Place evalMember(const MemberExpr *ME) {
    Place R;
    R.Type = ME->getType();
    const ValueDecl *Member = ME->getMemberDecl();
    std::vector<const FieldDecl *> Chain;
    if (const auto *FD = dyn_cast<FieldDecl>(Member))
      Chain.push_back(FD);
    else if (const auto *IFD = dyn_cast<IndirectFieldDecl>(Member))
      for (const NamedDecl *N : IFD->chain())
        Chain.push_back(cast<FieldDecl>(N));
    if (Chain.empty()) {
      eval(ME->getBase());
      return R;
    }
    int64_t Offset = 0;
    for (const FieldDecl *FD : Chain) {
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(FD->getParent());
      Offset += Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
                    .getQuantity();
    }
    std::string MemberName = Member->getNameAsString();

    QualType RecordType;
    Place Base;
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
      RecordType = ME->getBase()->getType()->getPointeeType();
      if (!Frames.back().This)
        return R;
      Base = *Frames.back().This;
    } else if (ME->isArrow()) {
      Pointer P = evalPtr(ME->getBase());
      RecordType = ME->getBase()->getType()->getPointeeType();
      Base = placeAt(P, RecordType);
    } else {
      Base = evalPlace(ME->getBase());
      RecordType = ME->getBase()->getType();
    }

    if (Base.K == Place::Variable) {
      // A member of a struct held in registers (or passed by value).
      R.K = Place::Variable;
      R.Var = Base.Var;
      R.Frame = Base.Frame;
      R.Path = Base.Path + "." + MemberName;
      return R;
    }
    if (Base.K != Place::Memory)
      return R;
    R = Base;
    R.Type = ME->getType();
    R.Addr.Offset = X.add(Base.Addr.Offset, X.constant(Offset));
    if (!R.StructBytes && RecordType->isRecordType()) {
      R.StructBytes = unsigned(elementBytes(RecordType));
      R.StructName = RecordType.getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
      R.MemberName = MemberName;
      R.Struct = RecordType->getAsRecordDecl();
      R.Member = Chain.front();
    } else if (R.StructBytes) {
      R.MemberName += "." + MemberName;
    }
    return R;
  }

  //===--- Reading and writing places ---------------------------------------===//

  /// The current value of a variable of the current frame, or of frame F.
  Value readVariable(const VarDecl *VD) {
    return readVariable(VD, Frames.size() - 1);
  }
  Value readVariable(const VarDecl *VD, size_t F) {
    Env &Vars = Frames[F].Vars;
    auto It = Vars.find(VD);
    if (It != Vars.end())
      return It->second;
    std::string Name = VD->getNameAsString();
    QualType T = VD->getType();
    // Parameters of the kernel itself, __constant__ and __device__
    // variables are uniform runtime values.
    bool KernelParam = isa<ParmVarDecl>(VD) && F == 0;
    if ((KernelParam || !VD->hasLocalStorage()) &&
        (T->isPointerType() || T->isIntegralOrEnumerationType()))
      return namedRuntimeValue(Name, T);
    return unknownValue(T, "'" + Name + "' has no value we can follow");
  }

  /// A uniform value known only by name: a kernel parameter, a member of a
  /// by-value struct parameter, a __constant__ or __device__ variable.
  Value namedRuntimeValue(const std::string &Name, QualType T,
                          SymbolKind Kind = SymbolKind::Param) {
    if (!T.isNull() && T->isPointerType()) {
      Pointer P;
      P.Base = Name;
      P.Offset = X.constant(0);
      P.Sp = Space::Global;
      return Value::pointer(P);
    }
    return Value::integer(X.symbol(Kind, 0, Name));
  }

  Value readPlaceValue(const Place &P, const clang::Expr *E) {
    if (P.K != Place::Variable)
      return load(P, E);
    if (P.Path != P.Var->getNameAsString()) {
      const MemberEnv &M = Frames[P.Frame].Members;
      auto It = M.find({P.Var, P.Path});
      if (It != M.end())
        return It->second.K == Value::Ref ? load(It->second.R, E) : It->second;
      // A member of a struct held by value: a kernel parameter's member is
      // a uniform runtime value; a local struct's unset members are not.
      if (isa<ParmVarDecl>(P.Var) && P.Frame == 0 &&
          (P.Type->isPointerType() || P.Type->isIntegralOrEnumerationType()))
        return namedRuntimeValue(P.Path, P.Type);
      return unknownValue(P.Type,
                          "'" + P.Path + "' is a member of a local struct");
    }
    Value V = readVariable(P.Var, P.Frame);
    if (V.K == Value::Ref)
      return load(V.R, E);
    return V;
  }

  /// Reads a place: a global-memory read is recorded as a load; the value
  /// read is followed when it is an integer or a pointer.
  Value load(const Place &P, const clang::Expr *E,
             Operation Op = Operation::Load) {
    if (P.K == Place::Variable)
      return readPlaceValue(P, E);
    if (P.K == Place::None)
      return unknownValue(E->getType(), "'" + sourceText(E) +
                                            "' is not a place we can follow");
    record(E, P, Op);
    QualType T = P.Type;
    if (!T->isIntegralOrEnumerationType() && !T->isPointerType())
      return Value::none();
    // A value read at one address by the whole warp is uniform: name it by
    // its text. Read at lane-dependent addresses, it is a gather index.
    const LExpr *Off = P.Addr.Offset;
    bool LaneDependent =
        !P.Addr.Why.empty() || findUnknown(Off) ||
        mentionsIf(Off, [](const SymbolExpr *S) {
          return S->getSymbolKind() == SymbolKind::ThreadIdx;
        });
    if (!LaneDependent)
      return namedRuntimeValue(sourceText(E), T, SymbolKind::Opaque);
    const LExpr *U =
        X.unknown("depends on '" + sourceText(E) + "', loaded from memory");
    LoadUnknowns.insert(U);
    if (T->isPointerType()) {
      Pointer Ptr;
      Ptr.Why = "pointer '" + sourceText(E) + "' is loaded from memory";
      Ptr.UnknownOffset = U;
      Ptr.Offset = U;
      Ptr.Sp = Space::Unknown;
      return Value::pointer(Ptr);
    }
    return Value::integer(U);
  }

  void store(const Place &P, const Value &V, const clang::Expr *E,
             Operation Op) {
    if (P.K == Place::Variable) {
      // The frame that holds the variable: a reference parameter writes
      // back to its caller's variable.
      if (P.Path == P.Var->getNameAsString()) {
        Frames[P.Frame].Vars[P.Var] = V;
        // A whole-struct assignment: its members are no longer known.
        MemberEnv &M = Frames[P.Frame].Members;
        for (auto It = M.lower_bound({P.Var, ""});
             It != M.end() && It->first.first == P.Var;)
          It = M.erase(It);
      } else {
        Frames[P.Frame].Members[{P.Var, P.Path}] = V;
      }
      return;
    }
    if (P.K == Place::Memory)
      record(E, P, Op);
  }

  //===--- Recording accesses ---------------------------------------------===//

  static AddressSpace addressSpace(Space Sp) {
    switch (Sp) {
    case Space::Global:
      return AddressSpace::Global;
    case Space::Shared:
      return AddressSpace::Shared;
    case Space::Constant:
      return AddressSpace::Constant;
    case Space::Local:
      return AddressSpace::Local;
    case Space::Unknown:
      break;
    }
    return AddressSpace::Generic;
  }

  /// Tells the listeners about one memory operation at P.
  void record(const clang::Expr *E, const Place &P, Operation Op) {
    if (Quiet || P.K != Place::Memory)
      return;
    MemoryAccess A;
    A.Space = addressSpace(P.Addr.Sp);
    A.Op = Op;
    A.ElemType = P.Type;
    A.ElemBytes = unsigned(elementBytes(P.Type));
    A.Access = E;
    A.Base = P.Addr.Base;
    A.BaseDecl = P.Addr.Decl;
    A.Offset = P.Addr.Offset;
    A.UnknownBase = P.Addr.Why;
    A.UnknownBaseValue = P.Addr.UnknownOffset;
    A.Struct = P.Struct;
    A.Member = P.Member;
    A.StructBytes = P.StructBytes;
    A.StructName = P.StructName;
    A.MemberName = P.MemberName;
    A.Guards = Path;
    A.Loops = Loops;
    A.Calls = Calls;
    A.Kernel = Kernel;
    A.KernelName = KernelName;
    A.Function = Frames.back().FD;
    A.LaunchSite = Launch ? Launch->Site : nullptr;
    A.Ctx = &Ctx;
    A.Warp = &Warp;
    A.SplitLoops = &SplitLoops;
    A.LoadUnknowns = &LoadUnknowns;
    Listener.onAccess(A);
  }
};

class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody() &&
        !FD->isDependentContext() &&
        !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      Kernels.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Kernels;

private:
  const SourceManager &SM;
};

} // namespace

KernelsAnalyzed analyzeTranslationUnit(ASTContext &Ctx, ExprContext &X,
                                       const AnalysisOptions &Opts,
                                       ArrayRef<SourceLocation> ErrorLocs,
                                       MemoryAccessListener &Listener) {
  KernelsAnalyzed Result;
  const SourceManager &SM = Ctx.getSourceManager();
  LaunchMap Launches = collectLaunchSites(Ctx);
  KernelFinder Finder(SM);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *K : Finder.Kernels) {
    if (bodyHasErrors(K, ErrorLocs, SM)) {
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(K->getLocation()));
      Result.SkippedKernels.push_back(
          kernelName(K, Ctx) + " (" +
          (P.isValid() ? std::string(P.getFilename()) + ":" +
                             std::to_string(P.getLine())
                       : std::string("?")) +
          ")");
      continue;
    }
    auto It = Launches.find(K->getCanonicalDecl());
    KernelWalker W(Ctx, X, Opts, K,
                   It == Launches.end() ? nullptr : &It->second, ErrorLocs,
                   Listener);
    W.run();
    ++Result.Kernels;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(K->getLocation()));
    Result.KernelList.push_back(
        {kernelName(K, Ctx),
         {P.isValid() ? std::string(P.getFilename()) : std::string(),
          P.isValid() ? P.getLine() : 0, 0}});
  }
  return Result;
}

} // namespace coalesce
