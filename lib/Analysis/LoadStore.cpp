//===- LoadStore.cpp - reading and writing places; the memory events -----===//
//
// A place is read or written here and nowhere else, so this is where memory
// operations become MemoryAccess events for the listeners, with the guards,
// loops and calls around them. Variables live in the frames' environments;
// a value loaded from memory is followed when the whole warp reads it at one
// address (a uniform runtime value), and is a gather index otherwise.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

AddressSpace addressSpace(Space Sp) {
  switch (Sp) {
  case Space::Global:
    return AddressSpace::Global;
  case Space::Shared:
    return AddressSpace::Shared;
  case Space::Constant:
    return AddressSpace::Constant;
  case Space::Local:
    return AddressSpace::Local;
  case Space::Unknown:
    break;
  }
  return AddressSpace::Generic;
}

/// Leaves followed per struct copied, and elements per array in it: a
/// struct copied whole is followed by the leaves that can reach an address,
/// and a long array in it leaves the members after it their budget.
constexpr unsigned MaxLeaves = 128, MaxElements = 16;

/// Calls F(path, byte offset, type) for each integer or pointer inside an
/// object of type T: members (".base", ".in.x") and the first elements of
/// arrays (".v[1]"), Budget of them at most.
void forEachLeaf(
    const ASTContext &Ctx, QualType T, const std::string &Path, int64_t Offset,
    llvm::function_ref<void(const std::string &, int64_t, QualType)> F,
    unsigned &Budget) {
  if (Budget == 0 || T->isIncompleteType() || T->isDependentType())
    return;
  if (T->isIntegralOrEnumerationType() || T->isPointerType()) {
    --Budget;
    F(Path, Offset, T);
    return;
  }
  if (const auto *CA = Ctx.getAsConstantArrayType(T)) {
    QualType Elem = CA->getElementType();
    int64_t Size = Ctx.getTypeSizeInChars(Elem).getQuantity();
    uint64_t N = std::min<uint64_t>(CA->getSize().getZExtValue(), MaxElements);
    for (uint64_t I = 0; I < N && Budget; ++I)
      forEachLeaf(Ctx, Elem, Path + "[" + std::to_string(I) + "]",
                  Offset + int64_t(I) * Size, F, Budget);
    return;
  }
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || RD->isUnion() || !RD->getDefinition())
    return;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
  // A base class's members are named as the derived class's own.
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &B : CRD->bases())
      if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
          BD && !B.isVirtual())
        forEachLeaf(Ctx, B.getType(), Path,
                    Offset + L.getBaseClassOffset(BD).getQuantity(), F, Budget);
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isBitField() || FD->getType()->isReferenceType())
      continue;
    int64_t At = Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
                     .getQuantity();
    forEachLeaf(Ctx, FD->getType(), Path + "." + FD->getNameAsString(),
                Offset + At, F, Budget);
  }
}

/// Whether Path is Root or names something inside it ("t.base", "t.v[0]").
bool isWithin(const std::string &Path, const std::string &Root) {
  return Path.compare(0, Root.size(), Root) == 0 &&
         (Path.size() == Root.size() || Path[Root.size()] == '.' ||
          Path[Root.size()] == '[');
}

/// Erases the members held below Root (not Root itself) of V.
void eraseBelow(MemberEnv &M, const VarDecl *V, const std::string &Root) {
  // "o.v2" sorts between "o.v.x" and "o.v[0]": skipped, not an end.
  for (auto It = M.lower_bound({V, Root});
       It != M.end() && It->first.first == V &&
       It->first.second.compare(0, Root.size(), Root) == 0;)
    It = It->first.second == Root || !isWithin(It->first.second, Root)
             ? std::next(It)
             : M.erase(It);
}

} // namespace

void KernelWalker::storeFields(const Place &Obj, const Value &V) {
  MemberEnv &M = Frames[Obj.Frame].Members;
  eraseBelow(M, Obj.Var, Obj.Path);
  if (V.Fields)
    for (const auto &[Path, FV] : *V.Fields)
      M[{Obj.Var, Obj.Path + Path}] = FV;
}

