//===- WarpPicture.h - the lane -> sector picture of one access -*- C++ -*-===//

#ifndef CUDA_COALESCE_OUTPUT_WARPPICTURE_H
#define CUDA_COALESCE_OUTPUT_WARPPICTURE_H

#include "Analysis/AccessSite.h"

#include <string>

namespace coalesce {

/// Draws one row per touched sector: its offset from lane 0, which of its
/// bytes are requested and which lanes touch it. At most 12 rows, each
/// line within 100 columns and ending in '\n'. Empty when the lane offsets
/// are not known. A shared-memory access gets the bank of each lane instead.
std::string drawWarp(const AccessSite &Site, unsigned SectorBytes = 32);

} // namespace coalesce

#endif
