//===- LaneExpr.cpp - symbolic per-lane address expressions ---------------===//
//
// Canonical form. Every expression the factory returns is one of:
//   - a Constant, a Symbol or an Unknown;
//   - a Mul: an optional constant coefficient (never 0 or 1) first, then two
//     or more factors (or one factor after a coefficient), each a Symbol or a
//     non-linear node, sorted by compareExprs; never an Add (products are
//     distributed over sums) nor a nested Mul;
//   - an Add: two or more terms, each a Symbol, a non-linear node or a Mul;
//     like terms combined, zero terms dropped, sorted by compareTerms, and the
//     constant term (if not 0) last;
//   - a non-linear node whose operands are not all constant.
// No node other than Unknown itself contains an Unknown, because every
// operation on an Unknown returns it.
//
// Order. Sorting never looks at pointer values, so printing is deterministic.
// Symbols sort by the rank table in symbolRank (thread indices first, because
// they are what varies across the lanes of a warp), then by dimension, then
// by name. Terms of a sum sort by the best-ranked symbol they mention, then by
// degree, then factor by factor; so a typical address prints as
//   "4*threadIdx.x + 128*blockIdx.x + 4*i + n + 3".
// Operands of commutative binary nodes (&, |, ^, min, max) sort with the
// constant last: "threadIdx.x & 31", "max(i, 0)".
//
//===----------------------------------------------------------------------===//

#include "LaneExpr/LaneExpr.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/bit.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <vector>

using llvm::ArrayRef;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::SmallVector;

namespace coalesce {

namespace {

constexpr int64_t Int64Min = std::numeric_limits<int64_t>::min();

//===- Order --------------------------------------------------------------===//

unsigned symbolRank(SymbolKind K) {
  switch (K) {
  case SymbolKind::ThreadIdx:
    return 0;
  case SymbolKind::BlockIdx:
    return 1;
  case SymbolKind::LoopIter:
    return 2;
  case SymbolKind::BlockDim:
    return 3;
  case SymbolKind::GridDim:
    return 4;
  case SymbolKind::Param:
    return 5;
  case SymbolKind::Opaque:
  case SymbolKind::Carried:
  case SymbolKind::TripCount:
    return 6;
  }
  return 7;
}

template <typename T> int compareValues(const T &A, const T &B) {
  return A < B ? -1 : (B < A ? 1 : 0);
}

bool isKind(const Expr *E, ExprKind K) { return E->getKind() == K; }

/// A total structural order on uniqued nodes: kind (in ExprKind order), then
/// constants by value, symbols by rank/dimension/name, unknowns by reason,
/// n-ary nodes by predicate, arity and operands.
int compareExprs(const Expr *A, const Expr *B) {
  if (A == B)
    return 0;
  if (A->getKind() != B->getKind())
    return compareValues(unsigned(A->getKind()), unsigned(B->getKind()));
  switch (A->getKind()) {
  case ExprKind::Constant:
    return compareValues(cast<ConstantExpr>(A)->getValue(),
                         cast<ConstantExpr>(B)->getValue());
  case ExprKind::Symbol: {
    const auto *SA = cast<SymbolExpr>(A), *SB = cast<SymbolExpr>(B);
    if (int C = compareValues(symbolRank(SA->getSymbolKind()),
                              symbolRank(SB->getSymbolKind())))
      return C;
    if (int C = compareValues(SA->getDim(), SB->getDim()))
      return C;
    if (int C = SA->getName().compare(SB->getName()))
      return C;
    // Runtime values of different kinds share a rank: their kind decides.
    return compareValues(unsigned(SA->getSymbolKind()),
                         unsigned(SB->getSymbolKind()));
  }
  case ExprKind::Unknown:
    return debugText(cast<UnknownExpr>(A)->getReason())
        .compare(debugText(cast<UnknownExpr>(B)->getReason()));
  default: {
    const auto *NA = cast<NAryExpr>(A), *NB = cast<NAryExpr>(B);
    if (int C = compareValues(unsigned(NA->getPredicate()),
                              unsigned(NB->getPredicate())))
      return C;
    if (int C = compareValues(unsigned(NA->getFloatOp()),
                              unsigned(NB->getFloatOp())))
      return C;
    if (int C = compareValues(NA->isSinglePrecision(),
                              NB->isSinglePrecision()))
      return C;
    if (int C = compareValues(NA->getNumOperands(), NB->getNumOperands()))
      return C;
    for (unsigned I = 0, N = NA->getNumOperands(); I != N; ++I)
      if (int C = compareExprs(NA->getOperand(I), NB->getOperand(I)))
        return C;
    return 0;
  }
  }
}

/// The smallest symbol rank mentioned anywhere in E (8 when none), cached
/// in the node when it is built.
unsigned leadingRank(const Expr *E) { return E->getLeadingRank(); }

/// The factors of a coefficient-free monomial: a Mul's operands, or itself.
ArrayRef<const Expr *> factorsOf(const Expr *const &Mono) {
  if (isKind(Mono, ExprKind::Mul))
    return cast<NAryExpr>(Mono)->operands();
  return ArrayRef<const Expr *>(&Mono, 1);
}

/// Order of the (coefficient-free) terms of a sum.
int compareMonomials(const Expr *A, const Expr *B) {
  if (A == B)
    return 0;
  if (int C = compareValues(leadingRank(A), leadingRank(B)))
    return C;
  ArrayRef<const Expr *> FA = factorsOf(A), FB = factorsOf(B);
  if (int C = compareValues(FA.size(), FB.size()))
    return C;
  for (size_t I = 0; I != FA.size(); ++I)
    if (int C = compareExprs(FA[I], FB[I]))
      return C;
  return 0;
}

/// Whether A goes before B as operands of a commutative binary node.
bool commutativeBefore(const Expr *A, const Expr *B) {
  bool CA = isa<ConstantExpr>(A), CB = isa<ConstantExpr>(B);
  if (CA != CB)
    return CB;
  return compareExprs(A, B) < 0;
}

//===- Terms --------------------------------------------------------------===//

/// A term of a sum split into its integer coefficient and its factors (empty
/// for a constant term).
struct Term {
  int64_t Coef = 1;
  ArrayRef<const Expr *> Factors;
};

Term splitTerm(const Expr *const &T) {
  if (const auto *C = dyn_cast<ConstantExpr>(T))
    return {C->getValue(), {}};
  if (isKind(T, ExprKind::Mul)) {
    ArrayRef<const Expr *> Ops = cast<NAryExpr>(T)->operands();
    if (const auto *C = dyn_cast<ConstantExpr>(Ops.front()))
      return {C->getValue(), Ops.drop_front()};
    return {1, Ops};
  }
  return {1, ArrayRef<const Expr *>(&T, 1)};
}

ArrayRef<const Expr *> termsOf(const Expr *const &E) {
  if (isKind(E, ExprKind::Add))
    return cast<NAryExpr>(E)->operands();
  return ArrayRef<const Expr *>(&E, 1);
}

/// Whether every coefficient of E, constant term included, is a multiple of
/// D (D != 0); then E / D is exact whatever the values of the symbols.
bool isMultipleOf(const Expr *E, int64_t D) {
  if (D == 1 || D == -1)
    return true;
  for (const Expr *const &T : termsOf(E))
    if (splitTerm(T).Coef % D != 0)
      return false;
  return true;
}

const Expr *firstUnknown(ArrayRef<const Expr *> Ops) {
  for (const Expr *Op : Ops)
    if (isa<UnknownExpr>(Op))
      return Op;
  return nullptr;
}

} // namespace

//===- The context --------------------------------------------------------===//

struct ExprContext::Impl {
  llvm::BumpPtrAllocator Alloc;
  llvm::FoldingSet<Expr> Nodes;
  /// Every node, so that their destructors run (names, reasons and large
  /// profiles own heap memory).
  std::vector<Expr *> All;

  Expr *find(const llvm::FoldingSetNodeID &ID, void *&Pos) {
    return Nodes.FindNodeOrInsertPos(ID, Pos);
  }
  const Expr *insert(Expr *N, void *Pos) {
    Nodes.InsertNode(N, Pos);
    N->Id = unsigned(All.size());
    All.push_back(N);
    return N;
  }

  const Expr *constant(int64_t V) {
    llvm::FoldingSetNodeID ID;
    ID.AddInteger(unsigned(ExprKind::Constant));
    ID.AddInteger(V);
    void *Pos;
    if (Expr *E = find(ID, Pos))
      return E;
    auto *N = new (Alloc.Allocate<ConstantExpr>()) ConstantExpr(ID, V);
    N->PrintBound = unsigned(std::to_string(V).size());
    return insert(N, Pos);
  }

