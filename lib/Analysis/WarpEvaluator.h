//===- WarpEvaluator.h - an address, lane by lane ---------------*- C++ -*-===//
//
// The launch a kernel is analyzed under (block shape, grid, constant
// arguments, assumed values) and the evaluation of a symbolic address for
// the 32 lanes of warp 0 of block 0: lane offsets, the next warp, the next
// loop iteration, and every value assumed on the way.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_WARPEVALUATOR_H
#define CUDA_COALESCE_ANALYSIS_WARPEVALUATOR_H

#include "Analysis/AccessSite.h"
#include "Analysis/Analyzer.h"
#include "Analysis/LaunchSites.h"
#include "LaneExpr/LaneExpr.h"
#include "Model/GpuTarget.h"

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <functional>
#include <map>
#include <vector>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace coalesce {

/// What the walk learned of the loops accesses sit in, by iteration
/// symbol.
struct LoopFacts {
  /// Loops over a range split among the threads (each starts at an offset
  /// of its own, all run equally long).
  std::set<const Expr *> Split;
  /// How many times a loop runs, where it counts from a constant by a
  /// constant step to a bound the same in every lane
  /// ("for (int ty = 0; ty < BLOCK_SIZE; ty++)", "i < iteration").
  std::map<const Expr *, const Expr *> Trips;
  /// A loop whose count Trips cannot spell, the same in every lane (a
  /// variable shifted or multiplied each iteration: "s >>= 2" while
  /// "s > 0"): its condition at iteration iter(loop). The sample counts
  /// the iterations until it fails.
  std::map<const Expr *, const Expr *> Conditions;
  /// A loop whose count is the thread's own ("for (i = lane; i < len; i +=
  /// 32)", len the warp's row): its condition at iteration iter(loop),
  /// searched warp by warp where the blocks sampled are spread over the
  /// grid.
  std::map<const Expr *, const Expr *> ThreadConditions;
  /// The count a loop left with (its iterations(...) symbol) where it is
  /// counted by such a variable from a start or to a bound known only when
  /// the kernel runs (a launch's parameter): the loop's condition and its
  /// iteration symbol. The evaluation searches the count with the run's
  /// values, so what the loop shifts is followed after it.
  struct Count {
    const Expr *Condition;
    const Expr *Iter;
  };
  std::map<const Expr *, Count> Counts;
  /// Loops nvcc keeps rolled: '#pragma unroll 1' (or 'nounroll') on them.
  std::set<const Expr *> Rolled;
  /// Loops whose loads ptxas leaves in place (keepsLoadsInPlace): a store
  /// to memory or a division in the body.
  std::set<const Expr *> LoadsInPlace;
};

/// A value a group of lanes loads at one address each (cutcp's
/// 'NbrList[nbrid].x' with nbrid = tid >> 4): in an address, Value + Group
/// stands for it, Group taking one value per distinct Key, the load's
/// byte offset (KernelWalker::groupedOffset).
struct GroupedLoad {
  const SymbolExpr *Value = nullptr, *Group = nullptr;
  const Expr *Key = nullptr;
  std::string Text; ///< the load as written: "NbrList[nbrid].x"
};

/// A symbol standing for a choice the data makes lane by lane, between the
/// two arms of a condition on loaded data: its name is DataChoicePrefix,
/// the condition's text, and "')" ("data('flux[i] > 0.0')").
constexpr const char *DataChoicePrefix = "data('";
bool isDataChoice(const SymbolExpr *Sym);
/// A symbol standing for a comparison of floats that every lane of a warp
/// computes alike and that the compiler does not decide ('alpha >= 0.0',
/// alpha a float parameter): its name is UniformChoicePrefix, the
/// comparison's text, and "')" where the analysis has no value for it
/// ("cond('alpha >= 0.0')"), or "' = 1)" or "' = 0)" where the values
/// given decide it (--assume alpha=1: "cond('alpha >= 0.0' = 1)").
constexpr const char *UniformChoicePrefix = "cond('";
bool isUniformChoice(const SymbolExpr *Sym);
/// A uniform choice's comparison as written, and its outcome where the
/// values given decide it.
std::string uniformChoiceText(const SymbolExpr *Sym,
                              std::optional<int64_t> *Outcome = nullptr);

