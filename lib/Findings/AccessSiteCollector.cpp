//===- AccessSiteCollector.cpp --------------------------------------------===//

#include "Findings/AccessSiteCollector.h"
#include "Analysis/WideAccesses.h"
#include "Findings/IntrinsicLines.h"
#include "Findings/ReasonText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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
    if (Struct->getASTContext().getAsConstantArrayType(T))
      return ""; // an array member has no one-pointer-per-member form
    Layout += " " + T.getAsString(Policy) + " *" + Field->getNameAsString() + ";";
  }
  return Layout + " }";
}

/// An atomic made through the toolkit's wrapper function: the wrapper's
/// first statement (AccessSite::BookedInWrapper). Only the toolkit's
/// *_atomic_functions.hpp headers, which clang's CUDA wrapper includes from
/// the toolkit as nvcc does, so their lines are the ones nvcc compiles (the
/// analyzer's built-in headers declare the atomics without bodies).
void noteAtomicWrapper(AccessSite &S, const MemoryAccess &A) {
  const auto *Call = dyn_cast_or_null<CallExpr>(A.Access);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (A.Op != Operation::Atomic || !Callee || !Callee->hasBody(Def) || !Def)
    return;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->body_empty())
    return;
  const SourceManager &SM = A.Ctx->getSourceManager();
  SourceLocation L = SM.getExpansionLoc(Body->body_front()->getBeginLoc());
  if (L.isInvalid() || !SM.isInSystemHeader(L) ||
      !llvm::sys::path::filename(SM.getFilename(L))
           .ends_with("atomic_functions.hpp"))
    return;
  S.BookedInWrapper = {Callee->getNameAsString(), "", presumedPos(L, SM)};
}

/// A floating-point atomicAdd on shared memory: a compare-and-swap loop
/// (AccessSite::CompareAndSwap).
bool compareAndSwapLoop(const MemoryAccess &A) {
  const auto *Call = dyn_cast_or_null<CallExpr>(A.Access);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (A.Op != Operation::Atomic || A.Space != AddressSpace::Shared ||
      !Callee || !Callee->getIdentifier() || A.ElemType.isNull())
    return false;
  llvm::StringRef Name = Callee->getName();
  bool Adds = Name.starts_with("atomicAdd") ||
              Name == "__nv_atomic_fetch_add" || Name == "__nv_atomic_fetch_sub";
  const auto *BT = A.ElemType.getCanonicalType()->getAs<BuiltinType>();
  return Adds && BT &&
         (BT->getKind() == BuiltinType::Float ||
          BT->getKind() == BuiltinType::Double);
}

/// The toolkit's sm_32_intrinsics.hpp, beside the cuda_runtime_api.h that
/// declares the unit's cudaGetErrorString; empty without a toolkit (the
/// analyzer's built-in headers have no such file beside theirs).
std::string intrinsicsHeader(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(
           &Ctx.Idents.get("cudaGetErrorString"))) {
    SmallString<256> P(llvm::sys::path::parent_path(
        SM.getFilename(SM.getExpansionLoc(D->getLocation()))));
    llvm::sys::path::append(P, "sm_32_intrinsics.hpp");
    return llvm::sys::fs::exists(P) ? std::string(P) : "";
  }
  return "";
}

/// The first inline assembly statement of Body, in source order.
const GCCAsmStmt *firstAsm(const Stmt *Body) {
  if (!Body)
    return nullptr;
  if (const auto *A = dyn_cast<GCCAsmStmt>(Body))
    return A;
  for (const Stmt *Child : Body->children())
    if (const GCCAsmStmt *A = firstAsm(Child))
      return A;
  return nullptr;
}