Value KernelWalker::readFields(const Place &Obj) {
  auto Fields = std::make_shared<std::vector<std::pair<std::string, Value>>>();
  unsigned Budget = MaxLeaves;
  forEachLeaf(
      Ctx, Obj.Type, "", 0,
      [&](const std::string &Path, int64_t, QualType T) {
        Place Leaf = Obj;
        Leaf.Path += Path;
        Leaf.Type = T;
        Fields->push_back({Path, readPlaceValue(Leaf, nullptr)});
      },
      Budget);
  Value V;
  V.Fields = std::move(Fields);
  return V;
}

Value KernelWalker::joinFields(const LExpr *C, const Value &T, const Value &F,
                               StringRef Why) {
  auto Fields = std::make_shared<std::vector<std::pair<std::string, Value>>>();
  for (const auto &[Path, A] : *T.Fields) {
    auto It = llvm::find_if(*F.Fields,
                            [&](const auto &P) { return P.first == Path; });
    if (It == F.Fields->end())
      continue; // unset on one side: read as unknown
    const Value &B = It->second;
    if (sameValue(A, B))
      Fields->push_back({Path, A});
    else if (A.K == Value::Int && B.K == Value::Int)
      Fields->push_back({Path, Value::integer(X.select(C, A.I, B.I))});
    else
      Fields->push_back(
          {Path, unknownLike(A, Reason::other("'" + Path.substr(1) +
                                              "': " + Why.str()))});
  }
  Value V;
  V.Fields = std::move(Fields);
  return V;
}

void KernelWalker::forgetLocal(size_t F, const VarDecl *V, const Reason &Why,
                               const std::string &Root) {
  if (Root.empty()) {
    auto It = Frames[F].Vars.find(V);
    if (It != Frames[F].Vars.end() && It->second.K != Value::Ref)
      It->second = unknownValue(V->getType(), Why.about(V->getNameAsString()));
  }
  MemberEnv &M = Frames[F].Members;
  for (auto MI = M.lower_bound({V, Root});
       MI != M.end() && MI->first.first == V &&
       MI->first.second.compare(0, Root.size(), Root) == 0;
       ++MI)
    if ((Root.empty() || isWithin(MI->first.second, Root)) &&
        (MI->second.K == Value::Int || MI->second.K == Value::Ptr))
      MI->second = unknownLike(MI->second, Why.about(MI->first.second));
}

Value KernelWalker::readVariable(const VarDecl *VD, size_t F) {
  Env &Vars = Frames[F].Vars;
  auto It = Vars.find(VD);
  if (It != Vars.end())
    return It->second;
  std::string Name = VD->getNameAsString();
  QualType T = VD->getType();
  // Parameters of the kernel itself, __constant__ and __device__
  // variables are uniform runtime values.
  bool KernelParam = isa<ParmVarDecl>(VD) && F == 0;
  // A kernel's reference parameter names an object the device reaches in
  // memory (managed or global; there is no temporary to bind): what is
  // read and written through it are global accesses at one address, as
  // through a pointer parameter.
  if (KernelParam && T->isReferenceType()) {
    QualType Object = T.getNonReferenceType();
    Value Base = namedRuntimeValue(Name, Ctx.getPointerType(Object));
    return Value::ref(placeAt(Base.P, Object));
  }
  if ((KernelParam || !VD->hasLocalStorage()) &&
      (T->isPointerType() || T->isIntegralOrEnumerationType()))
    return namedRuntimeValue(Name, T);
  if ((KernelParam || !VD->hasLocalStorage()) && T->isRealFloatingType())
    return namedFloat(Name, T, KernelParam);
  return unknownValue(T, "'" + Name + "' has no value we can follow");
}

