//===- EvalBuiltins.cpp - what the functions of CudaBuiltins.def do ------===//
//
// One case per BuiltinKind: the toolkit's device functions whose bodies we
// do not have (or would not want to inline) are modelled here. A cached load
// or store is one access through its pointer argument; an atomic is one
// read-modify-write of its first argument, whose old value is unknown; a
// texture fetch reads element i of the texture; integer helpers have closed
// forms in the algebra; a shuffle is its operand at the source lane; a
// cooperative group's rank or size is a closed form in threadIdx, blockIdx,
// blockDim and gridDim. A call in a form the table's kind does not expect
// (wrong arity, a non-integer result) falls back to an ordinary call.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {
constexpr int64_t WarpLanes = 32;

/// The group class named by a cooperative_groups type, and N for a
/// thread_block_tile<N, ...>.
struct GroupType {
  StringRef Name;
  std::optional<int64_t> TileSize;
};

std::optional<GroupType> groupType(QualType T) {
  if (T->isPointerType())
    T = T->getPointeeType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return std::nullopt;
  bool InCooperativeGroups = false;
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      InCooperativeGroups |= NS->getName() == "cooperative_groups";
  if (!InCooperativeGroups)
    return std::nullopt;
  GroupType G{RD->getName(), std::nullopt};
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
    const TemplateArgumentList &Args = Spec->getTemplateArgs();
    if (Args.size() > 0 && Args[0].getKind() == TemplateArgument::Integral)
      G.TileSize = Args[0].getAsIntegral().getExtValue();
  }
  return G;
}

/// The group a thread_group E holds: the group it was made from, followed
/// through copies, conversions, locals' initialisers and the parameters of
/// the calls being walked (Calls, from the kernel), to an expression whose
/// type names the group or to tiled_partition(parent, n) with n constant.
std::optional<GroupType> madeFrom(const clang::Expr *E,
                                  llvm::ArrayRef<CallContext> Calls,
                                  ASTContext &Ctx) {
  size_t Depth = Calls.size();
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MT->getSubExpr();
      continue;
    }
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = BT->getSubExpr();
      continue;
    }
    // A copy, or the conversion of another group.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1) {
      E = CE->getArg(0);
      continue;
    }
    if (std::optional<GroupType> G = groupType(E->getType());
        G && G->Name != "thread_group")
      return G;
    // tiled_partition(parent, n): a tile of n threads.
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      clang::Expr::EvalResult R;
      if (FD && FD->getIdentifier() && FD->getName() == "tiled_partition" &&
          Call->getNumArgs() == 2 && groupType(FD->getReturnType()) &&
          Call->getArg(1)->EvaluateAsInt(R, Ctx))
        return GroupType{"thread_block_tile", R.Val.getInt().getExtValue()};
      return std::nullopt;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return std::nullopt;
    // A parameter: the argument of the call being walked.
    if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
      const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
      if (!Depth || !FD)
        return std::nullopt;
      const CallContext &C = Calls[--Depth];
      unsigned Index = P->getFunctionScopeIndex();
      if (!C.Site || !C.Callee ||
          C.Callee->getCanonicalDecl() != FD->getCanonicalDecl() ||
          isa<CXXOperatorCallExpr>(C.Site) || Index >= C.Site->getNumArgs())
        return std::nullopt;
      E = C.Site->getArg(Index);
      continue;
    }
    // A local: its initialiser.
    E = VD->hasLocalStorage() ? VD->getInit() : nullptr;
  }
  return std::nullopt;
}
} // namespace

const LExpr *KernelWalker::linearThreadId() {
  return X.add(X.threadIdx(0),
               X.mul(X.blockDim(0), X.add(X.threadIdx(1),
                                          X.mul(X.blockDim(1), X.threadIdx(2)))));
}

