//===- Calls.cpp - calls: builtins by table, __device__ bodies inlined ---===//
//
// A call is, in this order: a trivial struct assignment, or an assignment
// operator of the toolkit's value types (one store of the struct), a wmma
// load or store (EvalWmma.cpp), a CUDA builtin of CudaBuiltins.def (EvalBuiltins.cpp), or a
// function whose body we have, inlined in a new frame with its arguments
// bound (and "this" for a member function): the project's, and of the
// system headers only cuRAND's (followedToolkitBody). Anything else
// evaluates its arguments for the memory they touch and returns an unknown.
// Inlining stops at recursion, at AnalysisOptions::InlineDepth, once the
// kernel has inlined AnalysisOptions::InlineBudget bodies, and at bodies
// with errors.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelWalker.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace coalesce {
namespace interp {

namespace {

/// Binds PD, a parameter of the frame F about to be entered, to the
/// argument A evaluated in the caller's frame: a struct passed by value
/// with its members as the argument holds them.
void bindParameter(KernelWalker &W, KernelWalker::Frame &F,
                   const ParmVarDecl *PD, const clang::Expr *A) {
  Value V = W.eval(A);
  if (PD->getType()->isReferenceType())
    V = W.bindReference(PD->getType(), A, V);
  else if (V.K == Value::Ref)
    V = W.load(V.R, A);
  if (V.Fields)
    for (const auto &[Path, FV] : *V.Fields)
      F.Members[{PD, PD->getNameAsString() + Path}] = FV;
  V.Fields.reset();
  F.Vars[PD] = V;
}

/// Whether Call is an assignment operator (=, +=, ...) on an object of
/// class type, declared in a system header and given no body we walk: the
/// toolkit's __half, __half2 and __nv_bfloat16, whose operators copy or
/// update the object's bits and touch nothing else.
bool toolkitAssignment(const CXXOperatorCallExpr *OC, const SourceManager &SM) {
  const FunctionDecl *Callee = OC->getDirectCallee();
  if (!Callee || !OC->isAssignmentOp() || OC->getNumArgs() != 2)
    return false;
  const clang::Expr *Dst = OC->getArg(0);
  if (!Dst->isGLValue() || !Dst->getType()->isRecordType())
    return false;
  SourceLocation L = SM.getExpansionLoc(Callee->getLocation());
  return Callee->isFromASTFile() || (L.isValid() && SM.isInSystemHeader(L));
}

/// Whether T is a class whose copy constructor is deleted (a barrier, a
/// pipeline: objects that stand for a place, not a value).
bool uncopyable(QualType T) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  return llvm::any_of(RD->ctors(), [](const CXXConstructorDecl *C) {
    return C->isCopyConstructor() && C->isDeleted();
  });
}

} // namespace

bool followedToolkitBody(const FunctionDecl *Def, const SourceManager &SM) {
  SourceLocation L = SM.getExpansionLoc(Def->getLocation());
  if (L.isInvalid() || !SM.isInSystemHeader(L))
    return true;
  // cuRAND's generators read and write the state the caller passes
  // (&states[id]): the accesses its device functions make are the user's.
  StringRef File = llvm::sys::path::filename(SM.getFilename(L));
  return File.starts_with("curand");
}

