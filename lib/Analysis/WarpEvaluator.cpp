//===- WarpEvaluator.cpp --------------------------------------------------===//

#include "Analysis/WarpEvaluator.h"
#include "Model/Coalescer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

using namespace clang;
using LExpr = coalesce::Expr;

namespace coalesce {

WarpEvaluator::WarpEvaluator(ExprContext &X, const AnalysisOptions &Opts,
                             const LaunchInfo *Launch,
                             const FunctionDecl *Kernel, ASTContext &Ctx,
                             const LoopFacts &Loops)
    : X(X), Opts(Opts), Launch(Launch), Loops(Loops) {
  // A block shape no launch can have (a dimension below 1, which dim3's
  // unsigned fields turn into 0 or a huge value, or more than
  // MaxThreadsPerBlock threads in all) is not used: the default shape is
  // assumed instead.
  auto Set = [&](std::array<int64_t, 3> D, ValueOrigin Origin) {
    __int128 Threads = 1;
    bool Valid = true;
    for (unsigned I = 0; I < 3; ++I) {
      Valid &= D[I] >= 1 && D[I] <= MaxThreadsPerBlock;
      Threads *= Valid ? D[I] : 1;
    }
    if (!Valid || Threads > MaxThreadsPerBlock)
      return false;
    for (unsigned I = 0; I < 3; ++I)
      Block[I] = unsigned(D[I]);
    BlockKnown = true;
    BlockDimKnown = {true, true, true};
    BlockOrigin = std::move(Origin);
    return true;
  };
  if (Launch && Launch->Block) {
    ValueOrigin Origin = Launch->Origin;
    Origin.CommandLineDefault = Launch->BlockDefault;
    if (Set(*Launch->Block, Origin))
      return;
  }
  // A launch that knows its block in part ("dim3 b(1, lCols)", "b.x = 32;
  // b.y = user / 32"): the components it knows, the first it does not
  // taking the rest of 256 threads (of the launch bounds' count where the
  // kernel declares one), any other 1. The block stays assumed (BlockKnown
  // false: no resampling along a known x, no predication by the assumed
  // part); the components the launch gives are its (BlockDimKnown).
  if (Launch && !Launch->Block && !Opts.BlockDim &&
      (Launch->BlockParts[0] || Launch->BlockParts[1])) {
    int64_t Total = 256;
    if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
      clang::Expr::EvalResult R;
      if (LB->getMaxThreads() && LB->getMaxThreads()->EvaluateAsInt(R, Ctx) &&
          R.Val.getInt().getSignificantBits() <= 32 &&
          R.Val.getInt().getExtValue() >= 1)
        Total = R.Val.getInt().getExtValue();
    }
    std::array<int64_t, 3> D = {1, 1, 1};
    int64_t KnownThreads = 1;
    for (unsigned I = 0; I < 3; ++I)
      if (const std::optional<int64_t> &P = Launch->BlockParts[I]) {
        D[I] = *P;
        KnownThreads *= std::clamp<int64_t>(*P, 1, MaxThreadsPerBlock);
      }
    for (unsigned I = 0; I < 3; ++I)
      if (!Launch->BlockParts[I]) {
        D[I] = std::max<int64_t>(1, Total / KnownThreads);
        break;
      }
    std::array<bool, 3> Parts = {Launch->BlockParts[0].has_value(),
                                 Launch->BlockParts[1].has_value(),
                                 Launch->BlockParts[2].has_value()};
    if (Set(D, {})) {
      BlockKnown = false;
      BlockDimKnown = Parts;
      return;
    }
  }
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    clang::Expr::EvalResult R;
    if (LB->getMaxThreads() && LB->getMaxThreads()->EvaluateAsInt(R, Ctx) &&
        R.Val.getInt().getSignificantBits() <= 64 &&
        Set({R.Val.getInt().getExtValue(), 1, 1},
            {ValueOrigin::Source::LaunchBounds}))
      return;
  }
  if (Opts.BlockDim) {
    const auto &B = *Opts.BlockDim;
    if (Set({B[0], B[1], B[2]}, {ValueOrigin::Source::BlockDim}))
      return;
  }
}

const LExpr *WarpEvaluator::withKnownBlock(const LExpr *Off) const {
  if (!BlockKnown && !llvm::is_contained(BlockDimKnown, true))
    return Off;
  return X.substitute(Off, [&](const SymbolExpr *Sym) -> const LExpr * {
    if (Sym->getSymbolKind() == SymbolKind::BlockDim &&
        BlockDimKnown[Sym->getDim()])
      return X.constant(Block[Sym->getDim()]);
    return Sym;
  });
}

std::optional<int64_t>
WarpEvaluator::runtimeValueOf(const SymbolExpr *S, const LaunchInfo *Launch,
                              const AnalysisOptions &Opts, unsigned Variant,
                              ValueOrigin &Origin) {
  std::string Name = S->getName().str();
  auto A = Opts.Assume.find(Name);
  if (A != Opts.Assume.end()) {
    Origin = {ValueOrigin::Source::Assume};
    return A->second;
  }
  if (S->getSymbolKind() == SymbolKind::GridDim) {
    if (Launch && Launch->Grid) {
      Origin = Launch->Origin;
      Origin.CommandLineDefault = Launch->GridDefault;
      return (*Launch->Grid)[S->getDim()];
    }
    Origin = {};
    return Opts.DefaultGridDim;
  }
  if (Launch) {
    auto L = Launch->LoopArgs.find(Name);
    if (L != Launch->LoopArgs.end()) {
      Origin = Launch->LoopArgOrigins.at(Name);
      return L->second[Variant % L->second.size()];
    }
    auto C = Launch->ConstantArgs.find(Name);
    if (C != Launch->ConstantArgs.end()) {
      Origin = Launch->Origin;
      Origin.FirstPass = Launch->FirstPassArgs.count(Name) > 0;
      Origin.CommandLineDefault = Launch->DefaultArgs.count(Name) > 0;
      return C->second;
    }
  }
  Origin = {};
  return Opts.DefaultValue;
}

const LExpr *WarpEvaluator::atBaseResidue(AccessSite &S,
                                          const std::string &Base,
                                          const LExpr *Off) const {
  if (!Launch)
    return Off;
  auto It = Launch->BaseResidues.find(Base);
  if (It == Launch->BaseResidues.end())
    return Off;
  S.Assumptions.push_back({Base + " % " + std::to_string(AllocationAlignment),
                           It->second, Launch->Origin});
  return X.add(Off, X.constant(It->second));
}

bool WarpEvaluator::isRuntimeSymbol(const SymbolExpr *S) {
  SymbolKind K = S->getSymbolKind();
  return K == SymbolKind::Param || K == SymbolKind::Opaque ||
         K == SymbolKind::Carried || K == SymbolKind::TripCount ||
         K == SymbolKind::GridDim;
}

std::optional<int64_t> WarpEvaluator::runtimeValue(const SymbolExpr *S,
                                                   ValueOrigin &Origin) const {
  if (S->getSymbolKind() == SymbolKind::TripCount &&
      !Opts.Assume.count(S->getName().str()))
    if (auto C = Loops.Counts.find(S); C != Loops.Counts.end())
      if (std::optional<int64_t> N = searchedCount(C->second, Origin))
        return N;
  return runtimeValueOf(S, Launch, Opts, Variant, Origin);
}

namespace {

/// The first iteration, 0 to 64, at which a loop's condition fails,
/// Holds(K) saying whether it holds at iteration K. A variable shifted or
/// multiplied each iteration is past any bound within 64 of them: a
/// condition still true then is not one this counts. nullopt too when
/// Holds cannot tell (a value the condition reads is missing).
std::optional<int64_t>
firstFailing(llvm::function_ref<std::optional<bool>(int64_t K)> Holds) {
  for (int64_t K = 0; K <= 64; ++K) {
    std::optional<bool> H = Holds(K);
    if (!H)
      return std::nullopt;
    if (!*H)
      return K;
  }
  return std::nullopt;
}

/// Whether Cond holds at Values; nullopt when it cannot be evaluated.
std::optional<bool> holds(const LExpr *Cond, const SymbolValues &Values) {
  std::optional<int64_t> V = evaluate(Cond, Values);
  return V ? std::optional<bool>(*V != 0) : std::nullopt;
}

} // namespace

std::optional<int64_t>
WarpEvaluator::searchedCount(const LoopFacts::Count &C,
                             ValueOrigin &Origin) const {
  if (!C.Condition)
    return std::nullopt;
  std::optional<ValueOrigin> From;
  int64_t K = 0;
  SymbolValues Values = [&](const SymbolExpr *Sym) -> std::optional<int64_t> {
    switch (Sym->getSymbolKind()) {
    case SymbolKind::LoopIter:
      return Sym == C.Iter ? K : 0;
    case SymbolKind::ThreadIdx:
    case SymbolKind::BlockIdx:
      return 0; // the condition is the same in every lane
    case SymbolKind::BlockDim:
      if (!From)
        From = BlockOrigin;
      return Block[Sym->getDim()];
    default: {
      // A count resting on a value merely assumed is no count.
      ValueOrigin O;
      std::optional<int64_t> V = runtimeValue(Sym, O);
      if (O.assumed())
        return std::nullopt;
      From = O;
      return V;
    }
    }
  };
  std::optional<int64_t> N =
      firstFailing([&](int64_t I) {
        K = I;
        return holds(C.Condition, Values);
      });
  if (N)
    Origin = From.value_or(BlockOrigin);
  return N;
}

bool WarpEvaluator::assumed(const SymbolExpr *S) const {
  if (!isRuntimeSymbol(S))
    return false;
  ValueOrigin Origin;
  runtimeValue(S, Origin);
  return Origin.assumed();
}

const Expr *WarpEvaluator::maskedSize(const Expr *M) {
  const auto *Sum = dyn_cast<NAryExpr>(M);
  if (!Sum || Sum->getKind() != ExprKind::Add || Sum->getNumOperands() != 2)
    return nullptr;
  const Expr *N = nullptr;
  bool MinusOne = false;
  for (const Expr *Op : Sum->operands()) {
    if (const auto *C = dyn_cast<ConstantExpr>(Op))
      MinusOne = C->getValue() == -1;
    else
      N = Op;
  }
  if (!MinusOne || !N || findUnknown(N))
    return nullptr;
  bool Runtime = true, Any = false;
  mentionsIf(N, [&](const SymbolExpr *Sym) {
    Any = true;
    Runtime &= isRuntimeSymbol(Sym);
    return false;
  });
  return Any && Runtime ? N : nullptr;
}

std::string WarpEvaluator::shiftedByAssumed(const Expr *Off) const {
  llvm::DenseSet<const Expr *> Seen;
  std::string By;
  std::function<void(const Expr *)> Walk = [&](const Expr *E) {
    const auto *N = dyn_cast<NAryExpr>(E);
    if (!N || !By.empty() || !Seen.insert(E).second)
      return;
    // A loop's count (iterations(d)) rests on the values its condition
    // reads: the one assumed among them is named.
    std::function<bool(const SymbolExpr *)> Assumed =
        [&](const SymbolExpr *Sym) {
          if (!assumed(Sym))
            return false;
          if (auto C = Loops.Counts.find(Sym);
              C != Loops.Counts.end() && C->second.Condition &&
              mentionsIf(C->second.Condition, Assumed))
            return true;
          By = Sym->getName().str();
          return true;
        };
    if (N->getKind() == ExprKind::Shr)
      mentionsIf(N->getOperand(1), Assumed);
    for (const Expr *Op : N->operands())
      Walk(Op);
  };
  Walk(Off);
  return By;
}

const Expr *WarpEvaluator::withoutAssumedMasks(const Expr *Off,
                                              std::vector<std::string> &Wide,
                                              std::string &Refused) const {
  llvm::DenseMap<const Expr *, const Expr *> Done;
  std::function<const Expr *(const Expr *)> Open =
      [&](const Expr *E) -> const Expr * {
    const auto *N = dyn_cast<NAryExpr>(E);
    if (!N || isa<FloatExpr>(N))
      return E;
    if (auto It = Done.find(E); It != Done.end())
      return It->second;
    const Expr *R = nullptr;
    if (N->getKind() == ExprKind::And && N->getNumOperands() == 2)
      for (unsigned I = 0; I < 2 && !R; ++I)
        if (const Expr *Size = maskedSize(N->getOperand(I));
            Size && mentionsIf(Size, [&](const SymbolExpr *Sym) {
              return assumed(Sym);
            })) {
          std::string Name = print(Size);
          if (llvm::find(Wide, Name) == Wide.end())
            Wide.push_back(Name);
          R = Open(N->getOperand(1 - I));
        }
    if (!R && N->getKind() == ExprKind::And && Refused.empty())
      for (unsigned I = 0; I < 2 && N->getNumOperands() == 2; ++I) {
        // Any other mask made of an assumed value that a lane's address
        // goes through: it keeps bits, it does not wrap, and which bits
        // the analyzer does not know.
        const SymbolExpr *By = nullptr;
        auto PerLane = [](const SymbolExpr *Sym) {
          return Sym->getSymbolKind() == SymbolKind::ThreadIdx;
        };
        bool MaskPerLane = mentionsIf(N->getOperand(I), [&](const SymbolExpr *Sym) {
          if (!By && assumed(Sym))
            By = Sym;
          return PerLane(Sym);
        });
        if (By && !MaskPerLane && mentionsIf(N->getOperand(1 - I), PerLane))
          Refused = By->getName().str();
      }
    if (!R) {
      SmallVector<const Expr *, 8> Ops;
      bool Changed = false;
      for (const Expr *Op : N->operands()) {
        Ops.push_back(Open(Op));
        Changed |= Ops.back() != Op;
      }
      R = Changed ? X.build(N->getKind(), Ops, N->getPredicate()) : E;
    }
    Done[E] = R;
    return R;
  };
  return Open(Off);
}

