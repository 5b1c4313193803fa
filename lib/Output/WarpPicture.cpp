//===- WarpPicture.cpp - the lane -> sector picture of one access ---------===//
//
// One row per touched sector, lowest address first:
//
//   warp: 32 lanes x 4 bytes -> 32 sectors of 32 bytes, 128 of 1024 bytes used
//   offsets from lane 0; one cell = 4 bytes: # used, . fetched but unused
//       +0  [#.......]  lane 0
//      +32  [#.......]  lane 1
//   ...
//   ... 20 more sectors
//
// The cell is as wide as the access allows (4, 2 or 1 bytes) so that every
// cell is either wholly requested or wholly wasted.
//
//===----------------------------------------------------------------------===//

#include "Output/WarpPicture.h"
#include "Findings/Finding.h"
#include "Model/BankConflicts.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <vector>

using namespace coalesce;

namespace {

/// Rows drawn before the rest are summed up in one line.
constexpr unsigned MaxRows = 12;
/// Beyond this, a row's lane list is cut short.
constexpr size_t MaxLaneListChars = 40;

struct SectorUse {
  std::vector<bool> Used;      ///< one flag per byte of the sector
  std::vector<unsigned> Lanes; ///< ascending, each lane once
};

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

int64_t floorMod(int64_t A, int64_t B) { return A - floorDiv(A, B) * B; }

/// "lane 3", "lanes 0-7", "lanes 0-3, 8-11"; cut with ", ..." when long.
std::string laneList(const std::vector<unsigned> &Lanes) {
  std::string Ranges;
  for (size_t I = 0; I < Lanes.size();) {
    size_t J = I;
    while (J + 1 < Lanes.size() && Lanes[J + 1] == Lanes[J] + 1)
      ++J;
    std::string Range = std::to_string(Lanes[I]);
    if (J > I)
      Range += "-" + std::to_string(Lanes[J]);
    if (!Ranges.empty() && Ranges.size() + Range.size() > MaxLaneListChars) {
      Ranges += ", ...";
      break;
    }
    Ranges += (Ranges.empty() ? "" : ", ") + Range;
    I = J + 1;
  }
  return (Lanes.size() == 1 ? "lane " : "lanes ") + Ranges;
}

/// A shared-memory access: the bank of each lane's first word, sixteen
/// lanes a row, lanes in the busiest bank marked '*':
///
///   banks: lane -> bank of its first word (32 banks of 4 bytes), * in bank 0
///     lanes  0-15:   0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0* ...
///     lanes 16-31:   0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0*  0* ...
std::string drawBanks(const AccessSite &Site) {
  std::vector<std::optional<int64_t>> Addrs(Site.LaneOffsets.size());
  for (size_t L = 0; L < Addrs.size(); ++L)
    if (Site.LaneOffsets[L])
      Addrs[L] = Site.Lane0Offset + *Site.LaneOffsets[L];
  GpuTarget GPU;
  BankCost C = predictBanks(Addrs, Site.ElemBytes, GPU, sharedOp(Site));
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "  banks: lane -> bank of its first word (" << GPU.SharedBanks
     << " banks of " << GPU.BankBytes << " bytes), * in bank " << C.WorstBank
     << "\n";
  for (size_t Row = 0; Row < C.LaneBanks.size(); Row += 16) {
    size_t End = std::min(C.LaneBanks.size(), Row + 16);
    OS << llvm::format("    lanes %2u-%2u: ", unsigned(Row), unsigned(End - 1));
    for (size_t L = Row; L < End; ++L) {
      if (!C.LaneBanks[L]) {
        OS << "   -";
        continue;
      }
      bool Worst = C.ConflictWays > 1 &&
                   std::binary_search(C.WorstLanes.begin(), C.WorstLanes.end(),
                                      unsigned(L));
      OS << llvm::format(" %2u", *C.LaneBanks[L]) << (Worst ? '*' : ' ');
    }
    while (Out.back() == ' ')
      Out.pop_back();
    OS << "\n";
  }
  return Out;
}

} // namespace