const LExpr *KernelWalker::atLane(const LExpr *V, const LExpr *Src) {
  const LExpr *Bx = X.blockDim(0), *By = X.blockDim(1);
  const LExpr *Tid = linearThreadId();
  const LExpr *Lane = X.rem(Tid, X.constant(WarpLanes));
  const LExpr *Moved = X.add(X.sub(Tid, Lane), Src);
  const LExpr *Tx = X.rem(Moved, Bx);
  const LExpr *Ty = X.rem(X.div(Moved, Bx), By);
  const LExpr *Tz = X.div(Moved, X.mul(Bx, By));
  return X.substitute(V, [&](const SymbolExpr *S) -> const LExpr * {
    if (S->getSymbolKind() != SymbolKind::ThreadIdx)
      return nullptr;
    return S->getDim() == 0 ? Tx : S->getDim() == 1 ? Ty : Tz;
  });
}

const LExpr *KernelWalker::shuffleSource(unsigned Kind, const LExpr *Op,
                                         const LExpr *Width) {
  const auto *W = dyn_cast<coalesce::ConstantExpr>(Width);
  if (!W || W->getValue() <= 0 || W->getValue() > WarpLanes ||
      (W->getValue() & (W->getValue() - 1)))
    return nullptr;
  const LExpr *Lane = X.rem(linearThreadId(), X.constant(WarpLanes));
  int64_t N = W->getValue();
  // For a whole warp the segment is the warp: no masks to print.
  const LExpr *Segment =
      N == WarpLanes ? X.constant(0) : X.bitAnd(Lane, X.constant(WarpLanes - N));
  const LExpr *InSegment =
      N == WarpLanes ? Lane : X.bitAnd(Lane, X.constant(N - 1));
  const LExpr *Zero = X.constant(0);
  switch (Kind) {
  case 0: // the lane Op of the segment
    return X.add(Segment, X.bitAnd(Op, X.constant(N - 1)));
  case 1: // Op lanes below, else the lane itself
    return X.select(X.cmp(CmpPred::LT, X.sub(InSegment, Op), Zero), Lane,
                    X.sub(Lane, Op));
  case 2: // Op lanes above, else the lane itself
    return X.select(X.cmp(CmpPred::LT, X.add(InSegment, Op), W), X.add(Lane, Op),
                    Lane);
  default: { // lane ^ Op, when that stays within the segment
    const LExpr *Other = X.bitXor(InSegment, Op);
    // A constant mask below the width always does.
    const auto *C = dyn_cast<coalesce::ConstantExpr>(Op);
    if (C && C->getValue() >= 0 && C->getValue() < N)
      return X.add(Segment, Other);
    return X.select(X.cmp(CmpPred::LT, Other, W), X.add(Segment, Other), Lane);
  }
  }
}

