//===- EvalPlaces.cpp - lvalues: a ConstStmtVisitor returning Place ------===//
//
// evalPlace() says where an lvalue lives: memory at a pointer (a base and a
// byte offset, with the struct and member when it is inside one, from
// clang's record layout), or a local variable held in registers, by frame and
// member path. Only memory places become events; variables are read and
// written in the walker's environment (LoadStore.cpp).
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

Space spaceOf(const VarDecl *VD) {
  if (VD->hasAttr<CUDASharedAttr>())
    return Space::Shared;
  if (VD->hasAttr<CUDAConstantAttr>())
    return Space::Constant;
  if (VD->hasLocalStorage())
    return Space::Local;
  if (VD->hasAttr<CUDADeviceAttr>())
    return Space::Global;
  return Space::Unknown;
}

/// No place we follow, of E's type.
Place nowhere(const clang::Expr *E) {
  Place R;
  R.Type = E->getType();
  return R;
}

/// The place of an lvalue, one Visit method per kind. The Visit methods see
/// E with parentheses stripped and within the nesting bound.
class PlaceEvaluator : public ConstStmtVisitor<PlaceEvaluator, Place> {
public:
  explicit PlaceEvaluator(KernelWalker &W) : W(W), X(W.X) {}

  Place VisitDeclRefExpr(const DeclRefExpr *DRE);
  Place VisitArraySubscriptExpr(const ArraySubscriptExpr *AS);
  Place VisitUnaryOperator(const UnaryOperator *UO);
  Place VisitMemberExpr(const MemberExpr *ME);
  Place VisitCastExpr(const CastExpr *CE);
  Place VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *M);
  Place VisitBinaryOperator(const BinaryOperator *BO);
  /// ExprWithCleanups around "r[i] = h" through a class's operator=: the
  /// place is the one assigned, not read.
  Place VisitFullExpr(const FullExpr *FE) {
    return W.evalPlace(FE->getSubExpr());
  }
  // Calls returning references and conditional lvalues are evaluated as
  // expressions.
  Place VisitCallExpr(const CallExpr *Call) { return viaValue(Call); }
  Place
  VisitAbstractConditionalOperator(const AbstractConditionalOperator *CO) {
    return viaValue(CO);
  }
  /// Any other lvalue (a string literal, a compound literal) is no place we
  /// follow, but its children may still access memory.
  Place VisitExpr(const clang::Expr *E);

private:
  KernelWalker &W;
  ExprContext &X;

  Place viaValue(const clang::Expr *E) {
    Value V = W.eval(E);
    if (V.K == Value::Ref)
      return V.R;
    return nowhere(E);
  }
};

Place PlaceEvaluator::VisitDeclRefExpr(const DeclRefExpr *DRE) {
  Place R = nowhere(DRE);
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD)
    return R;
  bool Temporary = false;
  if (VD->getType()->isReferenceType()) {
    Value V = W.readVariable(VD);
    if (V.K == Value::Ref)
      return V.R;
    // Bound to a temporary (bindsTemporary), or walked by a loop as the
    // variable it names (ReboundRefs): the reference holds the value.
    if (V.K == Value::None ||
        !(bindsTemporary(VD->getType()) || W.ReboundRefs.count(VD)))
      return R;
    Temporary = true;
  }
  Space Sp = spaceOf(VD);
  // A local array too: its elements at constant indices are followed like
  // a struct's members ("buf[2]"), the others are local memory (placeAt).
  bool Register = Temporary || Sp == Space::Local;
  if (Register) {
    R.K = Place::Variable;
    R.Var = VD;
    R.Frame = W.Frames.size() - 1;
    R.Path = VD->getNameAsString();
    return R;
  }
  R.K = Place::Memory;
  R.Addr.Base = VD->getNameAsString();
  R.Addr.Decl = VD;
  R.Addr.Offset = X.constant(0);
  R.Addr.Sp = Sp;
  return R;
}

Place PlaceEvaluator::VisitArraySubscriptExpr(const ArraySubscriptExpr *AS) {
  Pointer P = W.evalPtr(AS->getBase());
  const LExpr *I = W.evalInt(AS->getIdx());
  int64_t Size = W.elementBytes(AS->getType());
  P.Offset = X.add(P.Offset, X.mul(I, X.constant(Size)));
  return W.placeAt(P, AS->getType());
}