  const Expr *symbol(SymbolKind K, unsigned Dim, llvm::StringRef Name) {
    llvm::FoldingSetNodeID ID;
    ID.AddInteger(unsigned(ExprKind::Symbol));
    ID.AddInteger(unsigned(K));
    ID.AddInteger(Dim);
    ID.AddString(Name);
    void *Pos;
    if (Expr *E = find(ID, Pos))
      return E;
    auto *N = new (Alloc.Allocate<SymbolExpr>())
        SymbolExpr(ID, K, Dim, Name.str());
    N->LeadingRank = uint8_t(symbolRank(K));
    N->PrintBound = std::max(1u, unsigned(std::min<size_t>(Name.size(), 1u << 20)));
    return insert(N, Pos);
  }

  const Expr *unknown(const Reason &Why) {
    std::string Text = debugText(Why);
    llvm::FoldingSetNodeID ID;
    ID.AddInteger(unsigned(ExprKind::Unknown));
    ID.AddInteger(unsigned(Why.Kind));
    ID.AddString(Text);
    ID.AddInteger(Why.Number);
    ID.AddBoolean(Why.Flag);
    void *Pos;
    if (Expr *E = find(ID, Pos))
      return E;
    auto *N = new (Alloc.Allocate<UnknownExpr>()) UnknownExpr(ID, Why);
    N->PrintBound = unsigned(std::min<size_t>(Text.size() + 9, 1u << 20));
    return insert(N, Pos);
  }
  const Expr *unknown(llvm::StringRef Why) {
    return unknown(Reason::other(Why.str()));
  }

  /// An upper bound on the printed length of a node of kind K over Ops: the
  /// operands, their parentheses, the separators and the spelling around
  /// them (see print()).
  static uint64_t printBound(ExprKind K, ArrayRef<const Expr *> Ops) {
    uint64_t Len = 0;
    for (const Expr *Op : Ops)
      Len += Op->getPrintBound() + (isa<NAryExpr>(Op) ? 2 : 0);
    uint64_t N = Ops.size();
    switch (K) {
    case ExprKind::Add:
      return Len + 3 * (N - 1) + 1;
    case ExprKind::Mul:
      return Len + (N - 1) + 1;
    case ExprKind::Min:
    case ExprKind::Max:
      return Len + 7;
    case ExprKind::Select:
      return Len + 8;
    case ExprKind::Float:
      // "(double)", "sqrtf(", a literal's "%.17g" and parentheses.
      return Len + 2 * N + 28;
    default:
      return Len + 6;
    }
  }

  /// Uniques an n-ary node whose operands are already canonical; past
  /// ExprBudget the answer is Unknown(ExprBudget::Reason). An Unknown operand
  /// (a part that was over the budget) is the answer, so no node holds one.
  const Expr *nary(ExprKind K, ArrayRef<const Expr *> Ops,
                   CmpPred Pred = CmpPred::LT, FloatOp FOp = FloatOp::Literal,
                   bool Single = false) {
    if (const Expr *U = firstUnknown(Ops))
      return U;
    uint64_t Size = 1;
    unsigned Depth = 0, Rank = 8;
    for (const Expr *Op : Ops) {
      Size += Op->getTreeSize();
      Depth = std::max(Depth, Op->getDepth());
      Rank = std::min(Rank, Op->getLeadingRank());
    }
    uint64_t Printed = printBound(K, Ops);
    // The bound can be up to about twice the printed length; between the
    // limit and twice the limit the node is built and printed once to
    // decide (and keeps its exact length as its bound).
    if (Size > ExprBudget::MaxTreeSize || Depth + 1 > ExprBudget::MaxDepth ||
        Printed > 2 * uint64_t(ExprBudget::MaxPrintedLength))
      return unknown(ExprBudget::Reason);

    llvm::FoldingSetNodeID ID;
    ID.AddInteger(unsigned(K));
    ID.AddInteger(unsigned(Pred));
    ID.AddInteger(unsigned(FOp));
    ID.AddBoolean(Single);
    ID.AddInteger(unsigned(Ops.size()));
    for (const Expr *Op : Ops)
      ID.AddPointer(Op);
    void *Pos;
    Expr *E = find(ID, Pos);
    if (!E) {
      const Expr **Arr = Alloc.Allocate<const Expr *>(Ops.size());
      std::copy(Ops.begin(), Ops.end(), Arr);
      NAryExpr *N = makeNAry(K, ID, Arr, unsigned(Ops.size()), Pred, FOp,
                             Single);
      N->TreeSize = unsigned(Size);
      N->Depth = Depth + 1;
      N->LeadingRank = uint8_t(Rank);
      N->PrintBound = unsigned(Printed);
      if (Printed > ExprBudget::MaxPrintedLength)
        N->PrintBound = unsigned(print(N).size());
      insert(N, Pos);
      E = N;
    }
    if (E->getPrintBound() > ExprBudget::MaxPrintedLength)
      return unknown(ExprBudget::Reason);
    return E;
  }

  template <typename T>
  NAryExpr *make(const llvm::FoldingSetNodeID &ID, ExprKind K,
                 const Expr *const *Ops, unsigned N, CmpPred Pred,
                 FloatOp FOp = FloatOp::Literal, bool Single = false) {
    static_assert(sizeof(T) == sizeof(NAryExpr), "kind classes add no data");
    return new (Alloc.Allocate<T>()) T(ID, K, Ops, N, Pred, FOp, Single);
  }

  NAryExpr *makeNAry(ExprKind K, const llvm::FoldingSetNodeID &ID,
                     const Expr *const *Ops, unsigned N, CmpPred Pred,
                     FloatOp FOp, bool Single) {
    switch (K) {
    case ExprKind::Float:
      return make<FloatExpr>(ID, K, Ops, N, Pred, FOp, Single);
    case ExprKind::Mul:
      return make<MulExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Add:
      return make<AddExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Div:
      return make<DivExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Rem:
      return make<RemExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Shr:
      return make<ShrExpr>(ID, K, Ops, N, Pred);
    case ExprKind::And:
      return make<AndExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Or:
      return make<OrExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Xor:
      return make<XorExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Min:
      return make<MinExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Max:
      return make<MaxExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Cmp:
      return make<CmpExpr>(ID, K, Ops, N, Pred);
    case ExprKind::Select:
      return make<SelectExpr>(ID, K, Ops, N, Pred);
    default:
      llvm_unreachable("not an n-ary kind");
    }
  }