std::array<unsigned, 3> WarpEvaluator::threadOf(unsigned LinearTid) const {
  // Block holds 1 to MaxThreadsPerBlock in each dimension (see the
  // constructor), so neither divisor below is 0 and the product cannot wrap.
  unsigned X0 = LinearTid % Block[0];
  unsigned Y0 = (LinearTid / Block[0]) % Block[1];
  unsigned Z0 = LinearTid / (Block[0] * Block[1]);
  return {X0, Y0, Z0};
}

namespace {
std::optional<double>
meanSectors(const std::vector<AccessSite::WarpSample> &Samples,
            unsigned ElemBytes);

/// Whether two counts of sectors per request agree within the tolerance
/// the model is held to: half a sector, or 15 % of the larger.
bool agree(double Lo, double Hi) {
  return Hi - Lo <= std::max(0.5, 0.15 * Hi);
}
} // namespace

/// The point an access's symbols are read at: a thread of the block, a
/// block, an iteration of the innermost loop the address moves with, and
/// one assumed value replaced; and the runtime values read on the way
/// (Used), which become the access's assumptions.
class WarpEvaluator::LaneState {
public:
  LaneState(const WarpEvaluator &W, const LExpr *Innermost)
      : W(W), Innermost(Innermost),
        Values([this](const SymbolExpr *Sym) { return read(Sym); }) {}
  LaneState(const LaneState &) = delete;
  LaneState &operator=(const LaneState &) = delete;

  const WarpEvaluator &W;
  /// The innermost loop the address moves with (its iteration symbol), or
  /// null.
  const LExpr *const Innermost;
  unsigned Tid = 0;
  /// The innermost loop's iteration; unset, every loop is at its first.
  std::optional<unsigned> IterValue;
  /// The loop around the innermost one whose iteration decides how long
  /// the innermost runs (a bitonic network's "for (size = 2; ...) for
  /// (stride = size / 2; stride > 0; ...)"), its iteration symbol, or
  /// null; and its iteration, unset at its first.
  const LExpr *Outer = nullptr;
  std::optional<unsigned> OuterValue;
  /// When Outer is set: the nest's iterations in the order they run, each
  /// (outer, innermost). The sample's iteration K is Nest[K].
  std::vector<std::pair<unsigned, unsigned>> Nest;
  std::array<int64_t, 3> BlockId = {0, 0, 0};
  /// The runtime values read for the first launch with no value replaced:
  /// name -> (value, origin).
  std::map<std::string, std::pair<int64_t, ValueOrigin>> Used;
  /// The symbols' values at the point above.
  const SymbolValues Values;

  /// One assumed value replaced, to see what the prediction owes to it.
  const std::optional<std::pair<std::string, int64_t>> &override() const {
    return Override;
  }
  void setOverride(std::optional<std::pair<std::string, int64_t>> O) {
    Override = std::move(O);
    ++OverrideGen;
  }
  std::optional<int64_t> address(const LExpr *Off) const {
    return evaluateAddress(Off, Values);
  }
  std::optional<int64_t> address(const LExpr *Off, const WarpScope &W) const {
    return evaluateAddress(Off, Values, W);
  }
  /// Whether the thread at the point passes every condition (one that
  /// cannot be evaluated does not switch it off).
  bool activeIn(llvm::ArrayRef<const LExpr *> Conditions) const {
    for (const LExpr *G : Conditions) {
      std::optional<int64_t> V = evaluate(G, Values);
      if (V && *V == 0)
        return false;
    }
    return true;
  }
  bool activeIn(llvm::ArrayRef<const LExpr *> Conditions,
                const WarpScope &W) const {
    for (const LExpr *G : Conditions) {
      std::optional<int64_t> V = evaluate(G, Values, W);
      if (V && *V == 0)
        return false;
    }
    return true;
  }

  /// While one lives, the values read are evaluations that decide nothing:
  /// Used is as it was when it dies.
  class Unrecorded {
  public:
    explicit Unrecorded(LaneState &St) : St(St), Saved(St.Used) {}
    ~Unrecorded() {
      St.Used = std::move(Saved);
      ++St.UsedGen;
    }

  private:
    LaneState &St;
    std::map<std::string, std::pair<int64_t, ValueOrigin>> Saved;
  };

  /// A symbol's value at the point, not recorded in Used.
  std::optional<int64_t> peek(const SymbolExpr *Sym);
  /// Records in Used what reading Sym's value records.
  void record(const SymbolExpr *Sym);

private:
  struct RuntimeValue;
  /// peek, then record.
  std::optional<int64_t> read(const SymbolExpr *Sym);
  RuntimeValue &runtime(const SymbolExpr *Sym);

  std::optional<std::pair<std::string, int64_t>> Override;
  // Values runs for every symbol of every lane of every warp sampled, a
  // few million times for a file whose alignment is sampled again for each
  // residue of an assumed value (docs/bench/speed.md): each runtime value
  // is worked out once, and again only when what it depends on changes
  // (Variant, Override), and the thread's coordinates once per thread.
  // OverrideGen counts the changes of Override, UsedGen the restores of
  // Used (a name recorded again gets the same value and origin: both
  // follow from the name).
  unsigned OverrideGen = 0, UsedGen = 0;
  unsigned CoordsTid = ~0u;
  std::array<unsigned, 3> Coords = {0, 0, 0};
  struct RuntimeValue {
    unsigned Variant, OverrideGen;
    unsigned RecordedGen; ///< UsedGen when last recorded in Used
    bool Overridden;
    std::optional<int64_t> V;
    ValueOrigin Origin;
  };
  llvm::DenseMap<const SymbolExpr *, RuntimeValue> Runtime;
};

std::optional<int64_t>
WarpEvaluator::LaneState::read(const SymbolExpr *Sym) {
  std::optional<int64_t> V = peek(Sym);
  record(Sym);
  return V;
}

std::optional<int64_t>
WarpEvaluator::LaneState::peek(const SymbolExpr *Sym) {
  unsigned D = Sym->getDim();
  switch (Sym->getSymbolKind()) {
  case SymbolKind::ThreadIdx:
    if (Tid != CoordsTid) {
      Coords = W.threadOf(Tid);
      CoordsTid = Tid;
    }
    return Coords[D];
  case SymbolKind::BlockIdx:
    return BlockId[D];
  case SymbolKind::BlockDim:
    return W.Block[D];
  case SymbolKind::LoopIter:
    if (IterValue && Sym == Innermost)
      return *IterValue;
    if (OuterValue && Sym == Outer)
      return *OuterValue;
    return 0;
  case SymbolKind::GridDim:
  case SymbolKind::Param:
  case SymbolKind::Opaque:
  case SymbolKind::Carried:
  case SymbolKind::TripCount:
    return runtime(Sym).V;
  }
  return std::nullopt;
}

WarpEvaluator::LaneState::RuntimeValue &
WarpEvaluator::LaneState::runtime(const SymbolExpr *Sym) {
  auto [It, New] = Runtime.try_emplace(Sym);
  RuntimeValue &R = It->second;
  if (New || R.Variant != W.Variant || R.OverrideGen != OverrideGen) {
    R.Variant = W.Variant;
    R.OverrideGen = OverrideGen;
    R.RecordedGen = ~0u;
    R.Overridden = Override && Sym->getName() == Override->first;
    R.V = R.Overridden ? Override->second : W.runtimeValue(Sym, R.Origin);
  }
  return R;
}

void WarpEvaluator::LaneState::record(const SymbolExpr *Sym) {
  switch (Sym->getSymbolKind()) {
  case SymbolKind::BlockDim:
    if (!W.BlockDimKnown[Sym->getDim()])
      Used["blockDim"] = {W.Block[Sym->getDim()], W.BlockOrigin};
    return;
  case SymbolKind::GridDim:
  case SymbolKind::Param:
  case SymbolKind::Opaque:
  case SymbolKind::Carried:
  case SymbolKind::TripCount: {
    RuntimeValue &R = runtime(Sym);
    // The first launch's value is shown (warp 0's); a host loop's
    // origin lists all of them.
    if (R.V && !R.Overridden && W.Variant == 0 && !Override &&
        R.RecordedGen != UsedGen) {
      Used[Sym->getName().str()] = {*R.V, R.Origin};
      R.RecordedGen = UsedGen;
    }
    return;
  }
  default:
    return;
  }
}

/// An access's guards, each comparison of a conjunction on its own ("k > 0
/// && k < n" still switches lane 0 off when n is only assumed), sorted by
/// what they decide.
struct WarpEvaluator::GuardSets {
  /// Those that decide which lanes of warp 0 are active: they compare
  /// against values the analysis was told (launch site, --assume), not
  /// merely assumed (which could switch lanes off that the real run keeps
  /// on), and can be evaluated.
  std::vector<const LExpr *> Deciding;
  /// Deciding as it is before warp 0 relaxes it (relaxIdleWarp0): the
  /// warps sampled beyond warp 0 run under these.
  std::vector<const LExpr *> Strict;
  /// Strict less the parts of predicated guards the same in every block: a
  /// warp these let through but Strict switches off still issues the
  /// instruction (predicated off).
  std::vector<const LExpr *> Reach;
  /// Comparisons of the lane with a value the analyzer assumed: they
  /// decide nothing, but where the assumed value would switch off every
  /// lane of warp 0, the report says that the prediction is full warps'.
  std::vector<const LExpr *> AssumedLane;
};

namespace {
bool mentionsThreadIdx(const LExpr *E) {
  return mentionsIf(E, [](const SymbolExpr *Sym) {
    return Sym->getSymbolKind() == SymbolKind::ThreadIdx;
  });
}

/// The iteration symbol of the innermost loop the warp's requests change
/// with, or null: one Off moves with, or one a guard on the thread does
/// ("if (tid % (2 * s) == 0)" in a loop doubling s switches off half the
/// lanes each iteration while the address d[tid] stays).
const LExpr *innermostLoop(const LExpr *Off,
                           llvm::ArrayRef<const LExpr *> Guards) {
  const LExpr *Innermost = nullptr;
  auto Deeper = [&](const SymbolExpr *Sym) {
    if (Sym->getSymbolKind() == SymbolKind::LoopIter &&
        (!Innermost || Sym->getDim() > cast<SymbolExpr>(Innermost)->getDim()))
      Innermost = Sym;
    return false;
  };
  mentionsIf(Off, Deeper);
  for (const LExpr *G : Guards)
    if (mentionsThreadIdx(G))
      mentionsIf(G, Deeper);
  return Innermost;
}
} // namespace