/// A struct temporary ("Loader(in).get(k)", "offsets(i).v[0]", one bound
/// to a const reference) is an object of its own, held like a variable: a
/// declaration made for it names it.
Place PlaceEvaluator::VisitMaterializeTemporaryExpr(
    const MaterializeTemporaryExpr *M) {
  const clang::Expr *Sub = M->getSubExpr();
  if (!M->getType()->isRecordType() || M->getType()->isDependentType()) {
    W.eval(Sub);
    return nowhere(M);
  }
  const VarDecl *&Temp = W.Temporaries[M];
  if (!Temp)
    Temp = VarDecl::Create(W.Ctx, W.Ctx.getTranslationUnitDecl(),
                           M->getBeginLoc(), M->getBeginLoc(),
                           &W.Ctx.Idents.get("temporary"), M->getType(),
                           /*TInfo=*/nullptr, SC_None);
  Place R = nowhere(M);
  R.K = Place::Variable;
  R.Var = Temp;
  R.Frame = W.Frames.size() - 1;
  R.Path = Temp->getNameAsString();
  W.env()[Temp] = Value::none();
  const clang::Expr *Inner = Sub;
  while (true) {
    Inner = Inner->IgnoreParens();
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Inner))
      Inner = BT->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Inner))
      Inner = FC->getSubExpr();
    else
      break;
  }
  const auto *CCE = dyn_cast<CXXConstructExpr>(Inner);
  if (CCE && KernelWalker::followedConstructor(CCE)) {
    W.construct(CCE, R);
    return R;
  }
  Value V = W.eval(Sub);
  if (V.K == Value::Ref)
    V = W.load(V.R, Sub);
  W.storeFields(R, V);
  return R;
}

Place PlaceEvaluator::VisitUnaryOperator(const UnaryOperator *UO) {
  if (UO->getOpcode() == UO_Deref)
    return W.placeAt(W.evalPtr(UO->getSubExpr()), UO->getType());
  if (UO->isIncrementDecrementOp()) {
    W.eval(UO);
    return W.evalPlace(UO->getSubExpr());
  }
  return nowhere(UO);
}

Place PlaceEvaluator::VisitCastExpr(const CastExpr *CE) {
  Place P = W.evalPlace(CE->getSubExpr());
  if (CE->getCastKind() != CK_DerivedToBase &&
      CE->getCastKind() != CK_UncheckedDerivedToBase)
    P.Type = CE->getType();
  return P;
}

Place PlaceEvaluator::VisitBinaryOperator(const BinaryOperator *BO) {
  if (!BO->isAssignmentOp() && BO->getOpcode() != BO_Comma)
    return VisitExpr(BO);
  W.eval(BO);
  return BO->getOpcode() == BO_Comma ? W.evalPlace(BO->getRHS())
                                     : W.evalPlace(BO->getLHS());
}

Place PlaceEvaluator::VisitMemberExpr(const MemberExpr *ME) {
  Place R = nowhere(ME);
  const ValueDecl *Member = ME->getMemberDecl();
  std::vector<const FieldDecl *> Chain;
  if (const auto *FD = dyn_cast<FieldDecl>(Member))
    Chain.push_back(FD);
  else if (const auto *IFD = dyn_cast<IndirectFieldDecl>(Member))
    for (const NamedDecl *N : IFD->chain())
      Chain.push_back(cast<FieldDecl>(N));
  if (Chain.empty()) {
    W.eval(ME->getBase());
    return R;
  }
  ASTContext &Ctx = W.Ctx;
  int64_t Offset = 0;
  for (const FieldDecl *FD : Chain) {
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(FD->getParent());
    Offset += Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
                  .getQuantity();
  }
  std::string MemberName = Member->getNameAsString();

  QualType RecordType;
  Place Base;
  if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    RecordType = ME->getBase()->getType()->getPointeeType();
    if (!W.Frames.back().This)
      return R;
    Base = *W.Frames.back().This;
  } else if (ME->isArrow()) {
    Pointer P = W.evalPtr(ME->getBase());
    RecordType = ME->getBase()->getType()->getPointeeType();
    Base = W.placeAt(P, RecordType);
  } else {
    Base = W.evalPlace(ME->getBase());
    RecordType = ME->getBase()->getType();
  }

  if (Base.K == Place::Variable) {
    // A member of a struct held in registers (or passed by value).
    R.K = Place::Variable;
    R.Var = Base.Var;
    R.Frame = Base.Frame;
    R.Path = Base.Path + "." + MemberName;
    return R;
  }
  if (Base.K != Place::Memory)
    return R;
  R = Base;
  R.Type = ME->getType();
  R.Addr.Offset = X.add(Base.Addr.Offset, X.constant(Offset));
  if (!R.StructBytes && RecordType->isRecordType()) {
    R.StructBytes = unsigned(W.elementBytes(RecordType));
    R.StructName =
        RecordType.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    R.MemberName = MemberName;
    R.Struct = RecordType->getAsRecordDecl();
    R.Member = Chain.front();
  } else if (R.StructBytes) {
    R.MemberName += "." + MemberName;
  }
  return R;
}

