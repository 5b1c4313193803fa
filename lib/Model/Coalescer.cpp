//===- Coalescer.cpp - the warp coalescer model ---------------------------===//
//
// Each active lane requests the byte range [addr, addr + AccessBytes). The
// sectors (and lines) it touches form the index range
// [floor(addr / S), floor((addr + AccessBytes - 1) / S)], so a lane is one
// interval however large the struct it moves; counting the union of such
// intervals gives distinct sectors, lines and bytes without visiting bytes.
// Arithmetic is done in 128 bits so that addresses near the ends of int64
// cannot overflow.
//
//===----------------------------------------------------------------------===//

#include "Model/Coalescer.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <limits>

namespace coalesce {

namespace {

using Wide = __int128;

/// A closed interval [Lo, Hi] of bytes, sectors or lines.
struct Interval {
  Wide Lo, Hi;
};

template <typename T> T floorDiv(T A, T B) {
  T Q = A / B;
  if (A % B != 0 && ((A < 0) != (B < 0)))
    --Q;
  return Q;
}

/// The number of integers covered by the union of the intervals.
uint64_t unionSize(llvm::SmallVectorImpl<Interval> &Intervals) {
  std::sort(Intervals.begin(), Intervals.end(),
            [](const Interval &L, const Interval &R) { return L.Lo < R.Lo; });
  Wide Total = 0;
  bool Open = false;
  Interval Cur{0, 0};
  for (const Interval &I : Intervals) {
    if (Open && I.Lo <= Cur.Hi + 1) {
      Cur.Hi = std::max(Cur.Hi, I.Hi);
      continue;
    }
    if (Open)
      Total += Cur.Hi - Cur.Lo + 1;
    Cur = I;
    Open = true;
  }
  if (Open)
    Total += Cur.Hi - Cur.Lo + 1;
  return uint64_t(Total);
}

unsigned clampToUnsigned(uint64_t V) {
  return unsigned(std::min<uint64_t>(V, std::numeric_limits<unsigned>::max()));
}

} // namespace

WarpCost predictWarp(llvm::ArrayRef<std::optional<int64_t>> LaneAddrs,
                     unsigned AccessBytes, const GpuParams &GPU) {
  WarpCost Cost;
  llvm::SmallVector<Interval, 32> Bytes, Sectors, Lines;
  std::optional<int64_t> FirstAddr;
  bool AllEqual = true;

  // A warp has WarpSize lanes; entries past that are not part of it.
  size_t NumLanes = std::min<size_t>(LaneAddrs.size(), GPU.WarpSize);
  for (const std::optional<int64_t> &Addr : LaneAddrs.take_front(NumLanes)) {
    if (!Addr)
      continue;
    ++Cost.ActiveLanes;
    if (!FirstAddr)
      FirstAddr = *Addr;
    else if (*Addr != *FirstAddr)
      AllEqual = false;
    if (AccessBytes == 0)
      continue;
    Wide Lo = *Addr, Hi = Lo + AccessBytes - 1;
    Bytes.push_back({Lo, Hi});
    // In 64 bits unless the last byte leaves them: a 128-bit division
    // costs several times as much, on every lane of every sampled warp.
    int64_t Last;
    if (!__builtin_add_overflow(*Addr, int64_t(AccessBytes) - 1, &Last)) {
      int64_t SB = GPU.SectorBytes, LB = GPU.LineBytes;
      Sectors.push_back({floorDiv(*Addr, SB), floorDiv(Last, SB)});
      Lines.push_back({floorDiv(*Addr, LB), floorDiv(Last, LB)});
      continue;
    }
    Sectors.push_back({floorDiv<Wide>(Lo, GPU.SectorBytes),
                       floorDiv<Wide>(Hi, GPU.SectorBytes)});
    Lines.push_back({floorDiv<Wide>(Lo, GPU.LineBytes),
                     floorDiv<Wide>(Hi, GPU.LineBytes)});
  }

  Cost.UsefulBytes = unionSize(Bytes);
  Cost.Sectors = clampToUnsigned(unionSize(Sectors));
  Cost.Lines = clampToUnsigned(unionSize(Lines));
  Cost.IdealSectors = clampToUnsigned(
      (Cost.UsefulBytes + GPU.SectorBytes - 1) / GPU.SectorBytes);
  Cost.LaneSectors = clampToUnsigned(
      (uint64_t(Cost.ActiveLanes) * AccessBytes + GPU.SectorBytes - 1) /
      GPU.SectorBytes);
  if (Cost.Sectors != 0)
    Cost.Efficiency = double(Cost.UsefulBytes) /
                      (double(Cost.Sectors) * double(GPU.SectorBytes));
  Cost.Uniform = Cost.ActiveLanes > 0 && AllEqual;
  return Cost;
}

LaunchCost summarizeLaunch(llvm::ArrayRef<WarpCost> Warps,
                           llvm::ArrayRef<unsigned> Weights,
                           const GpuParams &GPU) {
  LaunchCost L;
  double Requests = 0, Sectors = 0, Ideal = 0, Packed = 0, Lines = 0,
         Useful = 0;
  for (size_t I = 0; I < Warps.size(); ++I) {
    const WarpCost &W = Warps[I];
    double N = I < Weights.size() && Weights[I] > 0 ? Weights[I] : 1;
    Requests += N;
    Sectors += N * W.Sectors;
    Ideal += N * W.IdealSectors;
    Packed += N * W.LaneSectors;
    Lines += N * W.Lines;
    Useful += N * double(W.UsefulBytes);
    L.MinSectors = I == 0 ? W.Sectors : std::min(L.MinSectors, W.Sectors);
    L.MaxSectors = std::max(L.MaxSectors, W.Sectors);
  }
  if (Requests == 0)
    return L;
  L.Requests = unsigned(Requests);
  L.Sectors = Sectors / Requests;
  L.IdealSectors = Ideal / Requests;
  L.LaneSectors = Packed / Requests;
  L.Lines = Lines / Requests;
  if (Sectors > 0)
    L.Efficiency = Useful / (Sectors * double(GPU.SectorBytes));
  return L;
}

} // namespace coalesce