/// A uniform value known only by name: a kernel parameter, a member of a
/// by-value struct parameter, a __constant__ or __device__ variable.
std::optional<Value> KernelWalker::sharedAhead(const std::string &Text,
                                               const LExpr *From,
                                               const LExpr *U) {
  if (mentionsIf(From, [&](const SymbolExpr *S) {
        return S->getSymbolKind() == SymbolKind::TripCount ||
               AheadLaneMarks.count(S);
      }))
    return std::nullopt;
  const LExpr *Sym =
      X.symbol(SymbolKind::Carried, 0,
               "loaded(" + Text + ")#" + std::to_string(++AheadLoadCount));
  AheadLoads[Sym] = {From, U};
  return Value::integer(Sym);
}

Value KernelWalker::namedRuntimeValue(const std::string &Name, QualType T,
                                      SymbolKind Kind) {
  if (!T.isNull() && T->isPointerType()) {
    Pointer P;
    P.Base = Name;
    P.Offset = X.constant(0);
    P.Sp = Space::Global;
    return Value::pointer(P);
  }
  return Value::integer(X.symbol(Kind, 0, Name));
}

Value KernelWalker::readPlaceValue(const Place &P, const clang::Expr *E) {
  if (P.K != Place::Variable)
    return load(P, E);
  if (P.Type->isRecordType())
    return readFields(P);
  if (P.Path != P.Var->getNameAsString()) {
    const MemberEnv &M = Frames[P.Frame].Members;
    auto It = M.find({P.Var, P.Path});
    if (It != M.end())
      return It->second.K == Value::Ref && E ? load(It->second.R, E)
                                             : It->second;
    // A member of a struct held by value: a kernel parameter's member is
    // a uniform runtime value; a local struct's unset members are not.
    if (isa<ParmVarDecl>(P.Var) && P.Frame == 0 &&
        (P.Type->isPointerType() || P.Type->isIntegralOrEnumerationType()))
      return namedRuntimeValue(P.Path, P.Type);
    return unknownValue(P.Type, "'" + P.Path + "' is " +
                                    (P.Path.back() == ']'
                                         ? "an element of a local array"
                                         : "a member of a local struct") +
                                    " with no value we follow");
  }
  Value V = readVariable(P.Var, P.Frame);
  if (V.K == Value::Ref && E)
    return load(V.R, E);
  // Evaluating an access again with group loads followed: what the
  // variable was declared with, followed so, while it still holds that.
  if (Grouping)
    if (auto It = GroupShadows.find({P.Frame, P.Var});
        It != GroupShadows.end() && sameValue(It->second.first, V))
      return It->second.second;
  // Evaluating an access again with the data's choices made symbols.
  if (Choosing)
    if (auto It = ChoiceShadows.find({P.Frame, P.Var});
        It != ChoiceShadows.end() && sameValue(It->second.first, V))
      return It->second.second;
  return V;
}

/// Reads a place: a memory read is recorded as a load; the value read is
/// followed when it is an integer or a pointer.
Value KernelWalker::load(const Place &P, const clang::Expr *E, Operation Op) {
  if (P.K == Place::Variable)
    return readPlaceValue(P, E);
  if (P.K == Place::None)
    return unknownValue(E->getType(),
                        "'" + sourceText(E) + "' is not a place we can follow");
  record(E, P, Op);
  QualType T = P.Type;
  // Local memory we do not follow: an element of a local array at an
  // index that is not a constant, or a local reinterpreted. An array in a
  // kernel's struct parameter is the same for every thread: read as data.
  bool KernelParam = isa_and_nonnull<ParmVarDecl>(P.Addr.LocalVar) &&
                     P.Addr.LocalFrame == 0;
  if (P.Addr.Sp == Space::Local && !KernelParam) {
    // Whichever element it is, it holds a value the lane loaded (the
    // three neighbours of a mesh element, read at a loop's index): the
    // data's, a gather index.
    if (const LExpr *U = loadedElements(P.Addr);
        U && (T->isIntegralOrEnumerationType() || T->isRealFloatingType()))
      return T->isRealFloatingType() ? Value::real(U) : Value::integer(U);
    return unknownValue(T, "'" + sourceText(E) +
                               "' is read from a local array at an index "
                               "we do not follow");
  }
  if (T->isRecordType()) {
    // A struct copied out of memory: each leaf holds what a read of its
    // own address would give.
    auto Fields =
        std::make_shared<std::vector<std::pair<std::string, Value>>>();
    unsigned Budget = MaxLeaves;
    std::string Text = sourceText(E);
    forEachLeaf(
        Ctx, T, "", 0,
        [&](const std::string &Path, int64_t Offset, QualType LT) {
          Pointer A = P.Addr;
          A.Offset = X.add(A.Offset, X.constant(Offset));
          Fields->push_back({Path, loadedValue(A, LT, Text + Path)});
        },
        Budget);
    Value V;
    V.Fields = std::move(Fields);
    return V;
  }
  if (!T->isIntegralOrEnumerationType() && !T->isPointerType() &&
      !T->isRealFloatingType())
    return Value::none();
  return loadedValue(P.Addr, T, sourceText(E));
}