Place PlaceEvaluator::VisitExpr(const clang::Expr *E) {
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<clang::Expr>(C))
      W.loadIfRef(W.eval(CE), CE);
  return nowhere(E);
}

} // namespace

Place KernelWalker::evalPlace(const clang::Expr *E) {
  E = E->IgnoreParens();
  NestingScope Scope(Nesting);
  if (Nesting > MaxNesting)
    return nowhere(E);
  return PlaceEvaluator(*this).Visit(E);
}

namespace {

/// The path of the member of the object Path (of type Obj) that lies at
/// byte Offset and has type Want: "o.v[1]", "t.in.x"; none when no member
/// of that type starts there.
std::optional<std::string> memberPathAt(const ASTContext &Ctx, QualType Obj,
                                        std::string Path, int64_t Offset,
                                        QualType Want) {
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    if (Offset == 0 && Ctx.hasSameUnqualifiedType(Obj, Want))
      return Path;
    if (Obj->isIncompleteType() || Obj->isDependentType() || Offset < 0)
      return std::nullopt;
    if (const auto *CA = Ctx.getAsConstantArrayType(Obj)) {
      QualType Elem = CA->getElementType();
      int64_t Size = Ctx.getTypeSizeInChars(Elem).getQuantity();
      if (Size <= 0 || Offset / Size >= int64_t(CA->getSize().getZExtValue()))
        return std::nullopt;
      Path += "[" + std::to_string(Offset / Size) + "]";
      Offset %= Size;
      Obj = Elem;
      continue;
    }
    const RecordDecl *RD = Obj->getAsRecordDecl();
    if (!RD || RD->isUnion() || !RD->getDefinition())
      return std::nullopt;
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
    const FieldDecl *Found = nullptr;
    int64_t At = 0;
    for (const FieldDecl *FD : RD->fields()) {
      if (FD->isBitField() || FD->getType()->isIncompleteType())
        continue;
      int64_t Start =
          Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
              .getQuantity();
      int64_t Size = Ctx.getTypeSizeInChars(FD->getType()).getQuantity();
      if (Offset >= Start && Offset < Start + Size) {
        Found = FD;
        At = Start;
        break;
      }
    }
    if (!Found)
      return std::nullopt;
    Path += "." + Found->getNameAsString();
    Offset -= At;
    Obj = Found->getType();
  }
  return std::nullopt;
}

} // namespace

Place KernelWalker::placeAt(const Pointer &P, QualType T) {
  Place R;
  R.K = Place::Memory;
  R.Addr = P;
  R.Type = T;
  const auto *C = dyn_cast_or_null<coalesce::ConstantExpr>(P.Offset);
  if (!P.LocalVar || !C || P.LocalFrame >= Frames.size())
    return R;
  if (std::optional<std::string> Path =
          memberPathAt(Ctx, P.LocalType, P.Base, C->getValue(), T)) {
    R.K = Place::Variable;
    R.Var = P.LocalVar;
    R.Frame = P.LocalFrame;
    R.Path = *Path;
  }
  return R;
}

Pointer KernelWalker::localPointer(const Place &P) {
  Pointer Ptr;
  Ptr.Base = P.Path;
  Ptr.Offset = X.constant(0);
  Ptr.Sp = Space::Local;
  Ptr.LocalVar = P.Var;
  Ptr.LocalFrame = P.Frame;
  Ptr.LocalType = P.Type;
  Escaped.insert({P.Frame, P.Var});
  return Ptr;
}

Value KernelWalker::bindReference(QualType T, const clang::Expr *Init,
                                  Value V) {
  if (V.K == Value::Ref && V.R.K != Place::None)
    return V;
  if (!bindsTemporary(T))
    return Value::ref(Place());
  if (V.K == Value::Int || V.K == Value::Ptr)
    return V;
  // The temporary's value (below the MaterializeTemporaryExpr), evaluated
  // again, quietly: its accesses were recorded the first time.
  const clang::Expr *Inner = Init->IgnoreParenImpCasts();
  Value Held = quietly([&] {
    Value H = eval(Inner);
    return H.K == Value::Ref ? load(H.R, Inner) : H;
  });
  if (Held.K == Value::Int || Held.K == Value::Ptr)
    return Held;
  return Value::ref(Place());
}

int64_t KernelWalker::elementBytes(QualType T) {
  if (T->isIncompleteType() || T->isDependentType())
    return 1;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

} // namespace interp
} // namespace coalesce
