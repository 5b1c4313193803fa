//===- Classifier.cpp -----------------------------------------------------===//

#include "Findings/Classifier.h"
#include "Findings/CheckRegistry.h"
#include "Findings/Fixes.h"
#include "Findings/ReasonText.h"
#include "Findings/Suppression.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cctype>
#include <set>
#include <tuple>

namespace coalesce {

SharedOp sharedOp(const AccessSite &S) {
  switch (S.Kind) {
  case AccessKind::Load:
    if (S.Function == "load_matrix_sync")
      return SharedOp::MatrixLoad;
    if (S.ElemBytes == 8 && S.ExtentBytes != int64_t(S.ElemBytes) &&
        !S.JoinedIterations)
      break;
    return SharedOp::Load;
  case AccessKind::Atomic:
    return SharedOp::Atomic;
  case AccessKind::Store:
  case AccessKind::LoadStore:
    break;
  }
  return SharedOp::Store;
}

const char *categoryName(Category C) {
  switch (C) {
  case Category::Coalesced:
    return "coalesced";
  case Category::Uniform:
    return "uniform";
  case Category::Misaligned:
    return "misaligned";
  case Category::Strided:
    return "strided";
  case Category::AoS:
    return "aos";
  case Category::Chunked:
    return "chunked";
  case Category::Gather:
    return "gather";
  case Category::Unknown:
    return "unknown";
  case Category::BankConflict:
    return "bank-conflict";
  case Category::ConflictFree:
    return "conflict-free";
  }
  return "unknown";
}

namespace {

/// The common difference of the active lanes' offsets, when there is one.
std::optional<int64_t>
arithmeticStride(const std::vector<std::optional<int64_t>> &Offsets) {
  std::optional<unsigned> FirstLane;
  std::optional<int64_t> Stride;
  for (unsigned L = 0; L < Offsets.size(); ++L) {
    if (!Offsets[L])
      continue;
    if (!FirstLane) {
      FirstLane = L;
      continue;
    }
    int64_t Delta = *Offsets[L] - *Offsets[*FirstLane];
    int64_t Lanes = L - *FirstLane;
    if (Delta % Lanes != 0)
      return std::nullopt;
    if (!Stride)
      Stride = Delta / Lanes;
    else if (*Stride != Delta / Lanes)
      return std::nullopt;
  }
  return Stride;
}

/// The bytes of each lane one instruction of S moves (AccessSite::InstrBytes).
unsigned pieceBytes(const AccessSite &S) {
  return S.InstrBytes && S.InstrBytes < S.ElemBytes ? S.InstrBytes
                                                    : S.ElemBytes;
}

/// The requests a warp's access at Addrs makes: one per instruction, each
/// moving its piece of every lane's object (a struct of three floats: three
/// 4-byte loads, each spread over the 12-byte stride). At most 64 pieces
/// are counted, evenly spread, for a very large struct.
std::vector<WarpCost> pieceCosts(llvm::ArrayRef<std::optional<int64_t>> Addrs,
                                 const AccessSite &S, const GpuParams &GPU) {
  unsigned W = pieceBytes(S);
  if (W == S.ElemBytes)
    return {predictWarp(Addrs, S.ElemBytes, GPU)};
  unsigned Pieces = S.ElemBytes / W;
  unsigned Step = (Pieces + 63) / 64;
  std::vector<WarpCost> Costs;
  std::vector<std::optional<int64_t>> At(Addrs.begin(), Addrs.end());
  for (unsigned P = 0; P < Pieces; P += Step) {
    for (size_t L = 0; L < At.size(); ++L)
      if (Addrs[L])
        At[L] = *Addrs[L] + int64_t(P) * W;
    Costs.push_back(predictWarp(At, W, GPU));
  }
  return Costs;
}

/// The costliest of the requests of pieceCosts: the one the checks judge.
WarpCost costliestPiece(llvm::ArrayRef<std::optional<int64_t>> Addrs,
                        const AccessSite &S, const GpuParams &GPU) {
  std::vector<WarpCost> Costs = pieceCosts(Addrs, S, GPU);
  return *std::max_element(Costs.begin(), Costs.end(),
                           [](const WarpCost &A, const WarpCost &B) {
                             return A.Sectors * B.IdealSectors <
                                    B.Sectors * A.IdealSectors;
                           });
}

/// What sets two sampled warps apart: "blocks", "warps and iterations".
std::string whatDiffers(const AccessSite::WarpSample &A,
                        const AccessSite::WarpSample &B) {
  std::vector<std::string> What;
  if (A.Block != B.Block)
    What.push_back("blocks");
  if (A.Warp != B.Warp)
    What.push_back("warps");
  if (A.Iteration != B.Iteration)
    What.push_back("iterations");
  if (A.Launch != B.Launch)
    What.push_back("launches");
  std::string T;
  for (size_t I = 0; I < What.size(); ++I)
    T += (I == 0 ? "" : I + 1 == What.size() ? " and " : ", ") + What[I];
  return T;
}

/// Sets F.Launch from the site's sampled warps, and F.WarpsDiffer when
/// they differ. Returns the costliest sample when it costs more than warp
/// 0 (the first such: the earliest met), or when warp 0 makes no request
/// (its lanes are then a relaxed guess, never what the checks judge); else
/// null.
const AccessSite::WarpSample *summarizeSamples(Finding &F,
                                               const FindingsOptions &Opts) {
  const AccessSite &S = F.Site;
  if (S.Samples.empty())
    return nullptr;
  // Warps that issue the access predicated off (no lane on) are requests
  // of no sectors: the walk marks them only under an if nvcc predicates
  // (short, straight-line, not the kernel's last statement: docs/analysis.md).
  // The mean over the warps with a lane on is kept beside it, should the
  // compiler branch instead; the spread (min, max) is theirs.
  std::vector<WarpCost> Costs, AllCosts;
  std::vector<unsigned> Weights, AllWeights;
  std::vector<const AccessSite::WarpSample *> Met;
  for (const AccessSite::WarpSample &W : S.Samples) {
    // Each instruction of a struct moved in pieces is a request.
    for (const WarpCost &C : pieceCosts(
             absoluteOffsets(W.Lane0Offset, W.LaneOffsets), S, Opts.GPU)) {
      AllCosts.push_back(C);
      AllWeights.push_back(W.Weight);
      if (W.Predicated)
        continue;
      Costs.push_back(C);
      Weights.push_back(W.Weight);
      Met.push_back(&W);
    }
  }
  if (Costs.empty())
    return nullptr;
  F.Launch = summarizeLaunch(Costs, Weights, Opts.GPU);
  if (Costs.size() < AllCosts.size()) {
    F.IfBranched = F.Launch->Sectors;
    LaunchCost Issued = summarizeLaunch(AllCosts, AllWeights, Opts.GPU);
    Issued.MinSectors = F.Launch->MinSectors;
    Issued.MaxSectors = F.Launch->MaxSectors;
    F.Launch = Issued;
  }
  size_t Min = 0, Max = 0;
  for (size_t I = 1; I < Costs.size(); ++I) {
    if (Costs[I].Sectors < Costs[Min].Sectors)
      Min = I;
    if (Costs[I].Sectors > Costs[Max].Sectors)
      Max = I;
  }
  if (F.Launch->varies())
    F.WarpsDiffer = whatDiffers(*Met[Min], *Met[Max]);
  // Warp 0 need not be in the sample (blocks spread over the grid).
  return S.Warp0Idle || Costs[Max].Sectors > F.Warp0Sectors ? Met[Max]
                                                            : nullptr;
}

/// The banks S's lanes at Addrs take: as an atomic, and as a
/// compare-and-swap loop where the compiler makes one
/// (AccessSite::CompareAndSwap).
BankCost bankCost(llvm::ArrayRef<std::optional<int64_t>> Addrs,
                  const AccessSite &S, const GpuTarget &GPU) {
  BankCost B = predictBanks(Addrs, S.ElemBytes, GPU, sharedOp(S));
  return S.CompareAndSwap ? compareAndSwap(B) : B;
}

/// Sets F.BankLaunch from a shared access's sampled warps: the mean
/// wavefronts over those with a lane on (the branched mean, as for
/// sectors: a loop whose active lanes or diagonal change with the
/// iteration, nvcc's unrolled copies of it each an instruction). Returns
/// the costliest sample when it takes more wavefronts than warp 0 (the
/// first such), or when warp 0 has no lane on or does not run the access
/// (its lanes are then described without the guards that switch it off:
/// a halo column that 6 lanes of another warp store); else null.
const AccessSite::WarpSample *summarizeBankSamples(Finding &F,
                                                   const FindingsOptions &Opts) {
  const AccessSite &S = F.Site;
  BankLaunchCost L;
  double Sum = 0, IdealSum = 0;
  const AccessSite::WarpSample *Worst = nullptr, *Least = nullptr;
  unsigned WorstWavefronts = 0, LeastWavefronts = ~0u;
  unsigned PredicatedOff = 0;
  for (const AccessSite::WarpSample &W : S.Samples) {
    if (W.Predicated) {
      PredicatedOff += std::max(1u, W.Weight);
      continue;
    }
    BankCost B =
        bankCost(absoluteOffsets(W.Lane0Offset, W.LaneOffsets), S, Opts.GPU);
    if (!B.ActiveLanes)
      continue;
    unsigned Weight = std::max(1u, W.Weight);
    Sum += double(B.Wavefronts) * Weight;
    IdealSum += double(B.IdealWavefronts) * Weight;
    L.Requests += Weight;
    L.Min = L.Requests == Weight ? B.Wavefronts : std::min(L.Min, B.Wavefronts);
    L.Max = std::max(L.Max, B.Wavefronts);
    if (B.Wavefronts > WorstWavefronts) {
      WorstWavefronts = B.Wavefronts;
      Worst = &W;
    }
    if (B.Wavefronts < LeastWavefronts) {
      LeastWavefronts = B.Wavefronts;
      Least = &W;
    }
  }
  if (!L.Requests)
    return nullptr;
  if (PredicatedOff) {
    F.IfBranched = Sum / L.Requests;
    L.Requests += PredicatedOff;
  }
  L.Wavefronts = Sum / L.Requests;
  L.IdealWavefronts = IdealSum / L.Requests;
  L.Warp0 = F.Bank->Wavefronts;
  F.BankLaunch = L;
  if (L.Min != L.Max)
    F.WarpsDiffer = whatDiffers(*Least, *Worst);
  return Worst && (S.Warp0Idle || !F.Bank->ActiveLanes ||
                   WorstWavefronts > F.Bank->Wavefronts)
             ? Worst
             : nullptr;
}

std::string assumptionText(const AccessSite &S) {
  std::string T;
  for (const Assumption &A : S.Assumptions) {
    std::string Value = std::to_string(A.Value);
    // A host loop's values: all of them, or its first ones.
    if (const ValueOrigin &From = A.Origin; !From.HostLoop.empty()) {
      std::string List;
      for (int64_t V : From.HostLoop)
        List += (List.empty() ? "" : ", ") + std::to_string(V);
      Value = From.HostLoopFirstOnly
                  ? Value + " (the first launch of a host loop that passes " +
                        List + ", ...)"
                  : List + " (a host loop)";
    }
    if (A.Origin.From == ValueOrigin::Source::OtherUnit)
      Value += " (the launch at " + A.Origin.Site + ")";
    if (A.Origin.FirstPass)
      Value += " (the first launch of a host loop)";
    if (A.Origin.CommandLineDefault)
      Value += " (the default when the command line does not set it)";
    for (const AccessSite::ValueDependence &D : S.AlignmentDependence) {
      if (D.Name != A.Name)
        continue;
      std::string When = D.fewestWhen();
      Value += " (" + formatCount(D.fewest()) + " to " +
               formatCount(D.most()) + " sectors per request as " +
               (D.Modulus ? D.Name + " % " + std::to_string(D.Modulus)
                          : D.Name) +
               " varies, mean " + formatCount(D.mean()) +
               (When.empty() ? "" : "; " + formatCount(D.fewest()) +
                                        " when " + When) +
               (D.SmallBelow
                    ? "; " + formatCount(D.SmallFewest) +
                          (D.SmallMost != D.SmallFewest
                               ? " to " + formatCount(D.SmallMost)
                               : "") +
                          " for " + D.Name + " below " +
                          std::to_string(D.SmallBelow)
                    : "") +
               ")";
    }
    T += (T.empty() ? ", assuming " : ", ") + A.Name + " = " + Value;
  }
  for (const std::string &N : S.WideMasks)
    T += (T.empty() ? ", assuming " : ", ") + N +
         " is a power of two wider than a warp's addresses (\"& (" + N +
         " - 1)\" leaves them as they are)";
  return T;
}

} // namespace

Finding classify(AccessSite Site, const FindingsOptions &Opts) {
  Finding F;
  F.Site = std::move(Site);
  const AccessSite &S = F.Site;

  // The checks describe one warp: the costliest of the launch's sampled
  // warps. Its lane offsets stand in for warp 0's while they decide, and
  // warp 0's are put back for the report.
  std::optional<std::pair<int64_t, std::vector<std::optional<int64_t>>>>
      Warp0;
  if (!S.LaneOffsets.empty() && S.UnknownReason.empty() && S.ElemBytes > 0) {
    std::vector<std::optional<int64_t>> Addrs =
        absoluteOffsets(S.Lane0Offset, S.LaneOffsets);
    if (S.Shared) {
      F.Bank = bankCost(Addrs, S, Opts.GPU);
      if (const AccessSite::WarpSample *Worst = summarizeBankSamples(F, Opts)) {
        Warp0.emplace(S.Lane0Offset, S.LaneOffsets);
        F.Site.Lane0Offset = Worst->Lane0Offset;
        F.Site.LaneOffsets = Worst->LaneOffsets;
        F.Bank =
            bankCost(absoluteOffsets(S.Lane0Offset, S.LaneOffsets), S, Opts.GPU);
      }
    } else {
      F.Cost = costliestPiece(Addrs, S, Opts.GPU);
      F.Warp0Sectors = F.Cost->Sectors;
      if (const AccessSite::WarpSample *Worst = summarizeSamples(F, Opts)) {
        Warp0.emplace(S.Lane0Offset, S.LaneOffsets);
        F.Site.Lane0Offset = Worst->Lane0Offset;
        F.Site.LaneOffsets = Worst->LaneOffsets;
        F.Cost = costliestPiece(
            absoluteOffsets(S.Lane0Offset, S.LaneOffsets), S, Opts.GPU);
      }
    }
    F.LaneStrideBytes = arithmeticStride(S.LaneOffsets);
  }

  F.SectorBytes = Opts.GPU.SectorBytes;
  const CoalescingCheck *Matched = nullptr;
  if ((F.Cost && F.Cost->Uniform) || (F.Bank && F.Bank->Uniform)) {
    F.Cat = Category::Uniform;
  } else if (F.Cost && !wastesSectors(F)) {
    F.Cat = Category::Coalesced;
  } else if (F.Bank && F.Bank->Wavefronts <= F.Bank->IdealWavefronts) {
    F.Cat = Category::ConflictFree;
  } else {
    for (const auto &C : allChecks())
      if (C->info().SharedMemory == S.Shared && C->matches(F)) {
        assert(!Matched && "two checks claim one access");
        Matched = C.get();
      }
    // A shared address the data sets (a histogram's bin, a sort's rank) is
    // a gather as a global one is: derived, but its banks are the data's.
    if (Matched)
      F.Cat = Matched->category();
    else if (S.Shared && S.DependsOnLoad && !F.Bank)
      F.Cat = Category::Gather;
    else
      F.Cat = Category::Unknown;
  }

  if (Matched) {
    F.Check = Matched->name().str();
    Matched->describe(F);
    // A struct nvcc moves in pieces: each instruction is judged alone.
    if (pieceBytes(S) < S.ElemBytes && !S.Shared)
      F.Notes.push_back(
          "each lane's " + std::to_string(S.ElemBytes) + "-byte value is " +
          "moved by " + std::to_string(S.ElemBytes / pieceBytes(S)) +
          " instructions of " + std::to_string(pieceBytes(S)) +
          " bytes (its alignment allows no wider one), each a request of "
          "its own (L1 keeps the sectors between them, so DRAM reads are "
          "not multiplied, but every request moves them); aligning the type "
          "to its size (__align__(16) for 12 or 16 bytes) or one array per "
          "member (SoA) puts each instruction's bytes together");
  }
  if (F.Cost || F.Bank)
    F.Notes.insert(F.Notes.begin(),
                   "lane address = " + S.Address + assumptionText(S));
  // A condition the analysis cannot evaluate: the numbers are full warps'.
  if (F.Cost && !S.UnevaluatedGuard.empty())
    F.Notes.insert(
        F.Notes.begin() + 1,
        "the access runs under a condition the analysis cannot evaluate (" +
            reasonText(S.UnevaluatedGuard) +
            "), taken as true in every lane: a warp with fewer lanes on "
            "makes fewer sectors, at most " +
            std::to_string(F.Launch ? F.Launch->MaxSectors : F.Cost->Sectors) +
            " per request");
  // An address not known, run by one lane: the count holds for any.
  if (F.Cost && !S.OneLaneUnknown.empty())
    F.Notes.push_back("the address is not known (" +
                      reasonText(S.OneLaneUnknown) +
                      "), but no warp runs the access in more than one "
                      "lane: a request is that lane's bytes, wherever "
                      "they are");
  // Offsets the data chooses: the count holds for either choice.
  if (F.Cost && !S.DataChoice.empty() && S.DataChoiceSectors.size() == 3) {
    char Text[200];
    std::snprintf(Text, sizeof Text,
                  "%.3g sectors per request when every lane of a warp takes "
                  "the first arm, %.3g the second, %.3g when they alternate",
                  S.DataChoiceSectors[0], S.DataChoiceSectors[1],
                  S.DataChoiceSectors[2]);
    F.Notes.push_back("the data chooses the offset (" + S.DataChoice +
                      "): " + Text + "; the count is the arm's of more sectors");
  }
  // Values groups of lanes load: the count takes the groups apart.
  if (F.Cost && S.LoadGroups)
    F.Notes.push_back(
        "the address depends on " + S.GroupedLoads + ", loaded by " +
        std::to_string(S.LoadGroups) +
        " groups of lanes at one address each: counted with the lanes of a "
        "group together and no two groups in one sector (the values move "
        "the address by whole sectors); groups that load equal values share "
        "sectors and take fewer");
  // A block the host computes at run time: the default stood in.
  if (F.Cost && !S.SectorsByBlockX.empty()) {
    auto [Fewest, Most] = S.blockXRange();
    F.Notes.push_back("the launch's block is computed at run time; " +
                      std::to_string(S.BlockDim[0]) +
                      " threads are assumed (--block-dim gives the run's): " +
                      formatCount(Fewest) + " to " + formatCount(Most) +
                      " sectors per request for 1 to 1024 threads");
  }
  // One template's instantiations share a location: say which one this is.
  if (S.Kernel.find('<') != std::string::npos)
    F.Notes.insert(F.Notes.begin(), "in kernel " + S.Kernel);

  if (Warp0) {
    F.Site.Lane0Offset = Warp0->first;
    F.Site.LaneOffsets = std::move(Warp0->second);
    F.LaneStrideBytes = arithmeticStride(F.Site.LaneOffsets);
  }

  if (Matched && Opts.Checks.isEnabled(F.Check) &&
      !(Opts.HonorNolint &&
        (S.inToolkitHeader()
             ? isSuppressed(F.Check, S.Toolkit.SourceLine,
                            S.Toolkit.PrevSourceLine)
             : isSuppressed(F.Check, S.SourceLine, S.PrevSourceLine)))) {
    const CheckInfo &Info = Matched->info();
    if (Info.Severity == CheckSeverity::Remark) {
      F.Remark = true;
    } else {
      double Bar = std::min(
          Opts.MinEfficiency,
          std::strtod(Opts.Options.get(Info, "MinEfficiency").c_str(), nullptr));
      F.Flagged = Matched->worthFlagging(F, Bar);
    }
  }
  return F;
}

/// An array-of-structs access whose kernel also reads every other member of
/// the same struct, lane for lane: the later requests find their sectors in
/// L1, so DRAM traffic is not wasted, and one load of the whole struct
/// would do the work in fewer requests. Says so in a note.
void noteWholeStructReads(std::vector<Finding> &Findings,
                          const FindingsOptions &Opts) {
  for (Finding &F : Findings) {
    const AccessSite &S = F.Site;
    if (F.Cat != Category::AoS || !S.StructBytes || !F.LaneStrideBytes)
      continue;
    unsigned Size = *S.StructBytes;
    std::vector<bool> Covered(Size, false);
    for (const Finding &G : Findings) {
      const AccessSite &T = G.Site;
      if (G.Cat != Category::AoS || T.Kernel != S.Kernel ||
          T.Base != S.Base || T.StructBytes != S.StructBytes ||
          G.LaneStrideBytes != F.LaneStrideBytes)
        continue;
      int64_t Off = ((T.Lane0Offset % Size) + Size) % Size;
      for (unsigned B = 0; B < T.ElemBytes && Off + B < Size; ++B)
        Covered[Off + B] = true;
    }
    if (!llvm::all_of(Covered, [](bool B) { return B; }))
      continue;
    std::vector<std::optional<int64_t>> Whole(S.LaneOffsets.size());
    int64_t Base = S.Lane0Offset - ((S.Lane0Offset % Size) + Size) % Size;
    for (size_t L = 0; L < Whole.size(); ++L)
      if (S.LaneOffsets[L])
        Whole[L] = Base + int64_t(L) * *F.LaneStrideBytes;
    WarpCost C = predictWarp(Whole, Size, Opts.GPU);
    F.Notes.insert(F.Notes.begin() + 1,
                   "the kernel reads every member of '" + S.StructName +
                       "' here, so the other members' requests find these "
                       "sectors in L1 and DRAM traffic is not wasted; loading "
                       "the whole struct at once ('" + S.StructName +
                       " v = " + S.Base + "[i]') takes " +
                       std::to_string(C.Sectors) + " sectors per request "
                       "for all of it");
  }
}

/// A flagged access inside a toolkit header (a cuRAND generator writing
/// the state the user passed) told in the user's terms: where in the
/// toolkit, and what to change in the code that calls it. The notes that
/// tell how to change the access's own index are the header's, and go;
/// a wmma tile's, which the checks word for the tile the user passes,
/// stay.
void inUsersTerms(Finding &F) {
  const AccessSite &S = F.Site;
  if (!F.Flagged || !S.inToolkitHeader() || S.Toolkit.Step >= S.CallChain.size())
    return;
  const AccessSite::ToolkitCall &T = S.Toolkit;
  const std::string &Callee = S.CallChain[T.Step].Callee;
  std::string Where = T.Header + ":" + std::to_string(S.Pos.Line);
  size_t Colon = F.Message.find(':');
  std::string Inside = " inside '" + Callee + "' (" + Where + ", '" + S.Text + "')";
  F.Message = Colon == std::string::npos ? F.Message + Inside
                                         : F.Message.substr(0, Colon) + Inside +
                                               F.Message.substr(Colon);
  std::vector<std::string> Notes, CheckNotes;
  for (const std::string &N : F.Notes)
    (N.rfind("lane address", 0) == 0 || N.rfind("in kernel ", 0) == 0
         ? Notes
         : CheckNotes)
        .push_back(N);
  Notes.push_back("the access is in the toolkit's " + Where + " (in " +
                  S.Function + "), made through the pointer this call " +
                  "passes: the header is not yours to change, what you " +
                  "pass is");
  if (S.Function == "load_matrix_sync" || S.Function == "store_matrix_sync") {
    // The checks' notes for a wmma tile are already the user's: pad the
    // tile, pass the padded ldm, stage it through shared memory.
    Notes.insert(Notes.end(), CheckNotes.begin(), CheckNotes.end());
  } else if (!T.Object.empty()) {
    std::string Arg = T.Argument;
    std::string Obj = Arg.rfind('&', 0) == 0 ? Arg.substr(1) : "*" + Arg;
    Notes.push_back(
        "each thread's '" + T.Object + "' is " +
        std::to_string(T.ObjectBytes) + " bytes, so the warp's lanes are " +
        std::to_string(T.ObjectBytes) + " bytes apart and every piece the " +
        "toolkit reads or writes is a request of its own: copy the state " +
        "into a local once ('" + T.Object + " s = " + Obj + ";'), pass &s, " +
        "and write it back once ('" + Obj + " = s;'), so the generator " +
        "works in registers and only the two copies touch global memory; " +
        "or keep the states as a structure of arrays");
  } else {
    Notes.push_back("pass a pointer to a local copy, and copy the result "
                    "back once");
  }
  F.Notes = std::move(Notes);
  F.AutoFix.reset();
}

/// Orders names with their numbers by value: copy<2> before copy<16>.
bool naturalLess(const std::string &A, const std::string &B) {
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (std::isdigit((unsigned char)A[I]) && std::isdigit((unsigned char)B[J])) {
      size_t IE = I, JE = J;
      while (IE < A.size() && std::isdigit((unsigned char)A[IE]))
        ++IE;
      while (JE < B.size() && std::isdigit((unsigned char)B[JE]))
        ++JE;
      std::string NA = A.substr(I, IE - I), NB = B.substr(J, JE - J);
      NA.erase(0, std::min(NA.find_first_not_of('0'), NA.size()));
      NB.erase(0, std::min(NB.find_first_not_of('0'), NB.size()));
      if (NA.size() != NB.size())
        return NA.size() < NB.size();
      if (NA != NB)
        return NA < NB;
      I = IE;
      J = JE;
      continue;
    }
    if (A[I] != B[J])
      return A[I] < B[J];
    ++I;
    ++J;
  }
  return A.size() - I < B.size() - J;
}