const LExpr *KernelWalker::loadedElements(const Pointer &Addr) {
  if (!Addr.LocalVar || Addr.LocalFrame >= Frames.size() ||
      Addr.LocalType.isNull())
    return nullptr;
  const ConstantArrayType *AT = Ctx.getAsConstantArrayType(Addr.LocalType);
  if (!AT || AT->getSize().ugt(64) || AT->getSize().isZero())
    return nullptr;
  const MemberEnv &M = Frames[Addr.LocalFrame].Members;
  const LExpr *First = nullptr;
  for (uint64_t K = 0, N = AT->getSize().getZExtValue(); K < N; ++K) {
    std::string Element = Addr.Base + "[" + std::to_string(K) + "]";
    auto It = M.find({Addr.LocalVar, Element});
    if (It == M.end() ||
        (It->second.K != Value::Int && It->second.K != Value::Real))
      return nullptr;
    const LExpr *U = findUnknown(It->second.I);
    if (!U || !LoadUnknowns.count(U))
      return nullptr;
    First = First ? First : U;
  }
  return First;
}

Value KernelWalker::loadedValue(const Pointer &Addr, QualType T,
                                const std::string &Text) {
  // A value read at one address by the whole warp is uniform: name it by
  // its text. So is one read once per warp (rowptr[tid / 32], a warp per
  // row): its value differs between warps, which moves their alignment
  // only, and the name says it is data. Read at lane-dependent addresses,
  // it is a gather index.
  const LExpr *Off = Addr.Offset;
  bool LaneDependent =
      !Addr.Why.empty() || findUnknown(Off) ||
      (mentionsIf(Off, isThreadIdx) && !Warp.sameInEveryWarp(Off));
  // Walking a loop ahead, a value read is not named: the name would hide
  // that the address, and with it the value, changes with the iteration.
  // Constant memory read where no iteration moves the address is the same
  // value in every iteration ("nbrid < NbrListLen"): the kernel cannot
  // write it.
  bool SameEveryIteration =
      Addr.Sp == Space::Constant &&
      !mentionsIf(Off, [](const SymbolExpr *S) {
        return S->getSymbolKind() == SymbolKind::LoopIter ||
               S->getSymbolKind() == SymbolKind::Carried ||
               S->getSymbolKind() == SymbolKind::TripCount;
      });
  if (!LaneDependent && (!WalkingAhead || SameEveryIteration))
    return T->isRealFloatingType()
               ? namedFloat(Text, T, /*Parameter=*/false)
               : namedRuntimeValue(Text, T, SymbolKind::Opaque);
  // Walking ahead, an integer the whole warp reads at one place ("my_base
  // = *base", a block's next chunk of a queue, after a barrier) is one
  // value in every lane, and a new one in each iteration: a symbol of its
  // own, which the walk takes for a value the warp shares, never for a
  // step. Read at a place the loop's values move ("index = next[index]"),
  // it is so only where they are the warp's too: not where one entered
  // the iteration differing between lanes (a lane's chase, an unknown
  // below), and where the walk's rounds find them the warp's.
  if (!LaneDependent && WalkingAhead && T->isIntegralOrEnumerationType()) {
    const LExpr *U = X.unknown(Reason(ReasonKind::LoadedFromMemory, Text));
    if (std::optional<Value> V = sharedAhead(Text, Off, U)) {
      LoadUnknowns.insert(U);
      return *V;
    }
  }
  // An integer read at an address known per lane: lanes that share the
  // address share the value. Grouping, it is a value per address;
  // otherwise an unknown an access may be evaluated again for.
  bool Groupable = Addr.Why.empty() && !findUnknown(Off) &&
                   T->isIntegralOrEnumerationType() && !WalkingAhead;
  if (Grouping && Groupable) {
    GroupedLoad L;
    // Dimension 1 keeps it apart from a value the whole warp loads at the
    // same text (namedRuntimeValue's, dimension 0).
    L.Value = cast<SymbolExpr>(X.symbol(SymbolKind::Opaque, 1, Text));
    L.Group = cast<SymbolExpr>(X.symbol(
        SymbolKind::Opaque, 0, "group#" + std::to_string(++GroupSymbols)));
    L.Key = Off;
    L.Text = Text;
    GroupLoadsBySymbol[L.Group] = L;
    return Value::integer(X.add(L.Value, L.Group));
  }
  const LExpr *U = X.unknown(Reason(ReasonKind::LoadedFromMemory, Text));
  LoadUnknowns.insert(U);
  if (WalkingAhead && Off)
    AheadLoadOffsets[U] = Off;
  if (Groupable)
    GroupableUnknowns.insert(U);
  if (T->isRealFloatingType())
    return Value::real(U);
  if (T->isPointerType()) {
    Pointer Ptr;
    Ptr.Why = Reason(ReasonKind::PointerLoaded, Text);
    Ptr.UnknownOffset = U;
    Ptr.Offset = U;
    Ptr.Sp = Space::Unknown;
    return Value::pointer(Ptr);
  }
  return Value::integer(U);
}