class WarpEvaluator {
public:
  /// Chooses the block shape: the launch site, else __launch_bounds__, else
  /// --block-dim, else 256x1x1 ("blockDim.x a multiple of 32").
  /// Loops: what the kernel's walk learns of its loops (filled as it
  /// walks; read when accesses are evaluated, after it).
  WarpEvaluator(ExprContext &X, const AnalysisOptions &Opts,
                const LaunchInfo *Launch, const clang::FunctionDecl *Kernel,
                clang::ASTContext &Ctx, const LoopFacts &Loops);

  std::array<unsigned, 3> block() const { return Block; }

  /// Off with the block sizes the launch tells substituted, as printed.
  const Expr *withKnownBlock(const Expr *Off) const;

  /// Fills S's lane offsets, lane 0's offset, the warp stride, the step to
  /// the next iteration of the innermost loop Off moves with (and whether
  /// that loop splits a range among threads, per Loops), and the
  /// assumptions made; or S.UnknownReason. Path holds the guards the access
  /// runs under.
  /// A warp of the sample whose lanes a predicated guard (Predicated, not
  /// depending on the block) switches all off still issues the access: a
  /// request of no sectors, as Nsight Compute counts it.
  void evaluateLanes(AccessSite &S, const Expr *Off,
                     llvm::ArrayRef<const Expr *> Path,
                     const std::set<const Expr *> *Predicated = nullptr) const;

  /// For an address not known (Why): when the guards of Path leave at
  /// most one lane on in every warp sampled ("if (threadIdx.x == 0)
  /// out[atomicAdd(n, 1)] = v"), fills S as evaluateLanes does, the lane's
  /// offset taken as 0: one lane's request is its own bytes' sectors,
  /// wherever they are, once they are aligned to their size, as nvcc's
  /// pieces are. Returns false, S untouched, otherwise.
  bool evaluateOneLane(AccessSite &S, const Reason &Why,
                       llvm::ArrayRef<const Expr *> Path,
                       const std::set<const Expr *> *Predicated) const;

  /// Off, a byte offset from the kernel's pointer parameter Base, moved
  /// to where the launch puts that pointer past an allocation's start
  /// (LaunchInfo::BaseResidues), the assumption ("in % 256" = 112) noted
  /// in S; Off itself for any other base.
  const Expr *atBaseResidue(AccessSite &S, const std::string &Base,
                            const Expr *Off) const;

  /// An address Off that values loaded by groups of lanes (Loads) make
  /// unknown: evaluated with each group's values putting it apart from
  /// the other groups, fills S as evaluateLanes does and returns true when
  /// warp 0 has at most MaxLoadGroups groups, each load moves the address
  /// by whole sectors (so no group's value can move it within one), and
  /// the groups share no sector. False, S untouched, otherwise.
  /// An address Off with data choices (isDataChoice; Base its base, for
  /// the base's residue): evaluated with every lane of a warp taking the
  /// first arm, every lane the second, and the lanes alternating. When the
  /// three means agree within the tolerance the model keeps (a half
  /// sector, or 15 %), fills S with the arm of more sectors, S.DataChoice naming
  /// the conditions and S.DataChoiceSectors the three means; otherwise
  /// sets S.UnknownReason to say how far they differ. False, S untouched,
  /// when an evaluation finds an unknown.
  bool evaluateChoices(AccessSite &S, const Expr *Off, llvm::StringRef Base,
                       llvm::ArrayRef<const Expr *> Path,
                       const std::set<const Expr *> *Predicated) const;
  /// An address Off with uniform choices (isUniformChoice, at most four):
  /// evaluated with each of them holding and not, the whole warp alike.
  /// Where every evaluation gives the same requests (global memory: the
  /// same mean sectors within the model's tolerance), fills S with the one
  /// of most sectors; otherwise sets S.UnknownReason to name the
  /// conditions and what each way costs. False, S untouched, when Off
  /// holds none or an evaluation finds an unknown.
  bool evaluateUniformChoices(AccessSite &S, const Expr *Off,
                              llvm::StringRef Base,
                              llvm::ArrayRef<const Expr *> Path,
                              const std::set<const Expr *> *Predicated) const;
  /// E with each uniform choice the values given decide ("...')=1") made
  /// its outcome.
  const Expr *withDecidedChoices(const Expr *E) const;
  bool evaluateGroups(AccessSite &S, const Expr *Off,
                      llvm::ArrayRef<GroupedLoad> Loads,
                      llvm::ArrayRef<const Expr *> Path,
                      const std::set<const Expr *> *Predicated) const;
  static constexpr unsigned MaxLoadGroups = 16;
  /// Off with the block known and each of Loads' Group symbols taken
  /// away: the address as the source spells it, the loads named.
  const Expr *withoutGroups(const Expr *Off,
                            llvm::ArrayRef<GroupedLoad> Loads) const;

