//===- WideAccesses.h - the width of nvcc's loads and stores ----*- C++ -*-===//
//
// How wide the instructions are that nvcc makes of an access: a float4 is
// one 16-byte load, a struct of three floats three 4-byte loads; and the
// member accesses its vectorizer joins into one instruction of the whole
// element (a float2 read as d[i].x, then d[i].y). The second is a pass over
// one translation unit's access sites, made once the walk has emitted every
// access and before Findings classifies them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_WIDEACCESSES_H
#define CUDA_COALESCE_ANALYSIS_WIDEACCESSES_H

#include "Analysis/AccessSite.h"
#include "Analysis/MemoryAccess.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace coalesce {

/// The widest load or store nvcc makes of A's element
/// (AccessSite::InstrBytes).
unsigned instructionBytes(const MemoryAccess &A);

/// The alignment of the struct whose member A reads (AccessSite::StructBytes
/// set), from its definition; 0 for none.
unsigned memberStructAlign(const MemoryAccess &A);

/// Joins the member accesses nvcc makes one wide instruction of (see
/// AccessSite::WholeElementMembers). Sites: one translation unit's, in the
/// order the walk emitted them; StructAlign: memberStructAlign() of the
/// access each site was made from.
void joinWholeElements(std::vector<AccessSite> &Sites,
                       llvm::ArrayRef<unsigned> StructAlign);

/// A's byte offset as a sum: the printed terms that are not constants, and
/// the constant one ("8*threadIdx.x" and 4 for s[2 * tid + 1] of floats).
struct OffsetTerms {
  std::string Variable;
  int64_t Constant = 0;
  bool Known = false;
};
OffsetTerms offsetTerms(const MemoryAccess &A);

/// Joins a thread's accesses of neighbouring elements of a __shared__
/// array that nvcc makes one 8- or 16-byte instruction of (s[2 * t] and
/// s[2 * t + 1]: one LDS.64). Members are then the accesses' texts, and
/// StructName stays empty. Terms: offsetTerms() of the access each site
/// was made from.
void joinSharedElements(std::vector<AccessSite> &Sites,
                        llvm::ArrayRef<OffsetTerms> Terms);

} // namespace coalesce

#endif