void KernelWalker::store(const Place &P, const Value &V, const clang::Expr *E,
                         Operation Op) {
  if (P.K == Place::Variable) {
    // The frame that holds the variable: a reference parameter writes
    // back to its caller's variable.
    Value Scalar = V;
    Scalar.Fields.reset();
    if (P.Path == P.Var->getNameAsString())
      Frames[P.Frame].Vars[P.Var] = Scalar;
    else
      Frames[P.Frame].Members[{P.Var, P.Path}] = Scalar;
    // A struct assigned whole: its members are what it holds now.
    storeFields(P, V);
    return;
  }
  if (P.K != Place::Memory)
    return;
  if (WalkingAhead && (!P.Addr.Why.empty() || P.Addr.Sp == Space::Unknown))
    BlindWriteAhead = true;
  if (WalkingAhead && P.Addr.Offset)
    AheadStoreOffsets.push_back(P.Addr.Offset);
  // A local's address written to memory can come back as any pointer the
  // kernel loads.
  if (V.K == Value::Ptr && V.P.LocalVar)
    StoredAway.insert({V.P.LocalFrame, V.P.LocalVar});
  record(E, P, Op);
  // A local array written at an index we do not follow: any of its
  // elements may have changed.
  if (P.Addr.LocalVar && P.Addr.LocalFrame < Frames.size()) {
    Reason Written(ReasonKind::PossiblyWritten);
    Written.Name = sourceText(E);
    forgetLocal(P.Addr.LocalFrame, P.Addr.LocalVar, Written, P.Addr.Base);
  }
}