  /// Whether Off, free of unknowns, has one value across the lanes of each
  /// warp of block 0 (row = tid / 32: a value read once per warp), at the
  /// first iteration of every loop. False when a lane cannot be evaluated.
  bool sameInEveryWarp(const Expr *Off) const;

  /// A gather whose loaded index is added to a part known per lane
  /// (work[tid * stride + idx[k]]); Part is the byte offset without the
  /// index (MemoryAccess::GatherRowOffset). The bytes between consecutive
  /// lanes' parts in warp 0 of block 0, when they are all the same, and the
  /// assumed values that spacing rests on (stride = 1048576, "default").
  /// nullopt when Part is null or unknown, or does not move with the lane
  /// alike.
  struct RowSpacing {
    int64_t Bytes = 0;
    std::vector<Assumption> Assumed;
  };
  std::optional<RowSpacing> gatherRows(const Expr *Part) const;

  /// CUDA's limit on the threads of one block (every architecture).
  static constexpr int64_t MaxThreadsPerBlock = 1024;

  /// What the launch's sample of an access is a function of: the address,
  /// the guards the warps sampled run under, the innermost loop and its
  /// trip count, the block, the grid sampled, the launches of a host loop,
  /// and the value of every runtime symbol these mention in each launch
  /// (with whether the analyzer merely assumed it). The expressions are
  /// one ExprContext's, which makes each unique: equal pointers are equal
  /// expressions. Two kernels of a translation unit (the instances of a
  /// template, a device function inlined in several kernels) that give
  /// an access the same key sample the same warps.
  struct SampleKey {
    const Expr *Off = nullptr, *Innermost = nullptr, *Trips = nullptr;
    std::vector<const Expr *> Strict, Reach;
    std::array<unsigned, 3> Block = {0, 0, 0};
    std::array<int64_t, 3> Grid = {0, 0, 0};
    unsigned Variants = 1;
    struct Runtime {
      const SymbolExpr *Sym;
      std::vector<std::optional<int64_t>> PerVariant;
      bool Assumed;
      bool operator<(const Runtime &O) const {
        return std::tie(Sym, PerVariant, Assumed) <
               std::tie(O.Sym, O.PerVariant, O.Assumed);
      }
    };
    std::vector<Runtime> Values;
    bool operator<(const SampleKey &O) const {
      return std::tie(Off, Innermost, Trips, Strict, Reach, Block, Grid,
                      Variants, Values) <
             std::tie(O.Off, O.Innermost, O.Trips, O.Strict, O.Reach, O.Block,
                      O.Grid, O.Variants, O.Values);
    }
  };
  /// alignmentDependence's answers by SampleKey and its other arguments,
  /// shared by the kernels of one translation unit: the residues and
  /// small values of an assumed size are sampled once per distinct access
  /// (docs/bench/speed.md). Owned by analyzeTranslationUnit, with the
  /// ExprContext outliving it.
  class SampleCache {
  public:
    struct Entry {
      SampleKey Key;
      std::string Name;
      int64_t Assumed;
      unsigned Period, ElemBytes;
      int64_t SmallUpTo;
      bool operator<(const Entry &O) const {
        return std::tie(Key, Name, Assumed, Period, ElemBytes, SmallUpTo) <
               std::tie(O.Key, O.Name, O.Assumed, O.Period, O.ElemBytes,
                        O.SmallUpTo);
      }
    };
    std::map<Entry, std::optional<AccessSite::ValueDependence>> Found;
    /// Lookups answered from Found (for tests and measurements).
    unsigned Hits = 0;
  };
  /// Shares C's alignment dependences with the other kernels that use it.
  void shareSamples(SampleCache *C) { Shared = C; }