void WarpEvaluator::evaluateLanes(
    AccessSite &S, const LExpr *Off, llvm::ArrayRef<const LExpr *> Path,
    const std::set<const LExpr *> *Predicated) const {
  std::string MaskedBy;
  Off = withoutAssumedMasks(Off, S.WideMasks, MaskedBy);
  if (!MaskedBy.empty()) {
    S.UnknownReason = Reason(ReasonKind::MaskedByAssumedValue, MaskedBy);
    return;
  }
  if (std::string By = shiftedByAssumed(Off); !By.empty()) {
    S.UnknownReason = Reason(ReasonKind::ShiftByAssumedValue, By);
    return;
  }
  GuardSets G = sortGuards(S, Path, Predicated);
  LaneState St(*this, innermostLoop(Off, G.Strict));
  BlockEdges Edges = blockEdges(St, Off, G.Strict);
  std::optional<Lanes> Addr = warp0Lanes(S, St, Off, G.Deciding);
  if (!Addr)
    return;
  if (S.UnevaluatedGuard.empty() && !G.AssumedLane.empty() &&
      llvm::any_of(*Addr, [](const auto &A) { return A.has_value(); }))
    flagAssumedLaneGuards(S, St, *Addr, G.AssumedLane);
  relaxIdleWarp0(S, St, Off, G.Deciding, *Addr);
  fillWarp0(S, St, Off, *Addr);

  // Lanes past the shared variable's end do not run the access: a guard
  // the analysis took as true, or compared with a value it assumed
  // ("if (tid < d)" with d = n >> k, n unknown, in a scan's up-sweep),
  // keeps them off in a program that runs. Unless warp 0 has no lane
  // inside: then an assumed value put the whole access outside
  // (s[n - 1], n assumed), and it is the value that is wrong.
  auto Inside = [&](const std::optional<int64_t> &A) {
    return A && *A >= 0 && *A + int64_t(S.ElemBytes) <= *S.ExtentBytes;
  };
  bool Clip = S.ExtentBytes && llvm::any_of(*Addr, Inside);
  WarpLanes WarpAt = [&](std::array<int64_t, 3> InBlock, unsigned Warp,
                         unsigned Iteration, bool &Issued) {
    Lanes L = warpLanes(St, Off, G, InBlock, Warp, Iteration, Issued);
    if (Clip)
      for (std::optional<int64_t> &A : L)
        if (A && !Inside(A))
          A.reset();
    return L;
  };
  St.Nest = loopNest(St);
  TripsOver Trips = [&](llvm::ArrayRef<std::array<int64_t, 3>> Blocks) {
    return innermostTrips(St, Blocks);
  };
  sampleLaunch(S, Off, St.Innermost, Trips, WarpAt, Edges, !St.Nest.empty());
  for (const auto &[Name, V] : St.Used)
    if (Name != "blockDim")
      S.Assumptions.push_back({Name, V.first, V.second});
  std::vector<std::string> Defaulted;
  for (const auto &[Name, V] : St.Used)
    if (V.second.assumed())
      Defaulted.push_back(Name);
  findContiguousIf(S, St, Off, *Addr, Defaulted);
  if (!S.Shared && S.ElemBytes && !S.Samples.empty() && !ResamplingBlock)
    searchAlignmentDependence(S, St, Off, G, WarpAt, Edges, Defaulted);
  if (!S.Shared && S.ElemBytes && !S.Samples.empty() && !ResamplingBlock &&
      !BlockKnown && !BlockDimKnown[0] && Launch && Launch->Site &&
      !Launch->Block)
    resampleBlockSizes(S, Off, Path, Predicated);
  noteDefaultBlockShape(S, Off);
  joinIterations(S, St.Innermost, Off);
}

void WarpEvaluator::joinIterations(AccessSite &S, const LExpr *Innermost,
                                   const LExpr *Off) const {
  // nvcc unrolls a loop whose count it knows, and its vectorizer joins a
  // thread's loads of neighbouring elements of a __shared__ array from
  // consecutive iterations into one 16-byte (or 8-byte) load when it can
  // prove the first aligned to the width: the array is one it places (a
  // __shared__ variable of known size, which it aligns as it likes), and
  // every term of the offset at the loop's first iteration is a multiple
  // of the width. Parboil's sgemm (c[kk] += a * b_s[j][kk], kk < 16) and
  // matrixMul's As[ty][k] measure LDS.128 at 2 wavefronts a request on the
  // H200, where four 1-wavefront LDS were predicted; eigenvalues' s_d[k],
  // to min(rem, blockDim.x), stays four-byte LDS. The sample's warps then
  // describe the wide load: each iteration's place moves down to the start
  // of its chunk.
  if (!Innermost || !S.Shared || S.Kind != AccessKind::Load ||
      !S.ExtentBytes || S.StructBytes || S.LaneOffsets.empty() ||
      (S.ElemBytes != 4 && S.ElemBytes != 8) ||
      (S.InstrBytes && S.InstrBytes != S.ElemBytes) ||
      S.IterationStepBytes != int64_t(S.ElemBytes) ||
      Loops.Rolled.count(Innermost) || Loops.LoadsInPlace.count(Innermost))
    return;
  auto T = Loops.Trips.find(Innermost);
  const auto *Count = T == Loops.Trips.end()
                          ? nullptr
                          : dyn_cast<coalesce::ConstantExpr>(T->second);
  const auto *Step = dyn_cast_or_null<coalesce::ConstantExpr>(
      coefficientOf(X, Off, cast<SymbolExpr>(Innermost)));
  if (!Count || !Step || Step->getValue() != int64_t(S.ElemBytes))
    return;
  // A constant part does not matter: ptxas starts the wide loads at the
  // aligned element before it (a row read from its second element,
  // s[w][k + 1], measured four LDS.128 from element 0 and one LDS).
  const LExpr *First =
      X.substitute(Off, [&](const SymbolExpr *Sym) -> const LExpr * {
        return Sym == Innermost ? X.constant(0) : nullptr;
      });
  if (const auto *Sum = dyn_cast<NAryExpr>(First);
      Sum && Sum->getKind() == ExprKind::Add)
    for (const LExpr *Term : Sum->operands())
      if (const auto *C = dyn_cast<coalesce::ConstantExpr>(Term))
        First = X.sub(First, C);
  if (isa<coalesce::ConstantExpr>(First))
    First = X.constant(0);
  unsigned Width = 0;
  for (unsigned W : {16u, 8u})
    if (W > S.ElemBytes && Count->getValue() % (W / S.ElemBytes) == 0 &&
        isAlwaysMultipleOf(First, W)) {
      Width = W;
      break;
    }
  if (!Width)
    return;
  auto Down = [&](int64_t &Lane0) {
    Lane0 -= ((Lane0 % Width) + Width) % Width;
  };
  Down(S.Lane0Offset);
  for (AccessSite::WarpSample &W : S.Samples)
    Down(W.Lane0Offset);
  S.JoinedIterations = Width / S.ElemBytes;
  S.ElemBytes = Width;
  S.InstrBytes = Width;
}

bool WarpEvaluator::evaluateOneLane(
    AccessSite &S, const Reason &Why, llvm::ArrayRef<const LExpr *> Path,
    const std::set<const LExpr *> *Predicated) const {
  // The lanes a guard leaves on may change from one iteration of a loop to
  // the next ("if (tid < d - 1)" with d doubling), and a long loop's
  // iterations are sampled, not all walked: one the sample misses may have
  // two lanes on. Such a guard is not taken as one lane.
  if (llvm::any_of(Path, [](const LExpr *G) {
        return mentionsThreadIdx(G) && mentionsIf(G, [](const SymbolExpr *Sym) {
                 return Sym->getSymbolKind() == SymbolKind::LoopIter ||
                        Sym->getSymbolKind() == SymbolKind::Carried;
               });
      }))
    return false;
  AccessSite T = S;
  evaluateLanes(T, X.constant(0), Path, Predicated);
  auto AtMostOne = [](const std::vector<std::optional<int64_t>> &Lanes) {
    return llvm::count_if(Lanes, [](const auto &L) { return L.has_value(); }) <=
           1;
  };
  // A guard not evaluated is taken as true in every lane: it leaves more
  // lanes on, never fewer, so one lane is still at most one. A warp 0 that
  // runs the access in no lane is described with guards relaxed
  // (Warp0Idle): the sampled warps, when any runs it, say who does.
  bool SamplesDecide = T.Warp0Idle && !T.Samples.empty();
  if (!T.UnknownReason.empty() || T.LaneOffsets.empty() ||
      (!SamplesDecide && !AtMostOne(T.LaneOffsets)) ||
      !llvm::all_of(T.Samples, [&](const AccessSite::WarpSample &W) {
        return AtMostOne(W.LaneOffsets);
      }))
    return false;
  T.OneLaneUnknown = Why;
  S = std::move(T);
  return true;
}

WarpEvaluator::GuardSets
WarpEvaluator::sortGuards(AccessSite &S, llvm::ArrayRef<const LExpr *> Path,
                          const std::set<const LExpr *> *Predicated) const {
  std::vector<const LExpr *> Parts;
  // The parts of predicated guards that are the same in every block: a
  // warp they switch off in every block still issues the instruction.
  std::set<const LExpr *> PredicatedParts;
  for (const LExpr *Guard : Path) {
    const LExpr *G = withDecidedChoices(Guard);
    size_t Before = Parts.size();
    splitConjuncts(X, G, Parts);
    // The thread, the launch's values and the loops' iterations: not the
    // block, nor a value loaded or carried (which may differ per block).
    bool BlockInvariant = !mentionsIf(G, [](const SymbolExpr *Sym) {
      return Sym->getSymbolKind() == SymbolKind::BlockIdx ||
             Sym->getSymbolKind() == SymbolKind::Opaque ||
             Sym->getSymbolKind() == SymbolKind::Carried;
    });
    // Which warps a guard on the thread leaves idle needs the block's
    // shape: an assumed 256 x 1 block idles 7 of 8 warps under
    // "if (threadIdx.x < 4)" where a 32 x 16 one idles none.
    if (Predicated && Predicated->count(Guard) && BlockInvariant &&
        BlockKnown)
      PredicatedParts.insert(Parts.begin() + Before, Parts.end());
  }
  GuardSets Sets;
  for (const LExpr *G : Parts) {
    bool Assumed =
        mentionsIf(G, [&](const SymbolExpr *Sym) { return assumed(Sym); });
    // A value the whole warp loaded (if (k <= kcmax), kcmax a block's
    // count in memory) is data, as a per-lane load is: compared with the
    // lane, it is not evaluated, and the report says so. Compared with
    // values the same in every lane (a loop's bound), it switches whole
    // warps, and no request changes.
    const SymbolExpr *Loaded = nullptr;
    bool PerLane = mentionsThreadIdx(G);
    mentionsIf(G, [&](const SymbolExpr *Sym) {
      if (PerLane && !Loaded && Sym->getSymbolKind() == SymbolKind::Opaque &&
          assumed(Sym))
        Loaded = Sym;
      return false;
    });
    if (const UnknownExpr *U = findUnknown(G)) {
      if (S.UnevaluatedGuard.empty())
        S.UnevaluatedGuard = U->getReason();
    } else if (Loaded && isUniformChoice(Loaded)) {
      if (S.UnevaluatedGuard.empty())
        S.UnevaluatedGuard = Reason::other(
            "'" + uniformChoiceText(Loaded) + "' compares floats not known here");
    } else if (Loaded) {
      if (S.UnevaluatedGuard.empty())
        S.UnevaluatedGuard =
            Reason(ReasonKind::LoadedFromMemory, Loaded->getName().str());
    } else if (!Assumed) {
      Sets.Deciding.push_back(G);
    } else if (PerLane) {
      Sets.AssumedLane.push_back(G);
    }
  }
  Sets.Strict = Sets.Deciding;
  for (const LExpr *G : Sets.Strict)
    if (!PredicatedParts.count(G))
      Sets.Reach.push_back(G);
  return Sets;
}

WarpEvaluator::BlockEdges
WarpEvaluator::blockEdges(LaneState &St, const LExpr *Off,
                          llvm::ArrayRef<const LExpr *> Guards) const {
  // For each thread, a comparison linear in blockIdx along D (its two
  // sides' gap f0 + c * b) turns between the blocks floor(-f0 / c) and the
  // next. One whose gap is not that line at blocks further on (a third
  // and two thirds in, the last) changes irregularly along D.
  BlockEdges Edges;
  LaneState::Unrecorded Quiet(St);
  std::vector<const NAryExpr *> Cmps;
  std::function<void(const LExpr *)> Collect = [&](const LExpr *E) {
    const auto *N = dyn_cast<NAryExpr>(E);
    if (!N)
      return;
    if (N->getKind() == ExprKind::Cmp)
      Cmps.push_back(N);
    for (const LExpr *Op : N->operands())
      Collect(Op);
  };
  for (const LExpr *G : Guards)
    Collect(G);
  std::function<bool(const LExpr *)> HasCmp = [&](const LExpr *E) {
    const auto *N = dyn_cast<NAryExpr>(E);
    return N && (N->getKind() == ExprKind::Cmp ||
                 llvm::any_of(N->operands(), HasCmp));
  };
  unsigned Threads = Block[0] * Block[1] * Block[2];
  for (unsigned D = 0; D < 3; ++D)
    for (const NAryExpr *C : Cmps) {
      if (!mentionsIf(C, [&](const SymbolExpr *Sym) {
            return Sym->getSymbolKind() == SymbolKind::BlockIdx &&
                   Sym->getDim() == D;
          }))
        continue;
      // Only a comparison of numbers changes irregularly: one of truth
      // values ("!(y == 0)") turns where the comparison inside does.
      bool OfNumbers = llvm::none_of(C->operands(), HasCmp);
      int64_t Extent = std::max<int64_t>(1, gridExtent(D));
      std::array<int64_t, 6> Probes = {0, 1, 2, Extent / 3, 2 * Extent / 3,
                                       Extent - 1};
      for (St.Tid = 0; St.Tid < Threads; ++St.Tid) {
        // In 128 bits: the sides of a comparison may be far apart.
        std::array<std::optional<__int128>, 6> Gap;
        for (size_t P = 0; P < Probes.size(); ++P) {
          // Further blocks are probed in warp 0's threads (what makes a
          // comparison irregular, a "%" or a division, is every thread's).
          if (P >= 3 && (!OfNumbers || Edges.Irregular[D] ||
                         Probes[P] < 3 || St.Tid >= WarpSize))
            continue;
          St.BlockId = {0, 0, 0};
          St.BlockId[D] = Probes[P];
          std::optional<int64_t> L = evaluate(C->getOperand(0), St.Values),
                                 R = evaluate(C->getOperand(1), St.Values);
          if (L && R)
            Gap[P] = __int128(*L) - *R;
        }
        if (!Gap[0] || !Gap[1] || !Gap[2])
          continue;
        __int128 Step = *Gap[1] - *Gap[0];
        for (size_t P = 2; P < Probes.size() && OfNumbers; ++P)
          if (Gap[P] && *Gap[P] != *Gap[0] + Step * Probes[P])
            Edges.Irregular[D] = true;
        if (Step == 0 || *Gap[2] - *Gap[1] != Step)
          continue;
        __int128 Num = -*Gap[0];
        __int128 Floor =
            Num / Step - ((Num % Step != 0) && ((Num < 0) != (Step < 0)));
        // Blocks past the grid's last are dropped where they are used.
        if (Floor < -1 || Floor > std::numeric_limits<int32_t>::max())
          continue;
        Edges.Turns[D].push_back(int64_t(Floor));
        Edges.Turns[D].push_back(int64_t(Floor) + 1);
      }
      llvm::sort(Edges.Turns[D]);
      Edges.Turns[D].erase(
          std::unique(Edges.Turns[D].begin(), Edges.Turns[D].end()),
          Edges.Turns[D].end());
    }
  const int64_t Sector = GpuTarget().SectorBytes;
  for (unsigned D = 0; D < 3; ++D) {
    if (!Edges.Irregular[D])
      continue;
    St.BlockId = {0, 0, 0};
    std::optional<int64_t> A0 = St.address(Off);
    St.BlockId[D] = 1;
    std::optional<int64_t> A1 = St.address(Off);
    if (A0 && A1)
      Edges.Period[D] = unsigned(
          Sector / std::gcd(Sector, ((*A1 - *A0) % Sector + Sector) % Sector));
  }
  St.BlockId = {0, 0, 0};
  St.Tid = 0;
  return Edges;
}