std::string KernelWalker::dataDependentRange(const clang::Expr *Access,
                                             const VarDecl **Walk,
                                             const VarDecl **Start) const {
  if (DataRanges.empty() && LoopRanges.empty())
    return {};
  // v, v + c, v - c, c + v, base + v, with c a constant; and loaded + v,
  // loaded being a variable that holds a value the lane read, or a
  // pointer whose offset is one (row[g], row = m + rid[t] * G).
  bool AddsLoaded = false;
  const VarDecl *LoadedVar = nullptr;
  auto Loaded = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return false;
    auto It = Frames.back().Vars.find(VD);
    if (It == Frames.back().Vars.end())
      return false;
    const Value &V = It->second;
    const LExpr *U = V.K == Value::Int   ? findUnknown(V.I)
                     : V.K == Value::Ptr ? (V.P.UnknownOffset
                                                ? V.P.UnknownOffset
                                                : findUnknown(V.P.Offset))
                                         : nullptr;
    if (!U || !LoadUnknowns.count(U))
      return false;
    LoadedVar = VD;
    return true;
  };
  // The index, or the pointer arithmetic under a dereference.
  const clang::Expr *Index = nullptr;
  const clang::Expr *E = Access->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Index = AS->getIdx();
    if (AS->getBase()->getType()->isPointerType() && Loaded(AS->getBase()))
      AddsLoaded = true;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_Deref) {
    Index = UO->getSubExpr();
  }
  if (!Index)
    return {};
  std::function<const VarDecl *(const clang::Expr *)> Walker =
      [&](const clang::Expr *I) -> const VarDecl * {
    I = I->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(I)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      return VD && (DataRanges.count(VD) || LoopRanges.count(VD)) ? VD
                                                                  : nullptr;
    }
    const auto *BO = dyn_cast<BinaryOperator>(I);
    if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
      return nullptr;
    auto Fixed = [&](const clang::Expr *S) {
      S = S->IgnoreParenImpCasts();
      if (S->getType()->isPointerType()) {
        // The base of "val + j"; of "row + g", a start the lane loaded.
        if (!AddsLoaded && Loaded(S))
          AddsLoaded = true;
        return true;
      }
      return S->isIntegerConstantExpr(Ctx);
    };
    if (Fixed(BO->getRHS()))
      return Walker(BO->getLHS());
    if (BO->getOpcode() == BO_Add && Fixed(BO->getLHS()))
      return Walker(BO->getRHS());
    if (BO->getOpcode() == BO_Add && !AddsLoaded) {
      for (auto [Base, Walk] : {std::pair(BO->getLHS(), BO->getRHS()),
                                std::pair(BO->getRHS(), BO->getLHS())})
        if (Loaded(Base)) {
          AddsLoaded = true;
          return Walker(Walk);
        }
    }
    return nullptr;
  };
  const VarDecl *V = Walker(Index);
  if (!V)
    return {};
  if (DataRanges.count(V))
    return DataRanges.at(V);
  if (!AddsLoaded)
    return {};
  if (Walk)
    *Walk = V;
  if (Start)
    *Start = LoadedVar;
  return LoopRanges.at(V);
}