Value KernelWalker::evalCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  StringRef Name;
  if (Callee && Callee->getIdentifier())
    Name = Callee->getName();

  // Struct assignment through a trivial operator=, or through an
  // assignment operator of the toolkit's small value types (__half2's
  // operator= and operator+= write the object's members in a body we do
  // not walk): one store, or load and store, of the whole object.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
    bool Trivial = OC->getOperator() == OO_Equal && MD && MD->isTrivial();
    if ((Trivial || toolkitAssignment(OC, SM)) && OC->getNumArgs() == 2) {
      Place Dst = evalPlace(OC->getArg(0));
      const clang::Expr *Src = OC->getArg(1);
      // "s = f(i)": the temporary's value is the call's.
      if (isa<MaterializeTemporaryExpr>(Src->IgnoreParens()))
        Src = Src->IgnoreParenImpCasts();
      Value V = eval(Src);
      if (V.K == Value::Ref)
        V = load(V.R, Src);
      // A compound operator (__half2's +=) leaves a value we do not follow.
      bool Plain = OC->getOperator() == OO_Equal;
      store(Dst, Plain ? V : Value::none(), OC->getArg(0),
            Plain ? Operation::Store : Operation::LoadStore);
      return Value::ref(Dst);
    }
  }

  const FunctionDecl *Def = nullptr;
  bool Inlinable = Callee && Callee->hasBody(Def) && Def &&
                   !Def->hasAttr<CUDAGlobalAttr>() &&
                   followedToolkitBody(Def, SM);
  if (std::optional<Value> V = evalGroupMethod(Call))
    return *V;
  if (std::optional<Value> V = evalWmma(Call))
    return *V;
  // A project's own atomicAdd (the classic double version built on
  // atomicCAS) or texture helper is followed into its body: only the
  // toolkit's are modelled.
  BuiltinKind K = lookupCudaBuiltin(Name);
  bool OwnBodyWins = Inlinable && (K == BuiltinKind::Atomic ||
                                   K == BuiltinKind::TextureFetch1D);
  if (K != BuiltinKind::None && !OwnBodyWins)
    if (std::optional<Value> V = evalBuiltin(Call, K, Name))
      return *V;
  if (Inlinable)
    return inlineCall(Call, Def);

  // A launch from the device (dynamic parallelism; the frontend reads
  // "child<<<g, b>>>(args)" as "__cc_dl(args)", see
  // compat/cuda_coalesce_device_launch.h) writes each argument into a
  // parameter buffer the runtime hands out: global memory at an address no
  // one can know, one store an argument. nvcc books the stores on the
  // arguments' lines (all on the last one when they span several), not
  // on the kernel's name: each is reported at its argument.
  if (Name == "__cc_dl" && Callee->getDeclContext()->isTranslationUnit() &&
      SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()))) {
    for (const clang::Expr *A : Call->arguments()) {
      Value V = eval(A);
      if (V.K == Value::Ref)
        V = load(V.R, A);
      Pointer Buffer =
          unknownValue(Ctx.VoidPtrTy,
                       Reason::other("a launch from the device writes its "
                                     "arguments where the runtime says"))
              .P;
      Buffer.Sp = Space::Global;
      store(placeAt(Buffer, A->getType()), V, A, Operation::Store);
    }
    return Value::none();
  }

  // A member function of the toolkit's value types reads the object it is
  // called on: "float x = in[i];" with in an __nv_bfloat16 array is
  // in[i].operator float(), a load of in[i].
  // Not a synchronization object ((*bar).arrive_and_wait() on a
  // cuda::barrier): one that cannot be copied stands for a place, not a
  // value (below).
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (const clang::Expr *Obj = MC->getImplicitObjectArgument();
        Obj && Obj->isGLValue() && Obj->getType()->isRecordType() &&
        !uncopyable(Obj->getType()))
      loadIfRef(eval(Obj), Obj);
  // A synchronization object a toolkit function takes by reference (a
  // cuda::barrier, a pipeline: cuda::memcpy_async(..., *bar)), one that
  // cannot be copied, is not read by the passing: what the function does
  // with it is no copy of it that a load would stand for. A value type the
  // toolkit's operators take by reference (__half2) is read.
  bool Toolkit = Callee && !followedToolkitBody(Callee, SM);
  std::vector<Value> Args;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const clang::Expr *A = Call->getArg(I);
    const ParmVarDecl *PD =
        Toolkit && I < Callee->getNumParams() ? Callee->getParamDecl(I)
                                              : nullptr;
    Value V = eval(A);
    if (!(PD && PD->getType()->isReferenceType() &&
          uncopyable(PD->getType().getNonReferenceType())) &&
        V.K == Value::Ref)
      V = load(V.R, A);
    Args.push_back(V);
  }
  if (Call->getType()->isReferenceType() || Call->isGLValue())
    return Value::ref(Place());
  if (Toolkit)
    if (std::optional<Value> V = warpBitValue(Call, Name, Args))
      return *V;
  return unknownValue(Call->getType(),
                      "result of a call to '" +
                          (Name.empty() ? std::string("?") : Name.str()) + "'");
}