  /// Coef * (the monomial with factors Factors), Factors sorted, Coef != 0.
  const Expr *product(int64_t Coef, ArrayRef<const Expr *> Factors) {
    assert(Coef != 0 && "zero products fold before this point");
    if (Factors.empty())
      return constant(Coef);
    if (Coef == 1 && Factors.size() == 1)
      return Factors.front();
    SmallVector<const Expr *, 8> Ops;
    if (Coef != 1)
      Ops.push_back(constant(Coef));
    Ops.append(Factors.begin(), Factors.end());
    return nary(ExprKind::Mul, Ops);
  }
};

ExprContext::ExprContext() : P(new Impl) {}

ExprContext::~ExprContext() {
  for (Expr *E : P->All) {
    switch (E->getKind()) {
    case ExprKind::Constant:
      static_cast<ConstantExpr *>(E)->~ConstantExpr();
      break;
    case ExprKind::Symbol:
      static_cast<SymbolExpr *>(E)->~SymbolExpr();
      break;
    case ExprKind::Unknown:
      static_cast<UnknownExpr *>(E)->~UnknownExpr();
      break;
    default:
      static_cast<NAryExpr *>(E)->~NAryExpr();
      break;
    }
  }
  delete P;
}

const Expr *ExprContext::constant(int64_t V) { return P->constant(V); }

const Expr *ExprContext::symbol(SymbolKind K, unsigned Dim,
                                llvm::StringRef Name) {
  return P->symbol(K, Dim, Name);
}

static std::string builtinName(llvm::StringRef Var, unsigned Dim) {
  assert(Dim < 3 && "builtin dimensions are x, y and z");
  return Var.str() + "." + "xyz"[Dim < 3 ? Dim : 0];
}

const Expr *ExprContext::threadIdx(unsigned Dim) {
  return symbol(SymbolKind::ThreadIdx, Dim, builtinName("threadIdx", Dim));
}
const Expr *ExprContext::blockIdx(unsigned Dim) {
  return symbol(SymbolKind::BlockIdx, Dim, builtinName("blockIdx", Dim));
}
const Expr *ExprContext::blockDim(unsigned Dim) {
  return symbol(SymbolKind::BlockDim, Dim, builtinName("blockDim", Dim));
}
const Expr *ExprContext::gridDim(unsigned Dim) {
  return symbol(SymbolKind::GridDim, Dim, builtinName("gridDim", Dim));
}

const Expr *ExprContext::unknown(llvm::StringRef Why) {
  return P->unknown(Why);
}

const Expr *ExprContext::unknown(const Reason &Why) {
  return P->unknown(Why);
}

//===- Sums and products --------------------------------------------------===//

const Expr *ExprContext::add(const Expr *A, const Expr *B) {
  return add(ArrayRef<const Expr *>{A, B});
}

const Expr *ExprContext::add(ArrayRef<const Expr *> Ops) {
  if (const Expr *U = firstUnknown(Ops))
    return U;

  // Accumulate in 128 bits so that only a final result outside int64 counts
  // as overflow (x + MAX - 1 is fine).
  __int128 Const = 0;
  SmallVector<std::pair<const Expr *, __int128>, 8> Terms; // monomial, coef
  llvm::DenseMap<const Expr *, unsigned> Index;

  auto AddTerm = [&](const Expr *const &T) {
    Term Split = splitTerm(T);
    if (Split.Factors.empty()) {
      Const += Split.Coef;
      return;
    }
    const Expr *Mono = Split.Factors.size() == 1
                           ? Split.Factors.front()
                           : (Split.Coef == 1 ? T
                                              : P->nary(ExprKind::Mul,
                                                        Split.Factors));
    auto [It, Inserted] = Index.try_emplace(Mono, unsigned(Terms.size()));
    if (Inserted)
      Terms.push_back({Mono, Split.Coef});
    else
      Terms[It->second].second += Split.Coef;
  };
  for (const Expr *const &Op : Ops)
    for (const Expr *const &T : termsOf(Op))
      AddTerm(T);

  auto Fits = [](__int128 V) {
    return V >= std::numeric_limits<int64_t>::min() &&
           V <= std::numeric_limits<int64_t>::max();
  };
  if (!Fits(Const))
    return unknown("integer overflow");
  for (const auto &[Mono, Coef] : Terms)
    if (!Fits(Coef))
      return unknown("integer overflow");

  llvm::erase_if(Terms, [](const auto &T) { return T.second == 0; });
  std::sort(Terms.begin(), Terms.end(), [](const auto &L, const auto &R) {
    return compareMonomials(L.first, R.first) < 0;
  });

  SmallVector<const Expr *, 8> Result;
  for (const auto &[Mono, Coef] : Terms)
    Result.push_back(P->product(int64_t(Coef), factorsOf(Mono)));
  if (Const != 0)
    Result.push_back(constant(int64_t(Const)));
  if (Result.empty())
    return constant(0);
  if (Result.size() == 1)
    return Result.front();
  return P->nary(ExprKind::Add, Result);
}

const Expr *ExprContext::sub(const Expr *A, const Expr *B) {
  if (isa<UnknownExpr>(A))
    return A;
  return add(A, neg(B));
}

const Expr *ExprContext::neg(const Expr *A) { return mul(constant(-1), A); }

const Expr *ExprContext::mul(const Expr *A, const Expr *B) {
  return mul(ArrayRef<const Expr *>{A, B});
}

const Expr *ExprContext::mul(ArrayRef<const Expr *> Ops) {
  if (const Expr *U = firstUnknown(Ops))
    return U;
  for (const Expr *Op : Ops)
    if (const auto *C = dyn_cast<ConstantExpr>(Op); C && C->getValue() == 0)
      return constant(0);

  // With no zero factor the magnitude never shrinks, so an intermediate
  // overflow means the whole product overflows.
  int64_t Coef = 1;
  SmallVector<const Expr *, 8> Factors, Sums;
  for (const Expr *Op : Ops) {
    ArrayRef<const Expr *> Parts =
        isKind(Op, ExprKind::Mul) ? cast<NAryExpr>(Op)->operands()
                                  : ArrayRef<const Expr *>(Op);
    for (const Expr *F : Parts) {
      if (const auto *C = dyn_cast<ConstantExpr>(F)) {
        if (__builtin_mul_overflow(Coef, C->getValue(), &Coef))
          return unknown("integer overflow");
      } else if (isKind(F, ExprKind::Add)) {
        Sums.push_back(F);
      } else {
        Factors.push_back(F);
      }
    }
  }
  // Equal factors are the same node, so stability does not matter.
  std::sort(Factors.begin(), Factors.end(), [](const Expr *L, const Expr *R) {
    return compareExprs(L, R) < 0;
  });
  const Expr *Result = P->product(Coef, Factors);
  if (isa<UnknownExpr>(Result))
    return Result;

  // Distribute over each sum in turn: (t1 + t2) * (u1 + u2) = t1*u1 + ...
  // Products of long sums would grow without bound, so past a budget of
  // terms the product is too complex to track.
  for (const Expr *S : Sums) {
    SmallVector<const Expr *, 16> Products;
    SmallVector<const Expr *, 8> Left(termsOf(Result).begin(),
                                      termsOf(Result).end());
    if (uint64_t(Left.size()) * cast<NAryExpr>(S)->getNumOperands() >
        ExprBudget::MaxDistributedTerms)
      return unknown(ExprBudget::Reason);
    for (const Expr *T : Left)
      for (const Expr *U : cast<NAryExpr>(S)->operands())
        Products.push_back(mul(T, U));
    Result = add(Products);
    if (isa<UnknownExpr>(Result))
      return Result;
  }
  return Result;
}

//===- Division and shifts ------------------------------------------------===//

/// E / D for an E that isMultipleOf D (exact, so truncation does not matter).
static const Expr *divideExactly(ExprContext &Ctx, const Expr *E, int64_t D) {
  SmallVector<const Expr *, 8> Terms;
  for (const Expr *const &T : termsOf(E)) {
    Term Split = splitTerm(T);
    SmallVector<const Expr *, 8> Ops{Ctx.constant(Split.Coef / D)};
    Ops.append(Split.Factors.begin(), Split.Factors.end());
    Terms.push_back(Ctx.mul(Ops));
  }
  return Ctx.add(Terms);
}

const Expr *ExprContext::div(const Expr *A, const Expr *B) {
  if (const Expr *U = firstUnknown({A, B}))
    return U;
  const auto *CB = dyn_cast<ConstantExpr>(B);
  if (CB && CB->getValue() == 0)
    return unknown("division by zero");
  if (CB) {
    int64_t D = CB->getValue();
    if (const auto *CA = dyn_cast<ConstantExpr>(A)) {
      if (CA->getValue() == Int64Min && D == -1)
        return unknown("integer overflow");
      return constant(CA->getValue() / D);
    }
    if (D == 1)
      return A;
    if (D == -1)
      return neg(A);
    if (isMultipleOf(A, D))
      return divideExactly(*this, A, D);
  }
  return P->nary(ExprKind::Div, {A, B});
}

const Expr *ExprContext::rem(const Expr *A, const Expr *B) {
  if (const Expr *U = firstUnknown({A, B}))
    return U;
  const auto *CB = dyn_cast<ConstantExpr>(B);
  if (CB && CB->getValue() == 0)
    return unknown("division by zero");
  if (CB) {
    int64_t D = CB->getValue();
    if (const auto *CA = dyn_cast<ConstantExpr>(A)) {
      // INT64_MIN % -1 is undefined in C++ (the quotient overflows).
      if (CA->getValue() == Int64Min && D == -1)
        return unknown("integer overflow");
      return constant(CA->getValue() % D);
    }
    if (isMultipleOf(A, D))
      return constant(0);
  }
  return P->nary(ExprKind::Rem, {A, B});
}

const Expr *ExprContext::shl(const Expr *A, const Expr *B) {
  if (const Expr *U = firstUnknown({A, B}))
    return U;
  const auto *CB = dyn_cast<ConstantExpr>(B);
  // There is no shift-left node: A << B is A * 2^B, and 2^B is
  // 2^62 >> (62 - B) (printed "1 << B"), which the evaluator refuses for a
  // lane whose B lies outside 0..62.
  if (!CB)
    return mul(A, shr(constant(int64_t(1) << 62), sub(constant(62), B)));
  int64_t K = CB->getValue();
  if (K < 0 || K > 63)
    return unknown("shift amount out of range");
  if (K == 63) // the multiplier 2^63 does not fit in int64
    return unknown("integer overflow");
  return mul(A, constant(int64_t(1) << K));
}

const Expr *ExprContext::shr(const Expr *A, const Expr *B) {
  if (const Expr *U = firstUnknown({A, B}))
    return U;
  if (const auto *CB = dyn_cast<ConstantExpr>(B)) {
    int64_t K = CB->getValue();
    if (K < 0)
      return unknown("shift amount out of range");
    // The GPU clamps a shift amount to the register's width (PTX shr):
    // what is left is the sign, which a shift by 63 gives for a value of
    // any width held in 64 bits (evaluate() clamps a lane's amount alike).
    if (K > 63) {
      K = 63;
      B = constant(63);
    }
    if (const auto *CA = dyn_cast<ConstantExpr>(A))
      return constant(CA->getValue() >> K);
    if (K == 0)
      return A;
    // Floor and truncation agree when the division is exact.
    if (K < 63 && isMultipleOf(A, int64_t(1) << K))
      return divideExactly(*this, A, int64_t(1) << K);
  }
  return P->nary(ExprKind::Shr, {A, B});
}

//===- Bitwise operations, min and max ------------------------------------===//

namespace {
enum class Commutative { And, Or, Xor, Min, Max };

int64_t foldCommutative(Commutative Op, int64_t A, int64_t B) {
  switch (Op) {
  case Commutative::And:
    return A & B;
  case Commutative::Or:
    return A | B;
  case Commutative::Xor:
    return A ^ B;
  case Commutative::Min:
    return std::min(A, B);
  case Commutative::Max:
    return std::max(A, B);
  }
  return 0;
}

/// Shared by &, |, ^, min and max: folds constants and the identities that
/// hold for every value. Returns the result, or nullptr with A and B put in
/// canonical order when a node is needed.
const Expr *simplifyCommutative(ExprContext &Ctx, Commutative Op,
                                const Expr *&A, const Expr *&B) {
  if (const Expr *U = firstUnknown({A, B}))
    return U;
  if (commutativeBefore(B, A))
    std::swap(A, B);
  const auto *CA = dyn_cast<ConstantExpr>(A);
  const auto *CB = dyn_cast<ConstantExpr>(B);
  if (CA && CB)
    return Ctx.constant(foldCommutative(Op, CA->getValue(), CB->getValue()));
  if (A == B)
    return Op == Commutative::Xor ? Ctx.constant(0) : A;
  if (!CB) // a constant operand always sorts last
    return nullptr;
  int64_t V = CB->getValue();
  switch (Op) {
  case Commutative::And:
    return V == 0 ? B : (V == -1 ? A : nullptr);
  case Commutative::Or:
    return V == 0 ? A : (V == -1 ? B : nullptr);
  case Commutative::Xor:
    return V == 0 ? A : nullptr;
  case Commutative::Min:
  case Commutative::Max:
    return nullptr;
  }
  return nullptr;
}
} // namespace

const Expr *ExprContext::bitAnd(const Expr *A, const Expr *B) {
  if (const Expr *R = simplifyCommutative(*this, Commutative::And, A, B))
    return R;
  return P->nary(ExprKind::And, {A, B});
}
const Expr *ExprContext::bitOr(const Expr *A, const Expr *B) {
  if (const Expr *R = simplifyCommutative(*this, Commutative::Or, A, B))
    return R;
  return P->nary(ExprKind::Or, {A, B});
}
const Expr *ExprContext::bitXor(const Expr *A, const Expr *B) {
  if (const Expr *R = simplifyCommutative(*this, Commutative::Xor, A, B))
    return R;
  return P->nary(ExprKind::Xor, {A, B});
}
const Expr *ExprContext::min(const Expr *A, const Expr *B) {
  if (const Expr *R = simplifyCommutative(*this, Commutative::Min, A, B))
    return R;
  return P->nary(ExprKind::Min, {A, B});
}
const Expr *ExprContext::max(const Expr *A, const Expr *B) {
  if (const Expr *R = simplifyCommutative(*this, Commutative::Max, A, B))
    return R;
  return P->nary(ExprKind::Max, {A, B});
}

//===- Comparisons and selects --------------------------------------------===//

static bool foldCmp(CmpPred Pred, int64_t A, int64_t B) {
  switch (Pred) {
  case CmpPred::LT:
    return A < B;
  case CmpPred::LE:
    return A <= B;
  case CmpPred::EQ:
    return A == B;
  case CmpPred::NE:
    return A != B;
  }
  return false;
}

const Expr *ExprContext::cmp(CmpPred Pred, const Expr *A, const Expr *B) {
  if (const Expr *U = firstUnknown({A, B}))
    return U;
  const auto *CA = dyn_cast<ConstantExpr>(A);
  const auto *CB = dyn_cast<ConstantExpr>(B);
  if (CA && CB)
    return constant(foldCmp(Pred, CA->getValue(), CB->getValue()));
  if (A == B)
    return constant(Pred == CmpPred::LE || Pred == CmpPred::EQ);
  return P->nary(ExprKind::Cmp, {A, B}, Pred);
}

const Expr *ExprContext::logicalNot(const Expr *A) {
  return cmp(CmpPred::EQ, A, constant(0));
}

const Expr *ExprContext::select(const Expr *Cond, const Expr *T,
                                const Expr *F) {
  if (const Expr *U = firstUnknown({Cond, T, F}))
    return U;
  if (const auto *C = dyn_cast<ConstantExpr>(Cond))
    return C->getValue() != 0 ? T : F;
  if (T == F)
    return T;
  return P->nary(ExprKind::Select, {Cond, T, F});
}

//===- Floating point -----------------------------------------------------===//

namespace {

int64_t bitsOf(double V) { return llvm::bit_cast<int64_t>(V); }
double valueOf(int64_t Bits) { return llvm::bit_cast<double>(Bits); }

double rounded(double V, bool Single) {
  return Single ? double(float(V)) : V;
}

/// The float operations on known values (NaN for what C leaves undefined
/// or the operation cannot give); A and B are float or double values,
/// each result rounded to Single's precision. Computing one operation in
/// double and rounding to float once gives the float result exactly for
/// + - * / and sqrt (double holds more than twice a float's digits).
double computeReal(FloatOp Op, bool Single, double A, double B) {
  switch (Op) {
  case FloatOp::Add:
    return rounded(A + B, Single);
  case FloatOp::Sub:
    return rounded(A - B, Single);
  case FloatOp::Mul:
    return rounded(A * B, Single);
  case FloatOp::Div:
    return rounded(A / B, Single);
  case FloatOp::Neg:
    return -A;
  case FloatOp::Convert:
    return rounded(A, Single);
  case FloatOp::Sqrt:
    return rounded(std::sqrt(A), Single);
  case FloatOp::Floor:
    return std::floor(A);
  case FloatOp::Ceil:
    return std::ceil(A);
  case FloatOp::Trunc:
    return std::trunc(A);
  case FloatOp::Round:
    return std::round(A);
  case FloatOp::Fabs:
    return std::fabs(A);
  case FloatOp::Min:
    return std::fmin(A, B);
  case FloatOp::Max:
    return std::fmax(A, B);
  default:
    break;
  }
  return std::nan("");
}

/// a*b + c and a*b - c as nvcc fuses them (-fmad=true): one rounding.
double fused(bool Single, double A, double B, double C, bool Subtract) {
  if (Single)
    return double(std::fma(float(A), float(B), Subtract ? -float(C) : float(C)));
  return std::fma(A, B, Subtract ? -C : C);
}

/// The integer C's conversion of V gives toward zero; none for a NaN or a
/// value out of int64's range (undefined behaviour in C).
std::optional<int64_t> truncated(double V) {
  if (!(std::fabs(V) < 9.2e18))
    return std::nullopt;
  return int64_t(V);
}

} // namespace

const Expr *ExprContext::realLiteral(double V, bool Single) {
  return P->nary(ExprKind::Float, {constant(bitsOf(rounded(V, Single)))},
                 CmpPred::LT, FloatOp::Literal, Single);
}

const Expr *ExprContext::real(FloatOp Op, bool Single,
                              ArrayRef<const Expr *> Ops) {
  if (Op == FloatOp::Literal)
    return realLiteral(valueOf(cast<ConstantExpr>(Ops[0])->getValue()), Single);
  if (const Expr *U = firstUnknown(Ops))
    return U;
  // Folded when the operands are known.
  auto Known = [](const Expr *E) -> std::optional<double> {
    const auto *F = dyn_cast<FloatExpr>(E);
    if (F && F->getFloatOp() == FloatOp::Literal)
      return valueOf(cast<ConstantExpr>(F->getOperand(0))->getValue());
    return std::nullopt;
  };
  if (Op == FloatOp::FromInt) {
    if (const auto *C = dyn_cast<ConstantExpr>(Ops[0]))
      return realLiteral(Single ? double(float(C->getValue()))
                                : double(C->getValue()),
                         Single);
  } else if (Op == FloatOp::ToInt) {
    if (std::optional<double> A = Known(Ops[0]))
      if (std::optional<int64_t> I = truncated(*A))
        return constant(*I);
  } else if (Op != FloatOp::Opaque) {
    std::optional<double> A = Known(Ops[0]);
    std::optional<double> B = Ops.size() > 1 ? Known(Ops[1]) : A;
    if (A && B)
      return realLiteral(computeReal(Op, Single, *A, *B), Single);
  }
  return P->nary(ExprKind::Float, Ops, CmpPred::LT, Op, Single);
}

//===- Rewriting and substitution ---------------------------------------===//

const Expr *ExprContext::build(ExprKind K, ArrayRef<const Expr *> Ops,
                               CmpPred Pred) {
  switch (K) {
  case ExprKind::Add:
    return add(Ops);
  case ExprKind::Mul:
    return mul(Ops);
  case ExprKind::Div:
    return div(Ops[0], Ops[1]);
  case ExprKind::Rem:
    return rem(Ops[0], Ops[1]);
  case ExprKind::Shr:
    return shr(Ops[0], Ops[1]);
  case ExprKind::And:
    return bitAnd(Ops[0], Ops[1]);
  case ExprKind::Or:
    return bitOr(Ops[0], Ops[1]);
  case ExprKind::Xor:
    return bitXor(Ops[0], Ops[1]);
  case ExprKind::Min:
    return min(Ops[0], Ops[1]);
  case ExprKind::Max:
    return max(Ops[0], Ops[1]);
  case ExprKind::Cmp:
    return cmp(Pred, Ops[0], Ops[1]);
  case ExprKind::Select:
    return select(Ops[0], Ops[1], Ops[2]);
  default:
    llvm_unreachable("not an n-ary kind");
  }
}

ExprRewriter::~ExprRewriter() = default;

const Expr *ExprRewriter::rewrite(const Expr *E) {
  if (auto It = Memo.find(E); It != Memo.end())
    return It->second;
  const Expr *R = visit(E);
  Memo[E] = R;
  return R;
}

const Expr *ExprRewriter::visitSymbol(const SymbolExpr *S) {
  const Expr *To = rewriteSymbol(S);
  return To ? To : S;
}

// Only the nodes whose operands changed are rebuilt.
const Expr *ExprRewriter::visitNAry(const NAryExpr *N) {
  SmallVector<const Expr *, 8> Ops;
  bool Changed = false;
  for (const Expr *Op : N->operands()) {
    Ops.push_back(rewrite(Op));
    Changed |= Ops.back() != Op;
  }
  if (!Changed)
    return N;
  if (isa<FloatExpr>(N))
    return Ctx.real(N->getFloatOp(), N->isSinglePrecision(), Ops);
  return Ctx.build(N->getKind(), Ops, N->getPredicate());
}

namespace {
/// A rewriter over a symbol map function.
class SymbolMapRewriter : public ExprRewriter {
public:
  SymbolMapRewriter(ExprContext &Ctx,
                    const std::function<const Expr *(const SymbolExpr *)> &Map)
      : ExprRewriter(Ctx), Map(Map) {}
  const Expr *rewriteSymbol(const SymbolExpr *S) override {
    return Map ? Map(S) : S;
  }

private:
  const std::function<const Expr *(const SymbolExpr *)> &Map;
};
} // namespace

// Map returns the replacement of a symbol, or nullptr (or the symbol itself)
// to keep it.
const Expr *ExprContext::substitute(
    const Expr *E, const std::function<const Expr *(const SymbolExpr *)> &Map) {
  SymbolMapRewriter R(*this, Map);
  return R.rewrite(E);
}

//===- Evaluation ---------------------------------------------------------===//

namespace {
/// A binary node other than a sum or a product, on its operands' values;
/// nullopt where C++ leaves it undefined.
std::optional<int64_t> foldBinary(const NAryExpr *N, int64_t A, int64_t B) {
  switch (N->getKind()) {
  case ExprKind::Div:
  case ExprKind::Rem:
    if (B == 0 || (A == Int64Min && B == -1))
      return std::nullopt;
    return N->getKind() == ExprKind::Div ? A / B : A % B;
  case ExprKind::Shr:
    // Clamped as the GPU clamps it (ExprContext::shr).
    if (B < 0)
      return std::nullopt;
    return A >> std::min<int64_t>(B, 63);
  case ExprKind::And:
    return A & B;
  case ExprKind::Or:
    return A | B;
  case ExprKind::Xor:
    return A ^ B;
  case ExprKind::Min:
    return std::min(A, B);
  case ExprKind::Max:
    return std::max(A, B);
  case ExprKind::Cmp:
    return int64_t(foldCmp(N->getPredicate(), A, B));
  default:
    return std::nullopt;
  }
}

/// The memo of the evaluations on one thread, indexed by node id: a slot
/// holds a value for the evaluation whose stamp it carries, so an
/// evaluation starts with an empty memo without clearing one. evaluate runs
/// for every lane of every warp sampled, millions of times on a file whose
/// addresses are long sums (docs/bench/speed.md): a hash map built for each
/// call cost more than the arithmetic it saved.
class EvalMemo {
public:
  /// A stamp no earlier evaluation on this thread used. A nested
  /// evaluation (a symbol's value that evaluates an expression) takes its
  /// own, and the outer one only misses what the nested one overwrote.
  uint64_t begin() { return ++Last; }
  const std::optional<int64_t> *find(const Expr *E, uint64_t Stamp) const {
    unsigned I = E->getId();
    if (I < Slots.size() && Slots[I].Stamp == Stamp)
      return &Slots[I].V;
    return nullptr;
  }
  void store(const Expr *E, uint64_t Stamp, std::optional<int64_t> V) {
    unsigned I = E->getId();
    if (I >= Slots.size())
      Slots.resize(std::max<size_t>(I + 1, 2 * Slots.size()));
    Slots[I] = {Stamp, V};
  }

private:
  struct Slot {
    uint64_t Stamp = 0;
    std::optional<int64_t> V;
  };
  std::vector<Slot> Slots;
  uint64_t Last = 0;
};

EvalMemo &threadMemo() {
  static thread_local EvalMemo M;
  return M;
}

/// Evaluates one expression for one set of symbol values. Over a DAG whose
/// tree is large (select chains from "if (c) i += k;" share their operands)
/// each node is evaluated once: the memo is used when the tree is larger
/// than a few dozen nodes, where it costs less than it saves.
class Evaluator {
public:
  /// Warp: the stamp of a WarpScope, or 0 outside one.
  Evaluator(const SymbolValues &Values, bool Memoise, uint64_t Warp = 0)
      : Values(Values), Memo(Memoise || Warp ? &threadMemo() : nullptr),
        Stamp(Memoise ? Memo->begin() : 0), Warp(Warp) {}