  /// The iterations of the innermost loop to sample: at most Budget, every
  /// one when the loop runs no more (Trips, when known), else spread over
  /// the loop and over the residues modulo Period, or the first ones when
  /// Trips is unknown.
  static std::vector<unsigned> iterationsToSample(unsigned Budget,
                                                  unsigned Period,
                                                  std::optional<int64_t> Trips);

  /// Where a uniform runtime symbol's value comes from (--assume, the
  /// launch site, the default) for the launch Launch, evaluated for its
  /// Variant-th launch when a host loop makes several. The one source of
  /// provenance for the lanes' evaluation and for the loop analysis
  /// (Loops.cpp's knownAtLaunch).
  static std::optional<int64_t> runtimeValueOf(const SymbolExpr *S,
                                               const LaunchInfo *Launch,
                                               const AnalysisOptions &Opts,
                                               unsigned Variant,
                                               ValueOrigin &Origin);
  /// Whether S is a uniform runtime value (a parameter, a value loaded
  /// once, a carried value, a trip count, gridDim), which runtimeValueOf
  /// gives a value.
  static bool isRuntimeSymbol(const SymbolExpr *S);
  /// The size n of a mask M that is "n - 1", n made of runtime values
  /// alone ("size", "stride / 128"): the wrap-around of a power-of-two
  /// buffer ("i & (size - 1)"); else null.
  static const Expr *maskedSize(const Expr *M);

private:
  /// Lanes evaluated: warp 0 of block 0. The width is the same on every
  /// architecture GpuTarget knows, so the default target's is used.
  const unsigned WarpSize = GpuTarget().WarpSize;
  ExprContext &X;
  const AnalysisOptions &Opts;
  const LaunchInfo *Launch;
  const LoopFacts &Loops;
  std::array<unsigned, 3> Block = {256, 1, 1};
  bool BlockKnown = false;
  /// The components of Block a launch, the launch bounds or --block-dim
  /// give: all of them when BlockKnown, some for a launch that knows its
  /// block in part ("dim3 b(1, lCols)").
  std::array<bool, 3> BlockDimKnown = {false, false, false};
  ValueOrigin BlockOrigin;
  /// A copy sampling the launch again under another block size
  /// (AccessSite::SectorsByBlockX): its own dependences are not searched.
  bool ResamplingBlock = false;
  SampleCache *Shared = nullptr;