/// A cache-hinted load or store (__ldg, __ldcs, __stcg, ...): booked on the
/// line of the inline assembly that makes it, as an atomic is in its
/// wrapper. The toolkit defines the __nv_bfloat16 and __half overloads in
/// cuda_bf16.hpp and cuda_fp16.hpp, which clang parses: their bodies say
/// where. The others are sm_32_intrinsics.hpp's, which clang's CUDA wrapper
/// replaces: their lines are found in its text (Findings/IntrinsicLines.h).
/// Header: intrinsicsHeader() of the unit, asked only when needed.
void noteCacheHinted(AccessSite &S, const MemoryAccess &A,
                     llvm::function_ref<const std::string &()> Header) {
  const auto *Call = dyn_cast_or_null<CallExpr>(A.Access);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if ((A.Op != Operation::CachedLoad && A.Op != Operation::CachedStore) ||
      !Callee || Callee->getNumParams() == 0 || !Callee->getIdentifier())
    return;
  const SourceManager &SM = A.Ctx->getSourceManager();
  const FunctionDecl *Def = nullptr;
  // Clang's own overloads (its CUDA wrapper's) have bodies but no assembly.
  if (Callee->hasBody(Def) && Def &&
      SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
    if (const GCCAsmStmt *Asm = firstAsm(Def->getBody())) {
      S.BookedInWrapper = {Callee->getNameAsString(), "",
                           presumedPos(Asm->getBeginLoc(), SM)};
      return;
    }
  QualType P = Callee->getParamDecl(0)->getType();
  if (!P->isPointerType())
    return;
  const std::string &Path = Header();
  if (Path.empty())
    return;
  PrintingPolicy Policy(A.Ctx->getLangOpts());
  Policy.SuppressTagKeyword = true;
  std::string Pointee =
      P->getPointeeType().getUnqualifiedType().getAsString(Policy);
  auto [Line, Column] = cacheHintedLine(Path, Callee->getName(), Pointee);
  if (Line)
    S.BookedInWrapper = {Callee->getNameAsString(), "",
                         {reportPath(Path), Line, Column}};
}

/// Where nvcc books an access whose expression spans lines
/// (AccessSite::BookedAtEnd): the line of the last token of what computes
/// its address. Measured with nvcc 13's -lineinfo
/// (cuda_bench/probes/lines40.cu): a subscript's closing bracket, a
/// dereference's operand's end, a member's object's end. A call (an atomic,
/// __ldg) is booked in the toolkit's function it calls instead.
void noteBookedAtEnd(AccessSite &S, const MemoryAccess &A) {
  const clang::Expr *E = A.Access;
  if (!E || S.Pos.Line == 0 || isa<CallExpr>(E->IgnoreParenImpCasts()))
    return;
  while (const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()))
    E = M->getBase();
  const SourceManager &SM = A.Ctx->getSourceManager();
  SourcePos End = presumedPos(
      SM.getExpansionRange(E->getSourceRange()).getEnd(), SM);
  if (End.Line > S.Pos.Line && End.File == S.Pos.File)
    S.BookedAtEnd = End;
}

