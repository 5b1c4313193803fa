//===- LaneSvg.cpp - the lane -> sector picture as SVG --------------------===//
//
// The browser form of the text picture (Output/WarpPicture): the 32 lanes on
// top, the 32-byte sectors they touch below, one line per lane to each
// sector it reads, each sector shaded by how many of its bytes are useful.
//
//===----------------------------------------------------------------------===//

#include "Grade/GradeOutput.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace llvm;

namespace coalesce {
namespace grade {

namespace {
constexpr int64_t SectorBytes = 32;
constexpr unsigned MaxSectors = 32;
constexpr int Width = 680, LaneW = 18, LaneGap = 2, Left = 20;
} // namespace

std::string laneSectorSvg(const GradedAccess &A) {
  if (A.LaneOffsets.empty() || A.ElemBytes == 0)
    return "";
  // Sector -> the distinct bytes requested in it; lane -> its sectors.
  std::map<int64_t, std::set<int64_t>> Useful;
  std::vector<std::vector<int64_t>> LaneSectors(A.LaneOffsets.size());
  for (size_t L = 0; L < A.LaneOffsets.size(); ++L) {
    if (!A.LaneOffsets[L])
      continue;
    int64_t Begin = A.Lane0Offset + *A.LaneOffsets[L];
    for (int64_t B = Begin; B < Begin + A.ElemBytes; ++B) {
      int64_t S = B >= 0 ? B / SectorBytes : -((-B + SectorBytes - 1) / SectorBytes);
      Useful[S].insert(B);
      if (LaneSectors[L].empty() || LaneSectors[L].back() != S)
        LaneSectors[L].push_back(S);
    }
  }
  if (Useful.empty())
    return "";
  std::map<int64_t, unsigned> Column;
  for (const auto &[S, Bytes] : Useful)
    if (Column.size() < MaxSectors)
      Column.emplace(S, unsigned(Column.size()));
  unsigned Shown = unsigned(Column.size());
  int SectorW = std::min(LaneW, (Width - 2 * Left) / int(Shown) - LaneGap);
  int SectorStep = (Width - 2 * Left) / int(Shown);
  const int LaneY = 18, SectorY = 110, Height = 150;

  std::string Out;
  raw_string_ostream OS(Out);
  OS << formatv("<svg class=\"lanes\" xmlns=\"http://www.w3.org/2000/svg\" "
                "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                "role=\"img\">",
                Width, Height);
  OS << formatv("<title>{0} lanes touch {1} sectors of 32 bytes</title>",
                A.LaneOffsets.size(), Useful.size());
  OS << "<text x=\"" << Left << "\" y=\"12\" class=\"lbl\">lanes 0-31</text>";
  for (size_t L = 0; L < LaneSectors.size(); ++L) {
    int X = Left + int(L) * (LaneW + LaneGap);
    for (int64_t S : LaneSectors[L]) {
      auto It = Column.find(S);
      if (It == Column.end())
        continue;
      int SX = Left + int(It->second) * SectorStep + SectorW / 2;
      OS << formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\" "
                    "stroke=\"#7a8ba3\" stroke-width=\"1\"/>",
                    X + LaneW / 2, LaneY + LaneW, SX, SectorY);
    }
    OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{2}\" "
                  "fill=\"{3}\"/>",
                  X, LaneY, LaneW,
                  A.LaneOffsets[L] ? "#3b6fb6" : "#d0d0d0");
  }
  for (const auto &[S, Col] : Column) {
    double Fill = double(Useful[S].size()) / SectorBytes;
    int X = Left + int(Col) * SectorStep;
    OS << formatv("<rect class=\"sector\" x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                  "height=\"18\" fill=\"#d9534f\" fill-opacity=\"{3:F2}\" "
                  "stroke=\"#8a2b28\"/>",
                  X, SectorY, SectorW, 0.15 + 0.85 * Fill);
  }
  OS << formatv("<text x=\"{0}\" y=\"{1}\" class=\"lbl\">{2} sectors touched"
                "{3}, ideal {4}; darker = more useful bytes</text>",
                Left, SectorY + 34, Useful.size(),
                Shown < Useful.size()
                    ? formatv(" (first {0} drawn)", Shown).str()
                    : std::string(),
                A.IdealSectors ? std::to_string(*A.IdealSectors)
                               : std::string("?"));
  OS << "</svg>";
  return Out;
}

} // namespace grade
} // namespace coalesce