  /// The sample of the launch evaluated beyond warp 0 (see sampleLaunch).
  /// Every warp of a block (at most 32): a warp the others do not stand
  /// for (warp 0 alone storing under threadIdx.x == 0) must weigh 1 in the
  /// block's warps, not 1 in 8 sampled ones.
  static constexpr unsigned MaxSampledWarps = 32;
  static constexpr unsigned MaxSampledBlocksX = 8;
  static constexpr unsigned MaxSampledBlocks =
      MaxSampledBlocksX * MaxSampledBlocksX;
  /// A guard that changes irregularly with the block is sampled in this
  /// many runs of blocks spread over the grid, with SpreadSamples warps'
  /// requests at most (the iterations of a loop whose length changes with
  /// the block are spread over the longest).
  static constexpr unsigned SpreadRuns = 8;
  /// Iterations of the innermost loop sampled: at least these (fewer when
  /// the loop runs fewer), and as many as the lanes take to come back to
  /// the same places in their sectors (up to a sector's bytes), within
  /// MaxSamples.
  static constexpr unsigned SampledIterations = 4;
  static constexpr unsigned MaxSamples = 256;
  static constexpr unsigned SpreadSamples = 4 * MaxSamples;
  /// A loop of at most MaxWholeLoop iterations, as many in every thread,
  /// is sampled whole when that is at most MaxWholeLoopSamples warps: each
  /// step of a tree reduction or a scan ("for (s = 1; s < blockDim.x; s *=
  /// 2)") has lanes of its own, and a few of them do not stand for the
  /// rest. A count of the thread's own (for (c = tid; c < 1001; c += 250):
  /// 5 in thread 0, 4 in the others) is not: nvcc unrolls such a loop with
  /// a remainder, the lone last iteration an instruction of its own.
  static constexpr unsigned MaxWholeLoop = 16;
  static constexpr unsigned MaxWholeLoopSamples = 2048;
  /// Lanes' byte offsets of one warp (nullopt: inactive), given blockIdx,
  /// the warp within the block and the iteration of the innermost loop;
  /// empty when the address cannot be evaluated.
  /// Issued: set when no lane is active but the warp still issues the
  /// access (predicated off).
  using WarpLanes = std::function<std::vector<std::optional<int64_t>>(
      std::array<int64_t, 3> BlockIdx, unsigned Warp, unsigned Iteration,
      bool &Issued)>;
  /// How the guards change with the block, per grid dimension.
  struct BlockEdges {
    /// The block indices past 0 at which a guard's comparison with the
    /// block index turns for some thread (y == 399 with y = 8 *
    /// blockIdx.y + threadIdx.y: blocks 49 and 50): within the stretches
    /// between them every thread's guard holds alike.
    std::array<std::vector<int64_t>, 3> Turns;
    /// A comparison that is not a straight line in the block index for
    /// some thread (a row's length "i < (8 * blockIdx.x + warp) % T"): the
    /// lanes on change along the grid, so its first blocks do not stand
    /// for the rest.
    std::array<bool, 3> Irregular = {false, false, false};
    /// Along an irregular dimension, the blocks after which thread 0's
    /// address, guards aside, is back at its place in its sector (rows of
    /// 1001 floats, a block a row: 8).
    std::array<unsigned, 3> Period = {1, 1, 1};
  };
  /// The block indices sampled along each grid dimension, each with the
  /// blocks it stands for.
  using BlockSample = std::array<std::vector<std::pair<int64_t, unsigned>>, 3>;
  /// First's blocks, spread over the grid along the dimensions a guard
  /// changes irregularly with (Edges.Irregular); Blocks: every block of
  /// the result. nullopt when none does.
  std::optional<BlockSample>
  spreadBlocks(const BlockSample &First, const BlockEdges &Edges,
               std::vector<std::array<int64_t, 3>> &Blocks) const;
  /// The innermost loop's trip count over some blocks (the longest).
  using TripsOver = std::function<std::optional<int64_t>(
      llvm::ArrayRef<std::array<int64_t, 3>> Blocks)>;
  /// One warp's lanes' byte offsets (nullopt: inactive).
  using Lanes = std::vector<std::optional<int64_t>>;