/// For an access written in a system header and reached from the user's
/// code (a cuRAND generator's store into the state the user passed): the
/// header, the user's call that enters it, and what its pointer argument
/// points to. Calls holds A's calls with a site, outermost first, as
/// CallChain does.
void noteToolkitCall(AccessSite &S, const MemoryAccess &A,
                     llvm::ArrayRef<const CallContext *> Calls) {
  const SourceManager &SM = A.Ctx->getSourceManager();
  SourceLocation L = SM.getExpansionLoc(A.Access->getBeginLoc());
  if (Calls.empty() || L.isInvalid() || !SM.isInSystemHeader(L))
    return;
  // The innermost call written outside the system headers.
  std::optional<unsigned> User;
  for (unsigned I = Calls.size(); I-- > 0;) {
    SourceLocation C = SM.getExpansionLoc(Calls[I]->Site->getBeginLoc());
    if (C.isValid() && !SM.isInSystemHeader(C)) {
      User = I;
      break;
    }
  }
  if (!User)
    return;
  const CallExpr *Call = Calls[*User]->Site;
  AccessSite At;
  fillLocation(At, Call, *A.Ctx);
  AccessSite::ToolkitCall &T = S.Toolkit;
  T.Header = llvm::sys::path::filename(SM.getFilename(L)).str();
  T.Step = *User;
  T.Pos = At.Pos;
  T.RangeEndColumn = At.RangeEndColumn;
  T.Text = At.Text;
  T.SourceLine = At.SourceLine;
  T.PrevSourceLine = At.PrevSourceLine;
  PrintingPolicy Policy(A.Ctx->getLangOpts());
  Policy.SuppressTagKeyword = true;
  for (const clang::Expr *Arg : Call->arguments()) {
    QualType P = Arg->IgnoreParenImpCasts()->getType();
    if (!P->isPointerType() || !P->getPointeeType()->isRecordType() ||
        P->getPointeeType()->isIncompleteType())
      continue;
    QualType Obj = P->getPointeeType().getUnqualifiedType();
    T.Object = Obj.getAsString(Policy);
    T.ObjectBytes = A.Ctx->getTypeSizeInChars(Obj).getQuantity();
    T.Argument = Lexer::getSourceText(
                     SM.getExpansionRange(Arg->getSourceRange()), SM,
                     A.Ctx->getLangOpts())
                     .str();
    break;
  }
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
  S.CompareAndSwap = compareAndSwapLoop(A);
  S.InstrBytes = instructionBytes(A);
  if (A.StructBytes && *A.StructBytes > S.ElemBytes) {
    S.StructBytes = A.StructBytes;
    S.StructName = A.StructName;
    S.MemberName = A.MemberName;
    S.SoALayout = soaLayout(A.Struct, A.StructName);
  }
  // The chain of inlined calls, so a finding inside a __device__ helper
  // names the kernel and the call site that reached it.
  const SourceManager &SM = A.Ctx->getSourceManager();
  std::string Caller = A.Kernel->getNameAsString();
  std::vector<const CallContext *> Steps;
  for (const CallContext &Call : A.Calls) {
    if (!Call.Callee || !Call.Site)
      continue;
    Steps.push_back(&Call);
    AccessSite::CallStep Step;
    Step.Caller = Caller;
    Step.Callee = Call.Callee->getNameAsString();
    Step.Pos = presumedPos(Call.Site->getBeginLoc(), SM);
    Caller = Step.Callee;
    S.CallChain.push_back(std::move(Step));
  }
  noteToolkitCall(S, A, Steps);
  noteAtomicWrapper(S, A);
  noteCacheHinted(S, A, [&]() -> const std::string & {
    if (!IntrinsicsHeader)
      IntrinsicsHeader = intrinsicsHeader(*A.Ctx);
    return *IntrinsicsHeader;
  });
  if (S.BookedInWrapper.Caller.empty())
    if (std::optional<ToolkitBooking::Place> In = Booking.booked(A))
      S.BookedInWrapper = {In->In->getNameAsString(), "",
                           presumedPos(In->At, A.Ctx->getSourceManager())};
  noteBookedAtEnd(S, A);
  A.evaluateLanes(S);
  S.Address = A.printAddress(reasonText, /*Grouped=*/S.LoadGroups > 0,
                             /*Chosen=*/!S.DataChoice.empty());
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
  StructAlign.push_back(memberStructAlign(A));
  Terms.resize(Out.size() - 1);
  Terms.push_back(coalesce::offsetTerms(A));
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
  joinWholeElements(R.Sites, Collector.structAlign());
  joinSharedElements(R.Sites, Collector.offsetTerms());
  R.Kernels = K.Kernels;
  R.KernelList = std::move(K.KernelList);
  R.SkippedKernels = std::move(K.SkippedKernels);
  R.Launches = std::move(K.Launches);
  R.Defined = std::move(K.Defined);
  R.Unlaunched = std::move(K.Unlaunched);
  return R;
}

} // namespace coalesce
