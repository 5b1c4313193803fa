//===- Confirmations.h - GPU measurements merged into findings --*- C++ -*-===//
//
// cuda_bench's replay writes, per access, the sectors per request measured
// on a real GPU and the slowdown against a coalesced baseline
// ("cuda-coalesce-confirmations/1"). Each flagged finding whose location and
// access kind match gets a note saying what the hardware did.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_CONFIRMATIONS_H
#define CUDA_COALESCE_FINDINGS_CONFIRMATIONS_H

#include "Findings/Finding.h"

#include "llvm/Support/Error.h"

#include <string>

namespace coalesce {

/// Reads Path and fills Finding::Confirmation. A file that is not a
/// confirmations file is an error; entries matching no finding are ignored.
llvm::Error applyConfirmations(Report &R, const std::string &Path);

/// The note for one entry: "confirmed on NVIDIA H200: 32 sectors per request
/// measured, replayed 6.1x slower than coalesced".
std::string confirmationNote(const std::string &Device, const std::string &Verdict,
                             double MeasuredSectors, double PredictedSectors,
                             double Slowdown);

} // namespace coalesce

#endif