const LExpr *KernelWalker::gatherRowOffset(const clang::Expr *Access) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(Access->IgnoreParenImpCasts());
  if (!AS || AS->getBase()->HasSideEffects(Ctx) ||
      AS->getIdx()->HasSideEffects(Ctx))
    return nullptr;
  // The index's terms, with their signs: a + b - c.
  std::vector<std::pair<const clang::Expr *, bool>> Terms;
  std::function<void(const clang::Expr *, bool)> Split =
      [&](const clang::Expr *I, bool Negated) {
        I = I->IgnoreParenImpCasts();
        if (const auto *BO = dyn_cast<BinaryOperator>(I);
            BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
          Split(BO->getLHS(), Negated);
          Split(BO->getRHS(), BO->getOpcode() == BO_Sub ? !Negated : Negated);
          return;
        }
        Terms.push_back({I, Negated});
      };
  Split(AS->getIdx(), false);
  // Evaluated again, quietly: no access is recorded twice.
  bool Saved = Quiet;
  Quiet = true;
  Pointer Base = evalPtr(AS->getBase());
  const LExpr *Known = X.constant(0);
  bool Loaded = false, Other = false;
  for (const auto &[T, Negated] : Terms) {
    const LExpr *V = evalInt(T);
    const LExpr *U = findUnknown(V);
    if (!U) {
      Known = X.add(Known, Negated ? X.neg(V) : V);
      continue;
    }
    const auto *M = dyn_cast<MulExpr>(V);
    bool Scaled = M && M->getNumOperands() == 2 &&
                  isa<ConstantExpr>(M->getOperand(0)) && M->getOperand(1) == U;
    if ((V == U || Scaled) && LoadUnknowns.count(U))
      Loaded = true;
    else
      Other = true;
  }
  Quiet = Saved;
  if (!Loaded || Other || !Base.Why.empty() || !Base.Offset ||
      findUnknown(Base.Offset))
    return nullptr;
  QualType Elem = AS->getType();
  if (Elem->isIncompleteType())
    return nullptr;
  int64_t Size = Ctx.getTypeSizeInChars(Elem).getQuantity();
  return X.add(Base.Offset, X.mul(X.constant(Size), Known));
}

bool KernelWalker::holdsGroupable(const Value &V) const {
  const LExpr *U = nullptr;
  if (V.K == Value::Int)
    U = findUnknown(V.I);
  else if (V.K == Value::Ptr && V.P.Why.empty())
    U = findUnknown(V.P.Offset);
  return U && GroupableUnknowns.count(U);
}

Value KernelWalker::valueWith(bool &Mode, const clang::Expr *E) {
  return quietly([&] {
    bool Saved = Mode;
    Mode = true;
    Value R = eval(E);
    Mode = Saved;
    return R;
  });
}

const LExpr *KernelWalker::offsetWith(bool &Mode, const clang::Expr *Access,
                                      const Place &P) {
  if (Access->HasSideEffects(Ctx))
    return nullptr;
  Place Again = quietly([&] {
    bool Saved = Mode;
    Mode = true;
    Place R = evalPlace(Access);
    Mode = Saved;
    return R;
  });
  if (Again.K != Place::Memory || !Again.Addr.Why.empty() ||
      Again.Addr.Base != P.Addr.Base || !Again.Addr.Offset ||
      findUnknown(Again.Addr.Offset))
    return nullptr;
  return Again.Addr.Offset;
}

const LExpr *KernelWalker::groupedOffset(const clang::Expr *Access,
                                         const Place &P) {
  const LExpr *Off = offsetWith(Grouping, Access, P);
  if (!Off)
    return nullptr;
  mentionsIf(Off, [&](const SymbolExpr *Sym) {
    if (auto It = GroupLoadsBySymbol.find(Sym);
        It != GroupLoadsBySymbol.end() &&
        llvm::none_of(GroupedLoads,
                      [&](const GroupedLoad &L) { return L.Group == Sym; }))
      GroupedLoads.push_back(It->second);
    return false; // every symbol seen
  });
  return GroupedLoads.empty() ? nullptr : Off;
}

const LExpr *KernelWalker::choiceOf(const LExpr *C, llvm::StringRef Text) {
  const LExpr *&Sym = ChoiceSymbols[C];
  if (!Sym)
    Sym = X.symbol(SymbolKind::Opaque, 0,
                   std::string(DataChoicePrefix) + Text.str() + "')");
  return Sym;
}

const LExpr *KernelWalker::choice(const LExpr *C, llvm::StringRef Text,
                                  const Value &T, const Value &F) {
  if (T.K != Value::Int || F.K != Value::Int || findUnknown(T.I) ||
      findUnknown(F.I) || T.I == F.I || !findUnknown(C))
    return nullptr;
  return X.select(truth(choiceOf(C, Text)), T.I, F.I);
}