namespace {
/// buildReport's first part: OptsOf[I] is Sites[I]'s options.
std::vector<Finding> classifyAll(std::vector<AccessSite> Sites,
                                 llvm::ArrayRef<const FindingsOptions *> OptsOf) {
  assert(OptsOf.size() == Sites.size() && "one set of options per site");
  // The same access met in several units (a kernel in a header two files
  // include) is reported once; one in a toolkit header is the same access
  // only when the same user's call reaches it (two files' kernels of one
  // name calling curand_init are two findings, each at its own call).
  // References, not copies: the sort compares often, and a copy of the
  // strings and lane offsets each time cost more than the rest of the
  // report in the editor, where most kernels' sites are reused.
  auto Key = [&](size_t I) {
    const AccessSite &S = Sites[I];
    const SourcePos &Call = S.Toolkit.Pos;
    return std::tie(S.Pos.File, S.Pos.Line, S.Pos.Column, S.Kernel, S.Kind,
                    S.Address, S.LaneOffsets, S.Lane0Offset, S.Function,
                    Call.File, Call.Line, Call.Column);
  };
  std::vector<size_t> Order(Sites.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    auto KA = Key(A), KB = Key(B);
    if (std::get<0>(KA) != std::get<0>(KB) ||
        std::get<1>(KA) != std::get<1>(KB) ||
        std::get<2>(KA) != std::get<2>(KB))
      return KA < KB;
    if (Sites[A].Kernel != Sites[B].Kernel)
      return naturalLess(Sites[A].Kernel, Sites[B].Kernel);
    return KA < KB;
  });
  // Equal keys are adjacent: the first of each run is reported, with the
  // call chains through which the others reached it. Only a chain with a
  // call line not yet met is kept: a helper inlined through nested calls
  // is reached by as many chains as the product of the calls at each
  // level (8^5 for five levels of eight), over a few dozen call lines.
  using CallPos = std::tuple<std::string, unsigned, unsigned>;
  std::vector<std::pair<size_t, std::vector<std::vector<AccessSite::CallStep>>>>
      Kept;
  std::set<CallPos> Met;
  auto Meet = [&](const std::vector<AccessSite::CallStep> &Chain) {
    bool New = false;
    for (const AccessSite::CallStep &C : Chain)
      New |= Met.insert({C.Pos.File, C.Pos.Line, C.Pos.Column}).second;
    return New;
  };
  for (size_t I : Order) {
    if (Kept.empty() || Key(Kept.back().first) != Key(I)) {
      Kept.push_back({I, {}});
      Met.clear();
      Meet(Sites[I].CallChain);
      continue;
    }
    if (Meet(Sites[I].CallChain))
      Kept.back().second.push_back(Sites[I].CallChain);
  }
  std::vector<Finding> Findings;
  Findings.reserve(Kept.size());
  for (auto &[I, Chains] : Kept) {
    Findings.push_back(classify(std::move(Sites[I]), *OptsOf[I]));
    Findings.back().OtherCallChains = std::move(Chains);
  }
  return Findings;
}

