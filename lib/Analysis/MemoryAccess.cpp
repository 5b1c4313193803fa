//===- MemoryAccess.cpp ---------------------------------------------------===//

#include "Analysis/MemoryAccess.h"
#include "Analysis/WarpEvaluator.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

#include <cstdlib>

namespace coalesce {

MemoryAccessListener::~MemoryAccessListener() = default;

const char *addressSpaceName(AddressSpace S) {
  switch (S) {
  case AddressSpace::Global:
    return "global";
  case AddressSpace::Shared:
    return "shared";
  case AddressSpace::Constant:
    return "constant";
  case AddressSpace::Local:
    return "local";
  case AddressSpace::Generic:
    return "generic";
  }
  return "generic";
}

const char *operationName(Operation O) {
  switch (O) {
  case Operation::Load:
    return "load";
  case Operation::Store:
    return "store";
  case Operation::LoadStore:
    return "load+store";
  case Operation::Atomic:
    return "atomic";
  case Operation::CachedLoad:
    return "cached-load";
  case Operation::CachedStore:
    return "cached-store";
  case Operation::TextureFetch:
    return "texture";
  }
  return "load";
}

const Expr *MemoryAccess::laneAddress() const {
  return Warp->withKnownBlock(Offset);
}

const Expr *MemoryAccess::unknownPart() const {
  if (!UnknownBase.empty())
    return UnknownBaseValue;
  return findUnknown(laneAddress());
}

bool MemoryAccess::dependsOnLoad() const {
  const Expr *U = unknownPart();
  return U && LoadUnknowns && LoadUnknowns->count(U) > 0;
}

std::string MemoryAccess::printAddress(
    llvm::function_ref<std::string(const Reason &)> Words,
    bool Grouped, bool Chosen) const {
  if (!UnknownBase.empty())
    return "unknown";
  const Expr *Off = laneAddress();
  if (Grouped && GroupedOffset)
    Off = Warp->withoutGroups(GroupedOffset, GroupedLoads);
  if (Chosen && ChoiceOffset)
    Off = Warp->withKnownBlock(ChoiceOffset);
  std::string Address = Base;
  // No node holds an Unknown: an unknown offset is the whole offset.
  if (const auto *U = llvm::dyn_cast<UnknownExpr>(Off))
    return Address + " + unknown(" + Words(U->getReason()) + ")";
  if (const auto *C = llvm::dyn_cast<ConstantExpr>(Off)) {
    if (C->getValue() != 0)
      Address += (C->getValue() < 0 ? " - " : " + ") +
                 std::to_string(std::abs(C->getValue()));
    return Address;
  }
  std::string Text = printFactored(Off);
  Address += Text.front() == '-' ? " - " + Text.substr(1) : " + " + Text;
  return Address;
}

void MemoryAccess::evaluateLanes(AccessSite &S) const {
  S.BlockDim = Warp->block();
  // A __shared__ variable of a known size bounds the lanes' addresses (an
  // extern __shared__ array's size is the launch's).
  if (Space == AddressSpace::Shared && BaseDecl && Ctx &&
      BaseDecl->hasAttr<clang::CUDASharedAttr>()) {
    clang::QualType T = BaseDecl->getType();
    if (!T->isIncompleteType() && !T->isDependentType() &&
        T->isConstantSizeType())
      S.ExtentBytes = Ctx->getTypeSizeInChars(T).getQuantity();
  }
  // Lanes that take different allocations never share a sector, but which
  // of the two holds which lane's address is the layout of memory, not of
  // the code: no count, whatever the address.
  if (BaseChoice && !Warp->sameInEveryWarp(BaseChoice)) {
    S.UnknownReason = Reason(ReasonKind::AllocationPerLane, Base);
    return;
  }
  // A range walked from a loaded row start: rows of a sector (32 bytes on
  // every GPU modelled) or more put distinct rows' elements in distinct
  // sectors whatever the rows are, so the count holds for any data in
  // which the lanes' rows differ. Shorter rows share sectors as the data
  // says: no count.
  if (DataRowOffset && !DataDependentRange.empty() && dependsOnLoad())
    if (std::optional<WarpEvaluator::RowSpacing> R =
            Warp->gatherRows(DataRowOffset);
        R && std::llabs(R->Bytes) >= 32) {
      S.DependsOnLoad = true;
      S.DataDependentRange = DataDependentRange;
      // The loaded value ("rid[t]"), also where a loop's end is loaded.
      if (const auto *U = llvm::dyn_cast_or_null<UnknownExpr>(unknownPart())) {
        const Reason *Load = &U->getReason();
        while (Load->Kind == ReasonKind::LoopEndLoaded && Load->Cause)
          Load = Load->Cause.get();
        S.DataDependentStart = Load->Subject;
      }
      Warp->evaluateLanes(S, DataRowOffset, Guards,
                          PredicatedGuards);
      return;
    }
  if (!UnknownBase.empty()) {
    if (Warp->evaluateOneLane(S, UnknownBase, Guards,
                              PredicatedGuards))
      return;
    S.UnknownReason = UnknownBase;
    S.DependsOnLoad = dependsOnLoad();
    if (S.DependsOnLoad)
      S.DataDependentRange = DataDependentRange;
    return;
  }
  const Expr *Off = laneAddress();
  if (const auto *U = llvm::dyn_cast_or_null<UnknownExpr>(findUnknown(Off))) {
    if (Warp->evaluateOneLane(S, U->getReason(), Guards,
                              PredicatedGuards))
      return;
    // p[tid & 15], p = bins + 32 * NbrList[tid >> 4].x: counted with
    // each group of lanes at a place of its own.
    if (GroupedOffset && Warp->evaluateGroups(S, GroupedOffset, GroupedLoads,
                                              Guards, PredicatedGuards)) {
      S.DependsOnLoad = true;
      return;
    }
    // rho[i + donor], donor = flux[i] > 0.0 ? -1 : 0: each arm counted.
    if (ChoiceOffset && Space == AddressSpace::Global &&
        Warp->evaluateChoices(S, ChoiceOffset, Base, Guards,
                              PredicatedGuards))
      return;
    S.UnknownReason = U->getReason();
    S.DependsOnLoad = LoadUnknowns && LoadUnknowns->count(U) > 0;
    if (S.DependsOnLoad)
      S.DataDependentRange = DataDependentRange;
    // work[tid * stride + idx[k]]: each lane indexes a row of its own.
    if (S.DependsOnLoad && S.DataDependentRange.empty())
      if (std::optional<WarpEvaluator::RowSpacing> R =
              Warp->gatherRows(GatherRowOffset)) {
        S.GatherRowBytes = R->Bytes;
        S.Assumptions = R->Assumed;
      }
    return;
  }
  // out[(alpha >= 0.0f ? cut : 0) + threadIdx.x]: each way counted.
  if (Warp->evaluateUniformChoices(S, Off, Base, Guards, PredicatedGuards))
    return;
  // A kernel's pointer parameter the launch passes past an allocation's
  // start ("in + pad"): the lanes' addresses lie that far past a multiple
  // of the allocations' alignment, where every other base is taken to lie.
  if (Space == AddressSpace::Global)
    Off = Warp->atBaseResidue(S, Base, Off);
  Warp->evaluateLanes(S, Off, Guards, PredicatedGuards);
}

std::vector<std::optional<int64_t>> MemoryAccess::laneByteOffsets() const {
  AccessSite S;
  evaluateLanes(S);
  std::vector<std::optional<int64_t>> Offsets;
  if (!S.UnknownReason.empty() || S.LaneOffsets.empty())
    return Offsets;
  Offsets.resize(S.LaneOffsets.size());
  for (size_t L = 0; L < Offsets.size(); ++L)
    if (S.LaneOffsets[L])
      Offsets[L] = S.Lane0Offset + *S.LaneOffsets[L];
  return Offsets;
}

} // namespace coalesce
