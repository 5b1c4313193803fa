//===- WarpEvaluator.cpp --------------------------------------------------===//

#include "Analysis/WarpEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using LExpr = coalesce::Expr;

namespace coalesce {

WarpEvaluator::WarpEvaluator(ExprContext &X, const AnalysisOptions &Opts,
                             const LaunchInfo *Launch,
                             const FunctionDecl *Kernel, ASTContext &Ctx)
    : X(X), Opts(Opts), Launch(Launch) {
  // A block shape no launch can have (a dimension below 1, which dim3's
  // unsigned fields turn into 0 or a huge value, or more than
  // MaxThreadsPerBlock threads in all) is not used: the default shape is
  // assumed instead and the reason is said where the assumption is shown.
  std::string Rejected;
  auto Set = [&](std::array<int64_t, 3> D, std::string Origin) {
    __int128 Threads = 1;
    bool Valid = true;
    for (unsigned I = 0; I < 3; ++I) {
      Valid &= D[I] >= 1 && D[I] <= MaxThreadsPerBlock;
      Threads *= Valid ? D[I] : 1;
    }
    if (!Valid || Threads > MaxThreadsPerBlock) {
      if (Rejected.empty())
        Rejected = "; " + Origin + " gives block " + std::to_string(D[0]) +
                   "x" + std::to_string(D[1]) + "x" + std::to_string(D[2]) +
                   ", not a valid CUDA block (1 to " +
                   std::to_string(MaxThreadsPerBlock) + " threads)";
      return false;
    }
    for (unsigned I = 0; I < 3; ++I)
      Block[I] = unsigned(D[I]);
    BlockKnown = true;
    BlockOrigin = std::move(Origin);
    return true;
  };
  if (Launch && Launch->Block && Set(*Launch->Block, Launch->Origin))
    return;
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    clang::Expr::EvalResult R;
    if (LB->getMaxThreads() && LB->getMaxThreads()->EvaluateAsInt(R, Ctx) &&
        R.Val.getInt().getSignificantBits() <= 64 &&
        Set({R.Val.getInt().getExtValue(), 1, 1}, "__launch_bounds__"))
      return;
  }
  if (Opts.BlockDim) {
    const auto &B = *Opts.BlockDim;
    if (Set({B[0], B[1], B[2]}, "--block-dim"))
      return;
  }
  BlockOrigin = "default (blockDim.x a multiple of 32" + Rejected + ")";
}

const LExpr *WarpEvaluator::withKnownBlock(const LExpr *Off) const {
  if (!BlockKnown)
    return Off;
  return X.substitute(Off, [&](const SymbolExpr *Sym) -> const LExpr * {
    if (Sym->getSymbolKind() == SymbolKind::BlockDim)
      return X.constant(Block[Sym->getDim()]);
    return Sym;
  });
}

std::optional<int64_t> WarpEvaluator::runtimeValue(const SymbolExpr *S,
                                                   std::string &Origin) const {
  std::string Name = S->getName().str();
  auto A = Opts.Assume.find(Name);
  if (A != Opts.Assume.end()) {
    Origin = "--assume";
    return A->second;
  }
  if (S->getSymbolKind() == SymbolKind::GridDim) {
    if (Launch && Launch->Grid) {
      Origin = Launch->Origin;
      return (*Launch->Grid)[S->getDim()];
    }
    Origin = "default";
    return Opts.DefaultGridDim;
  }
  if (Launch) {
    auto C = Launch->ConstantArgs.find(Name);
    if (C != Launch->ConstantArgs.end()) {
      Origin = Launch->Origin;
      return C->second;
    }
  }
  Origin = "default";
  return Opts.DefaultValue;
}

std::array<unsigned, 3> WarpEvaluator::threadOf(unsigned LinearTid) const {
  // Block holds 1 to MaxThreadsPerBlock in each dimension (see the
  // constructor), so neither divisor below is 0 and the product cannot wrap.
  unsigned X0 = LinearTid % Block[0];
  unsigned Y0 = (LinearTid / Block[0]) % Block[1];
  unsigned Z0 = LinearTid / (Block[0] * Block[1]);
  return {X0, Y0, Z0};
}