std::optional<Value>
KernelWalker::evalGroupMethod(const CallExpr *Call,
                              std::optional<unsigned> Component) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!MD || !MD->getIdentifier())
    return std::nullopt;
  // The object's own class: the methods are often a base class's
  // (thread_group::thread_rank on a thread_block). The toolkit declares
  // some of them static (block.thread_rank() is then a plain call of a
  // member expression), and they may be called through the class.
  const clang::Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    Obj = MC->getImplicitObjectArgument();
  else if (const auto *ME =
               dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    Obj = ME->getBase();
  QualType ObjType = Obj ? Obj->IgnoreParenBaseCasts()->getType()
                         : Ctx.getRecordType(MD->getParent());
  std::optional<GroupType> G = groupType(ObjType);
  // A thread_group is any group: the one it was made from.
  if (G && G->Name == "thread_group" && Obj)
    G = madeFrom(Obj, Calls, Ctx);
  if (!G)
    return std::nullopt;
  std::optional<GroupQuery> Q = lookupGroupMethod(G->Name, MD->getName());
  if (!Q)
    return std::nullopt;
  bool IsTile = G->Name == "thread_block_tile";
  if (IsTile && !G->TileSize)
    return std::nullopt;
  const LExpr *Tid = linearThreadId();
  const LExpr *Threads = X.mul({X.blockDim(0), X.blockDim(1), X.blockDim(2)});
  const LExpr *Rank = X.add(
      X.blockIdx(0),
      X.mul(X.gridDim(0), X.add(X.blockIdx(1),
                                 X.mul(X.gridDim(1), X.blockIdx(2)))));
  const LExpr *Blocks = X.mul({X.gridDim(0), X.gridDim(1), X.gridDim(2)});
  const LExpr *Tile = IsTile ? X.constant(*G->TileSize) : nullptr;
  auto Shuffle = [&](unsigned Kind) -> std::optional<Value> {
    if (Call->getNumArgs() != 2 || !Call->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    // The toolkit takes the value by forwarding reference: a temporary.
    const clang::Expr *Arg = Call->getArg(0);
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Arg))
      Arg = MT->getSubExpr();
    const LExpr *V = evalInt(Arg);
    const LExpr *Src = shuffleSource(Kind, evalInt(Call->getArg(1)), Tile);
    if (!Src)
      return std::nullopt;
    return Value::integer(atLane(V, Src));
  };
  // A dim3 result, read at one component (.x: 0).
  auto Dim3 = [&](const LExpr *(ExprContext::*Of)(unsigned))
      -> std::optional<Value> {
    if (!Component)
      return std::nullopt;
    return Value::integer((X.*Of)(*Component));
  };
  switch (*Q) {
  case GroupQuery::BlockThreadRank:
    return Value::integer(Tid);
  case GroupQuery::BlockSize:
    return Value::integer(Threads);
  case GroupQuery::GridThreadRank:
    return Value::integer(X.add(X.mul(Rank, Threads), Tid));
  case GroupQuery::GridSize:
    return Value::integer(X.mul(Blocks, Threads));
  case GroupQuery::GridBlockRank:
    return Value::integer(Rank);
  case GroupQuery::GridNumBlocks:
    return Value::integer(Blocks);
  case GroupQuery::TileThreadRank:
    return Value::integer(X.rem(Tid, Tile));
  case GroupQuery::TileSize:
    return Value::integer(Tile);
  case GroupQuery::TileMetaGroupRank:
    return Value::integer(X.div(Tid, Tile));
  case GroupQuery::TileMetaGroupSize:
    return Value::integer(
        X.div(X.add(Threads, X.constant(*G->TileSize - 1)), Tile));
  case GroupQuery::TileShuffle:
    return Shuffle(0);
  case GroupQuery::TileShuffleUp:
    return Shuffle(1);
  case GroupQuery::TileShuffleDown:
    return Shuffle(2);
  case GroupQuery::TileShuffleXor:
    return Shuffle(3);
  case GroupQuery::BlockGroupIndex:
  case GroupQuery::GridBlockIndex:
    return Dim3(&ExprContext::blockIdx);
  case GroupQuery::BlockThreadIndex:
    return Dim3(&ExprContext::threadIdx);
  case GroupQuery::BlockDimThreads:
    return Dim3(&ExprContext::blockDim);
  case GroupQuery::GridDimBlocks:
    return Dim3(&ExprContext::gridDim);
  }
  return std::nullopt;
}

std::optional<Value> KernelWalker::warpBitValue(const CallExpr *Call,
                                                StringRef Name,
                                                llvm::ArrayRef<Value> Args) {
  QualType T = Call->getType();
  if (!T->isIntegralOrEnumerationType())
    return std::nullopt;
  bool Vote = llvm::is_contained({"__ballot_sync", "__ballot", "__any_sync",
                                  "__all_sync", "__any", "__all",
                                  "__activemask"},
                                 Name);
  bool Bits = llvm::is_contained({"__popc", "__popcll", "__ffs", "__ffsll",
                                  "__clz", "__clzll", "__brev", "__brevll"},
                                 Name);
  if (!Vote && !Bits)
    return std::nullopt;
  // What the result is computed from: nothing the lanes differ in for a
  // vote; the arguments for a bit function.
  const LExpr *From = X.constant(0);
  if (Bits)
    for (const Value &A : Args) {
      if (A.K != Value::Int)
        return std::nullopt;
      From = X.add(From, A.I);
    }
  if (findUnknown(From) ||
      (mentionsIf(From, isThreadIdx) && !Warp.sameInEveryWarp(From)))
    return std::nullopt;
  std::string Text = sourceText(Call);
  if (!WalkingAhead)
    return namedRuntimeValue(Text, T, SymbolKind::Opaque);
  // Walking ahead, from values the loop carries: the warp's only where
  // they are (the rounds find it); never from a lane's own.
  return sharedAhead(
      Text, From,
      unknownValue(T, "result of a call to '" + Name.str() + "'").I);
}