  std::optional<int64_t> eval(const Expr *E) {
    if (!Memo || !isa<NAryExpr>(E))
      return compute(E);
    // threadIdx has rank 0 (symbolRank): a node whose best rank is not 0
    // does not mention it, and is the same in every lane of the warp.
    uint64_t S = Warp && E->getLeadingRank() != 0 ? Warp : Stamp;
    if (!S)
      return compute(E);
    if (const std::optional<int64_t> *Known = Memo->find(E, S))
      return *Known;
    std::optional<int64_t> V = compute(E);
    Memo->store(E, S, V);
    return V;
  }

private:
  const SymbolValues &Values;
  EvalMemo *Memo;
  uint64_t Stamp, Warp;

  std::optional<int64_t> compute(const Expr *E);
  std::optional<int64_t> computeFloat(const NAryExpr *N);
  std::optional<double> real(const Expr *E) {
    std::optional<int64_t> Bits = eval(E);
    if (!Bits)
      return std::nullopt;
    return llvm::bit_cast<double>(*Bits);
  }
};

std::optional<int64_t> Evaluator::computeFloat(const NAryExpr *N) {
  bool Single = N->isSinglePrecision();
  auto Bits = [](double V) { return llvm::bit_cast<int64_t>(V); };
  switch (N->getFloatOp()) {
  case FloatOp::Literal:
    return cast<ConstantExpr>(N->getOperand(0))->getValue();
  case FloatOp::Opaque:
    return std::nullopt;
  case FloatOp::FromInt: {
    std::optional<int64_t> I = eval(N->getOperand(0));
    if (!I)
      return std::nullopt;
    return Bits(Single ? double(float(*I)) : double(*I));
  }
  case FloatOp::ToInt: {
    std::optional<double> V = real(N->getOperand(0));
    return V ? truncated(*V) : std::nullopt;
  }
  case FloatOp::Add:
  case FloatOp::Sub:
    // A product of the same precision feeding the sum is fused.
    for (unsigned I = 0; I < 2; ++I) {
      const auto *M = dyn_cast<FloatExpr>(N->getOperand(I));
      if (!M || M->getFloatOp() != FloatOp::Mul ||
          M->isSinglePrecision() != Single ||
          (I == 1 && N->getFloatOp() == FloatOp::Sub))
        continue;
      std::optional<double> A = real(M->getOperand(0));
      std::optional<double> B = A ? real(M->getOperand(1)) : std::nullopt;
      std::optional<double> C = B ? real(N->getOperand(1 - I)) : std::nullopt;
      if (!C)
        return std::nullopt;
      return Bits(fused(Single, *A, *B, *C, N->getFloatOp() == FloatOp::Sub));
    }
    break;
  default:
    break;
  }
  std::optional<double> A = real(N->getOperand(0));
  if (!A)
    return std::nullopt;
  std::optional<double> B = A;
  if (N->getNumOperands() > 1 && !(B = real(N->getOperand(1))))
    return std::nullopt;
  return Bits(computeReal(N->getFloatOp(), Single, *A, *B));
}

std::optional<int64_t> Evaluator::compute(const Expr *E) {
  switch (E->getKind()) {
  case ExprKind::Constant:
    return cast<ConstantExpr>(E)->getValue();
  case ExprKind::Symbol:
    if (!Values)
      return std::nullopt;
    return Values(cast<SymbolExpr>(E));
  case ExprKind::Unknown:
    return std::nullopt;
  case ExprKind::Float:
    return computeFloat(cast<NAryExpr>(E));
  case ExprKind::Select: {
    // Only the chosen arm is evaluated, as in C++: "n ? x / n : 0" is fine.
    const auto *N = cast<NAryExpr>(E);
    std::optional<int64_t> C = eval(N->getOperand(0));
    if (!C)
      return std::nullopt;
    return eval(N->getOperand(*C != 0 ? 1 : 2));
  }
  case ExprKind::Add:
  case ExprKind::Mul: {
    bool IsAdd = E->getKind() == ExprKind::Add;
    int64_t Acc = IsAdd ? 0 : 1;
    for (const Expr *Op : cast<NAryExpr>(E)->operands()) {
      std::optional<int64_t> V = eval(Op);
      if (!V)
        return std::nullopt;
      bool Overflow = IsAdd ? __builtin_add_overflow(Acc, *V, &Acc)
                            : __builtin_mul_overflow(Acc, *V, &Acc);
      if (Overflow)
        return std::nullopt;
    }
    return Acc;
  }
  default:
    break;
  }

  const auto *N = cast<NAryExpr>(E);
  std::optional<int64_t> L = eval(N->getOperand(0));
  if (!L)
    return std::nullopt;
  std::optional<int64_t> R = eval(N->getOperand(1));
  if (!R)
    return std::nullopt;
  int64_t A = *L, B = *R;
  return foldBinary(N, A, B);
}

} // namespace

std::optional<int64_t> evaluate(const Expr *E, const SymbolValues &Values) {
  Evaluator Ev(Values, /*Memoise=*/E->getTreeSize() > 64);
  return Ev.eval(E);
}

WarpScope::WarpScope() : Stamp(threadMemo().begin()) {}

std::optional<int64_t> evaluate(const Expr *E, const SymbolValues &Values,
                                const WarpScope &W) {
  Evaluator Ev(Values, /*Memoise=*/E->getTreeSize() > 64, W.stamp());
  return Ev.eval(E);
}

namespace {
/// Evaluates in 128 bits, where only sums and products may leave int64:
/// what any other operation does to such a value depends on the bits int64
/// arithmetic would have lost.
class WideEvaluator {
public:
  explicit WideEvaluator(const SymbolValues &Values) : Values(Values) {}

