//===- Coalescer.h - the warp coalescer model -------------------*- C++ -*-===//
//
// What the hardware does with one warp-wide load or store: the lane
// addresses of a warp are split into sectors (GpuTarget: 32 lanes, 32-byte
// sectors on every architecture so far) and one transaction is issued per
// distinct sector. Cost is counted in sectors, not lanes. This layer knows
// nothing about Clang; it takes byte addresses and an access size.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_MODEL_COALESCER_H
#define CUDA_COALESCE_MODEL_COALESCER_H

#include "Model/GpuTarget.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>

namespace coalesce {

/// The model's view of the GPU; kept under its first name for the clients
/// that predate GpuTarget.
using GpuParams = GpuTarget;

/// The model's answer for one warp request.
struct WarpCost {
  unsigned ActiveLanes = 0;   ///< lanes with an address
  unsigned Sectors = 0;       ///< distinct sectors touched
  unsigned Lines = 0;         ///< distinct lines touched
  uint64_t UsefulBytes = 0;   ///< distinct bytes requested by active lanes
  unsigned IdealSectors = 0;  ///< ceil(UsefulBytes / SectorBytes)
  /// ceil(ActiveLanes * AccessBytes / SectorBytes): the sectors the lanes'
  /// bytes fill packed, a lane that repeats another's address counted
  /// again. Nsight Compute's ideal (its excessive sectors are those past
  /// this); never less than IdealSectors.
  unsigned LaneSectors = 0;
  /// UsefulBytes / (Sectors * SectorBytes); 1.0 for an empty request.
  double Efficiency = 1.0;
  bool Uniform = false;       ///< every active lane has the same address
};

/// Predicts one warp request. LaneAddrs holds one entry per lane (at most
/// WarpSize), nullopt for an inactive lane; addresses are absolute byte
/// addresses (negative values are allowed: sectors are
/// floor(addr / SectorBytes)).
/// AccessBytes is the size each lane reads or writes (1 to any struct size).
WarpCost predictWarp(llvm::ArrayRef<std::optional<int64_t>> LaneAddrs,
                     unsigned AccessBytes, const GpuParams &GPU = GpuParams());

/// The mean cost over the requests of a launch: what Nsight Compute
/// measures for one instruction (its sectors over its executions).
struct LaunchCost {
  unsigned Requests = 0;     ///< warp requests summarized
  double Sectors = 0;        ///< mean sectors per request
  double IdealSectors = 0;   ///< mean of each request's ideal
  double LaneSectors = 0;    ///< mean of each request's LaneSectors
  double Lines = 0;          ///< mean lines per request
  /// Useful bytes over fetched bytes, all requests together.
  double Efficiency = 1.0;
  unsigned MinSectors = 0, MaxSectors = 0;
  /// Whether requests differ in their sector count.
  bool varies() const { return MinSectors != MaxSectors; }
};

/// Summarizes a launch from the distinct requests met in it: Warps[I] was
/// met Weights[I] times (a weight of 0 counts as 1). Empty: no request.
LaunchCost summarizeLaunch(llvm::ArrayRef<WarpCost> Warps,
                           llvm::ArrayRef<unsigned> Weights,
                           const GpuParams &GPU = GpuParams());

} // namespace coalesce

#endif
