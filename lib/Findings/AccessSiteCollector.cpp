//===- AccessSiteCollector.cpp --------------------------------------------===//

#include "Findings/AccessSiteCollector.h"
#include "Findings/ReasonText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <cstdint>

using namespace clang;

namespace coalesce {

namespace {


/// The report covers global memory, and shared memory for its banks: a
/// pointer whose space is unknown because it could not be followed counts
/// (it is usually global, and the report says why it is unknown); a host
/// global or a local array does not. Atomics are reported: their requests coalesce like loads and stores
/// (a strided atomicAdd touches a sector per lane). Texture fetches go
/// through the texture path, which this model does not describe.
bool inReport(const MemoryAccess &A) {
  if (A.Op == Operation::TextureFetch)
    return false;
  // Shared memory is reported for its banks: loads, stores and atomics.
  if (A.Space == AddressSpace::Shared)
    return true;
  return A.Space == AddressSpace::Global ||
         (A.Space == AddressSpace::Generic && !A.UnknownBase.empty());
}

AccessKind accessKind(Operation Op) {
  switch (Op) {
  case Operation::Store:
  case Operation::CachedStore:
    return AccessKind::Store;
  case Operation::LoadStore:
    return AccessKind::LoadStore;
  case Operation::Atomic:
    return AccessKind::Atomic;
  case Operation::Load:
  case Operation::CachedLoad:
  case Operation::TextureFetch:
    break;
  }
  return AccessKind::Load;
}

void fillLocation(AccessSite &S, const clang::Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = SM.getExpansionRange(E->getSourceRange());
  SourceLocation B = R.getBegin();
  PresumedLoc PB = SM.getPresumedLoc(B);
  if (PB.isInvalid())
    return;
  S.Pos.File = reportPath(PB.getFilename());
  S.Pos.Line = PB.getLine();
  S.Pos.Column = PB.getColumn();
  S.Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  SourceLocation End = R.getEnd();
  if (R.isTokenRange())
    End = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
  PresumedLoc PE = SM.getPresumedLoc(End);
  if (PE.isValid() && PE.getLine() == PB.getLine() && PE.getColumn() > 1)
    S.RangeEndColumn = PE.getColumn() - 1;
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
  if (!Invalid) {
    unsigned Off = SM.getFileOffset(B);
    size_t LineStart = Buf.rfind('\n', Off);
    LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
    size_t LineEnd = Buf.find('\n', Off);
    S.SourceLine = Buf.slice(LineStart, LineEnd).rtrim("\r").str();
    if (LineStart > 0) {
      size_t PrevStart = Buf.rfind('\n', LineStart - 1);
      PrevStart = PrevStart == StringRef::npos ? 0 : PrevStart + 1;
      S.PrevSourceLine = Buf.slice(PrevStart, LineStart - 1).rtrim("\r").str();
    }
  }
}

/// Where Loc is as the user sees it (a macro's use, not its definition).
SourcePos presumedPos(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return {};
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return {};
  return {reportPath(P.getFilename()), P.getLine(), P.getColumn()};
}

/// The widest load or store nvcc makes of a T of Size bytes: Size when it
/// is 1, 2, 4, 8 or 16 and T is aligned to it (float4: one 16-byte load);
/// else the widest of those T's alignment allows that divides Size (a
/// struct of three floats: three 4-byte loads; four doubles: four 8-byte
/// loads).
unsigned instructionBytes(clang::QualType T, unsigned Size,
                          const ASTContext &Ctx) {
  if (T.isNull() || Size == 0 || T->isIncompleteType() ||
      T->isDependentType())
    return Size;
  unsigned Align = Ctx.getTypeAlignInChars(T).getQuantity();
  unsigned W = 16;
  while (W > 1 && (W > Align || Size % W != 0))
    W /= 2;
  return W < Size ? W : Size;
}

/// "struct ParticleSoA { float *x; float *y; }": one array per member of
/// Struct; empty when a member has no name.
std::string soaLayout(const RecordDecl *Struct, const std::string &Name) {
  if (!Struct || Struct->field_empty())
    return "";
  PrintingPolicy Policy(Struct->getASTContext().getLangOpts());
  Policy.SuppressTagKeyword = true;
  std::string Layout = "struct " + Name + "SoA {";
  for (const FieldDecl *Field : Struct->fields()) {
    if (Field->getName().empty() || Field->isBitField())
      return "";
    QualType T = Field->getType();
    if (const ConstantArrayType *Arr =
            Struct->getASTContext().getAsConstantArrayType(T))
      return ""; // an array member has no one-pointer-per-member form
    Layout += " " + T.getAsString(Policy) + " *" + Field->getNameAsString() + ";";
  }
  return Layout + " }";
}

} // namespace

void AccessSiteCollector::onAccess(const MemoryAccess &A) {
  if (!inReport(A))
    return;
  AccessSite S;
  fillLocation(S, A.Access, *A.Ctx);
  S.Kernel = A.KernelName;
  S.Function = A.Function->getNameAsString();
  S.Kind = accessKind(A.Op);
  S.Base = A.Base;
  S.ElemBytes = A.ElemBytes;
  S.Shared = A.Space == AddressSpace::Shared;
  S.InstrBytes = instructionBytes(A.ElemType, A.ElemBytes, *A.Ctx);
  unsigned Align = 0;
  if (A.StructBytes && *A.StructBytes > S.ElemBytes) {
    S.StructBytes = A.StructBytes;
    S.StructName = A.StructName;
    S.MemberName = A.MemberName;
    if (A.Struct && !A.Struct->isInvalidDecl() && A.Struct->getDefinition())
      Align = A.Ctx->getTypeAlignInChars(A.Ctx->getRecordType(A.Struct))
                  .getQuantity();
    S.SoALayout = soaLayout(A.Struct, A.StructName);
  }
  // The chain of inlined calls, so a finding inside a __device__ helper
  // names the kernel and the call site that reached it.
  const SourceManager &SM = A.Ctx->getSourceManager();
  std::string Caller = A.Kernel->getNameAsString();
  for (const CallContext &Call : A.Calls) {
    if (!Call.Callee || !Call.Site)
      continue;
    AccessSite::CallStep Step;
    Step.Caller = Caller;
    Step.Callee = Call.Callee->getNameAsString();
    Step.Pos = presumedPos(Call.Site->getBeginLoc(), SM);
    Caller = Step.Callee;
    S.CallChain.push_back(std::move(Step));
  }
  S.Address = A.printAddress(reasonText);
  A.evaluateLanes(S);
  if (!Fixes)
    Fixes = std::make_unique<FixCandidates>(*A.Ctx);
  if (S.Shared && A.BaseDecl)
    S.SharedArray = Fixes->sharedArray(A.BaseDecl);
  // The loop that splits the range: marked so, or else the innermost.
  if (!A.Loops.empty() && S.UnknownReason.empty()) {
    const Stmt *Split = A.innermostLoop();
    for (auto L = A.Loops.rbegin(); L != A.Loops.rend(); ++L)
      if (L->SplitRange) {
        Split = L->Loop;
        break;
      }
    S.GridStride = Fixes->gridStride(Split, A.Kernel);
  }
  SourceRange R = A.Access->getSourceRange();
  S.Clang.Begin = R.getBegin().getRawEncoding();
  S.Clang.End = R.getEnd().getRawEncoding();
  S.Clang.Kernel = A.Kernel->getLocation().getRawEncoding();
  if (const Stmt *Loop = A.innermostLoop())
    S.Clang.Loop = Loop->getBeginLoc().getRawEncoding();
  if (A.Struct)
    S.Clang.Struct = A.Struct->getLocation().getRawEncoding();
  if (A.LaunchSite)
    S.Clang.Launch = A.LaunchSite->getBeginLoc().getRawEncoding();
  S.Related.Kernel = presumedPos(A.Kernel->getLocation(), SM);
  if (const Stmt *Loop = A.innermostLoop())
    S.Related.Loop = presumedPos(Loop->getBeginLoc(), SM);
  if (A.Struct)
    S.Related.Struct = presumedPos(A.Struct->getLocation(), SM);
  if (A.LaunchSite)
    S.Related.Launch = presumedPos(A.LaunchSite->getBeginLoc(), SM);
  Out.push_back(std::move(S));
  StructAlign.resize(Out.size() - 1);
  StructAlign.push_back(Align);
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

} // namespace

void AccessSiteCollector::joinWholeElements() {
  // nvcc's vectorizer joins loads (or stores) of adjacent bytes through one
  // pointer into one instruction when their type's alignment allows the
  // width, and no access of another kind in between may alias them: a
  // float2 read as d[i].x, then d[i].y is one 8-byte load per lane, as
  // coalesced as reading the float2 itself (cuda-samples' BlackScholes
  // measures 8 sectors per request for d[opt].x, Nsight's ideal for 8
  // bytes a lane). Only the plain case is taken: every member of the
  // element, the same index, the same loop and call, nothing but accesses
  // of the same kind between the first and the last.
  std::vector<bool> Done(Out.size(), false);
  for (size_t I = 0; I < Out.size(); ++I) {
    const AccessSite &S = Out[I];
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
    for (size_t J = I + 1; J < Out.size(); ++J) {
      const AccessSite &T = Out[J];
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
      Members += (Members.empty() ? "" : ", ") + Out[G].MemberName;
    for (size_t G : Group) {
      AccessSite &T = Out[G];
      int64_t Shift = ((T.Lane0Offset % Size) + Size) % Size;
      T.Lane0Offset -= Shift;
      for (AccessSite::WarpSample &W : T.Samples)
        W.Lane0Offset -= Shift;
      T.ElemBytes = Size;
      T.InstrBytes = Size;
      T.StructBytes.reset();
      T.WholeElementMembers = Members;
      Done[G] = true;
    }
  }
}

TranslationUnitResult
collectAccessSites(ASTContext &Ctx, ExprContext &Exprs,
                   const AnalysisOptions &Opts,
                   llvm::ArrayRef<SourceLocation> ErrorLocs,
                   MemoryAccessListener *Extra) {
  TranslationUnitResult R;
  AccessSiteCollector Collector(R.Sites);
  MemoryAccessFanout Fanout;
  Fanout.add(Collector);
  if (Extra)
    Fanout.add(*Extra);
  KernelsAnalyzed K =
      analyzeTranslationUnit(Ctx, Exprs, Opts, ErrorLocs, Fanout);
  Collector.joinWholeElements();
  R.Kernels = K.Kernels;
  R.KernelList = std::move(K.KernelList);
  R.SkippedKernels = std::move(K.SkippedKernels);
  return R;
}

} // namespace coalesce