  std::optional<__int128> eval(const Expr *E) {
    if (!isa<NAryExpr>(E))
      return compute(E);
    if (auto It = Memo.find(E); It != Memo.end())
      return It->second;
    std::optional<__int128> V = compute(E);
    Memo[E] = V;
    return V;
  }

private:
  const SymbolValues &Values;
  llvm::DenseMap<const Expr *, std::optional<__int128>> Memo;

  static bool narrow(__int128 V) {
    return V >= std::numeric_limits<int64_t>::min() &&
           V <= std::numeric_limits<int64_t>::max();
  }

  std::optional<__int128> compute(const Expr *E) {
    switch (E->getKind()) {
    case ExprKind::Constant:
      return cast<ConstantExpr>(E)->getValue();
    case ExprKind::Symbol: {
      std::optional<int64_t> V = Values(cast<SymbolExpr>(E));
      return V ? std::optional<__int128>(*V) : std::nullopt;
    }
    case ExprKind::Unknown:
      return std::nullopt;
    case ExprKind::Add:
    case ExprKind::Mul: {
      bool IsAdd = E->getKind() == ExprKind::Add;
      __int128 Acc = IsAdd ? 0 : 1;
      for (const Expr *Op : cast<NAryExpr>(E)->operands()) {
        std::optional<__int128> V = eval(Op);
        if (!V || (IsAdd ? __builtin_add_overflow(Acc, *V, &Acc)
                         : __builtin_mul_overflow(Acc, *V, &Acc)))
          return std::nullopt;
      }
      return Acc;
    }
    case ExprKind::Select: {
      const auto *N = cast<NAryExpr>(E);
      std::optional<__int128> C = eval(N->getOperand(0));
      if (!C || !narrow(*C))
        return std::nullopt;
      return eval(N->getOperand(*C != 0 ? 1 : 2));
    }
    default:
      break;
    }
    // Anything else needs operands int64 holds, and is evaluate's.
    const auto *N = cast<NAryExpr>(E);
    std::optional<__int128> L = eval(N->getOperand(0));
    std::optional<__int128> R = L ? eval(N->getOperand(1)) : std::nullopt;
    if (!L || !R || !narrow(*L) || !narrow(*R))
      return std::nullopt;
    std::optional<int64_t> V = foldBinary(N, int64_t(*L), int64_t(*R));
    return V ? std::optional<__int128>(*V) : std::nullopt;
  }
};

/// evaluateAddress past int64 (see its comment in LaneExpr.h).
std::optional<int64_t> wideAddress(const Expr *E, const SymbolValues &Values) {
  // Left int64, or undefined: in 128 bits, for this thread and for thread
  // (0, 0, 0) of its block, from which every lane of the warp is measured
  // (the same start for all of them, so they stay exactly as far apart).
  WideEvaluator Lane(Values);
  std::optional<__int128> V = Lane.eval(E);
  if (!V)
    return std::nullopt;
  SymbolValues AtThread0 = [&](const SymbolExpr *S) -> std::optional<int64_t> {
    if (S->getSymbolKind() == SymbolKind::ThreadIdx)
      return 0;
    return Values(S);
  };
  WideEvaluator Origin(AtThread0);
  std::optional<__int128> O = Origin.eval(E);
  if (!O)
    return std::nullopt;
  // The thread's distance from thread 0 must be an address's, well inside
  // int64; the start keeps its place modulo 2^62, centred on 0.
  constexpr int64_t Half = int64_t(1) << 61;
  __int128 D = *V - *O;
  if (D <= -Half || D >= Half)
    return std::nullopt;
  const __int128 M = __int128(1) << 62;
  __int128 Start = ((*O % M) + M) % M;
  if (Start >= Half)
    Start -= M;
  return int64_t(Start + D);
}
} // namespace

std::optional<int64_t> evaluateAddress(const Expr *E,
                                       const SymbolValues &Values) {
  if (std::optional<int64_t> V = evaluate(E, Values))
    return V;
  return wideAddress(E, Values);
}

std::optional<int64_t> evaluateAddress(const Expr *E,
                                       const SymbolValues &Values,
                                       const WarpScope &W) {
  if (std::optional<int64_t> V = evaluate(E, Values, W))
    return V;
  return wideAddress(E, Values);
}

//===- A warp's lanes together --------------------------------------------===//

namespace {
/// Calls F with each lane of Mask, the lowest first.
template <typename Fn> void forLanes(LaneMask Mask, Fn F) {
  for (; Mask; Mask &= Mask - 1)
    F(unsigned(llvm::countr_zero(Mask)));
}
} // namespace

WarpLanesEvaluation::WarpLanesEvaluation(
    const SymbolValues &Values, llvm::ArrayRef<std::array<int64_t, 3>> Thread)
    : Values(Values), Thread(Thread), Stamp(threadMemo().begin()) {
  assert(Thread.size() <= MaxLanes && "a warp has at most 32 lanes");
}

LaneValues WarpLanesEvaluation::evaluate(const Expr *E, LaneMask Mask) {
  assert((Thread.size() == MaxLanes || (Mask >> Thread.size()) == 0) &&
         "a lane with no thread");
  // As evaluate keeps the nodes of a tree larger than a few dozen (a DAG
  // whose operands are shared), so are a large tree's nodes kept here, for
  // the lanes done.
  if (E->getTreeSize() <= 64 || Shared)
    return lanes(E, Mask);
  llvm::DenseMap<const Expr *, Kept> Nodes;
  Shared = &Nodes;
  LaneValues R = lanes(E, Mask);
  Shared = nullptr;
  return R;
}

LaneValues WarpLanesEvaluation::lanes(const Expr *E, LaneMask Mask) {
  LaneValues R;
  if (!Mask)
    return R;
  if (E->getLeadingRank() != 0) {
    // No threadIdx in it: one value for the warp, kept under the stamp as
    // evaluate keeps it in a WarpScope.
    Evaluator Ev(Values, /*Memoise=*/false, Stamp);
    if (std::optional<int64_t> V = Ev.eval(E)) {
      R.Has = Mask;
      R.V.fill(*V);
    }
    return R;
  }
  if (const auto *S = dyn_cast<SymbolExpr>(E)) {
    // threadIdx, the only symbol of rank 0.
    forLanes(Mask, [&](unsigned L) { R.V[L] = Thread[L][S->getDim()]; });
    R.Has = Mask;
    return R;
  }
  const auto *N = cast<NAryExpr>(E);
  if (!Shared)
    return compute(N, Mask);
  auto It = Shared->find(E);
  LaneMask Need = It == Shared->end() ? Mask : Mask & ~It->second.Done;
  if (Need) {
    LaneValues New = compute(N, Need);
    Kept &K = (*Shared)[E];
    forLanes(New.Has, [&](unsigned L) { K.Values.V[L] = New.V[L]; });
    K.Values.Has |= New.Has;
    K.Done |= Need;
  }
  R = Shared->find(E)->second.Values;
  R.Has &= Mask;
  return R;
}

LaneValues WarpLanesEvaluation::compute(const NAryExpr *N, LaneMask Mask) {
  switch (N->getKind()) {
  case ExprKind::Float:
    return oneByOne(N, Mask);
  case ExprKind::Select: {
    // Each lane evaluates the arm it takes, and only that one.
    LaneValues C = lanes(N->getOperand(0), Mask);
    LaneMask Taken = 0;
    forLanes(C.Has, [&](unsigned L) {
      if (C.V[L] != 0)
        Taken |= 1u << L;
    });
    LaneValues R = lanes(N->getOperand(1), Taken);
    LaneValues Else = lanes(N->getOperand(2), C.Has & ~Taken);
    forLanes(Else.Has, [&](unsigned L) { R.V[L] = Else.V[L]; });
    R.Has |= Else.Has;
    return R;
  }
  case ExprKind::Add:
  case ExprKind::Mul: {
    // A lane stops at its first operand with no value, or at an overflow.
    bool IsAdd = N->getKind() == ExprKind::Add;
    LaneValues Acc;
    Acc.Has = Mask;
    Acc.V.fill(IsAdd ? 0 : 1);
    for (const Expr *Op : N->operands()) {
      if (!Acc.Has)
        break;
      LaneValues V = lanes(Op, Acc.Has);
      LaneMask Ok = 0;
      forLanes(V.Has, [&](unsigned L) {
        bool Overflow = IsAdd ? __builtin_add_overflow(Acc.V[L], V.V[L], &Acc.V[L])
                              : __builtin_mul_overflow(Acc.V[L], V.V[L], &Acc.V[L]);
        if (!Overflow)
          Ok |= 1u << L;
      });
      Acc.Has = Ok;
    }
    return Acc;
  }
  default:
    break;
  }
  LaneValues A = lanes(N->getOperand(0), Mask);
  LaneValues B = lanes(N->getOperand(1), A.Has);
  LaneValues R;
  forLanes(B.Has, [&](unsigned L) {
    if (std::optional<int64_t> V = foldBinary(N, A.V[L], B.V[L])) {
      R.V[L] = *V;
      R.Has |= 1u << L;
    }
  });
  return R;
}

LaneValues WarpLanesEvaluation::oneByOne(const Expr *E, LaneMask Mask) {
  // Floating point, rare in an address: evaluate's own code, lane by lane.
  unsigned Lane = 0;
  SymbolValues AtLane = [&](const SymbolExpr *S) -> std::optional<int64_t> {
    if (S->getSymbolKind() == SymbolKind::ThreadIdx)
      return Thread[Lane][S->getDim()];
    return Values(S);
  };
  LaneValues R;
  forLanes(Mask, [&](unsigned L) {
    Lane = L;
    Evaluator Ev(AtLane, /*Memoise=*/E->getTreeSize() > 64, Stamp);
    if (std::optional<int64_t> V = Ev.eval(E)) {
      R.V[L] = *V;
      R.Has |= 1u << L;
    }
  });
  return R;
}

//===- Printing -----------------------------------------------------------===//

namespace {

bool isBinaryNonLinear(const Expr *E) {
  switch (E->getKind()) {
  case ExprKind::Div:
  case ExprKind::Rem:
  case ExprKind::Shr:
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Xor:
  case ExprKind::Cmp:
    return true;
  default:
    return false;
  }
}

/// Binds more loosely than + in C (so needs parentheses as a term of a sum).
bool looserThanAdd(const Expr *E) {
  switch (E->getKind()) {
  case ExprKind::Shr:
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Xor:
  case ExprKind::Cmp:
    return true;
  default:
    return false;
  }
}

std::string paren(const std::string &S) { return "(" + S + ")"; }

/// A factor of a product: every binary non-linear node is parenthesised
/// ("4*(threadIdx.x / 32)", never "4*threadIdx.x / 32").
std::string printFactor(const Expr *E) {
  return isBinaryNonLinear(E) ? paren(print(E)) : print(E);
}

std::string printFactors(ArrayRef<const Expr *> Factors) {
  std::string S;
  for (const Expr *F : Factors) {
    if (!S.empty())
      S += "*";
    S += printFactor(F);
  }
  return S;
}

/// |Coef| times the factors. After a binary sign a lone factor only needs
/// parentheses if it binds more loosely than +.
std::string printMagnitude(uint64_t Mag, ArrayRef<const Expr *> Factors,
                           bool AfterUnaryMinus) {
  if (Factors.empty())
    return std::to_string(Mag);
  if (Mag == 1 && Factors.size() == 1) {
    const Expr *F = Factors.front();
    bool NeedParen = AfterUnaryMinus ? isBinaryNonLinear(F) : looserThanAdd(F);
    return NeedParen ? paren(print(F)) : print(F);
  }
  return Mag == 1 ? printFactors(Factors)
                  : std::to_string(Mag) + "*" + printFactors(Factors);
}

uint64_t magnitude(int64_t V) {
  return V < 0 ? uint64_t(0) - uint64_t(V) : uint64_t(V);
}

/// A sum (or a single term) with every coefficient divided by Divisor.
std::string printSum(const Expr *E, int64_t Divisor) {
  std::string S;
  bool First = true;
  for (const Expr *const &T : termsOf(E)) {
    Term Split = splitTerm(T);
    int64_t Coef = Split.Coef / Divisor;
    bool Neg = Coef < 0;
    if (First)
      S += Neg ? "-" : "";
    else
      S += Neg ? " - " : " + ";
    S += printMagnitude(magnitude(Coef), Split.Factors, First && Neg);
    First = false;
  }
  return S;
}

const char *binarySpelling(const NAryExpr *N) {
  switch (N->getKind()) {
  case ExprKind::Div:
    return " / ";
  case ExprKind::Rem:
    return " % ";
  case ExprKind::Shr:
    return " >> ";
  case ExprKind::And:
    return " & ";
  case ExprKind::Or:
    return " | ";
  case ExprKind::Xor:
    return " ^ ";
  case ExprKind::Cmp:
    switch (N->getPredicate()) {
    case CmpPred::LT:
      return " < ";
    case CmpPred::LE:
      return " <= ";
    case CmpPred::EQ:
      return " == ";
    case CmpPred::NE:
      return " != ";
    }
    break;
  default:
    break;
  }
  llvm_unreachable("not a binary operator");
}

/// 2^62 >> (c - n), the form a power of two with a variable exponent takes
/// (ExprContext::shl, counted loops), as C spells it: "1 << (n + 62 - c)".
std::optional<std::string> printPowerOfTwo(const NAryExpr *N) {
  const auto *C = dyn_cast<ConstantExpr>(N->getOperand(0));
  if (!isKind(N, ExprKind::Shr) || !C || C->getValue() != int64_t(1) << 62)
    return std::nullopt;
  std::string S;
  int64_t Constant = 0;
  unsigned Terms = 0;
  // termsOf refers to its argument itself when that is a single term: a
  // variable, not the temporary getOperand returns.
  const Expr *Amount = N->getOperand(1);
  for (const Expr *const &T : termsOf(Amount)) {
    Term Split = splitTerm(T);
    if (Split.Factors.empty()) {
      Constant = Split.Coef;
      continue;
    }
    if (Split.Coef == Int64Min)
      return std::nullopt;
    int64_t Coef = -Split.Coef;
    bool Neg = Coef < 0;
    if (!Terms)
      S += Neg ? "-" : "";
    else
      S += Neg ? " - " : " + ";
    S += printMagnitude(magnitude(Coef), Split.Factors, !Terms && Neg);
    ++Terms;
  }
  if (!Terms || Constant < -62 || Constant > 124)
    return std::nullopt;
  if (int64_t Rest = 62 - Constant) {
    S += Rest < 0 ? " - " : " + ";
    S += std::to_string(magnitude(Rest));
    ++Terms;
  }
  return "1 << " + (Terms > 1 ? paren(S) : S);
}

std::string printOperand(const NAryExpr *Parent, const Expr *Op, bool Right) {
  bool NeedParen;
  if (Parent->getKind() == ExprKind::Cmp) {
    // + - * / % >> bind tighter than comparisons; & | ^ and nested
    // comparisons do not.
    NeedParen = isKind(Op, ExprKind::And) || isKind(Op, ExprKind::Or) ||
                isKind(Op, ExprKind::Xor) || isKind(Op, ExprKind::Cmp);
  } else {
    NeedParen = isKind(Op, ExprKind::Add) || isBinaryNonLinear(Op);
    // "a / (4*b)": a product on the right of / or % must stay together.
    if (Right && isKind(Op, ExprKind::Mul) &&
        (isKind(Parent, ExprKind::Div) || isKind(Parent, ExprKind::Rem)))
      NeedParen = true;
  }
  return NeedParen ? paren(print(Op)) : print(Op);
}

/// A Float node as C spells it, every compound operand parenthesised:
/// "(int)(((float)(threadIdx.x) + 0.5f)*scale)".
std::string printFloat(const NAryExpr *N) {
  bool Single = N->isSinglePrecision();
  auto Operand = [&](unsigned I) {
    const Expr *Op = N->getOperand(I);
    const auto *F = dyn_cast<FloatExpr>(Op);
    // Only the binary operators bind more loosely than a cast.
    bool Binary = F ? F->getFloatOp() >= FloatOp::Add &&
                          F->getFloatOp() <= FloatOp::Div
                    : !isa<SymbolExpr>(Op) && !isa<ConstantExpr>(Op);
    return Binary ? paren(print(Op)) : print(Op);
  };
  auto Call = [&](const char *Name) {
    std::string S = std::string(Name) + (Single ? "f(" : "(") + print(N->getOperand(0));
    if (N->getNumOperands() > 1)
      S += ", " + print(N->getOperand(1));
    return S + ")";
  };
  switch (N->getFloatOp()) {
  case FloatOp::Literal: {
    double V = llvm::bit_cast<double>(
        cast<ConstantExpr>(N->getOperand(0))->getValue());
    // The shortest spelling that reads back as the same value: "0.1f".
    llvm::SmallString<32> Buf;
    (Single ? llvm::APFloat(float(V)) : llvm::APFloat(V)).toString(Buf);
    std::string S(Buf.str());
    if (std::isfinite(V) && S.find_first_of(".eE") == std::string::npos)
      S += ".0";
    return Single ? S + "f" : S;
  }
  case FloatOp::Opaque:
    return print(N->getOperand(0));
  case FloatOp::FromInt:
  case FloatOp::Convert:
    return std::string(Single ? "(float)" : "(double)") + Operand(0);
  case FloatOp::ToInt:
    return "(int)" + Operand(0);
  case FloatOp::Add:
    return Operand(0) + " + " + Operand(1);
  case FloatOp::Sub:
    return Operand(0) + " - " + Operand(1);
  case FloatOp::Mul:
    return Operand(0) + "*" + Operand(1);
  case FloatOp::Div:
    return Operand(0) + " / " + Operand(1);
  case FloatOp::Neg:
    return "-" + Operand(0);
  case FloatOp::Sqrt:
    return Call("sqrt");
  case FloatOp::Floor:
    return Call("floor");
  case FloatOp::Ceil:
    return Call("ceil");
  case FloatOp::Trunc:
    return Call("trunc");
  case FloatOp::Round:
    return Call("round");
  case FloatOp::Fabs:
    return Call("fabs");
  case FloatOp::Min:
    return Call("fmin");
  case FloatOp::Max:
    return Call("fmax");
  }
  llvm_unreachable("unknown float operation");
}

} // namespace

std::string print(const Expr *E) {
  if (!E)
    return "<null>";
  switch (E->getKind()) {
  case ExprKind::Constant:
    return std::to_string(cast<ConstantExpr>(E)->getValue());
  case ExprKind::Symbol:
    return cast<SymbolExpr>(E)->getName().str();
  case ExprKind::Unknown:
    return "unknown(" + debugText(cast<UnknownExpr>(E)->getReason()) + ")";
  case ExprKind::Add:
    return printSum(E, 1);
  case ExprKind::Mul: {
    Term Split = splitTerm(E);
    if (Split.Coef == -1)
      return "-" + printFactors(Split.Factors);
    if (Split.Coef == 1)
      return printFactors(Split.Factors);
    return std::to_string(Split.Coef) + "*" + printFactors(Split.Factors);
  }
  case ExprKind::Min:
  case ExprKind::Max: {
    const auto *N = cast<NAryExpr>(E);
    return std::string(isKind(E, ExprKind::Min) ? "min(" : "max(") +
           print(N->getOperand(0)) + ", " + print(N->getOperand(1)) + ")";
  }
  case ExprKind::Select: {
    const auto *N = cast<NAryExpr>(E);
    return "(" + print(N->getOperand(0)) + " ? " + print(N->getOperand(1)) +
           " : " + print(N->getOperand(2)) + ")";
  }
  case ExprKind::Float:
    return printFloat(cast<NAryExpr>(E));
  default: {
    const auto *N = cast<NAryExpr>(E);
    if (std::optional<std::string> S = printPowerOfTwo(N))
      return *S;
    return printOperand(N, N->getOperand(0), /*Right=*/false) +
           binarySpelling(N) + printOperand(N, N->getOperand(1), /*Right=*/true);
  }
  }
}

std::string printFactored(const Expr *E) {
  if (!E || !isKind(E, ExprKind::Add))
    return print(E);
  uint64_t G = 0;
  for (const Expr *const &T : termsOf(E))
    G = std::gcd(G, magnitude(splitTerm(T).Coef));
  // G == 2^63 only when every coefficient is INT64_MIN (or 0).
  if (G <= 1 || G > uint64_t(std::numeric_limits<int64_t>::max()))
    return print(E);
  return std::to_string(G) + "*(" + printSum(E, int64_t(G)) + ")";
}

//===- Queries ------------------------------------------------------------===//

// The queries visit each node of the DAG once, with an explicit stack, so
// neither shared operands nor depth can make them expensive.
bool mentionsIf(const Expr *E,
                const std::function<bool(const SymbolExpr *)> &Pred) {
  llvm::SmallPtrSet<const Expr *, 32> Seen;
  SmallVector<const Expr *, 32> Work{E};
  while (!Work.empty()) {
    const Expr *X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (const auto *S = dyn_cast<SymbolExpr>(X)) {
      if (Pred(S))
        return true;
    } else if (const auto *N = dyn_cast<NAryExpr>(X)) {
      // Pushed in reverse so that operands are visited left to right.
      for (const Expr *Op : llvm::reverse(N->operands()))
        Work.push_back(Op);
    }
  }
  return false;
}

bool mentions(const Expr *E, const SymbolExpr *S) {
  if (E->getLeadingRank() > symbolRank(S->getSymbolKind()))
    return false;
  return mentionsIf(E, [S](const SymbolExpr *X) { return X == S; });
}

// No node holds an Unknown (every operation on one returns it), so the only
// Unknown an expression can contain is itself.
const UnknownExpr *findUnknown(const Expr *E) {
  return dyn_cast<UnknownExpr>(E);
}

std::optional<double> realValue(const Expr *E) {
  const auto *F = dyn_cast<FloatExpr>(E);
  if (!F || F->getFloatOp() != FloatOp::Literal)
    return std::nullopt;
  return valueOf(cast<ConstantExpr>(F->getOperand(0))->getValue());
}

bool isAlwaysMultipleOf(const Expr *E, int64_t D) {
  return !findUnknown(E) && isMultipleOf(E, D);
}

const Expr *coefficientOf(ExprContext &Ctx, const Expr *E,
                          const SymbolExpr *S) {
  // An Unknown is not known to be linear in anything.
  if (findUnknown(E))
    return nullptr;
  if (!mentions(E, S))
    return Ctx.constant(0);
  SmallVector<const Expr *, 4> Coefs;
  for (const Expr *const &T : termsOf(E)) {
    if (!mentions(T, S))
      continue;
    if (T == S) {
      Coefs.push_back(Ctx.constant(1));
      continue;
    }
    if (!isKind(T, ExprKind::Mul))
      return nullptr; // S inside a non-linear node
    SmallVector<const Expr *, 4> Rest;
    unsigned Degree = 0;
    for (const Expr *F : cast<NAryExpr>(T)->operands()) {
      if (F == S)
        ++Degree;
      else if (mentions(F, S))
        return nullptr;
      else
        Rest.push_back(F);
    }
    if (Degree != 1)
      return nullptr;
    Coefs.push_back(Ctx.mul(Rest));
  }
  return Ctx.add(Coefs);
}

void splitConjuncts(ExprContext &Ctx, const Expr *E,
                    std::vector<const Expr *> &Out) {
  const auto *N = dyn_cast<NAryExpr>(E);
  // "(a && b) != 0", a condition's truth value, holds when a && b does.
  if (N && N->getKind() == ExprKind::Cmp && N->getPredicate() == CmpPred::NE) {
    const auto *Zero = dyn_cast<ConstantExpr>(N->getOperand(1));
    const auto *Inner = dyn_cast<NAryExpr>(N->getOperand(0));
    if (Zero && Zero->getValue() == 0 && Inner &&
        Inner->getKind() == ExprKind::Select) {
      splitConjuncts(Ctx, Inner, Out);
      return;
    }
  }
  if (N && N->getKind() == ExprKind::Select) {
    const auto *F = dyn_cast<ConstantExpr>(N->getOperand(2));
    if (F && F->getValue() == 0) {
      splitConjuncts(Ctx, N->getOperand(0), Out);
      splitConjuncts(Ctx, N->getOperand(1), Out);
      return;
    }
  }
  if (N && N->getKind() == ExprKind::Cmp &&
      (N->getPredicate() == CmpPred::LT || N->getPredicate() == CmpPred::LE)) {
    const auto *M = dyn_cast<NAryExpr>(N->getOperand(1));
    if (M && M->getKind() == ExprKind::Min) {
      for (const Expr *Bound : M->operands())
        splitConjuncts(Ctx, Ctx.cmp(N->getPredicate(), N->getOperand(0), Bound),
                       Out);
      return;
    }
  }
  Out.push_back(E);
}

} // namespace coalesce
