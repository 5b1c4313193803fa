//===- WideAccesses.cpp ---------------------------------------------------===//

#include "Analysis/WideAccesses.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdint>
#include <optional>

using namespace clang;

namespace coalesce {

/// Size when it is 1, 2, 4, 8 or 16 and T is aligned to it (float4: one
/// 16-byte load); else the widest of those T's alignment allows that divides
/// Size (a struct of three floats: three 4-byte loads; four doubles: four
/// 8-byte loads).
unsigned instructionBytes(const MemoryAccess &A) {
  QualType T = A.ElemType;
  unsigned Size = A.ElemBytes;
  if (T.isNull() || Size == 0 || T->isIncompleteType() ||
      T->isDependentType())
    return Size;
  unsigned Align = A.Ctx->getTypeAlignInChars(T).getQuantity();
  unsigned W = 16;
  while (W > 1 && (W > Align || Size % W != 0))
    W /= 2;
  return W < Size ? W : Size;
}

unsigned memberStructAlign(const MemoryAccess &A) {
  if (!A.StructBytes || *A.StructBytes <= A.ElemBytes || !A.Struct ||
      A.Struct->isInvalidDecl() || !A.Struct->getDefinition())
    return 0;
  return A.Ctx->getTypeAlignInChars(A.Ctx->getRecordType(A.Struct))
      .getQuantity();
}

OffsetTerms offsetTerms(const MemoryAccess &A) {
  OffsetTerms T;
  const coalesce::Expr *Off = A.Offset;
  if (!Off || findUnknown(Off))
    return T;
  T.Known = true;
  llvm::ArrayRef<const coalesce::Expr *> Ops(Off);
  if (const auto *N = dyn_cast<NAryExpr>(Off); N && N->getKind() == ExprKind::Add)
    Ops = N->operands();
  for (const coalesce::Expr *O : Ops) {
    if (const auto *C = dyn_cast<coalesce::ConstantExpr>(O))
      T.Constant += C->getValue();
    else
      T.Variable += (T.Variable.empty() ? "" : " + ") + print(O);
  }
  return T;
}

namespace {

/// The element of its aligned struct each lane's member lies in (the
/// member's offset removed), for every sampled warp; empty when a lane's
/// place is not known.
std::vector<int64_t> elementsOf(const AccessSite &S, unsigned Size) {
  std::vector<int64_t> E;
  auto Floor = [&](int64_t V) {
    return V >= 0 ? V / int64_t(Size) : -((-V + Size - 1) / int64_t(Size));
  };
  auto Add = [&](int64_t Lane0,
                 const std::vector<std::optional<int64_t>> &Lanes) {
    for (const std::optional<int64_t> &L : Lanes)
      E.push_back(L ? Floor(Lane0 + *L) : INT64_MIN);
  };
  Add(S.Lane0Offset, S.LaneOffsets);
  for (const AccessSite::WarpSample &W : S.Samples)
    Add(W.Lane0Offset, W.LaneOffsets);
  return E;
}

bool sameCalls(const AccessSite &A, const AccessSite &B) {
  if (A.CallChain.size() != B.CallChain.size())
    return false;
  for (size_t I = 0; I < A.CallChain.size(); ++I)
    if (A.CallChain[I].Pos.File != B.CallChain[I].Pos.File ||
        A.CallChain[I].Pos.Line != B.CallChain[I].Pos.Line ||
        A.CallChain[I].Pos.Column != B.CallChain[I].Pos.Column)
      return false;
  return true;
}

/// Where within an aligned chunk of Size bytes every lane of every sampled
/// warp is, when it is the same place for all; nullopt otherwise.
std::optional<int64_t> placeInChunk(const AccessSite &S, unsigned Size) {
  std::optional<int64_t> Place;
  bool Same = true;
  auto Add = [&](int64_t Lane0,
                 const std::vector<std::optional<int64_t>> &Lanes) {
    for (const std::optional<int64_t> &L : Lanes) {
      if (!L)
        continue;
      int64_t P = (((Lane0 + *L) % Size) + Size) % Size;
      Same &= !Place || *Place == P;
      Place = P;
    }
  };
  Add(S.Lane0Offset, S.LaneOffsets);
  for (const AccessSite::WarpSample &W : S.Samples)
    Add(W.Lane0Offset, W.LaneOffsets);
  return Same ? Place : std::nullopt;
}

/// Joins the accesses of group G into one instruction of Size bytes.
void joinInto(std::vector<AccessSite> &Sites, const std::vector<size_t> &G,
              unsigned Size, const std::string &Members,
              std::vector<bool> &Done) {
  for (size_t I : G) {
    AccessSite &T = Sites[I];
    int64_t Shift = ((T.Lane0Offset % Size) + Size) % Size;
    T.Lane0Offset -= Shift;
    for (AccessSite::WarpSample &W : T.Samples)
      W.Lane0Offset -= Shift;
    T.ElemBytes = Size;
    T.InstrBytes = Size;
    T.StructBytes.reset();
    T.WholeElementMembers = Members;
    Done[I] = true;
  }
}

} // namespace

void joinSharedElements(std::vector<AccessSite> &Sites,
                        llvm::ArrayRef<OffsetTerms> Terms) {
  // nvcc's vectorizer joins a thread's loads (or stores) of neighbouring
  // elements of a __shared__ array into one 8- or 16-byte instruction when
  // it knows the first is aligned to the width, which it does for an array
  // it places itself and an index it sees is even: 'data0 = s[2 * tid];
  // data1 = s[2 * tid + 1]' is one LDS.64, served a half-warp at a time,
  // 2 wavefronts, its ideal, not two 2-way conflicted LDS (cuda-samples'
  // dwtHaar1D and fastWalshTransform, SHOC's and Altis's sort measure
  // LDS.64/STS.64 at 2 wavefronts per request on the H200). Taken when
  // every lane of every sampled warp of each access is at the same place
  // in an aligned chunk, one element apart from the chunk's previous one
  // in its address as written (the same terms, the constant one element
  // more: 'pos + stride' with stride 1 in every sample is not one), the
  // elements together fill the chunk, in the same loop and call, with no
  // shared access of the other kind between them; in any order when
  // nothing else of the array lies between them (Parboil cutcp reads
  // s[off + 3], then s[off], s[off + 2], s[off + 1]: one LDS.128 on the
  // H100).
  std::vector<bool> Done(Sites.size(), false);
  for (size_t I = 0; I < Sites.size(); ++I) {
    const AccessSite &S = Sites[I];
    if (Done[I] || !S.Shared ||
        (S.Kind != AccessKind::Load && S.Kind != AccessKind::Store) ||
        (S.ElemBytes != 4 && S.ElemBytes != 8) || !S.UnknownReason.empty() ||
        S.LaneOffsets.empty() || !S.WholeElementMembers.empty() ||
        S.StructBytes || S.Text.find(',') != std::string::npos ||
        !Terms[I].Known)
      continue;
    for (unsigned Size : {16u, 8u}) {
      if (Size <= S.ElemBytes || placeInChunk(S, Size) != 0)
        continue;
      std::vector<int64_t> Elements = elementsOf(S, Size);
      // The run of shared accesses of S's kind around it, in the order
      // written: the vectorizer orders a chain by address, not by source.
      auto InRun = [&](size_t J) {
        const AccessSite &T = Sites[J];
        return T.Kernel == S.Kernel &&
               (!T.Shared || Done[J] || T.Kind == S.Kind);
      };
      size_t Lo = I, Hi = I;
      while (Lo > 0 && InRun(Lo - 1))
        --Lo;
      while (Hi + 1 < Sites.size() && InRun(Hi + 1))
        ++Hi;
      auto Fits = [&](size_t J, unsigned At) {
        const AccessSite &T = Sites[J];
        return T.Shared && !Done[J] && T.Kind == S.Kind && T.Base == S.Base &&
               T.ElemBytes == S.ElemBytes && !T.StructBytes &&
               T.Clang.Loop == S.Clang.Loop && T.UnknownReason.empty() &&
               !T.LaneOffsets.empty() &&
               T.Text.find(',') == std::string::npos && Terms[J].Known &&
               Terms[J].Variable == Terms[I].Variable &&
               Terms[J].Constant - Terms[I].Constant == int64_t(At) &&
               sameCalls(S, T) && placeInChunk(T, Size) == int64_t(At) &&
               elementsOf(T, Size) == Elements;
      };
      std::vector<size_t> Group = {I};
      unsigned Next = S.ElemBytes;
      for (; Next < Size; Next += S.ElemBytes) {
        size_t J = Lo;
        while (J <= Hi && (J == I || !Fits(J, Next)))
          ++J;
        if (J > Hi)
          break;
        Group.push_back(J);
      }
      if (Next != Size)
        continue;
      // Written out of order, nothing else of the array between them.
      std::sort(Group.begin(), Group.end());
      bool Between = false;
      for (size_t J = Group.front(); J <= Group.back(); ++J)
        Between |= Sites[J].Shared && Sites[J].Base == S.Base &&
                   !llvm::is_contained(Group, J);
      if (Between && !std::is_sorted(Group.begin(), Group.end(),
                                     [&](size_t A, size_t B) {
                                       return Terms[A].Constant <
                                              Terms[B].Constant;
                                     }))
        continue;
      std::string Members;
      for (size_t G : Group)
        Members += (Members.empty() ? "" : ", ") + Sites[G].Text;
      joinInto(Sites, Group, Size, Members, Done);
      break;
    }
  }
}

void joinWholeElements(std::vector<AccessSite> &Sites,
                       llvm::ArrayRef<unsigned> StructAlign) {
  // nvcc's vectorizer joins loads (or stores) of adjacent bytes through one
  // pointer into one instruction when their type's alignment allows the
  // width, and no access of another kind in between may alias them: a
  // float2 read as d[i].x, then d[i].y is one 8-byte load per lane, as
  // coalesced as reading the float2 itself (cuda-samples' BlackScholes
  // measures 8 sectors per request for d[opt].x, Nsight's ideal for 8
  // bytes a lane). Only the plain case is taken: every member of the
  // element, the same index, the same loop and call, nothing but accesses
  // of the same kind between the first and the last.
  std::vector<bool> Done(Sites.size(), false);
  for (size_t I = 0; I < Sites.size(); ++I) {
    const AccessSite &S = Sites[I];
    unsigned Size = S.StructBytes.value_or(0);
    if (Done[I] || S.Shared || S.Kind == AccessKind::Atomic ||
        S.Kind == AccessKind::LoadStore || (Size != 8 && Size != 16) ||
        StructAlign[I] != Size || !S.UnknownReason.empty() ||
        S.LaneOffsets.empty())
      continue;
    std::vector<int64_t> Elements = elementsOf(S, Size);
    std::vector<size_t> Group = {I};
    std::vector<bool> Covered(Size, false);
    auto Cover = [&](const AccessSite &T) {
      int64_t Off = ((T.Lane0Offset % Size) + Size) % Size;
      for (unsigned B = 0; B < T.ElemBytes && Off + B < Size; ++B)
        Covered[Off + B] = true;
    };
    Cover(S);
    for (size_t J = I + 1; J < Sites.size(); ++J) {
      const AccessSite &T = Sites[J];
      if (T.Kernel != S.Kernel)
        break;
      if (T.Shared)
        continue;
      bool Member = T.Kind == S.Kind && T.Base == S.Base &&
                    T.StructBytes == S.StructBytes && StructAlign[J] == Size &&
                    T.Clang.Loop == S.Clang.Loop && T.UnknownReason.empty() &&
                    sameCalls(S, T) && elementsOf(T, Size) == Elements;
      if (Member) {
        Group.push_back(J);
        Cover(T);
        if (llvm::all_of(Covered, [](bool B) { return B; }))
          break;
        continue;
      }
      if (T.Kind != S.Kind)
        break; // another kind between them: it may alias
    }
    if (Group.size() < 2 || !llvm::all_of(Covered, [](bool B) { return B; }))
      continue;
    std::string Members;
    for (size_t G : Group)
      Members += (Members.empty() ? "" : ", ") + Sites[G].MemberName;
    joinInto(Sites, Group, Size, Members, Done);
  }
}

} // namespace coalesce
