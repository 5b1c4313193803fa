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

} // namespace

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
  if ((KernelParam || !VD->hasLocalStorage()) &&
      (T->isPointerType() || T->isIntegralOrEnumerationType()))
    return namedRuntimeValue(Name, T);
  if ((KernelParam || !VD->hasLocalStorage()) && T->isRealFloatingType())
    return namedFloat(Name, T, KernelParam);
  return unknownValue(T, "'" + Name + "' has no value we can follow");
}

/// A uniform value known only by name: a kernel parameter, a member of a
/// by-value struct parameter, a __constant__ or __device__ variable.
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
  if (P.Path != P.Var->getNameAsString()) {
    const MemberEnv &M = Frames[P.Frame].Members;
    auto It = M.find({P.Var, P.Path});
    if (It != M.end())
      return It->second.K == Value::Ref ? load(It->second.R, E) : It->second;
    // A member of a struct held by value: a kernel parameter's member is
    // a uniform runtime value; a local struct's unset members are not.
    if (isa<ParmVarDecl>(P.Var) && P.Frame == 0 &&
        (P.Type->isPointerType() || P.Type->isIntegralOrEnumerationType()))
      return namedRuntimeValue(P.Path, P.Type);
    return unknownValue(P.Type,
                        "'" + P.Path + "' is a member of a local struct");
  }
  Value V = readVariable(P.Var, P.Frame);
  if (V.K == Value::Ref)
    return load(V.R, E);
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
  if (!T->isIntegralOrEnumerationType() && !T->isPointerType() &&
      !T->isRealFloatingType())
    return Value::none();
  // A value read at one address by the whole warp is uniform: name it by
  // its text. So is one read once per warp (rowptr[tid / 32], a warp per
  // row): its value differs between warps, which moves their alignment
  // only, and the name says it is data. Read at lane-dependent addresses,
  // it is a gather index.
  const LExpr *Off = P.Addr.Offset;
  bool LaneDependent =
      !P.Addr.Why.empty() || findUnknown(Off) ||
      (mentionsIf(Off, isThreadIdx) && !Warp.sameInEveryWarp(Off));
  // Walking a loop ahead, a value read is not named: the name would hide
  // that the address, and with it the value, changes with the iteration.
  if (!LaneDependent && !WalkingAhead)
    return T->isRealFloatingType()
               ? namedFloat(sourceText(E), T, /*Parameter=*/false)
               : namedRuntimeValue(sourceText(E), T, SymbolKind::Opaque);
  const LExpr *U =
      X.unknown("depends on '" + sourceText(E) + "', loaded from memory");
  LoadUnknowns.insert(U);
  if (T->isRealFloatingType())
    return Value::real(U);
  if (T->isPointerType()) {
    Pointer Ptr;
    Ptr.Why = "pointer '" + sourceText(E) + "' is loaded from memory";
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
    if (P.Path == P.Var->getNameAsString()) {
      Frames[P.Frame].Vars[P.Var] = V;
      // A whole-struct assignment: its members are no longer known.
      MemberEnv &M = Frames[P.Frame].Members;
      for (auto It = M.lower_bound({P.Var, ""});
           It != M.end() && It->first.first == P.Var;)
        It = M.erase(It);
    } else {
      Frames[P.Frame].Members[{P.Var, P.Path}] = V;
    }
    return;
  }
  if (P.K == Place::Memory)
    record(E, P, Op);
}

std::string KernelWalker::dataDependentRange(const clang::Expr *Access) const {
  if (DataRanges.empty() && LoopRanges.empty())
    return {};
  // The index, or the pointer arithmetic under a dereference.
  const clang::Expr *Index = nullptr;
  const clang::Expr *E = Access->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    Index = AS->getIdx();
  else if (const auto *UO = dyn_cast<UnaryOperator>(E);
           UO && UO->getOpcode() == UO_Deref)
    Index = UO->getSubExpr();
  if (!Index)
    return {};
  // v, v + c, v - c, c + v, base + v, with c a constant; and loaded + v,
  // loaded being a variable that holds a value the lane read.
  bool AddsLoaded = false;
  auto Loaded = [&](const clang::Expr *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return false;
    auto It = Frames.back().Vars.find(VD);
    if (It == Frames.back().Vars.end() || It->second.K != Value::Int)
      return false;
    const LExpr *U = findUnknown(It->second.I);
    return U && LoadUnknowns.count(U) > 0;
  };
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
      if (S->getType()->isPointerType())
        return true; // the base of "val + j"
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
  return AddsLoaded ? LoopRanges.at(V) : std::string();
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

void KernelWalker::record(const clang::Expr *E, const Place &P, Operation Op) {
  if (Quiet || P.K != Place::Memory)
    return;
  MemoryAccess A;
  A.Space = addressSpace(P.Addr.Sp);
  A.Op = Op;
  A.ElemType = P.Type;
  A.ElemBytes = unsigned(elementBytes(P.Type));
  A.Access = E;
  A.Base = P.Addr.Base;
  A.BaseDecl = P.Addr.Decl;
  A.Offset = P.Addr.Offset;
  A.UnknownBase = P.Addr.Why;
  A.UnknownBaseValue = P.Addr.UnknownOffset;
  A.Struct = P.Struct;
  A.Member = P.Member;
  A.StructBytes = P.StructBytes;
  A.StructName = P.StructName;
  A.MemberName = P.MemberName;
  A.Guards = Path;
  A.Loops = Loops;
  A.Calls = Calls;
  A.Kernel = Kernel;
  A.KernelName = KernelName;
  A.Function = Frames.back().FD;
  A.LaunchSite = Launch ? Launch->Site : nullptr;
  A.Ctx = &Ctx;
  A.Warp = &Warp;
  A.LoopsSeen = &LoopsSeen;
  PredicatedGuards.clear();
  for (const auto &[C, Predicated] : OpenIfs)
    if (Predicated)
      PredicatedGuards.insert(C);
  for (const auto &[C, Predicated] : OpenIfs)
    if (!Predicated)
      PredicatedGuards.erase(C);
  A.PredicatedGuards = &PredicatedGuards;
  A.LoadUnknowns = &LoadUnknowns;
  A.DataDependentRange = dataDependentRange(E);
  if (!A.UnknownBase.empty() || findUnknown(A.Offset))
    A.GatherRowOffset = gatherRowOffset(E);
  Listener.onAccess(A);
}

} // namespace interp
} // namespace coalesce