const LExpr *KernelWalker::choiceOffset(const clang::Expr *Access,
                                        const Place &P) {
  const LExpr *Off = offsetWith(Choosing, Access, P);
  bool Chooses = Off && mentionsIf(Off, [](const SymbolExpr *Sym) {
                   return isDataChoice(Sym);
                 });
  return Chooses ? Off : nullptr;
}

void KernelWalker::record(const clang::Expr *E, const Place &P, Operation Op) {
  if (Quiet || P.K != Place::Memory)
    return;
  MemoryAccess A;
  A.Space = addressSpace(P.Addr.Sp);
  A.Op = Op;
  A.ElemType = P.Type;
  int64_t Bytes = elementBytes(P.Type);
  A.Access = E;
  A.Base = P.Addr.Base;
  A.BaseDecl = P.Addr.Decl;
  A.Offset = P.Addr.Offset;
  A.UnknownBase = P.Addr.Why;
  A.BaseChoice = P.Addr.Choice;
  // A whole array named as a value ('(void)s' of an 8 GB shared array) is
  // no instruction any GPU has; its width would overflow the report's
  // field and the models would enumerate its words.
  if (Bytes > MaxAccessBytes) {
    A.UnknownBase = Reason::other(
        "an access of " + std::to_string(Bytes) +
        " bytes per lane, wider than the " + std::to_string(MaxAccessBytes) +
        " bytes the model takes");
    Bytes = 0;
  }
  A.ElemBytes = unsigned(Bytes);
  A.UnknownBaseValue = P.Addr.UnknownOffset;
  A.Struct = P.Struct;
  A.Member = P.Member;
  A.StructBytes = P.StructBytes;
  A.StructName = P.StructName;
  A.MemberName = P.MemberName;
  A.Kernel = Kernel;
  A.KernelName = KernelName;
  A.Function = Frames.back().FD;
  A.LaunchSite = Launch ? Launch->Site : nullptr;
  A.Ctx = &Ctx;
  A.Warp = &Warp;
  A.LoopsSeen = &LoopsSeen;
  PredicatedGuards.clear();
  // Shared memory only, inside a loop: nvcc branched around the one such if
  // on global memory measured (an in-place tree reduction in global
  // memory, "x[tid] += x[tid + offset]", 2.25 sectors per request).
  bool GlobalInLoop = A.Space != AddressSpace::Shared && !Loops.empty();
  for (const auto &[C, Predicated] : OpenIfs)
    if (Predicated && (!GlobalInLoop || OpenSelects.count(C)))
      PredicatedGuards.insert(C);
  for (const auto &[C, Predicated] : OpenIfs)
    if (!Predicated)
      PredicatedGuards.erase(C);
  A.PredicatedGuards = &PredicatedGuards;
  A.LoadUnknowns = &LoadUnknowns;
  const VarDecl *Walk = nullptr, *Start = nullptr;
  A.DataDependentRange = dataDependentRange(E, &Walk, &Start);
  if (Walk && Start)
    A.DataRowOffset = dataRowOffset(E, Walk, Start);
  if (!A.UnknownBase.empty() || findUnknown(A.Offset))
    A.GatherRowOffset = gatherRowOffset(E);
  GroupedLoads.clear();
  if (A.UnknownBase.empty() && GroupableUnknowns.count(findUnknown(A.Offset)))
    A.GroupedOffset = groupedOffset(E, P);
  A.GroupedLoads = GroupedLoads;
  if (A.UnknownBase.empty() && !A.GroupedOffset && findUnknown(A.Offset))
    A.ChoiceOffset = choiceOffset(E, P);
  // Views of the walk's state, taken last: the evaluations above walk
  // expressions again, and a conditional among them sets Path (and a call
  // the frames) anew, which frees the storage an earlier view would see.
  A.Guards = Path;
  A.Loops = Loops;
  A.Calls = Calls;
  Listener.onAccess(A);
}

} // namespace interp
} // namespace coalesce
