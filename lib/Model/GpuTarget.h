//===- GpuTarget.h - the memory parameters of a GPU architecture -*- C++ -*-===//
//
// What the coalescing and bank-conflict models need to know about the GPU a
// kernel is compiled for: the warp width, the granularity of global memory
// transactions (32-byte sectors in 128-byte lines) and the shared-memory
// banks. Chosen by --cuda-gpu-arch. Every architecture from sm_50 (Maxwell)
// to sm_100 (Blackwell) has the same values today; the table in
// GpuTarget.cpp still lists them one by one, so that a future architecture
// that differs is a one-line change and an unknown one is refused, not
// guessed.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_MODEL_GPUTARGET_H
#define CUDA_COALESCE_MODEL_GPUTARGET_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace coalesce {

struct GpuTarget {
  unsigned WarpSize = 32;     ///< lanes of a warp
  unsigned SectorBytes = 32;  ///< global memory transaction granule
  unsigned LineBytes = 128;   ///< L1/L2 cache line (4 sectors)
  unsigned SharedBanks = 32;  ///< shared-memory banks
  unsigned BankBytes = 4;     ///< width of one bank

  /// The parameters of an architecture named as --cuda-gpu-arch spells it
  /// ("sm_80", "sm_90a"); nullopt for a name not in the table.
  static std::optional<GpuTarget> forArch(llvm::StringRef Arch);
  /// The architectures the table knows, in table order.
  static std::vector<llvm::StringRef> knownArchs();
};

} // namespace coalesce

#endif