void WarpEvaluator::evaluateLanes(
    AccessSite &S, const LExpr *Off, llvm::ArrayRef<const LExpr *> Path,
    const std::set<const LExpr *> &SplitLoops) const {
  // Values of every symbol for a given thread of block 0.
  std::map<std::string, std::pair<int64_t, std::string>> Used;
  const LExpr *Innermost = nullptr;
  unsigned Tid = 0;
  std::optional<unsigned> IterValue;
  SymbolValues Values = [&](const SymbolExpr *Sym) -> std::optional<int64_t> {
    unsigned D = Sym->getDim();
    switch (Sym->getSymbolKind()) {
    case SymbolKind::ThreadIdx:
      return threadOf(Tid)[D];
    case SymbolKind::BlockIdx:
      return 0;
    case SymbolKind::BlockDim:
      if (!BlockKnown)
        Used["blockDim"] = {Block[D], BlockOrigin};
      return Block[D];
    case SymbolKind::LoopIter:
      if (IterValue && Sym == Innermost)
        return *IterValue;
      return 0;
    case SymbolKind::GridDim:
    case SymbolKind::Param:
    case SymbolKind::Opaque: {
      std::string Origin;
      std::optional<int64_t> V = runtimeValue(Sym, Origin);
      if (V)
        Used[Sym->getName().str()] = {*V, Origin};
      return V;
    }
    }
    return std::nullopt;
  };

  // The innermost loop the address moves with.
  mentionsIf(Off, [&](const SymbolExpr *Sym) {
    if (Sym->getSymbolKind() == SymbolKind::LoopIter &&
        (!Innermost || Sym->getDim() > cast<SymbolExpr>(Innermost)->getDim()))
      Innermost = Sym;
    return false;
  });

  // A guard decides which lanes are active only when it compares against
  // values we were told (launch site, --assume): against a value we merely
  // assumed it could switch lanes off that the real run keeps on. Guards
  // we cannot evaluate (an unknown) do not decide either; the others
  // still do.
  std::vector<const LExpr *> Guards;
  for (const LExpr *G : Path) {
    bool Assumed = mentionsIf(G, [&](const SymbolExpr *Sym) {
      SymbolKind K = Sym->getSymbolKind();
      if (K != SymbolKind::Param && K != SymbolKind::Opaque &&
          K != SymbolKind::GridDim)
        return false;
      std::string Origin;
      runtimeValue(Sym, Origin);
      return Origin == "default";
    });
    if (!Assumed && !findUnknown(G))
      Guards.push_back(G);
  }
  auto Active = [&]() {
    for (const LExpr *G : Guards) {
      std::optional<int64_t> V = evaluate(G, Values);
      if (V && *V == 0)
        return false;
    }
    return true;
  };

  std::vector<std::optional<int64_t>> Addr(WarpSize);
  bool AnyActive = false;
  for (unsigned L = 0; L < WarpSize; ++L) {
    Tid = L;
    std::optional<int64_t> A = evaluate(Off, Values);
    if (!A) {
      S.UnknownReason = "the address cannot be evaluated for lane " +
                        std::to_string(L) + " (overflow or division by zero)";
      return;
    }
    // A block smaller than a warp leaves the remaining lanes empty.
    if (L >= Block[0] * Block[1] * Block[2])
      continue;
    if (!Active())
      continue;
    Addr[L] = A;
    AnyActive = true;
  }
  if (!AnyActive) {
    // Warp 0 of block 0 does not run this access (a branch taken by other
    // blocks): describe the warps that do. Guards on the lane still
    // decide; uniform ones are dropped, and if that still leaves no lane,
    // every lane is taken as active.
    llvm::erase_if(Guards, [](const LExpr *G) {
      return !mentionsIf(G, [](const SymbolExpr *S) {
        return S->getSymbolKind() == SymbolKind::ThreadIdx;
      });
    });
    for (int Pass = 0; Pass < 2 && !AnyActive; ++Pass) {
      if (Pass == 1)
        Guards.clear();
      for (unsigned L = 0; L < std::min(WarpSize, Block[0] * Block[1] * Block[2]);
           ++L) {
        Tid = L;
        if (!Active())
          continue;
        Addr[L] = evaluate(Off, Values);
        AnyActive = true;
      }
    }
  }
  std::optional<int64_t> First;
  for (const auto &A : Addr)
    if (A && !First)
      First = A;
  S.Lane0Offset = *First;
  S.LaneOffsets.resize(WarpSize);
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Addr[L])
      S.LaneOffsets[L] = *Addr[L] - *First;

  unsigned Threads = Block[0] * Block[1] * Block[2];
  if (Threads >= 2 * WarpSize) {
    Tid = WarpSize;
    if (std::optional<int64_t> W = evaluate(Off, Values)) {
      Tid = 0;
      if (std::optional<int64_t> W0 = evaluate(Off, Values))
        S.WarpStrideBytes = *W - *W0;
    }
  }
  if (Innermost) {
    S.SplitRange = SplitLoops.count(Innermost) > 0;
    unsigned FirstLane = 0;
    while (FirstLane < WarpSize && !Addr[FirstLane])
      ++FirstLane;
    Tid = FirstLane < WarpSize ? FirstLane : 0;
    IterValue = 1;
    std::optional<int64_t> Next = evaluate(Off, Values);
    IterValue.reset();
    std::optional<int64_t> Now = evaluate(Off, Values);
    if (Next && Now)
      S.IterationStepBytes = *Next - *Now;
  }
  for (const auto &[Name, V] : Used)
    if (Name != "blockDim")
      S.Assumptions.push_back({Name, V.first, V.second});
  // The default block shape decides the answer when the address uses
  // blockDim or threadIdx.y/z: say so next to the other assumptions.
  // Terms scaled by blockIdx vanish in block 0, so only the rest counts.
  const LExpr *InBlock0 = X.substitute(Off, [&](const SymbolExpr *Sym) {
    return Sym->getSymbolKind() == SymbolKind::BlockIdx ? X.constant(0) : Sym;
  });
  bool ShapeMatters = mentionsIf(InBlock0, [](const SymbolExpr *Sym) {
    return Sym->getSymbolKind() == SymbolKind::BlockDim ||
           (Sym->getSymbolKind() == SymbolKind::ThreadIdx && Sym->getDim() > 0);
  });
  if (!BlockKnown && ShapeMatters)
    S.Assumptions.push_back({"blockDim.x", Block[0], BlockOrigin});
}

} // namespace coalesce