Value KernelWalker::inlineCall(const CallExpr *Call, const FunctionDecl *Def) {
  std::string Callee = Def->getNameAsString();
  bool Recursive =
      llvm::any_of(Frames, [&](const Frame &F) { return F.FD == Def; });
  bool Spent = Inlined >= Opts.InlineBudget;
  if (Recursive || Spent || Frames.size() > Opts.InlineDepth ||
      bodyHasErrors(Def, ErrorLocs, SM)) {
    for (const clang::Expr *A : Call->arguments())
      loadIfRef(eval(A), A);
    return unknownValue(
        Call->getType(),
        Recursive ? "recursive call to '" + Callee + "'"
        : Spent   ? "call to '" + Callee +
                      "' not inlined (the kernel inlines too many calls)"
                  : "call to '" + Callee + "' not inlined (depth or errors)");
  }
  ++Inlined;
  Frame F{Def, {}, {}, {}, std::nullopt, Path.size()};
  // A member function: bind the object it is called on ("this").
  unsigned FirstArg = 0;
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  if (Method && Method->isInstance()) {
    const clang::Expr *Obj = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      Obj = MC->getImplicitObjectArgument();
    } else if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() > 0) {
      Obj = Call->getArg(0);
      FirstArg = 1;
    }
    if (Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()))
      F.This = Frames.back().This; // another member of the same object
    else if (Obj && Obj->getType()->isPointerType())
      F.This = placeAt(evalPtr(Obj), Obj->getType()->getPointeeType());
    else if (Obj)
      F.This = evalPlace(Obj);
  }
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *PD = Def->getParamDecl(I);
    if (I + FirstArg >= Call->getNumArgs())
      break;
    bindParameter(*this, F, PD, Call->getArg(I + FirstArg));
  }
  Frames.push_back(std::move(F));
  Calls.push_back({Def, Call});
  // The callee's last statement is the kernel's only when the call is the
  // whole of the kernel's last statement ("reduce(s, out);" at its end).
  bool Tail = AtTail;
  AtTail = Tail && Visiting && isa<clang::Expr>(Visiting) &&
           cast<clang::Expr>(Visiting)->IgnoreImplicit() == Call;
  visit(Def->getBody());
  AtTail = Tail;
  Calls.pop_back();
  Frame Done = std::move(Frames.back());
  Frames.pop_back();

  if (Done.Returns.empty())
    return Value::none();
  // Later returns are reached only when earlier ones were not taken.
  Value Result = Done.Returns.back().second;
  for (auto It = Done.Returns.rbegin() + 1; It != Done.Returns.rend(); ++It) {
    const Value &V = It->second;
    if (V.K == Value::Int && Result.K == Value::Int)
      Result = Value::integer(X.select(It->first, V.I, Result.I));
    else if (V.Fields && Result.Fields && !sameValue(V, Result))
      Result = joinFields(It->first, V, Result,
                          "'" + Callee + "' returns different values");
    else if (!sameValue(V, Result))
      return unknownValue(Call->getType(),
                          "'" + Callee + "' returns different values");
  }
  return Result;
}

bool KernelWalker::followedConstructor(const CXXConstructExpr *CCE) {
  const CXXConstructorDecl *Ctor = CCE->getConstructor();
  return Ctor && CCE->getType()->isRecordType() && !Ctor->isTrivial() &&
         !Ctor->isCopyOrMoveConstructor();
}

Place KernelWalker::memberOf(const Place &Obj, const FieldDecl *FD) {
  Place Member = Obj;
  Member.Type = FD->getType();
  if (Obj.K != Place::Memory) {
    Member.Path += "." + FD->getNameAsString();
    return Member;
  }
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(FD->getParent());
  Member.Addr.Offset = X.add(
      Obj.Addr.Offset,
      X.constant(Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
                     .getQuantity()));
  if (!Member.StructBytes) {
    QualType Record = Ctx.getRecordType(FD->getParent());
    Member.StructBytes = unsigned(elementBytes(Record));
    Member.StructName =
        Record.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    Member.MemberName = FD->getNameAsString();
    Member.Struct = FD->getParent();
    Member.Member = FD;
  } else {
    Member.MemberName += "." + FD->getNameAsString();
  }
  return Member;
}