std::optional<WarpEvaluator::Lanes>
WarpEvaluator::warp0Lanes(AccessSite &S, LaneState &St, const LExpr *Off,
                          llvm::ArrayRef<const LExpr *> Guards) const {
  Lanes Addr(WarpSize);
  for (unsigned L = 0; L < WarpSize; ++L) {
    St.Tid = L;
    std::optional<int64_t> A = St.address(Off);
    if (!A) {
      S.UnknownReason = Reason(ReasonKind::LaneNotEvaluable);
      S.UnknownReason.Number = L;
      return std::nullopt;
    }
    // A block smaller than a warp leaves the remaining lanes empty.
    if (L >= Block[0] * Block[1] * Block[2])
      continue;
    if (!St.activeIn(Guards))
      continue;
    Addr[L] = A;
  }
  return Addr;
}

void WarpEvaluator::flagAssumedLaneGuards(
    AccessSite &S, LaneState &St, const Lanes &Addr,
    llvm::ArrayRef<const LExpr *> AssumedLane) const {
  // One that leaves some lanes on is a bounds check, "k < n" with k scaled
  // by another assumed value: the run's sizes let the lanes through.
  const SymbolExpr *Named = nullptr;
  bool AllOff = true;
  {
    LaneState::Unrecorded Quiet(St);
    for (unsigned L = 0; L < WarpSize && AllOff; ++L) {
      if (!Addr[L])
        continue;
      St.Tid = L;
      bool Off = false;
      for (const LExpr *G : AssumedLane) {
        std::optional<int64_t> V = evaluate(G, St.Values);
        if (!V || *V)
          continue;
        Off = true;
        if (!Named)
          mentionsIf(G, [&](const SymbolExpr *Sym) {
            if (!Named && assumed(Sym))
              Named = Sym;
            return false;
          });
        break;
      }
      AllOff = Off;
    }
  }
  if (AllOff && Named) {
    ValueOrigin Origin;
    std::optional<int64_t> As = runtimeValue(Named, Origin);
    S.UnevaluatedGuard =
        Reason(ReasonKind::ComparesAssumedValue, Named->getName().str());
    S.UnevaluatedGuard.Number = As.value_or(0);
  }
}

void WarpEvaluator::relaxIdleWarp0(AccessSite &S, LaneState &St,
                                   const LExpr *Off,
                                   std::vector<const LExpr *> &Guards,
                                   Lanes &Addr) const {
  bool AnyActive = llvm::any_of(Addr, [](const auto &A) { return A.has_value(); });
  S.Warp0Idle = !AnyActive;
  if (AnyActive)
    return;
  // Warp 0 of block 0 does not run this access (a branch taken by other
  // blocks): describe the warps that do. Guards on the lane still decide; uniform ones are dropped, and if
  // that still leaves no lane, every lane is taken as active.
  llvm::erase_if(Guards, [](const LExpr *G) { return !mentionsThreadIdx(G); });
  for (int Pass = 0; Pass < 2 && !AnyActive; ++Pass) {
    if (Pass == 1)
      Guards.clear();
    for (unsigned L = 0; L < std::min(WarpSize, Block[0] * Block[1] * Block[2]);
         ++L) {
      St.Tid = L;
      if (!St.activeIn(Guards))
        continue;
      Addr[L] = St.address(Off);
      AnyActive = true;
    }
  }
}

void WarpEvaluator::fillWarp0(AccessSite &S, LaneState &St, const LExpr *Off,
                              const Lanes &Addr) const {
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
    St.Tid = WarpSize;
    if (std::optional<int64_t> W = St.address(Off)) {
      St.Tid = 0;
      if (std::optional<int64_t> W0 = St.address(Off))
        S.WarpStrideBytes = *W - *W0;
    }
  }
  if (St.Innermost) {
    S.SplitRange = Loops.Split.count(St.Innermost) > 0;
    unsigned FirstLane = 0;
    while (FirstLane < WarpSize && !Addr[FirstLane])
      ++FirstLane;
    St.Tid = FirstLane < WarpSize ? FirstLane : 0;
    // A step, where the address walks by one (not a power of two of the
    // iteration, d[tid + s] while s doubles: no lane walks a range then).
    St.IterValue = 2;
    std::optional<int64_t> After = St.address(Off);
    St.IterValue = 1;
    std::optional<int64_t> Next = St.address(Off);
    St.IterValue.reset();
    std::optional<int64_t> Now = St.address(Off);
    if (Next && Now && After && *After - *Next == *Next - *Now)
      S.IterationStepBytes = *Next - *Now;
  }
}

WarpEvaluator::Lanes
WarpEvaluator::warpLanes(LaneState &St, const LExpr *Off, const GuardSets &G,
                         std::array<int64_t, 3> InBlock, unsigned Warp,
                         unsigned Iteration, bool &Issued) const {
  St.BlockId = InBlock;
  St.IterValue = Iteration;
  if (!St.Nest.empty() && Iteration < St.Nest.size()) {
    St.OuterValue = St.Nest[Iteration].first;
    St.IterValue = St.Nest[Iteration].second;
  }
  if (std::optional<Lanes> Together = lanesTogether(St, Off, G, Warp, Issued))
    return std::move(*Together);
  Lanes Addr(WarpSize);
  unsigned Threads = Block[0] * Block[1] * Block[2];
  // Only the thread changes from lane to lane (no Unrecorded scope ends
  // inside, so a value read once is recorded as for every lane).
  WarpScope Scope;
  for (unsigned L = 0; L < WarpSize; ++L) {
    St.Tid = Warp * WarpSize + L;
    if (St.Tid >= Threads)
      continue;
    if (!St.activeIn(G.Strict, Scope)) {
      Issued |= G.Reach.size() < G.Strict.size() && St.activeIn(G.Reach, Scope);
      continue;
    }
    Addr[L] = St.address(Off, Scope);
    // A lane whose address overflows makes the warp's cost unknowable:
    // the sample is dropped whole.
    if (!Addr[L])
      return Lanes();
  }
  return Addr;
}

std::optional<WarpEvaluator::Lanes>
WarpEvaluator::lanesTogether(LaneState &St, const LExpr *Off,
                             const GuardSets &G, unsigned Warp,
                             bool &Issued) const {
  // warpLanes's lanes evaluated together, each node of an expression once
  // for the warp (WarpLanesEvaluation): the same lanes, values and reads.
  // Where a lane's address leaves int64 (its wide evaluation is the lane's
  // own), warpLanes evaluates them one by one; the values read here are
  // recorded only once the warp is done, so they are not recorded twice.
  if (WarpSize > MaxLanes)
    return std::nullopt;
  unsigned Threads = Block[0] * Block[1] * Block[2];
  std::array<std::array<int64_t, 3>, MaxLanes> Thread;
  unsigned N = 0;
  if (Warp * WarpSize < Threads) {
    // threadOf for the first lane, then one step along x at a time.
    std::array<unsigned, 3> C = threadOf(Warp * WarpSize);
    for (; N < WarpSize && Warp * WarpSize + N < Threads; ++N) {
      Thread[N] = {C[0], C[1], C[2]};
      if (++C[0] == Block[0]) {
        C[0] = 0;
        if (++C[1] == Block[1]) {
          C[1] = 0;
          ++C[2];
        }
      }
    }
  }
  llvm::SmallVector<const SymbolExpr *, 8> Read;
  SymbolValues Peek = [&](const SymbolExpr *Sym) {
    if (!llvm::is_contained(Read, Sym))
      Read.push_back(Sym);
    return St.peek(Sym);
  };
  WarpLanesEvaluation Ev(Peek, llvm::ArrayRef(Thread.data(), N));
  // The lanes of M that pass every condition in turn (one that cannot be
  // evaluated does not switch a lane off; one that is 0 does, and the
  // lane's later conditions are not evaluated).
  auto Passing = [&](llvm::ArrayRef<const LExpr *> Conditions, LaneMask M) {
    for (const LExpr *C : Conditions) {
      LaneValues V = Ev.evaluate(C, M);
      for (unsigned L = 0; L < N; ++L)
        if ((V.Has >> L & 1) && V.V[L] == 0)
          M &= ~(LaneMask(1) << L);
    }
    return M;
  };
  LaneMask All = N == MaxLanes ? ~LaneMask(0) : (LaneMask(1) << N) - 1;
  LaneMask Active = Passing(G.Strict, All);
  bool Predicated = G.Reach.size() < G.Strict.size() &&
                    Passing(G.Reach, All & ~Active) != 0;
  LaneValues Addr = Ev.evaluate(Off, Active);
  if (Addr.Has != Active)
    return std::nullopt;
  for (const SymbolExpr *Sym : Read)
    St.record(Sym);
  Issued |= Predicated;
  Lanes Result(WarpSize);
  for (unsigned L = 0; L < N; ++L)
    if (Active >> L & 1)
      Result[L] = Addr.V[L];
  return Result;
}

std::optional<int64_t> WarpEvaluator::innermostTrips(
    LaneState &St, llvm::ArrayRef<std::array<int64_t, 3>> Blocks) const {
  if (!St.Nest.empty())
    return int64_t(St.Nest.size());
  auto T = St.Innermost ? Loops.Trips.find(St.Innermost) : Loops.Trips.end();
  if (T == Loops.Trips.end())
    return searchedTrips(St, Blocks);
  if (mentionsIf(T->second, [&](const SymbolExpr *Sym) {
        return assumed(Sym) &&
               !(St.override() && Sym->getName() == St.override()->first);
      }))
    return std::nullopt;
  // Only a cap on the sample, and no assumption of the prediction. A
  // count that depends on the thread (a triangular loop's) or the block is
  // the longest in Blocks.
  LaneState::Unrecorded Quiet(St);
  St.IterValue.reset();
  std::optional<int64_t> N;
  unsigned Threads =
      mentionsThreadIdx(T->second) ? Block[0] * Block[1] * Block[2] : 1;
  bool PerBlock = mentionsIf(T->second, [](const SymbolExpr *Sym) {
    return Sym->getSymbolKind() == SymbolKind::BlockIdx;
  });
  for (const std::array<int64_t, 3> &B :
       Blocks.take_front(PerBlock ? Blocks.size() : 1)) {
    St.BlockId = B;
    for (St.Tid = 0; St.Tid < Threads; ++St.Tid) {
      std::optional<int64_t> Own = evaluate(T->second, St.Values);
      if (!Own) {
        St.BlockId = {0, 0, 0};
        return std::nullopt;
      }
      N = std::max(N.value_or(*Own), *Own);
    }
  }
  St.BlockId = {0, 0, 0};
  return N;
}