  // evaluateLanes, step by step (WarpEvaluator.cpp defines both types).
  class LaneState;
  struct GuardSets;
  /// Splits the guards of Path into their comparisons and sorts them by
  /// what they decide; sets S.UnevaluatedGuard for the first that cannot
  /// be evaluated (an unknown, loaded data compared with the lane).
  GuardSets sortGuards(AccessSite &S, llvm::ArrayRef<const Expr *> Path,
                       const std::set<const Expr *> *Predicated) const;
  /// Where the comparisons of Guards with blockIdx turn and which change
  /// irregularly, with Off's period along those (BlockEdges); records no
  /// assumption, leaves St at thread 0 of block 0.
  BlockEdges blockEdges(LaneState &St, const Expr *Off,
                        llvm::ArrayRef<const Expr *> Guards) const;
  /// Warp 0 of block 0 at every loop's first iteration: each lane's
  /// address, kept for the lanes of the block that Guards let through.
  /// nullopt, with S.UnknownReason, when some lane's cannot be evaluated.
  std::optional<Lanes> warp0Lanes(AccessSite &S, LaneState &St,
                                  const Expr *Off,
                                  llvm::ArrayRef<const Expr *> Guards) const;
  /// Sets S.UnevaluatedGuard when the comparisons with assumed values
  /// would switch off every active lane of warp 0 (Addr): then the assumed
  /// value cannot be the run's. Records no assumption.
  void flagAssumedLaneGuards(AccessSite &S, LaneState &St, const Lanes &Addr,
                             llvm::ArrayRef<const Expr *> AssumedLane) const;
  /// Sets S.Warp0Idle; when no lane of warp 0 is active (a branch other
  /// blocks take), relaxes Guards until some are (the lane's guards, then
  /// none) and fills Addr for them: the warps that run it are described.
  void relaxIdleWarp0(AccessSite &S, LaneState &St, const Expr *Off,
                      std::vector<const Expr *> &Guards, Lanes &Addr) const;
  /// S's lane offsets from warp 0's addresses (at least one active), the
  /// bytes to the next warp, and the step to the innermost loop's next
  /// iteration.
  void fillWarp0(AccessSite &S, LaneState &St, const Expr *Off,
                 const Lanes &Addr) const;
  /// Makes S the wide load nvcc joins the loads of consecutive iterations
  /// of its innermost loop into, where it does (AccessSite::
  /// JoinedIterations). Innermost: that loop's iteration symbol.
  void joinIterations(AccessSite &S, const Expr *Innermost,
                      const Expr *Off) const;
  /// A warp of the sample (WarpLanes) under G's strict guards.
  Lanes warpLanes(LaneState &St, const Expr *Off, const GuardSets &G,
                  std::array<int64_t, 3> InBlock, unsigned Warp,
                  unsigned Iteration, bool &Issued) const;
  /// warpLanes's result with the warp's lanes evaluated together; none
  /// where a lane's address needs evaluating on its own.
  std::optional<Lanes> lanesTogether(LaneState &St, const Expr *Off,
                                     const GuardSets &G, unsigned Warp,
                                     bool &Issued) const;
  /// The iterations of the innermost loop and the loop around it, in the
  /// order they run, each (outer, innermost), when the innermost loop's
  /// count depends on the outer loop's iteration and both counts are known
  /// when the kernel runs, the same in every lane, resting on no merely
  /// assumed value, each at most 64 (a bitonic network: 1, 2, ... 9
  /// strides for each size); sets St.Outer then. Empty otherwise: the
  /// outer loop is at its first iteration, as every loop but the innermost
  /// is.
  std::vector<std::pair<unsigned, unsigned>> loopNest(LaneState &St) const;
  /// The innermost loop's trip count at the values sampled (the longest
  /// of Blocks' threads when it depends on the thread or the block);
  /// nullopt when unknown or resting on a merely assumed value. Records no
  /// assumption.
  std::optional<int64_t>
  innermostTrips(LaneState &St,
                 llvm::ArrayRef<std::array<int64_t, 3>> Blocks = {
                     {0, 0, 0}}) const;
  /// The same for a loop of Loops.Conditions: the first iteration whose
  /// condition fails, searched.
  std::optional<int64_t>
  searchedTrips(LaneState &St,
                llvm::ArrayRef<std::array<int64_t, 3>> Blocks) const;
  /// A stride the run passes (in[i * stride]): sets S.ContiguousIf to the
  /// first of the Defaulted values that, set to 1, makes warp 0's active
  /// lanes (Addr) contiguous, when they are not.
  void findContiguousIf(AccessSite &S, LaneState &St, const Expr *Off,
                        const Lanes &Addr,
                        const std::vector<std::string> &Defaulted) const;
  /// The values of Name (assumed as Assumed) after which the lanes are back
  /// at their places in the sectors: from how the lanes of a few probe
  /// warps move when it grows by one (0: no period proven). SmallUpTo: see
  /// alignmentDependence.
  unsigned alignmentPeriod(LaneState &St, const WarpLanes &WarpAt,
                           const std::string &Name, int64_t Assumed,
                           unsigned ElemBytes, int64_t &SmallUpTo) const;
  /// S.AlignmentDependence: for each Defaulted value that moves the lanes
  /// within sectors, the launch sampled again for each of its residues
  /// (the search shared with other kernels' accesses of the same sample
  /// key, G's guards part of it).
  void searchAlignmentDependence(AccessSite &S, LaneState &St,
                                 const Expr *Off, const GuardSets &G, const WarpLanes &WarpAt,
                                 const BlockEdges &Edges,
                                 const std::vector<std::string> &Defaulted) const;
  /// S.SectorsByBlockX: the launch's mean sectors per request for blocks
  /// of 1 to 1024 threads along x (the host computes the block).
  void resampleBlockSizes(AccessSite &S, const Expr *Off,
                          llvm::ArrayRef<const Expr *> Path,
                          const std::set<const Expr *> *Predicated) const;
  /// The default block shape (or one another file's launch sets) decides
  /// the answer when the address uses blockDim or threadIdx.y/z in block 0:
  /// an assumption of S then.
  void noteDefaultBlockShape(AccessSite &S, const Expr *Off) const;
  /// Fills S.Samples: the distinct lane patterns of a sample of the
  /// launch's warps, with how often each was met. Trips: how many times
  /// the innermost loop runs over the blocks sampled, when known. When a
  /// guard changes irregularly with the block (Edges.Irregular), runs of
  /// blocks spread over the grid are sampled (spreadBlocks). When the
  /// first blocks sampled run the access in no lane (a guard that holds
  /// only at the grid's far edge), the stretches of blocks between
  /// Edges.Turns are sampled instead, each weighed by the blocks it holds.
  /// WholeNest: the iterations are a loop nest's (loopNest), each sampled
  /// when the warps' requests stay within MaxWholeLoopSamples, however
  /// many (a nest's stages do not stand for one another).
  void sampleLaunch(AccessSite &S, const Expr *Off, const Expr *Innermost,
                    const TripsOver &Trips, const WarpLanes &Evaluate,
                    const BlockEdges &Edges, bool WholeNest = false) const;
  /// The steps after which warp 0's lanes are back at the same places in
  /// their sectors (1 to a sector's bytes), a step being the move from
  /// block 0 at the first iteration to Block at Iteration (the next
  /// iteration, the next block along y or z).
  unsigned sectorPeriod(const WarpLanes &Evaluate, std::array<int64_t, 3> Block,
                        unsigned Iteration) const;
  /// The launches a host loop makes with different arguments (1 when
  /// none): the sample covers each, Variant says which is evaluated.
  unsigned variants() const;
  mutable unsigned Variant = 0;
  /// gridDim along Dim, for sampling: --assume, the launch site, else the
  /// default along x and 1 along y and z.
  int64_t gridExtent(unsigned Dim) const;
  /// Whether --assume or the launch gives gridDim along Dim.
  bool gridKnown(unsigned Dim) const;