std::optional<Value> KernelWalker::evalBuiltin(const CallExpr *Call,
                                               BuiltinKind K, StringRef Name) {
  unsigned N = Call->getNumArgs();
  bool IntResult = Call->getType()->isIntegralOrEnumerationType();
  auto Pointee = [&](const clang::Expr *A) {
    return placeAt(evalPtr(A), A->getType()->getPointeeType());
  };
  switch (K) {
  // __nv_atomic_load_n and __nv_atomic_store_n add an order and a scope.
  case BuiltinKind::CachedLoad:
    if (N != (Name == "__nv_atomic_load_n" ? 3 : 1))
      return std::nullopt;
    return load(Pointee(Call->getArg(0)), Call, Operation::CachedLoad);
  case BuiltinKind::CachedStore: {
    if (N != (Name == "__nv_atomic_store_n" ? 4 : 2))
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
    // The old value is whatever other threads left there: read from
    // memory, each lane its own ("idx = atomicAdd(&count, 1); list[idx] =
    // v", a worklist's push), so an index made of it is a gather's.
    QualType T = Call->getType();
    if (T->isIntegralOrEnumerationType() || T->isRealFloatingType()) {
      const LExpr *U =
          X.unknown(Reason(ReasonKind::LoadedFromMemory, sourceText(Call)));
      LoadUnknowns.insert(U);
      return T->isRealFloatingType() ? Value::real(U) : Value::integer(U);
    }
    return unknownValue(T, "result of a call to '" + Name.str() + "'");
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
    // The texel is a value read from memory, as a load's: named where the
    // warp fetches one, a gather index where lanes fetch their own, each
    // member of a vector type its own (Parboil bfs's 'Edge cur_edge =
    // tex1Dfetch(edges, i); g_cost[cur_edge.x]').
    return load(placeAt(P, Call->getType()), Call, Operation::TextureFetch);
  }
  case BuiltinKind::IntMin:
  case BuiltinKind::IntMax: {
    if (!IntResult || N != 2)
      return std::nullopt;
    const LExpr *A = evalInt(Call->getArg(0));
    const LExpr *B = evalInt(Call->getArg(1));
    return Value::integer(K == BuiltinKind::IntMin ? X.min(A, B) : X.max(A, B));
  }
  case BuiltinKind::IntMul: {
    if (!IntResult || N != 2)
      return std::nullopt;
    const LExpr *A = evalInt(Call->getArg(0));
    const LExpr *B = evalInt(Call->getArg(1));
    return Value::integer(X.mul(A, B));
  }
  case BuiltinKind::IntAbs: {
    if (!IntResult || N != 1)
      return std::nullopt;
    const LExpr *A = evalInt(Call->getArg(0));
    return Value::integer(
        X.select(X.cmp(CmpPred::LT, A, X.constant(0)), X.neg(A), A));
  }
  case BuiltinKind::Shuffle:
  case BuiltinKind::ShuffleUp:
  case BuiltinKind::ShuffleDown:
  case BuiltinKind::ShuffleXor: {
    // __shfl*_sync(mask, var, lane or delta[, width]) on an integer.
    if (!IntResult || N < 3 || N > 4)
      return std::nullopt;
    loadIfRef(eval(Call->getArg(0)), Call->getArg(0));
    const LExpr *V = evalInt(Call->getArg(1));
    const LExpr *Width =
        N == 4 ? evalInt(Call->getArg(3)) : X.constant(WarpLanes);
    unsigned Kind = K == BuiltinKind::Shuffle       ? 0
                    : K == BuiltinKind::ShuffleUp   ? 1
                    : K == BuiltinKind::ShuffleDown ? 2
                                                    : 3;
    const LExpr *Src = shuffleSource(Kind, evalInt(Call->getArg(2)), Width);
    if (!Src)
      return unknownValue(Call->getType(),
                          "a shuffle of a width that is not a constant power "
                          "of two up to 32");
    return Value::integer(atLane(V, Src));
  }
  case BuiltinKind::None:
    break;
  }
  return std::nullopt;
}

} // namespace interp
} // namespace coalesce
