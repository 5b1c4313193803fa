//===- BankConflictCheck.cpp - shared-bank-conflict -----------------------===//
//
// A shared-memory request whose lanes need several different words of one
// bank: the bank serves them one wavefront after another, so the request
// takes more wavefronts than the fewest it could (Model/BankConflicts.h).
//
//===----------------------------------------------------------------------===//

#include "Findings/CoalescingCheck.h"

#include <cstdlib>

namespace coalesce {

namespace {

/// "lanes 0..31", "lanes 0 and 16", "lanes 0, 8, 16 and 24",
/// "8 lanes (0, 4, 8, ...)".
std::string laneList(const std::vector<unsigned> &Lanes) {
  auto Num = [](unsigned L) { return std::to_string(L); };
  if (Lanes.size() == 1)
    return "lane " + Num(Lanes[0]);
  if (Lanes.size() > 2 && Lanes.back() - Lanes.front() + 1 == Lanes.size())
    return "lanes " + Num(Lanes.front()) + ".." + Num(Lanes.back());
  if (Lanes.size() <= 4) {
    std::string S = "lanes ";
    for (size_t I = 0; I < Lanes.size(); ++I)
      S += (I == 0 ? "" : I + 1 == Lanes.size() ? " and " : ", ") + Num(Lanes[I]);
    return S;
  }
  return std::to_string(Lanes.size()) + " lanes (" + Num(Lanes[0]) + ", " +
         Num(Lanes[1]) + ", " + Num(Lanes[2]) + ", ...)";
}

const char *verb(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::LoadStore:
  case AccessKind::Atomic:
    break;
  }
  return "update";
}

class BankConflictCheck : public CoalescingCheck {
public:
  const CheckInfo &info() const override {
    static const CheckInfo Info = {
        "shared-bank-conflict", Category::BankConflict,
        "lanes of a warp need different words of one shared-memory bank: "
        "the request takes more wavefronts than it could",
        /*DefaultOn=*/true, CheckSeverity::Warning, {},
        "docs/checks/shared-bank-conflict.md", /*SharedMemory=*/true};
    return Info;
  }

  bool matches(const Finding &F) const override {
    return F.Bank && F.Bank->Wavefronts > F.Bank->IdealWavefronts;
  }

  void describe(Finding &F) const override {
    const BankCost &B = *F.Bank;
    const AccessSite &S = F.Site;
    // Atomics on one word take turns: the lanes share the word, not only
    // the bank.
    bool OneWord = S.Kind == AccessKind::Atomic && F.LaneStrideBytes &&
                   *F.LaneStrideBytes == 0;
    std::string What =
        OneWord ? "the same word of '" + S.Base + "', one after another"
                : std::to_string(B.ConflictWays) + " different words of '" +
                      S.Base + "' in bank " + std::to_string(B.WorstBank);
    F.Message = std::to_string(B.ConflictWays) +
                "-way shared memory bank conflict: " + laneList(B.WorstLanes) +
                " " + verb(S.Kind) + " " + What + " (" +
                std::to_string(B.Wavefronts) + " wavefronts where " +
                std::to_string(B.IdealWavefronts) + " would do)";
    if (const std::optional<BankLaunchCost> &L = F.BankLaunch;
        L && L->Min != L->Max)
      F.Message += "; " + F.WarpsDiffer + " differ: " + std::to_string(L->Min) +
                   " to " + std::to_string(L->Max) + " wavefronts, " +
                   formatCount(L->Wavefronts) + perRequestOnAverage(F) + ", " +
                   std::to_string(L->Warp0) + " in warp 0 of block 0";
    if (F.LaneStrideBytes)
      F.Notes.push_back("lanes are " +
                        std::to_string(std::llabs(*F.LaneStrideBytes)) +
                        " bytes apart; bank = (byte offset / 4) mod 32");
    if (S.JoinedIterations)
      F.Notes.push_back("nvcc unrolls the loop and joins the loads of " +
                        std::to_string(S.JoinedIterations) +
                        " iterations into one " +
                        std::to_string(S.ElemBytes * 8) + "-bit load");
    if (B.LanesPerPhase < 32)
      F.Notes.push_back("a " + std::to_string(S.ElemBytes * 8) +
                        "-bit access is served " +
                        std::to_string(B.LanesPerPhase) +
                        " lanes at a time: " +
                        std::to_string(B.IdealWavefronts) +
                        " wavefronts is its ideal");
    if (OneWord) {
      F.Notes.push_back("combine within the warp first (a __reduce_add_sync "
                        "or __shfl_down_sync reduction) and let one lane "
                        "update the word");
      return;
    }
    // A wmma tile's rows are read several at once, a row's bytes (16, 32
    // for a float accumulator's pairs) by consecutive lanes: they start in
    // different banks when a row is an odd multiple of those bytes.
    if (S.Function == "load_matrix_sync" || S.Function == "store_matrix_sync") {
      F.Notes.push_back(
          "pad the tile's rows by " + std::string(S.ElemBytes == 8 ? "32" : "16") +
          " bytes and pass the padded ldm (wmma needs a multiple of 16 bytes), "
          "so that the rows one instruction reads start in different banks");
      return;
    }
    F.Notes.push_back(
        "pad each row by one word (e.g. 'float tile[32][33]') so that lanes "
        "walking a column fall in different banks, swizzle the column index "
        "('tile[r][c ^ r]'), or let threadIdx.x pick the last index");
  }

  /// A loss is what the measurements call one, as for sectors: the mean
  /// over the sampled requests at least 1.9 times their ideal. A loop
  /// whose iterations conflict in some warps and not in others (a sorting
  /// network's compare-exchange: 1.625 wavefronts per request on average,
  /// 2 at most) is described, and not flagged.
  bool worthFlagging(const Finding &F, double) const override {
    if (!matches(F) || F.Bank->ActiveLanes < 2)
      return false;
    const std::optional<BankLaunchCost> &L = F.BankLaunch;
    double Wavefronts = L ? L->Wavefronts : F.Bank->Wavefronts;
    double Ideal = L ? L->IdealWavefronts : F.Bank->IdealWavefronts;
    return Wavefronts >= 1.9 * Ideal;
  }
};

} // namespace

std::unique_ptr<CoalescingCheck> createBankConflictCheck() {
  return std::make_unique<BankConflictCheck>();
}

} // namespace coalesce