/// buildReport's second part; Opts is null when there are no findings.
Report finish(std::vector<Finding> Findings, const FindingsOptions *Opts,
              unsigned Files, unsigned Kernels) {
  Report R;
  R.Files = Files;
  R.Kernels = Kernels;
  R.Findings = std::move(Findings);
  // The GPU is the run's, whatever the per-file options.
  if (Opts) {
    noteWholeStructReads(R.Findings, *Opts);
    attachFixes(R.Findings, Opts->GPU);
  }
  for (Finding &F : R.Findings)
    inUsersTerms(F);
  return R;
}
} // namespace

Report buildReport(std::vector<AccessSite> Sites,
                   llvm::ArrayRef<const FindingsOptions *> OptsOf,
                   unsigned Files, unsigned Kernels) {
  const FindingsOptions *First = OptsOf.empty() ? nullptr : OptsOf.front();
  return finish(classifyAll(std::move(Sites), OptsOf), First, Files, Kernels);
}

std::vector<Finding> classifySites(std::vector<AccessSite> Sites,
                                   const FindingsOptions &Opts) {
  std::vector<const FindingsOptions *> OptsOf(Sites.size(), &Opts);
  return classifyAll(std::move(Sites), OptsOf);
}

Report finishReport(std::vector<Finding> Findings, const FindingsOptions &Opts,
                    unsigned Files, unsigned Kernels) {
  return finish(std::move(Findings), &Opts, Files, Kernels);
}

bool reportOrder(const Finding &A, const Finding &B) {
  const SourcePos &PA = A.Site.Pos, &PB = B.Site.Pos;
  if (std::tie(PA.File, PA.Line, PA.Column) !=
      std::tie(PB.File, PB.Line, PB.Column))
    return std::tie(PA.File, PA.Line, PA.Column) <
           std::tie(PB.File, PB.Line, PB.Column);
  return naturalLess(A.Site.Kernel, B.Site.Kernel);
}

Report buildReport(std::vector<AccessSite> Sites, unsigned Files,
                   unsigned Kernels, const FindingsOptions &Opts) {
  return finishReport(classifySites(std::move(Sites), Opts), Opts, Files,
                      Kernels);
}

} // namespace coalesce