std::string coalesce::drawWarp(const AccessSite &Site, unsigned SectorBytes) {
  // Groups of lanes placed by values they loaded: the distances between
  // the groups are the model's, no picture of the run.
  if (Site.LaneOffsets.empty() || Site.ElemBytes == 0 || SectorBytes == 0 ||
      Site.LoadGroups)
    return "";
  if (Site.Shared)
    return drawBanks(Site);
  const int64_t S = SectorBytes;
  const int64_t E = Site.ElemBytes;

  // Lane addresses relative to the aligned base, so that sector boundaries
  // fall on multiples of S.
  std::map<int64_t, SectorUse> Sectors;
  unsigned ActiveLanes = 0;
  unsigned CellBytes = 4;
  for (unsigned Lane = 0; Lane < Site.LaneOffsets.size(); ++Lane) {
    if (!Site.LaneOffsets[Lane])
      continue;
    ++ActiveLanes;
    const int64_t Begin = Site.Lane0Offset + *Site.LaneOffsets[Lane];
    const int64_t End = Begin + E;
    while (CellBytes > 1 && (S % CellBytes != 0 || E % CellBytes != 0 ||
                             floorMod(Begin, CellBytes) != 0))
      CellBytes /= 2;
    for (int64_t Sec = floorDiv(Begin, S); Sec * S < End; ++Sec) {
      SectorUse &Use = Sectors[Sec];
      if (Use.Used.empty())
        Use.Used.assign(SectorBytes, false);
      for (int64_t B = std::max(Begin, Sec * S);
           B < std::min(End, (Sec + 1) * S); ++B)
        Use.Used[B - Sec * S] = true;
      if (Use.Lanes.empty() || Use.Lanes.back() != Lane)
        Use.Lanes.push_back(Lane);
    }
  }
  if (Sectors.empty())
    return "";

  uint64_t UsedBytes = 0;
  for (const auto &[Sec, Use] : Sectors)
    for (bool B : Use.Used)
      UsedBytes += B;

  std::string Picture;
  llvm::raw_string_ostream OS(Picture);
  OS << "  warp: " << ActiveLanes << (ActiveLanes == 1 ? " lane" : " lanes")
     << " x " << E << " bytes -> " << Sectors.size()
     << (Sectors.size() == 1 ? " sector" : " sectors") << " of " << S
     << " bytes, " << UsedBytes << " of " << Sectors.size() * S
     << " bytes used\n";
  OS << "  offsets from lane 0; one cell = " << CellBytes
     << (CellBytes == 1 ? " byte" : " bytes")
     << ": # used, . fetched but unused\n";

  // Offsets are relative to lane 0's address, the number a reader can check
  // against the lane address expression.
  std::vector<std::string> Labels;
  size_t LabelWidth = 0;
  for (const auto &[Sec, Use] : Sectors) {
    if (Labels.size() == MaxRows)
      break;
    int64_t Offset = Sec * S - Site.Lane0Offset;
    Labels.push_back((Offset >= 0 ? "+" : "") + std::to_string(Offset));
    LabelWidth = std::max(LabelWidth, Labels.back().size());
  }

  size_t Row = 0;
  for (const auto &[Sec, Use] : Sectors) {
    if (Row == Labels.size())
      break;
    OS << "  " << llvm::right_justify(Labels[Row], LabelWidth + 2) << "  [";
    for (unsigned Cell = 0; Cell < SectorBytes / CellBytes; ++Cell)
      OS << (Use.Used[Cell * CellBytes] ? '#' : '.');
    OS << "]  " << laneList(Use.Lanes) << '\n';
    ++Row;
  }
  if (Sectors.size() > Row) {
    size_t More = Sectors.size() - Row;
    OS << "  ... " << More
       << (More == 1 ? " more sector\n" : " more sectors\n");
  }
  return Picture;
}