  /// The value of a uniform runtime symbol (a parameter, a value loaded
  /// once, gridDim) and where it came from: --assume, the launch site, or
  /// the default.
  std::optional<int64_t> runtimeValue(const SymbolExpr *S,
                                      ValueOrigin &Origin) const;
  /// A loop's count of Loops.Counts (iterations(d)): the first iteration
  /// whose condition fails, with the run's values; Origin is that of the
  /// values it rests on. nullopt when one of them is merely assumed, or
  /// the condition still holds after 64 iterations.
  std::optional<int64_t> searchedCount(const LoopFacts::Count &C,
                                       ValueOrigin &Origin) const;
  /// The address Off with every mask "& (n - 1)" of a value n the analyzer
  /// merely assumed taken away: such a mask is the wrap-around of a
  /// power-of-two buffer, and one wider than the addresses a warp spans
  /// keeps them in order, a sector apart wherever they were (the assumed
  /// n must not decide it: masked by 1048576, gid * 1048576 would put a
  /// whole warp on one address). Wide gets those sizes as printed
  /// ("size", "stride / 128"). Set Refused (the name) when a lane's
  /// address is masked by a value the analyzer assumed that is not of that
  /// form: nothing can be said of it.
  const Expr *withoutAssumedMasks(const Expr *Off,
                                  std::vector<std::string> &Wide,
                                  std::string &Refused) const;
  /// The name of a value the analyzer merely assumed that Off shifts by
  /// ("x >> n", "x << n"), or empty: the default size is no shift amount.
  std::string shiftedByAssumed(const Expr *Off) const;
  /// Whether S is a runtime value (a parameter, a value loaded once,
  /// gridDim) the analyzer merely assumed: no --assume, no launch site.
  bool assumed(const SymbolExpr *S) const;
  /// Whether an assumed value (Name, taken as Assumed) moves the lanes
  /// within sectors: the launch's mean for each residue of it
  /// (AccessSite::AlignmentDependence), or nullopt when every value gives
  /// the same mean. Period: the values after which the lanes' places in
  /// their sectors repeat (at most a sector's bytes; 0: none proven, the
  /// sector's worth is sampled and searched). AtAssumed is the
  /// launch's sample at Assumed; SampleWith(V) samples it again with the
  /// value set to V.
  /// SmallUpTo: the values 1 to SmallUpTo, small enough to put some lanes
  /// of one warp within a sector of each other, are sampled too
  /// (ValueDependence::SmallBelow); 0 when none is.
  /// Key: what the samples are a function of (sampleKey), to share the
  /// answer through Shared; null: nothing is shared.
  std::optional<AccessSite::ValueDependence> alignmentDependence(
      const std::string &Name, int64_t Assumed, unsigned Period,
      const std::vector<AccessSite::WarpSample> &AtAssumed, unsigned ElemBytes,
      const std::function<std::vector<AccessSite::WarpSample>(int64_t)>
          &SampleWith,
      int64_t SmallUpTo, const SampleKey *Key = nullptr) const;
  /// alignmentDependence's search, without the cache.
  std::optional<AccessSite::ValueDependence> searchResidues(
      const std::string &Name, int64_t Assumed, unsigned Period,
      const std::vector<AccessSite::WarpSample> &AtAssumed, unsigned ElemBytes,
      const std::function<std::vector<AccessSite::WarpSample>(int64_t)>
          &SampleWith,
      int64_t SmallUpTo) const;
  /// The SampleKey of an access whose address is Off, sampled under the
  /// guards Strict (Reach: those that also switch off the request), with
  /// Innermost the innermost loop the address moves with and Trips its
  /// trip count's expression (null when unknown).
  SampleKey sampleKey(const Expr *Off, const Expr *Innermost,
                      const Expr *Trips, llvm::ArrayRef<const Expr *> Strict,
                      llvm::ArrayRef<const Expr *> Reach) const;
  /// Symbol values for thread Tid (read at each call) of block 0 at every
  /// loop's first iteration, runtime values as runtimeValue gives them;
  /// the defaulted ones used are added to Assumed (once each).
  SymbolValues firstIterationOfBlock0(
      const unsigned &Tid, std::vector<Assumption> *Assumed = nullptr) const;
  /// threadIdx of a linear thread id in the block.
  std::array<unsigned, 3> threadOf(unsigned LinearTid) const;
};

} // namespace coalesce

#endif