void KernelWalker::construct(const CXXConstructExpr *CCE, const Place &Obj) {
  const CXXConstructorDecl *Ctor = CCE->getConstructor();
  const FunctionDecl *Def = nullptr;
  std::string Name = Ctor->getParent()->getNameAsString();
  bool InMemory = Obj.K == Place::Memory;
  if (!InMemory)
    storeFields(Obj, Value::none());
  bool Followed =
      Ctor->hasBody(Def) && Def &&
      !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
      llvm::none_of(Frames, [&](const Frame &F) { return F.FD == Def; }) &&
      Frames.size() <= Opts.InlineDepth && Inlined < Opts.InlineBudget &&
      !bodyHasErrors(Def, ErrorLocs, SM);
  if (!Followed) {
    for (const clang::Expr *A : CCE->arguments())
      loadIfRef(eval(A), A);
    if (InMemory)
      return;
    // Its members hold what a constructor we cannot see put there.
    Value Unknown;
    auto Fields =
        std::make_shared<std::vector<std::pair<std::string, Value>>>();
    Value Leaves = readFields(Obj);
    for (const auto &[Path, V] : *Leaves.Fields)
      Fields->push_back(
          {Path, unknownLike(V, "'" + Obj.Path + Path + "' is set by a " +
                                    "constructor of '" + Name +
                                    "' we cannot follow")});
    Unknown.Fields = std::move(Fields);
    storeFields(Obj, Unknown);
    return;
  }
  ++Inlined;
  const auto *CtorDef = cast<CXXConstructorDecl>(Def);
  Frame F{Def, {}, {}, {}, Obj, Path.size()};
  for (unsigned I = 0; I < Def->getNumParams() && I < CCE->getNumArgs(); ++I)
    bindParameter(*this, F, Def->getParamDecl(I), CCE->getArg(I));
  Frames.push_back(std::move(F));
  for (const CXXCtorInitializer *I : CtorDef->inits()) {
    const clang::Expr *Init = I->getInit();
    const auto *Sub = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
    // A base class or another constructor of the class: the same object.
    if (I->isBaseInitializer() || I->isDelegatingInitializer()) {
      // isBaseVirtual asserts on a delegating initializer: ask it of bases.
      bool Virtual = I->isBaseInitializer() && I->isBaseVirtual();
      if (Sub && followedConstructor(Sub) && !Virtual) {
        Place Base = Obj;
        if (InMemory && I->isBaseInitializer()) {
          const ASTRecordLayout &L =
              Ctx.getASTRecordLayout(CtorDef->getParent());
          Base.Addr.Offset = X.add(
              Obj.Addr.Offset,
              X.constant(L.getBaseClassOffset(
                              I->getBaseClass()->getAsCXXRecordDecl())
                             .getQuantity()));
          Base.Type = QualType(I->getBaseClass(), 0);
        }
        construct(Sub, Base);
      } else {
        eval(Init);
      }
      continue;
    }
    const FieldDecl *FD = I->getAnyMember();
    if (!FD) {
      eval(Init);
      continue;
    }
    Place Member = memberOf(Obj, FD);
    if (Sub && followedConstructor(Sub) && !FD->getType()->isReferenceType()) {
      construct(Sub, Member);
      continue;
    }
    Value V = eval(Init);
    if (FD->getType()->isReferenceType())
      V = bindReference(FD->getType(), Init, V);
    else if (V.K == Value::Ref)
      V = load(V.R, Init);
    store(Member, V, Init, Operation::Store);
  }
  bool Tail = AtTail;
  AtTail = false; // the object is used after it is made
  visit(Def->getBody());
  AtTail = Tail;
  Frames.pop_back();
}

} // namespace interp
} // namespace coalesce