std::vector<std::pair<unsigned, unsigned>>
WarpEvaluator::loopNest(LaneState &St) const {
  // A loop's count: its trip count, or its condition (Loops.Conditions);
  // the same in every lane and resting on no value merely assumed.
  auto CountExpr = [&](const LExpr *Iter) -> const LExpr * {
    if (auto T = Loops.Trips.find(Iter); T != Loops.Trips.end())
      return T->second;
    auto C = Loops.Conditions.find(Iter);
    return C == Loops.Conditions.end() ? nullptr : C->second;
  };
  // Its value at St: the trip count evaluated, or the first iteration at
  // which the condition fails, that loop's iteration counted in Slot.
  auto Count = [&](const LExpr *Iter, std::optional<unsigned> &Slot)
      -> std::optional<int64_t> {
    const LExpr *E = CountExpr(Iter);
    if (!E || mentionsIf(E, [&](const SymbolExpr *Sym) {
          return Sym->getSymbolKind() == SymbolKind::ThreadIdx ||
                 Sym->getSymbolKind() == SymbolKind::BlockIdx || assumed(Sym);
        }))
      return std::nullopt;
    if (Loops.Trips.count(Iter))
      return evaluate(E, St.Values);
    std::optional<unsigned> Saved = Slot;
    std::optional<int64_t> N = firstFailing([&](int64_t K) {
      Slot = unsigned(K);
      return holds(E, St.Values);
    });
    Slot = Saved;
    return N;
  };
  const LExpr *Inner = St.Innermost;
  const LExpr *InnerCount = Inner ? CountExpr(Inner) : nullptr;
  if (!InnerCount)
    return {};
  // The outer loop: the deepest other loop the inner count reads.
  const LExpr *Outer = nullptr;
  mentionsIf(InnerCount, [&](const SymbolExpr *Sym) {
    if (Sym->getSymbolKind() == SymbolKind::LoopIter && Sym != Inner &&
        Sym->getDim() < cast<SymbolExpr>(Inner)->getDim() &&
        (!Outer || Sym->getDim() > cast<SymbolExpr>(Outer)->getDim()))
      Outer = Sym;
    return false;
  });
  if (!Outer)
    return {};
  LaneState::Unrecorded Quiet(St);
  St.Tid = 0;
  St.BlockId = {0, 0, 0};
  St.IterValue.reset();
  St.Outer = Outer;
  std::optional<unsigned> SavedOuter = St.OuterValue;
  // The outer loop's count with the inner at its first iteration (its
  // condition does not read it), then the inner's at each outer one.
  std::optional<int64_t> OuterN = Count(Outer, St.OuterValue);
  std::vector<std::pair<unsigned, unsigned>> Nest;
  if (OuterN && *OuterN > 0 && *OuterN <= 64) {
    for (int64_t O = 0; O < *OuterN; ++O) {
      St.OuterValue = unsigned(O);
      std::optional<int64_t> N = Count(Inner, St.IterValue);
      if (!N || *N < 0 || *N > 64) {
        Nest.clear();
        break;
      }
      for (int64_t I = 0; I < *N; ++I)
        Nest.push_back({unsigned(O), unsigned(I)});
    }
  }
  St.OuterValue = SavedOuter;
  if (Nest.empty())
    St.Outer = nullptr;
  return Nest;
}

std::optional<int64_t> WarpEvaluator::searchedTrips(
    LaneState &St, llvm::ArrayRef<std::array<int64_t, 3>> Blocks) const {
  // A condition of the thread's own is searched only over blocks spread
  // over the grid: there the loop's length is what spreads the sampled
  // iterations over the requests of the warps whose rows are long.
  bool PerThread = Blocks.size() > 1 && St.Innermost &&
                   Loops.ThreadConditions.count(St.Innermost);
  const auto &Of = PerThread ? Loops.ThreadConditions : Loops.Conditions;
  auto C = St.Innermost ? Of.find(St.Innermost) : Of.end();
  if (C == Of.end() || (!PerThread && mentionsThreadIdx(C->second)) ||
      mentionsIf(C->second, [&](const SymbolExpr *Sym) {
        return assumed(Sym) &&
               !(St.override() && Sym->getName() == St.override()->first);
      }))
    return std::nullopt;
  LaneState::Unrecorded Quiet(St);
  St.BlockId = {0, 0, 0};
  St.Tid = 0;
  if (!PerThread) {
    std::optional<int64_t> N = firstFailing([&](int64_t I) {
      St.IterValue = I;
      return holds(C->second, St.Values);
    });
    St.IterValue.reset();
    return N;
  }
  // Each warp runs the loop until its last lane leaves it: the first
  // iteration at which no lane's condition holds, the longest of Blocks'
  // warps; unknown when some warp runs more than 64.
  unsigned Threads = Block[0] * Block[1] * Block[2];
  auto WarpTrips = [&](unsigned W) {
    return firstFailing([&](int64_t K) -> std::optional<bool> {
      St.IterValue = K;
      for (unsigned L = 0; L < WarpSize && W * WarpSize + L < Threads; ++L) {
        St.Tid = W * WarpSize + L;
        std::optional<bool> H = holds(C->second, St.Values);
        if (!H || *H)
          return H;
      }
      return false;
    });
  };
  std::optional<int64_t> Longest = 0;
  unsigned Warps = (Threads + WarpSize - 1) / WarpSize;
  for (const std::array<int64_t, 3> &B : Blocks) {
    St.BlockId = B;
    for (unsigned W = 0; W < Warps && Longest; ++W) {
      std::optional<int64_t> N = WarpTrips(W);
      Longest = N ? std::max(*Longest, *N) : N;
    }
  }
  St.IterValue.reset();
  St.BlockId = {0, 0, 0};
  St.Tid = 0;
  return Longest;
}

void WarpEvaluator::findContiguousIf(
    AccessSite &S, LaneState &St, const LExpr *Off, const Lanes &Addr,
    const std::vector<std::string> &Defaulted) const {
  // The lanes' spacing is then the assumed value's: the warning reads
  // "strided unless stride == 1".
  auto Contiguous = [&](const Lanes &Offsets) {
    std::optional<int64_t> Prev;
    bool Any = false;
    for (const auto &A : Offsets) {
      if (!A)
        continue;
      if (Prev && *A - *Prev != int64_t(S.ElemBytes))
        return false;
      Prev = A;
      Any = true;
    }
    return Any;
  };
  if (S.Shared || !S.ElemBytes || Contiguous(Addr))
    return;
  for (const std::string &Name : Defaulted) {
    SymbolValues One = [&](const SymbolExpr *Sym) -> std::optional<int64_t> {
      if (Sym->getName() == Name)
        return 1;
      return St.Values(Sym);
    };
    St.BlockId = {0, 0, 0};
    St.IterValue.reset();
    Lanes AtOne(WarpSize);
    for (unsigned L = 0; L < WarpSize; ++L) {
      St.Tid = L;
      if (Addr[L])
        AtOne[L] = evaluateAddress(Off, One);
    }
    if (Contiguous(AtOne)) {
      S.ContiguousIf = Name + " == 1";
      return;
    }
  }
}

unsigned WarpEvaluator::alignmentPeriod(LaneState &St, const WarpLanes &WarpAt,
                                        const std::string &Name,
                                        int64_t Assumed, unsigned ElemBytes,
                                        int64_t &SmallUpTo) const {
  // An assumed value can decide where the lanes start within a sector
  // (in[n + i], rows of `width` floats). How the lanes move when it grows
  // by one, on a few probe warps (block 0 and the next along each
  // dimension, the block's first and last warp, two iterations), gives the
  // period: a lane moving by d bytes returns to its place in the sector
  // every Sector / gcd(d, Sector) values. A move that differs from the
  // next one (the value is divided or squared) proves no period: 0.
  // Two lanes of one warp that move apart by e bytes a unit of the value
  // (rows of a 16-wide block, two a warp) and are c bytes apart at value
  // 0 can share a sector only while the value is below (|c| + a sector
  // and an element) / |e|: SmallUpTo is the largest such bound over the
  // probes' lane pairs (0 when every lane of a warp moves alike), at most
  // two warps' worth of values.
  const int64_t Sector = GpuTarget().SectorBytes;
  const int64_t MostSmall = 2 * int64_t(WarpSize);
  SmallUpTo = 0;
  int64_t G = Sector;
  unsigned LastWarp = (Block[0] * Block[1] * Block[2] - 1) / WarpSize;
  const std::array<std::array<int64_t, 3>, 4> Probes = {
      {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  for (const std::array<int64_t, 3> &B : Probes)
    for (unsigned W : {0u, LastWarp})
      for (unsigned It : {0u, 1u}) {
        std::array<Lanes, 3> At;
        for (unsigned K = 0; K < 3; ++K) {
          St.setOverride(std::make_pair(Name, Assumed + K));
          bool Issued = false;
          At[K] = WarpAt(B, W, It, Issued);
        }
        St.setOverride(std::nullopt);
        if (At[0].size() != At[1].size() || At[1].size() != At[2].size())
          return 0;
        // Each lane's place at value 0 (in 128 bits: Assumed * D may not
        // fit in 64) and its move per unit of the value.
        std::vector<std::pair<__int128, int64_t>> Moves;
        for (size_t L = 0; L < At[0].size(); ++L) {
          if (!At[0][L] || !At[1][L] || !At[2][L])
            continue;
          int64_t D = *At[1][L] - *At[0][L];
          if (*At[2][L] - *At[1][L] != D)
            return 0;
          G = std::gcd(G, D % Sector);
          Moves.push_back({__int128(*At[0][L]) - __int128(D) * Assumed, D});
        }
        for (size_t I = 0; I < Moves.size(); ++I)
          for (size_t J = I + 1; J < Moves.size(); ++J) {
            int64_t E = Moves[I].second - Moves[J].second;
            if (E == 0)
              continue;
            __int128 C = Moves[I].first - Moves[J].first;
            __int128 Reach = (C < 0 ? -C : C) + Sector + ElemBytes;
            __int128 Bound = Reach / (E < 0 ? -__int128(E) : E) + 1;
            SmallUpTo = int64_t(std::min<__int128>(
                std::max<__int128>(SmallUpTo, Bound), MostSmall));
          }
      }
  return unsigned(Sector / G);
}

void WarpEvaluator::searchAlignmentDependence(
    AccessSite &S, LaneState &St, const LExpr *Off,
    const GuardSets &G, const WarpLanes &WarpAt, const BlockEdges &Edges,
    const std::vector<std::string> &Defaulted) const {
  const int64_t Sector = GpuTarget().SectorBytes;
  std::optional<SampleKey> Key;
  if (Shared && !Defaulted.empty()) {
    auto T = St.Innermost ? Loops.Trips.find(St.Innermost) : Loops.Trips.end();
    Key = sampleKey(Off, St.Innermost,
                    T == Loops.Trips.end() ? nullptr : T->second, G.Strict,
                    G.Reach);
  }
  for (const std::string &Name : Defaulted) {
    // The grid's size moves no lane within a sector of its block.
    if (llvm::StringRef(Name).starts_with("gridDim."))
      continue;
    int64_t Assumed = St.Used.at(Name).first;
    if (Assumed > std::numeric_limits<int64_t>::max() - 2 * Sector)
      continue;
    int64_t SmallUpTo = 0;
    unsigned Period =
        alignmentPeriod(St, WarpAt, Name, Assumed, S.ElemBytes, SmallUpTo);
    if (Period == 1)
      continue;
    auto SampleWith = [&](int64_t Value) {
      St.setOverride(std::make_pair(Name, Value));
      AccessSite Again;
      sampleLaunch(Again, Off, St.Innermost,
                   [&](llvm::ArrayRef<std::array<int64_t, 3>> Blocks) {
                     return innermostTrips(St, Blocks);
                   },
                   WarpAt, Edges, !St.Nest.empty());
      St.setOverride(std::nullopt);
      return Again.Samples;
    };
    if (std::optional<AccessSite::ValueDependence> D =
            alignmentDependence(Name, Assumed, Period, S.Samples, S.ElemBytes,
                                SampleWith, SmallUpTo, Key ? &*Key : nullptr))
      S.AlignmentDependence.push_back(std::move(*D));
  }
}

void WarpEvaluator::resampleBlockSizes(
    AccessSite &S, const LExpr *Off, llvm::ArrayRef<const LExpr *> Path,
    const std::set<const LExpr *> *Predicated) const {
  // The default shape stands in; the report says what smaller blocks give
  // (the last, one-thread level of a recursive scan).
  WarpEvaluator Other(*this);
  Other.ResamplingBlock = true;
  for (unsigned Size = 1; Size <= unsigned(MaxThreadsPerBlock); Size *= 2) {
    std::optional<double> M;
    if (Size == Block[0] && Block[1] == 1 && Block[2] == 1) {
      M = meanSectors(S.Samples, S.ElemBytes);
    } else {
      Other.Block = {Size, 1, 1};
      AccessSite Again;
      Other.evaluateLanes(Again, Off, Path, Predicated);
      if (Again.UnknownReason.empty())
        M = meanSectors(Again.Samples, S.ElemBytes);
    }
    if (!M) {
      S.SectorsByBlockX.clear();
      return;
    }
    S.SectorsByBlockX.push_back({Size, *M});
  }
}

void WarpEvaluator::noteDefaultBlockShape(AccessSite &S,
                                          const LExpr *Off) const {
  // Terms scaled by blockIdx vanish in block 0, so only the rest counts.
  const LExpr *InBlock0 = X.substitute(Off, [&](const SymbolExpr *Sym) {
    return Sym->getSymbolKind() == SymbolKind::BlockIdx ? X.constant(0) : Sym;
  });
  // (A component a launch in this file gives is no assumption.)
  bool ShapeMatters = mentionsIf(InBlock0, [&](const SymbolExpr *Sym) {
    return (Sym->getSymbolKind() == SymbolKind::BlockDim &&
            (BlockKnown || !BlockDimKnown[Sym->getDim()])) ||
           (Sym->getSymbolKind() == SymbolKind::ThreadIdx && Sym->getDim() > 0);
  });
  // The first component assumed: y where the launch gives x alone.
  unsigned D = 0;
  while (D < 2 && BlockDimKnown[D] && !BlockKnown)
    ++D;
  // A block another file's launch sets is named too: nothing in this file
  // says where the value comes from.
  if ((!BlockKnown || BlockOrigin.From == ValueOrigin::Source::OtherUnit) &&
      ShapeMatters)
    S.Assumptions.push_back(
        {std::string("blockDim.") + "xyz"[D], Block[D], BlockOrigin});
}

namespace {

/// The launch's mean sectors per request over the warps that make a
/// request (those predicated off too, as requests of no sectors): what
/// Nsight Compute measures.
std::optional<double>
meanSectors(const std::vector<AccessSite::WarpSample> &Samples,
            unsigned ElemBytes) {
  std::vector<WarpCost> Costs;
  std::vector<unsigned> Weights;
  for (const AccessSite::WarpSample &W : Samples) {
    Costs.push_back(
        predictWarp(absoluteOffsets(W.Lane0Offset, W.LaneOffsets), ElemBytes));
    Weights.push_back(W.Weight);
  }
  if (Costs.empty())
    return std::nullopt;
  return summarizeLaunch(Costs, Weights).Sectors;
}

} // namespace

WarpEvaluator::SampleKey
WarpEvaluator::sampleKey(const LExpr *Off, const LExpr *Innermost,
                         const LExpr *Trips, ArrayRef<const LExpr *> Strict,
                         ArrayRef<const LExpr *> Reach) const {
  SampleKey K;
  K.Off = Off;
  K.Innermost = Innermost;
  K.Trips = Trips;
  K.Strict.assign(Strict.begin(), Strict.end());
  K.Reach.assign(Reach.begin(), Reach.end());
  K.Block = Block;
  for (unsigned D = 0; D < 3; ++D)
    K.Grid[D] = gridExtent(D);
  K.Variants = variants();
  // The values the sampler reads are those of the symbols these mention:
  // the builtins follow from the block and the warps sampled, the rest
  // from runtimeValue, per launch.
  std::set<const SymbolExpr *> Syms;
  auto Collect = [&](const LExpr *E) {
    if (E)
      mentionsIf(E, [&](const SymbolExpr *Sym) {
        if (isRuntimeSymbol(Sym))
          Syms.insert(Sym);
        return false;
      });
  };
  Collect(Off);
  Collect(Trips);
  for (const LExpr *G : Strict)
    Collect(G);
  for (const LExpr *G : Reach)
    Collect(G);
  unsigned Saved = Variant;
  for (const SymbolExpr *Sym : Syms) {
    SampleKey::Runtime R{Sym, {}, assumed(Sym)};
    for (Variant = 0; Variant < K.Variants; ++Variant) {
      ValueOrigin Origin;
      R.PerVariant.push_back(runtimeValue(Sym, Origin));
    }
    K.Values.push_back(std::move(R));
  }
  Variant = Saved;
  return K;
}

std::optional<AccessSite::ValueDependence> WarpEvaluator::alignmentDependence(
    const std::string &Name, int64_t Assumed, unsigned Period,
    const std::vector<AccessSite::WarpSample> &AtAssumed, unsigned ElemBytes,
    const std::function<std::vector<AccessSite::WarpSample>(int64_t)>
        &SampleWith,
    int64_t SmallUpTo, const SampleKey *Key) const {
  // Everything below is a function of the key and the arguments: another
  // kernel's access with the same ones has the same answer.
  std::optional<SampleCache::Entry> Entry;
  if (Shared && Key) {
    Entry = SampleCache::Entry{*Key,  Name,      Assumed,
                               Period, ElemBytes, SmallUpTo};
    auto Found = Shared->Found.find(*Entry);
    if (Found != Shared->Found.end()) {
      ++Shared->Hits;
      return Found->second;
    }
  }
  std::optional<AccessSite::ValueDependence> D =
      searchResidues(Name, Assumed, Period, AtAssumed, ElemBytes, SampleWith,
                     SmallUpTo);
  if (Entry)
    Shared->Found.emplace(std::move(*Entry), D);
  return D;
}

std::optional<AccessSite::ValueDependence> WarpEvaluator::searchResidues(
    const std::string &Name, int64_t Assumed, unsigned Period,
    const std::vector<AccessSite::WarpSample> &AtAssumed, unsigned ElemBytes,
    const std::function<std::vector<AccessSite::WarpSample>(int64_t)>
        &SampleWith,
    int64_t SmallUpTo) const {
  std::optional<double> Base = meanSectors(AtAssumed, ElemBytes);
  if (!Base)
    return std::nullopt;
  // No proven period: the sector's worth of values, searched for a
  // shorter one.
  const bool Proven = Period != 0;
  if (!Proven)
    Period = GpuTarget().SectorBytes;
  std::vector<double> Means = {*Base};
  for (unsigned K = 1; K < Period; ++K) {
    std::optional<double> M = meanSectors(SampleWith(Assumed + K), ElemBytes);
    if (!M)
      return std::nullopt;
    Means.push_back(*M);
  }
  auto Same = [](double A, double B) { return std::abs(A - B) < 1e-9; };
  if (llvm::all_of(Means, [&](double M) { return Same(M, Means[0]); }))
    return std::nullopt;
  // The shortest period (a power of two dividing the one sampled) that
  // the means repeat with; the one sampled itself only when proven.
  unsigned Modulus = 0;
  for (unsigned P = 2; P <= (Proven ? Period : Period / 2) && !Modulus; P *= 2) {
    if (Period % P)
      continue;
    bool Repeats = true;
    for (unsigned K = P; K < Period && Repeats; ++K)
      Repeats = Same(Means[K], Means[K % P]);
    if (Repeats)
      Modulus = P;
  }
  AccessSite::ValueDependence D;
  D.Name = Name;
  D.Assumed = Assumed;
  D.Modulus = Modulus;
  if (!Modulus) {
    D.Sectors = std::move(Means);
    return D;
  }
  // Means[K] is the value Assumed + K's: its residue is (Assumed + K) %
  // Modulus.
  D.Sectors.resize(Modulus);
  for (unsigned K = 0; K < Modulus; ++K)
    D.Sectors[size_t(((Assumed % Modulus + Modulus) % Modulus + K) %
                     Modulus)] = Means[K];
  // Small values, each against its residue: up to where lanes of one warp
  // can no longer share a sector.
  std::vector<double> Small;
  for (int64_t V = 1; V <= SmallUpTo && V < Assumed; ++V) {
    std::optional<double> M = meanSectors(SampleWith(V), ElemBytes);
    if (!M)
      return D;
    Small.push_back(*M);
    if (!Same(*M, D.Sectors[size_t(V % Modulus)]))
      D.SmallBelow = V + 1;
  }
  if (D.SmallBelow) {
    auto Below = llvm::ArrayRef<double>(Small).take_front(D.SmallBelow - 1);
    D.SmallFewest = *std::min_element(Below.begin(), Below.end());
    D.SmallMost = *std::max_element(Below.begin(), Below.end());
  }
  return D;
}

SymbolValues
WarpEvaluator::firstIterationOfBlock0(const unsigned &Tid,
                                      std::vector<Assumption> *Assumed) const {
  return [this, &Tid, Assumed](const SymbolExpr *Sym) -> std::optional<int64_t> {
    switch (Sym->getSymbolKind()) {
    case SymbolKind::ThreadIdx:
      return threadOf(Tid)[Sym->getDim()];
    case SymbolKind::BlockIdx:
    case SymbolKind::LoopIter:
      return 0;
    case SymbolKind::BlockDim:
      return Block[Sym->getDim()];
    case SymbolKind::GridDim:
    case SymbolKind::Param:
    case SymbolKind::Opaque:
    case SymbolKind::Carried:
    case SymbolKind::TripCount: {
      ValueOrigin Origin;
      std::optional<int64_t> V = runtimeValue(Sym, Origin);
      if (Assumed && V && Origin.assumed() &&
          llvm::none_of(*Assumed, [&](const Assumption &A) {
            return A.Name == Sym->getName();
          }))
        Assumed->push_back({Sym->getName().str(), *V, Origin});
      return V;
    }
    }
    return std::nullopt;
  };
}

std::optional<WarpEvaluator::RowSpacing>
WarpEvaluator::gatherRows(const LExpr *Part) const {
  if (!Part || findUnknown(Part))
    return std::nullopt;
  RowSpacing R;
  unsigned Tid = 0;
  SymbolValues Values = firstIterationOfBlock0(Tid, &R.Assumed);
  std::optional<int64_t> Step;
  std::optional<int64_t> Prev;
  unsigned Threads = Block[0] * Block[1] * Block[2];
  for (unsigned L = 0; L < WarpSize && L < Threads; ++L) {
    Tid = L;
    std::optional<int64_t> A = evaluateAddress(Part, Values);
    if (!A)
      return std::nullopt;
    if (Prev) {
      if (Step && *Step != *A - *Prev)
        return std::nullopt;
      Step = *A - *Prev;
    }
    Prev = A;
  }
  if (!Step || *Step == 0)
    return std::nullopt;
  R.Bytes = *Step;
  return R;
}

bool WarpEvaluator::sameInEveryWarp(const LExpr *Off) const {
  if (findUnknown(Off))
    return false;
  unsigned Tid = 0;
  SymbolValues Values = firstIterationOfBlock0(Tid);
  unsigned Threads = Block[0] * Block[1] * Block[2];
  for (unsigned W = 0; W * WarpSize < Threads; ++W) {
    std::optional<int64_t> First;
    for (unsigned L = 0; L < WarpSize && W * WarpSize + L < Threads; ++L) {
      Tid = W * WarpSize + L;
      std::optional<int64_t> A = evaluateAddress(Off, Values);
      if (!A || (First && *A != *First))
        return false;
      First = A;
    }
  }
  return true;
}

namespace {

/// Whether no two of warp 0's groups of lanes (GroupOf, by lane) have an
/// address in one sector.
bool groupsApart(const AccessSite &T, llvm::ArrayRef<unsigned> GroupOf) {
  std::map<int64_t, unsigned> SectorGroup;
  for (size_t L = 0; L < GroupOf.size(); ++L) {
    if (!T.LaneOffsets[L])
      continue;
    int64_t A = T.Lane0Offset + *T.LaneOffsets[L];
    int64_t Sector = A >= 0 ? A / 32 : -((-A + 31) / 32);
    auto [It, New] = SectorGroup.try_emplace(Sector, GroupOf[L]);
    if (!New && It->second != GroupOf[L])
      return false;
  }
  return true;
}

} // namespace

const LExpr *
WarpEvaluator::withoutGroups(const LExpr *Off,
                             llvm::ArrayRef<GroupedLoad> Loads) const {
  return X.substitute(withKnownBlock(Off), [&](const SymbolExpr *Sym) {
    for (const GroupedLoad &L : Loads)
      if (Sym == L.Group)
        return X.constant(0);
    return static_cast<const LExpr *>(Sym);
  });
}

bool isDataChoice(const SymbolExpr *Sym) {
  return Sym->getSymbolKind() == SymbolKind::Opaque &&
         Sym->getName().starts_with(DataChoicePrefix);
}

bool isUniformChoice(const SymbolExpr *Sym) {
  return Sym->getSymbolKind() == SymbolKind::Opaque &&
         Sym->getName().starts_with(UniformChoicePrefix);
}

std::string uniformChoiceText(const SymbolExpr *Sym,
                              std::optional<int64_t> *Outcome) {
  llvm::StringRef Name = Sym->getName();
  Name.consume_front(UniformChoicePrefix);
  std::optional<int64_t> Decided;
  if (Name.consume_back("' = 1)"))
    Decided = 1;
  else if (Name.consume_back("' = 0)"))
    Decided = 0;
  else
    Name.consume_back("')");
  if (Outcome)
    *Outcome = Decided;
  return Name.str();
}

const LExpr *WarpEvaluator::withDecidedChoices(const LExpr *E) const {
  if (!mentionsIf(E, isUniformChoice))
    return E;
  return X.substitute(E, [&](const SymbolExpr *Sym) -> const LExpr * {
    std::optional<int64_t> Outcome;
    if (isUniformChoice(Sym) && (uniformChoiceText(Sym, &Outcome), Outcome))
      return X.constant(*Outcome);
    return Sym;
  });
}

bool WarpEvaluator::evaluateUniformChoices(
    AccessSite &S, const LExpr *Off, llvm::StringRef Base,
    llvm::ArrayRef<const LExpr *> Path,
    const std::set<const LExpr *> *Predicated) const {
  if (!Off || findUnknown(Off))
    return false;
  // The comparisons whose outcome the values given decide ("...')=1")
  // take it; the others are Choices.
  std::vector<const SymbolExpr *> Choices;
  std::map<const SymbolExpr *, int64_t> Decided;
  mentionsIf(Off, [&](const SymbolExpr *Sym) {
    if (!isUniformChoice(Sym))
      return false;
    std::optional<int64_t> Outcome;
    uniformChoiceText(Sym, &Outcome);
    if (Outcome)
      Decided[Sym] = *Outcome;
    else if (!llvm::is_contained(Choices, Sym))
      Choices.push_back(Sym);
    return false; // every symbol seen
  });
  if (Choices.empty() && Decided.empty())
    return false;
  std::vector<std::string> Names;
  for (const SymbolExpr *Sym : Choices)
    Names.push_back("'" + uniformChoiceText(Sym) + "'");
  std::string Conditions = llvm::join(Names, ", ");
  if (Choices.size() > 4) {
    S.UnknownReason = Reason::other(
        "the address depends on " + std::to_string(Choices.size()) +
        " comparisons of values the analysis does not know (" + Conditions +
        ")");
    return true;
  }
  // Each way the conditions can hold, the first with all of them holding.
  unsigned Ways = 1u << Choices.size();
  std::vector<AccessSite> Sites(Ways);
  std::vector<double> Means(Ways, 0);
  bool Same = true;
  for (unsigned K = 0; K < Ways; ++K) {
    const LExpr *O = X.substitute(Off, [&](const SymbolExpr *Sym) {
      for (size_t I = 0; I < Choices.size(); ++I)
        if (Sym == Choices[I])
          return X.constant((K >> I) & 1 ? 0 : 1);
      if (auto It = Decided.find(Sym); It != Decided.end())
        return X.constant(It->second);
      return static_cast<const LExpr *>(Sym);
    });
    Sites[K] = S;
    if (!S.Shared)
      O = atBaseResidue(Sites[K], Base.str(), O);
    evaluateLanes(Sites[K], O, Path, Predicated);
    if (!Sites[K].UnknownReason.empty())
      return false;
    if (!S.Shared) {
      std::optional<double> M = meanSectors(Sites[K].Samples, S.ElemBytes);
      if (!M)
        return false;
      Means[K] = *M;
    }
    // The same lanes at the same places within 128 bytes: the same
    // sectors and the same banks.
    const auto &A = Sites[0].Samples, &B = Sites[K].Samples;
    Same = Same && A.size() == B.size() &&
           std::equal(A.begin(), A.end(), B.begin(),
                      [](const AccessSite::WarpSample &P,
                         const AccessSite::WarpSample &Q) {
                        return P.LaneOffsets == Q.LaneOffsets &&
                               P.Weight == Q.Weight &&
                               (P.Lane0Offset - Q.Lane0Offset) % 128 == 0;
                      });
  }
  auto [Lo, Hi] = std::minmax_element(Means.begin(), Means.end());
  if (Same || (!S.Shared && agree(*Lo, *Hi))) {
    S = std::move(Sites[Hi - Means.begin()]);
    return true;
  }
  if (S.Shared) {
    S.UnknownReason = Reason::other(
        Conditions + ", the same in every lane but not known, " +
        (Choices.size() == 1 ? "chooses" : "choose") +
        " between places in different banks");
    return true;
  }
  char Text[160];
  if (Choices.size() == 1)
    std::snprintf(Text, sizeof Text,
                  "%.3g sectors per request where it holds, %.3g where not",
                  Means[0], Means[1]);
  else
    std::snprintf(Text, sizeof Text,
                  "%.3g to %.3g sectors per request as they hold or not",
                  *Lo, *Hi);
  S.UnknownReason = Reason::other(
      Conditions + ", the same in every lane but not known, " +
      (Choices.size() == 1 ? "chooses" : "choose") + " the address: " + Text);
  return true;
}

bool WarpEvaluator::evaluateChoices(
    AccessSite &S, const LExpr *Off, llvm::StringRef Base,
    llvm::ArrayRef<const LExpr *> Path,
    const std::set<const LExpr *> *Predicated) const {
  if (!Off || findUnknown(Off) || S.Shared)
    return false;
  std::vector<std::string> Conditions;
  mentionsIf(Off, [&](const SymbolExpr *Sym) {
    if (isDataChoice(Sym)) {
      llvm::StringRef Name = Sym->getName();
      Name.consume_front(DataChoicePrefix);
      Name.consume_back("')");
      std::string Quoted = "'" + Name.str() + "'";
      if (!llvm::is_contained(Conditions, Quoted))
        Conditions.push_back(Quoted);
    }
    return false; // every symbol seen
  });
  if (Conditions.empty())
    return false;
  // Every lane takes the first arm, every lane the second, the lanes
  // alternate (the most two arms a lane apart can cost).
  const LExpr *Arms[3] = {X.constant(1), X.constant(0),
                          X.build(ExprKind::And,
                                  {X.threadIdx(0), X.constant(1)})};
  std::array<AccessSite, 3> Sites;
  std::array<double, 3> Means;
  for (unsigned K = 0; K < 3; ++K) {
    const LExpr *O = X.substitute(Off, [&](const SymbolExpr *Sym) {
      return isDataChoice(Sym) ? Arms[K] : static_cast<const LExpr *>(Sym);
    });
    O = withKnownBlock(O);
    Sites[K] = S;
    O = atBaseResidue(Sites[K], Base.str(), O);
    evaluateLanes(Sites[K], O, Path, Predicated);
    if (!Sites[K].UnknownReason.empty())
      return false;
    std::optional<double> M = meanSectors(Sites[K].Samples, S.ElemBytes);
    if (!M)
      return false;
    Means[K] = *M;
  }
  std::string Names = llvm::join(Conditions, ", ");
  auto [Lo, Hi] = std::minmax_element(Means.begin(), Means.end());
  if (!agree(*Lo, *Hi)) {
    char Text[160];
    std::snprintf(Text, sizeof Text,
                  "%.3g sectors per request when a warp's lanes all take "
                  "one arm, %.3g the other, %.3g when they alternate",
                  Means[0], Means[1], Means[2]);
    S.UnknownReason = Reason::other("the data chooses the address (" +
                                    Names + "): " + Text);
    return true;
  }
  // The arm with more sectors stands for them: a warp whose lanes all
  // choose alike (the alternating lanes make no pattern to name).
  unsigned Arm = Means[1] > Means[0] ? 1 : 0;
  S = std::move(Sites[Arm]);
  S.DataChoice = Names;
  S.DataChoiceSectors.assign(Means.begin(), Means.end());
  return true;
}

bool WarpEvaluator::evaluateGroups(
    AccessSite &S, const LExpr *Off, llvm::ArrayRef<GroupedLoad> Loads,
    llvm::ArrayRef<const LExpr *> Path,
    const std::set<const LExpr *> *Predicated) const {
  // Shared memory's banks are the values' own: no count without them.
  if (!Off || Loads.empty() || findUnknown(Off) || S.Shared)
    return false;
  Off = withKnownBlock(Off);
  // Each load moves the address by whole sectors (32 bytes on every GPU
  // modelled), linearly: whatever a group reads, its lanes keep their
  // places in their sectors.
  for (const GroupedLoad &L : Loads) {
    const LExpr *C = coefficientOf(X, Off, L.Value);
    if (!C || C != coefficientOf(X, Off, L.Group) || !isAlwaysMultipleOf(C, 32))
      return false;
    if (const auto *K = dyn_cast<ConstantExpr>(C); K && K->getValue() == 0)
      return false;
  }
  // Warp 0's groups: the lanes that read every load at one address.
  unsigned Tid = 0;
  SymbolValues Values = firstIterationOfBlock0(Tid);
  unsigned Threads = Block[0] * Block[1] * Block[2];
  std::vector<std::vector<int64_t>> Keys;
  std::vector<unsigned> GroupOf;
  for (unsigned L = 0; L < WarpSize && L < Threads; ++L) {
    Tid = L;
    std::vector<int64_t> K;
    for (const GroupedLoad &G : Loads) {
      std::optional<int64_t> V = evaluateAddress(withKnownBlock(G.Key), Values);
      if (!V)
        return false;
      K.push_back(*V);
    }
    auto It = llvm::find(Keys, K);
    GroupOf.push_back(unsigned(It - Keys.begin()));
    if (It == Keys.end())
      Keys.push_back(std::move(K));
  }
  if (Keys.size() > MaxLoadGroups)
    return false;
  // The values: nothing for the part every group shares, and for each
  // group its key's distance from lane 0's times Scale, which puts the
  // groups far apart: the largest of these scales whose addresses do not
  // overflow and put no two groups in one sector.
  AccessSite T;
  for (int64_t Scale : {4096, 64, 1}) {
    size_t I = 0;
    const LExpr *Placed = X.substitute(Off, [&](const SymbolExpr *Sym) {
      for (I = 0; I < Loads.size(); ++I) {
        if (Sym == Loads[I].Value)
          return X.constant(0);
        if (Sym == Loads[I].Group)
          return X.mul(X.constant(Scale),
                       X.sub(withKnownBlock(Loads[I].Key),
                             X.constant(Keys[0][I])));
      }
      return static_cast<const LExpr *>(Sym);
    });
    T = S;
    evaluateLanes(T, Placed, Path, Predicated);
    if (T.UnknownReason.empty() && T.LaneOffsets.size() >= GroupOf.size() &&
        groupsApart(T, GroupOf))
      break;
    T.UnknownReason = Reason::other("groups overlap");
  }
  if (!T.UnknownReason.empty())
    return false;
  S = std::move(T);
  S.LoadGroups = unsigned(Keys.size());
  std::string Texts;
  for (const GroupedLoad &L : Loads)
    if (Texts.find("'" + L.Text + "'") == std::string::npos)
      Texts += (Texts.empty() ? "'" : ", '") + L.Text + "'";
  S.GroupedLoads = Texts;
  return true;
}

unsigned WarpEvaluator::variants() const {
  size_t N = 1;
  if (Launch)
    for (const auto &[Name, Values] : Launch->LoopArgs)
      N = std::max(N, Values.size());
  return unsigned(N);
}

std::vector<unsigned>
WarpEvaluator::iterationsToSample(unsigned Budget, unsigned Period,
                                  std::optional<int64_t> Trips) {
  // Budget (at least 1) bounds the iterations; A..B-1 are taken.
  std::vector<unsigned> Its;
  auto Take = [&](int64_t A, int64_t B) {
    for (int64_t I = A; I < B; ++I)
      Its.push_back(unsigned(I));
  };
  if (!Trips) {
    // The first ones, enough for every place in the sectors.
    Take(0, std::min(Budget, std::max(SampledIterations, Period)));
    return Its;
  }
  // A loop of more iterations is sampled as one of 2^20: no address of
  // an iteration that far in can overflow, and the shares stay even.
  int64_t N = std::clamp<int64_t>(*Trips, 1, int64_t(1) << 20);
  if (N <= Budget) {
    Take(0, N);
    return Its;
  }
  // Budget iterations, one near the middle of each equal share of the
  // loop (a guard that changes with the iteration, a pyramid of lanes
  // shrinking, is weighed as the loop runs it), moved back to the nearest
  // one congruent to 25k modulo Q, a power of two no longer than a share
  // (at most a warp) and at least Period: the k-th covers residue k modulo
  // Period (25k = k modulo 8), so every place in the sectors is sampled,
  // and the residues modulo Q are spread, so that evenly spaced samples do
  // not all fall at one phase of a pattern that repeats every 32
  // iterations (a triangular loop's lanes leaving one an iteration).
  int64_t Q = 1;
  while (Q * 2 <= std::min<int64_t>(32, N / Budget))
    Q *= 2;
  Q = std::max<int64_t>(Q, Period);
  for (int64_t K = 0; K < int64_t(Budget); ++K) {
    int64_t Middle = (2 * K + 1) * N / (2 * int64_t(Budget));
    int64_t Residue = 25 * K % Q;
    int64_t It = Middle - (((Middle - Residue) % Q) + Q) % Q;
    if (It < 0)
      It += Q;
    if (!Its.empty() && It <= int64_t(Its.back()))
      It = Its.back() + 1;
    if (It >= N)
      break;
    Its.push_back(unsigned(It));
  }
  return Its;
}

unsigned WarpEvaluator::sectorPeriod(const WarpLanes &Evaluate,
                                     std::array<int64_t, 3> Block,
                                     unsigned Iteration) const {
  // Warp 0 of block 0 at the first iteration and warp 0 of Block at
  // Iteration: what the step adds to a lane's address, for the lanes
  // active in both (a guard that changes with the iteration moves the
  // first active lane, not the step).
  bool Issued = false;
  std::vector<std::optional<int64_t>> Now = Evaluate({0, 0, 0}, 0, 0, Issued);
  std::vector<std::optional<int64_t>> Next =
      Evaluate(Block, 0, Iteration, Issued);
  const int64_t Sector = GpuTarget().SectorBytes;
  int64_t G = Sector;
  bool Any = false;
  for (size_t L = 0; L < std::min(Now.size(), Next.size()); ++L)
    if (Now[L] && Next[L]) {
      G = std::gcd(G, ((*Next[L] - *Now[L]) % Sector + Sector) % Sector);
      Any = true;
    }
  return Any ? unsigned(Sector / G) : 1;
}

bool WarpEvaluator::gridKnown(unsigned Dim) const {
  return Opts.Assume.count(std::string("gridDim.") + "xyz"[Dim]) ||
         (Launch && Launch->Grid);
}

int64_t WarpEvaluator::gridExtent(unsigned Dim) const {
  std::string Name = std::string("gridDim.") + "xyz"[Dim];
  auto A = Opts.Assume.find(Name);
  if (A != Opts.Assume.end())
    return A->second;
  if (Launch && Launch->Grid)
    return (*Launch->Grid)[Dim];
  // An unknown grid is assumed wide along x, as grids are; along y and z
  // a second block is not assumed to exist (a 1D launch has none, and a
  // term in blockIdx.y would shift addresses that no request sees).
  return Dim == 0 ? Opts.DefaultGridDim : 1;
}

std::optional<WarpEvaluator::BlockSample> WarpEvaluator::spreadBlocks(
    const BlockSample &First, const BlockEdges &Edges,
    std::vector<std::array<int64_t, 3>> &Blocks) const {
  // Along each dimension a guard changes irregularly with, SpreadRuns runs
  // of blocks, each as long as the lanes take to come back to their places
  // in the sectors from one block to the next, the other dimensions
  // sampled as in First; a grid of no more blocks than that is taken
  // whole.
  if (llvm::none_of(Edges.Irregular, [](bool I) { return I; }))
    return std::nullopt;
  BlockSample Spread = First;
  std::array<unsigned, 3> Runs;
  for (unsigned D = 0; D < 3; ++D)
    Runs[D] = std::clamp(Edges.Period[D], 1u, MaxSampledBlocksX);
  for (unsigned D = 0; D < 3; ++D) {
    if (!Edges.Irregular[D])
      continue;
    size_t Others = 1;
    for (unsigned E = 0; E < 3; ++E)
      if (E != D)
        Others *= Edges.Irregular[E] ? SpreadRuns * Runs[E] : First[E].size();
    int64_t Run = std::max<int64_t>(
        1,
        std::min<int64_t>(Runs[D], MaxSampledBlocks / (SpreadRuns * Others)));
    int64_t Extent = std::max<int64_t>(1, gridExtent(D));
    std::set<int64_t> Taken;
    if (Extent <= SpreadRuns * Run) {
      for (int64_t B = 0; B < Extent; ++B)
        Taken.insert(B);
    } else {
      // Starts at the fractions of the grid that multiples of the golden
      // ratio leave: evenly spaced ones would all fall at one phase of a
      // power-of-two period (a warp a row of T = 1024, 8 rows a block: a
      // start every 1536 blocks is row 0 of T each time).
      for (unsigned K = 0; K < SpreadRuns; ++K) {
        double F = std::fmod(0.5 + K * 0.6180339887498949, 1.0);
        int64_t Start = int64_t(F * double(Extent - Run));
        for (int64_t B = Start; B < Start + Run; ++B)
          Taken.insert(B);
      }
    }
    Spread[D].clear();
    for (int64_t B : Taken)
      Spread[D].push_back({B, 1});
  }
  if (Spread == First)
    return std::nullopt;
  Blocks.clear();
  for (const auto &Z : Spread[2])
    for (const auto &Y : Spread[1])
      for (const auto &X : Spread[0])
        Blocks.push_back({X.first, Y.first, Z.first});
  return Spread;
}

void WarpEvaluator::sampleLaunch(AccessSite &S, const LExpr *Off,
                                 const LExpr *Innermost,
                                 const TripsOver &TripsIn,
                                 const WarpLanes &Evaluate,
                                 const BlockEdges &Edges,
                                 bool WholeNest) const {
  // What to sample: every warp of the block, consecutive blocks along each
  // grid dimension the address mentions (alignment that changes with the
  // block repeats with a short period: 33 floats a block realign every 8
  // blocks), and the first iterations of the innermost loop the address
  // moves with: enough for the lanes to come back to their places in the
  // sectors (rows of 2049 ints move 4 bytes a row: 8 rows), never more
  // than the loop runs.
  unsigned Threads = Block[0] * Block[1] * Block[2];
  unsigned Warps = (Threads + WarpSize - 1) / WarpSize;
  std::vector<unsigned> WarpIds;
  unsigned NumWarps = std::min(Warps, MaxSampledWarps);
  for (unsigned I = 0; I < NumWarps; ++I)
    WarpIds.push_back(NumWarps == Warps
                          ? I
                          : unsigned(uint64_t(I) * (Warps - 1) / (NumWarps - 1)));
  // Along y and z, 2 blocks, or as many as a block's offset takes to come
  // back to the same places in the sectors (rows of 1001 floats, a block
  // a row: 8), up to MaxSampledBlocksX; 64 blocks in all at most.
  std::array<unsigned, 3> Caps = {MaxSampledBlocksX, 2, 2};
  std::array<unsigned, 3> SampledBlocks;
  for (unsigned D = 0; D < 3; ++D) {
    bool Mentioned = mentionsIf(Off, [&](const SymbolExpr *Sym) {
      return Sym->getSymbolKind() == SymbolKind::BlockIdx && Sym->getDim() == D;
    });
    int64_t Extent = std::max<int64_t>(1, gridExtent(D));
    if (Mentioned && D > 0 && Extent > 2) {
      std::array<int64_t, 3> Next = {0, 0, 0};
      Next[D] = 1;
      Caps[D] = std::clamp(sectorPeriod(Evaluate, Next, 0), 2u,
                           MaxSampledBlocksX);
    }
    SampledBlocks[D] =
        Mentioned ? unsigned(std::min<int64_t>(Extent, Caps[D])) : 1;
  }
  // A grid misaligned along all three dimensions would take 8 x 8 x 8
  // blocks: no more than a square of 8 along x and y, the rest along z.
  SampledBlocks[2] = std::max(
      1u, std::min(SampledBlocks[2],
                   MaxSampledBlocks / (SampledBlocks[0] * SampledBlocks[1])));
  using Along = BlockSample;
  Along First;
  for (unsigned D = 0; D < 3; ++D)
    for (unsigned B = 0; B < SampledBlocks[D]; ++B)
      First[D].push_back({B, 1});

  auto Key = [](int64_t Lane0, const std::vector<std::optional<int64_t>> &R) {
    return std::make_pair(((Lane0 % 128) + 128) % 128, R);
  };
  // Blocks' warps, MostWarps requests at most; the innermost loop's
  // length over the blocks TripsOf.
  auto Sample = [&](const Along &Blocks, unsigned MostWarps,
                    llvm::ArrayRef<std::array<int64_t, 3>> TripsOf) {
    S.Samples.clear();
    unsigned Count = Blocks[0].size() * Blocks[1].size() * Blocks[2].size();
    std::vector<unsigned> Iterations = {0};
    if (Innermost) {
      std::optional<int64_t> Trips = TripsIn(TripsOf);
      unsigned Budget = std::max(1u, MostWarps / (Count * NumWarps));
      auto T = Loops.Trips.find(Innermost);
      bool SameForEveryThread =
          T == Loops.Trips.end() || !mentionsThreadIdx(T->second);
      if (Trips && (*Trips <= MaxWholeLoop || WholeNest) &&
          SameForEveryThread &&
          Count * NumWarps * *Trips <= MaxWholeLoopSamples)
        Budget = std::max(Budget, unsigned(*Trips));
      Iterations = iterationsToSample(
          Budget, sectorPeriod(Evaluate, {0, 0, 0}, 1), Trips);
    }
    std::map<std::pair<int64_t, std::vector<std::optional<int64_t>>>, size_t>
        Seen;
    // Each launch of a host loop counts alike (the same grid is assumed).
    for (Variant = 0; Variant < variants(); ++Variant)
    for (unsigned B = 0; B < Count; ++B)
      for (unsigned W : WarpIds)
        for (unsigned It : Iterations) {
          const auto &BX = Blocks[0][B % Blocks[0].size()];
          const auto &BY = Blocks[1][B / Blocks[0].size() % Blocks[1].size()];
          const auto &BZ = Blocks[2][B / (Blocks[0].size() * Blocks[1].size())];
          std::array<int64_t, 3> BlockIdx = {BX.first, BY.first, BZ.first};
          bool Issued = false;
          std::vector<std::optional<int64_t>> Lanes =
              Evaluate(BlockIdx, W, It, Issued);
          auto FirstLane = llvm::find_if(Lanes, [](const std::optional<int64_t> &A) {
            return A.has_value();
          });
          // No active lane: no request, unless the instruction is
          // predicated (a request of no sectors).
          if (FirstLane == Lanes.end() && (!Issued || Lanes.empty()))
            continue;
          int64_t Lane0 = FirstLane == Lanes.end() ? 0 : **FirstLane;
          std::vector<std::optional<int64_t>> Rel(Lanes.size());
          for (size_t L = 0; L < Lanes.size(); ++L)
            if (Lanes[L])
              Rel[L] = *Lanes[L] - Lane0;
          bool Predicated = FirstLane == Lanes.end();
          auto [Slot, New] =
              Seen.try_emplace(Key(Lane0, Rel), S.Samples.size());
          if (New) {
            AccessSite::WarpSample Sample;
            Sample.Lane0Offset = Lane0;
            Sample.LaneOffsets = std::move(Rel);
            Sample.Block = B;
            Sample.Warp = W;
            Sample.Iteration = It;
            Sample.Launch = Variant;
            Sample.Predicated = Predicated;
            S.Samples.push_back(std::move(Sample));
          }
          S.Samples[Slot->second].Weight += BX.second * BY.second * BZ.second;
        }
    Variant = 0;
  };
  auto Runs = [](const AccessSite &S) {
    return llvm::any_of(S.Samples, [](const AccessSite::WarpSample &W) {
      return !W.Predicated;
    });
  };
  std::array<int64_t, 3> Block0 = {0, 0, 0};
  std::vector<std::array<int64_t, 3>> SpreadOver;
  if (std::optional<Along> Spread =
          spreadBlocks(First, Edges, SpreadOver)) {
    Sample(*Spread, SpreadSamples, SpreadOver);
    if (Runs(S))
      return;
  }
  Sample(First, MaxSamples, Block0);
  if (Runs(S))
    return;
  // No lane of the first blocks runs the access: a guard that holds only
  // further on (the grid's last row). Each stretch of blocks between the
  // edges is sampled from its start, as many blocks as the first were,
  // each weighing its share of the stretch, so that the mean is over the
  // requests the launch makes.
  auto StretchesOf = [&](bool OneEach) {
    Along Stretches;
    for (unsigned D = 0; D < 3; ++D) {
      int64_t Extent = std::max<int64_t>(1, gridExtent(D));
      // A grid not known along y or z is taken as one block there; but a
      // guard that lets blocks past an edge run the access (j > 0 with j =
      // 4 * blockIdx.y + threadIdx.y, Parboil stencil's) says the launch
      // has them: as wide as a grid is assumed along x.
      if (D > 0 && !gridKnown(D) && !Edges.Turns[D].empty())
        Extent = std::max({Extent, int64_t(Opts.DefaultGridDim),
                           Edges.Turns[D].back() + 1});
      std::vector<int64_t> Starts = {0};
      for (int64_t E : Edges.Turns[D])
        if (E > 0 && E < Extent)
          Starts.push_back(E);
      llvm::sort(Starts);
      Starts.erase(std::unique(Starts.begin(), Starts.end()), Starts.end());
      if (Starts.size() == 1) {
        Stretches[D] = First[D];
        continue;
      }
      for (size_t I = 0; I < Starts.size(); ++I) {
        int64_t End = I + 1 < Starts.size() ? Starts[I + 1] : Extent;
        int64_t Taken =
            OneEach ? 1 : std::min<int64_t>(End - Starts[I], SampledBlocks[D]);
        unsigned Share =
            unsigned(std::max<int64_t>(1, (End - Starts[I]) / Taken));
        for (int64_t B = Starts[I]; B < Starts[I] + Taken; ++B)
          Stretches[D].push_back({B, Share});
      }
    }
    return Stretches;
  };
  auto Count = [](const Along &A) {
    return A[0].size() * A[1].size() * A[2].size();
  };
  Along Stretches = StretchesOf(false);
  if (Count(Stretches) > MaxSampledBlocks)
    Stretches = StretchesOf(true);
  if (Count(Stretches) > MaxSampledBlocks || Stretches == First)
    return;
  Sample(Stretches, MaxSamples, Block0);
}

} // namespace coalesce
