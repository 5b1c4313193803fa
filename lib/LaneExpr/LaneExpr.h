//===- LaneExpr.h - symbolic per-lane address expressions -------*- C++ -*-===//
//
// A small symbolic algebra in the style of LLVM's ScalarEvolution. Nodes are
// immutable and uniqued by an ExprContext, so structural equality is pointer
// equality. The factory canonicalises: sums and products are flattened, their
// operands sorted, constants folded, products distributed over sums (a
// canonical sum of products with integer coefficients). Non-linear operations
// (division, remainder, shifts, bitwise operations, min/max, comparisons and
// selects) are kept as nodes and evaluated exactly.
//
// Unknown is a first-class value carrying a reason: any operation with an
// Unknown operand yields that operand (the first one, in argument order).
//
// Integer semantics are those of 64-bit two's complement C++ on the values the
// analysis tracks: Div and Rem truncate toward zero, Shr is arithmetic.
//
// Float nodes compute in floating point as the device does ("(int)((x +
// 0.5f) * scale)"): each operation rounded to float or double, a multiply
// feeding an add fused as nvcc's default -fmad=true fuses it. A float
// node's value is the bits of a double holding the float or double result;
// only a FloatOp::ToInt node gives an integer back, so a float value never
// meets integer arithmetic.
//
// The algebra is bounded. Each node records, when it is built, the size of
// the tree it stands for, an upper bound on its printed length and its depth;
// the factory returns Unknown("too complex to track") instead of a node past
// ExprBudget, and refuses to distribute a product over sums past a budget of
// terms. So every walk is linear in a bounded size and no recursion over an
// expression goes deeper than ExprBudget::MaxDepth, whatever the input.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_LANEEXPR_LANEEXPR_H
#define CUDA_COALESCE_LANEEXPR_LANEEXPR_H

#include "LaneExpr/Reason.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/ErrorHandling.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {

/// Node kinds, ordered by complexity (the first sort key of the factors of a
/// product and of the operands of commutative nodes; terms of a sum sort by
/// their best-ranked symbol first, see SymbolKind).
enum class ExprKind : uint8_t {
  Constant,
  Symbol,
  Mul,
  Add,
  Div,
  Rem,
  Shr,
  And,
  Or,
  Xor,
  Min,
  Max,
  Cmp,
  Select,
  Float,
  Unknown,
};

/// What a Float node computes. Literal holds a value's bits as its constant
/// operand; Opaque a value the analysis does not know, named by its symbol
/// operand (it has no value); FromInt converts an integer operand, ToInt
/// truncates toward zero to an integer, Convert rounds a float or double
/// operand to the node's precision; the others are the C operators and
/// math functions on float operands (Min, Max: fmin, fmax).
enum class FloatOp : uint8_t {
  Literal,
  Opaque,
  FromInt,
  ToInt,
  Convert,
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  Sqrt,
  Floor,
  Ceil,
  Trunc,
  Round,
  Fabs,
  Min,
  Max,
};

/// What a symbol stands for. Symbols do not sort in declaration order: sums
/// and products order them ThreadIdx, BlockIdx, LoopIter, BlockDim, GridDim,
/// Param, then Opaque, Carried and TripCount alike by name (the rank table
/// in LaneExpr.cpp), so that the lane-varying part of an address prints
/// first: "4*threadIdx.x + 128*blockIdx.x + n". Opaque, Carried and
/// TripCount are all runtime values --assume can name; their kinds keep a
/// value the warp loaded apart from the loop's own symbols.
enum class SymbolKind : uint8_t {
  Param,       ///< a kernel parameter or other named runtime value
  GridDim,     ///< gridDim.{x,y,z}
  BlockDim,    ///< blockDim.{x,y,z}
  BlockIdx,    ///< blockIdx.{x,y,z}
  ThreadIdx,   ///< threadIdx.{x,y,z}
  LoopIter,    ///< the iteration number of a loop (0, 1, 2, ...)
  Opaque,      ///< a value the analysis cannot see through (e.g. a load)
  Carried,     ///< a value a loop carries that its walk ahead cannot follow
  TripCount,   ///< after a loop, how many iterations it ran
};

/// Comparison predicates of Cmp nodes (value 1 when true, 0 when false).
enum class CmpPred : uint8_t { LT, LE, EQ, NE };

/// The limits past which the factory answers Unknown("too complex to
/// track"). They sit far above any address a person writes (the largest in
/// Rodinia and PolyBench-ACC prints in a few hundred characters) and far
/// below what makes a walk slow or a report unreadable.
struct ExprBudget {
  /// Nodes of the expression counted as a tree (shared operands counted once
  /// per use), so also a bound on its DAG size and on any tree walk.
  static constexpr unsigned MaxTreeSize = 2048;
  /// The longest print() of a node. Kept under 4 KB with room for what a
  /// report puts around an offset ("base + 4*(...)").
  static constexpr unsigned MaxPrintedLength = 4000;
  /// Nesting depth: bounds every recursion over an expression.
  static constexpr unsigned MaxDepth = 256;
  /// Terms one distribution of a product over a sum may create.
  static constexpr unsigned MaxDistributedTerms = 512;
  /// The reason of the Unknown returned past the budget.
  static constexpr const char *Reason = "too complex to track";
};

class Expr : public llvm::FoldingSetNode {
public:
  ExprKind getKind() const { return Kind; }
  void Profile(llvm::FoldingSetNodeID &ID) const { ID = ProfileID; }

  /// Nodes of the expression as a tree (saturates at UINT32_MAX).
  unsigned getTreeSize() const { return TreeSize; }
  /// An upper bound on the length of its printed form (the exact length
  /// for nodes whose estimate came near the budget).
  unsigned getPrintBound() const { return PrintBound; }
  /// 1 for a leaf, else 1 + the deepest operand.
  unsigned getDepth() const { return Depth; }
  /// The node's number in its context, dense from 0 in the order of
  /// creation: an index for tables over the nodes.
  unsigned getId() const { return Id; }

protected:
  Expr(ExprKind K, const llvm::FoldingSetNodeID &ID) : Kind(K), ProfileID(ID) {}

private:
  friend class ExprContext;
  ExprKind Kind;
  /// The best (smallest) symbol rank mentioned anywhere in the expression,
  /// cached because sums sort their terms by it.
  uint8_t LeadingRank = 8;
  unsigned TreeSize = 1;
  unsigned PrintBound = 1;
  unsigned Depth = 1;
  unsigned Id = 0;
  llvm::FoldingSetNodeID ProfileID;

public:
  /// The rank of the best-ranked symbol in the expression (see SymbolKind);
  /// 8 when it mentions none.
  unsigned getLeadingRank() const { return LeadingRank; }
};

class ConstantExpr : public Expr {
public:
  int64_t getValue() const { return Value; }
  static bool classof(const Expr *E) { return E->getKind() == ExprKind::Constant; }

private:
  friend class ExprContext;
  ConstantExpr(const llvm::FoldingSetNodeID &ID, int64_t V)
      : Expr(ExprKind::Constant, ID), Value(V) {}
  int64_t Value;
};

class SymbolExpr : public Expr {
public:
  SymbolKind getSymbolKind() const { return SKind; }
  /// 0, 1, 2 for .x, .y, .z of the builtin variables; for LoopIter, the loop's
  /// ordinal in the kernel; 0 otherwise.
  unsigned getDim() const { return Dim; }
  /// Parameter / variable name; for builtins "threadIdx.x" etc.; for loops the
  /// printed name of the iteration ("i#" style names are chosen by the client).
  llvm::StringRef getName() const { return Name; }
  /// Thread and block builtins (threadIdx, blockIdx, blockDim, gridDim).
  bool isBuiltin() const {
    return SKind >= SymbolKind::GridDim && SKind <= SymbolKind::ThreadIdx;
  }
  static bool classof(const Expr *E) { return E->getKind() == ExprKind::Symbol; }

private:
  friend class ExprContext;
  SymbolExpr(const llvm::FoldingSetNodeID &ID, SymbolKind K, unsigned D,
             std::string N)
      : Expr(ExprKind::Symbol, ID), SKind(K), Dim(D), Name(std::move(N)) {}
  SymbolKind SKind;
  unsigned Dim;
  std::string Name;
};

/// Add, Mul, Div, Rem, Shr, And, Or, Xor, Min, Max, Cmp, Select, Float.
/// Add and Mul have two or more operands (a Mul's constant coefficient, if
/// any, is its first operand; an Add's constant term, if any, is its last).
/// Div, Rem, Shr, And, Or, Xor, Min, Max and Cmp have two; Select has three
/// (condition, true value, false value).
class NAryExpr : public Expr {
public:
  llvm::ArrayRef<const Expr *> operands() const { return {Ops, NumOps}; }
  const Expr *getOperand(unsigned I) const { return Ops[I]; }
  unsigned getNumOperands() const { return NumOps; }
  /// Only meaningful for Cmp nodes.
  CmpPred getPredicate() const { return Pred; }
  /// Only meaningful for Float nodes: the operation, and whether it rounds
  /// to float (else to double).
  FloatOp getFloatOp() const { return FOp; }
  bool isSinglePrecision() const { return Single; }
  static bool classof(const Expr *E) {
    return E->getKind() >= ExprKind::Mul && E->getKind() <= ExprKind::Float;
  }

protected:
  friend class ExprContext;
  NAryExpr(const llvm::FoldingSetNodeID &ID, ExprKind K,
           const Expr *const *O, unsigned N, CmpPred P,
           FloatOp F = FloatOp::Literal, bool S = false)
      : Expr(K, ID), Ops(O), NumOps(N), Pred(P), FOp(F), Single(S) {}

private:
  const Expr *const *Ops;
  unsigned NumOps;
  CmpPred Pred;
  FloatOp FOp;
  bool Single;
};

/// One class per n-ary kind, as ScalarEvolution has one per SCEV kind; they
/// add no data, only their kind to isa/dyn_cast and to ExprVisitor.
#define COALESCE_NARY_KIND(Name)                                               \
  class Name##Expr : public NAryExpr {                                         \
  public:                                                                      \
    static bool classof(const Expr *E) {                                       \
      return E->getKind() == ExprKind::Name;                                   \
    }                                                                          \
                                                                               \
  private:                                                                     \
    friend class ExprContext;                                                  \
    using NAryExpr::NAryExpr;                                                  \
  };
COALESCE_NARY_KIND(Mul)
COALESCE_NARY_KIND(Add)
COALESCE_NARY_KIND(Div)
COALESCE_NARY_KIND(Rem)
COALESCE_NARY_KIND(Shr)
COALESCE_NARY_KIND(And)
COALESCE_NARY_KIND(Or)
COALESCE_NARY_KIND(Xor)
COALESCE_NARY_KIND(Min)
COALESCE_NARY_KIND(Max)
COALESCE_NARY_KIND(Cmp)
COALESCE_NARY_KIND(Select)
COALESCE_NARY_KIND(Float)
#undef COALESCE_NARY_KIND

class UnknownExpr : public Expr {
public:
  const Reason &getReason() const { return Why; }
  static bool classof(const Expr *E) { return E->getKind() == ExprKind::Unknown; }

private:
  friend class ExprContext;
  UnknownExpr(const llvm::FoldingSetNodeID &ID, Reason R)
      : Expr(ExprKind::Unknown, ID), Why(std::move(R)) {}
  Reason Why;
};

/// Owns and uniques every node. Clients build expressions only through it.
class ExprContext {
public:
  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext &) = delete;
  ExprContext &operator=(const ExprContext &) = delete;

  const Expr *constant(int64_t V);
  const Expr *symbol(SymbolKind K, unsigned Dim, llvm::StringRef Name);
  /// threadIdx.x etc.: a symbol named "threadIdx.x" of kind ThreadIdx, dim 0.
  const Expr *threadIdx(unsigned Dim);
  const Expr *blockIdx(unsigned Dim);
  const Expr *blockDim(unsigned Dim);
  const Expr *gridDim(unsigned Dim);
  /// An Unknown whose reason is the message Why (ReasonKind::Other).
  const Expr *unknown(llvm::StringRef Why);
  const Expr *unknown(const Reason &Why);

  const Expr *add(const Expr *A, const Expr *B);
  const Expr *add(llvm::ArrayRef<const Expr *> Ops);
  const Expr *sub(const Expr *A, const Expr *B);
  const Expr *neg(const Expr *A);
  const Expr *mul(const Expr *A, const Expr *B);
  const Expr *mul(llvm::ArrayRef<const Expr *> Ops);
  /// Truncating division; folds x/1, c1/c2, and (c*x)/c when exact; divisor
  /// constant 0 yields Unknown("division by zero").
  const Expr *div(const Expr *A, const Expr *B);
  const Expr *rem(const Expr *A, const Expr *B);
  /// a << b with constant b becomes a * 2^b.
  const Expr *shl(const Expr *A, const Expr *B);
  const Expr *shr(const Expr *A, const Expr *B);
  const Expr *bitAnd(const Expr *A, const Expr *B);
  const Expr *bitOr(const Expr *A, const Expr *B);
  const Expr *bitXor(const Expr *A, const Expr *B);
  const Expr *min(const Expr *A, const Expr *B);
  const Expr *max(const Expr *A, const Expr *B);
  /// a > b is built as cmp(LT, b, a); a >= b as cmp(LE, b, a). Folds when
  /// both sides are constant or the operands are identical.
  const Expr *cmp(CmpPred P, const Expr *A, const Expr *B);
  /// Logical not of a 0/1 value: cmp(EQ, A, 0).
  const Expr *logicalNot(const Expr *A);
  /// Folds constant conditions and identical arms.
  const Expr *select(const Expr *Cond, const Expr *T, const Expr *F);

  /// The float (Single) or double V as a Float literal.
  const Expr *realLiteral(double V, bool Single);
  /// A Float node of operation Op over Ops (see FloatOp); folded to a
  /// literal, or to a constant for ToInt, when every operand is one.
  const Expr *real(FloatOp Op, bool Single, llvm::ArrayRef<const Expr *> Ops);

  /// The node of kind K (an n-ary kind) over Ops, built through the factory
  /// above, so canonical (Pred is used by Cmp only). Rewriters use it.
  const Expr *build(ExprKind K, llvm::ArrayRef<const Expr *> Ops,
                    CmpPred Pred = CmpPred::LT);

  /// Replace symbols by expressions (e.g. blockDim.x by 256); re-canonicalises.
  const Expr *substitute(const Expr *E,
                         const std::function<const Expr *(const SymbolExpr *)> &Map);

private:
  struct Impl;
  Impl *P;
};

/// Dispatches on the node kind, as SCEVVisitor does. A subclass defines
/// visitAdd, visitSymbol, ... for the kinds it cares about; the others fall
/// back to visitNAry (n-ary kinds) and then to visitExpr, which it must
/// define when any kind reaches it.
template <typename SC, typename RetVal = void> class ExprVisitor {
public:
  RetVal visit(const Expr *E) {
    SC *Self = static_cast<SC *>(this);
    switch (E->getKind()) {
    case ExprKind::Constant:
      return Self->visitConstant(llvm::cast<ConstantExpr>(E));
    case ExprKind::Symbol:
      return Self->visitSymbol(llvm::cast<SymbolExpr>(E));
    case ExprKind::Unknown:
      return Self->visitUnknown(llvm::cast<UnknownExpr>(E));
    case ExprKind::Mul:
      return Self->visitMul(llvm::cast<MulExpr>(E));
    case ExprKind::Add:
      return Self->visitAdd(llvm::cast<AddExpr>(E));
    case ExprKind::Div:
      return Self->visitDiv(llvm::cast<DivExpr>(E));
    case ExprKind::Rem:
      return Self->visitRem(llvm::cast<RemExpr>(E));
    case ExprKind::Shr:
      return Self->visitShr(llvm::cast<ShrExpr>(E));
    case ExprKind::And:
      return Self->visitAnd(llvm::cast<AndExpr>(E));
    case ExprKind::Or:
      return Self->visitOr(llvm::cast<OrExpr>(E));
    case ExprKind::Xor:
      return Self->visitXor(llvm::cast<XorExpr>(E));
    case ExprKind::Min:
      return Self->visitMin(llvm::cast<MinExpr>(E));
    case ExprKind::Max:
      return Self->visitMax(llvm::cast<MaxExpr>(E));
    case ExprKind::Cmp:
      return Self->visitCmp(llvm::cast<CmpExpr>(E));
    case ExprKind::Select:
      return Self->visitSelect(llvm::cast<SelectExpr>(E));
    case ExprKind::Float:
      return Self->visitFloat(llvm::cast<FloatExpr>(E));
    }
    llvm_unreachable("unknown expression kind");
  }

  RetVal visitConstant(const ConstantExpr *E) { return self().visitExpr(E); }
  RetVal visitSymbol(const SymbolExpr *E) { return self().visitExpr(E); }
  RetVal visitUnknown(const UnknownExpr *E) { return self().visitExpr(E); }
  RetVal visitNAry(const NAryExpr *E) { return self().visitExpr(E); }
  RetVal visitMul(const MulExpr *E) { return self().visitNAry(E); }
  RetVal visitAdd(const AddExpr *E) { return self().visitNAry(E); }
  RetVal visitDiv(const DivExpr *E) { return self().visitNAry(E); }
  RetVal visitRem(const RemExpr *E) { return self().visitNAry(E); }
  RetVal visitShr(const ShrExpr *E) { return self().visitNAry(E); }
  RetVal visitAnd(const AndExpr *E) { return self().visitNAry(E); }
  RetVal visitOr(const OrExpr *E) { return self().visitNAry(E); }
  RetVal visitXor(const XorExpr *E) { return self().visitNAry(E); }
  RetVal visitMin(const MinExpr *E) { return self().visitNAry(E); }
  RetVal visitMax(const MaxExpr *E) { return self().visitNAry(E); }
  RetVal visitCmp(const CmpExpr *E) { return self().visitNAry(E); }
  RetVal visitSelect(const SelectExpr *E) { return self().visitNAry(E); }
  RetVal visitFloat(const FloatExpr *E) { return self().visitNAry(E); }

private:
  SC &self() { return *static_cast<SC *>(this); }
};

/// Rebuilds an expression bottom-up through the factory, each shared node
/// once (SCEVRewriteVisitor's role). A subclass overrides rewriteSymbol (and
/// may override visit* for other kinds); nodes whose operands did not change
/// are kept as they are. Recursion depth is bounded by ExprBudget::MaxDepth.
class ExprRewriter : public ExprVisitor<ExprRewriter, const Expr *> {
public:
  explicit ExprRewriter(ExprContext &Ctx) : Ctx(Ctx) {}
  virtual ~ExprRewriter();

  /// The rewritten E (memoised per rewriter).
  const Expr *rewrite(const Expr *E);

  /// The replacement of a symbol; the default keeps it.
  virtual const Expr *rewriteSymbol(const SymbolExpr *S) { return S; }

  const Expr *visitExpr(const Expr *E) { return E; }
  const Expr *visitSymbol(const SymbolExpr *S);
  const Expr *visitNAry(const NAryExpr *N);

protected:
  ExprContext &Ctx;

private:
  llvm::DenseMap<const Expr *, const Expr *> Memo;
};

/// Values for symbols during evaluation; returning nullopt means "no value"
/// and makes the evaluation fail.
using SymbolValues = std::function<std::optional<int64_t>(const SymbolExpr *)>;

/// Exact evaluation. nullopt when a symbol has no value, the expression holds
/// an Unknown, or an operation is undefined (division by zero, overflow).
std::optional<int64_t> evaluate(const Expr *E, const SymbolValues &Values);

/// The evaluations of one warp's lanes: every symbol but threadIdx has the
/// same value in each (the block, the loop iterations, the runtime values),
/// so a part of an expression that does not mention threadIdx is evaluated
/// for the first lane that needs it and its value kept for the others. A
/// scope must end before any symbol's value other than threadIdx changes;
/// it serves the expressions of one context, evaluated on the thread that
/// began it.
class WarpScope {
public:
  WarpScope();
  uint64_t stamp() const { return Stamp; }

private:
  uint64_t Stamp;
};

/// evaluate, in the warp scope W.
std::optional<int64_t> evaluate(const Expr *E, const SymbolValues &Values,
                                const WarpScope &W);

/// An address, for its place in sectors: evaluate's value when it has one.
/// Otherwise sums and products may leave int64 at the sampled values (three
/// assumed sizes of 2^20 and a fourth multiplied: 2^80), which the run's
/// sizes do not: sectors depend only on how far apart the lanes are and
/// where they sit modulo 32, so the address is the place of thread (0, 0,
/// 0) of the block modulo 2^62 (centred on 0) plus the thread's exact
/// distance from it. A quotient, a remainder, a shift right, a bit
/// operation, a comparison, min or max of a value int64 does not hold
/// still fails, since those need the bits lost; so does a thread 2^61
/// bytes or more from thread 0.
std::optional<int64_t> evaluateAddress(const Expr *E,
                                       const SymbolValues &Values);
/// evaluateAddress, in the warp scope W.
std::optional<int64_t> evaluateAddress(const Expr *E,
                                       const SymbolValues &Values,
                                       const WarpScope &W);

/// A set of a warp's lanes: bit L for lane L (a warp has 32).
using LaneMask = uint32_t;
constexpr unsigned MaxLanes = 32;

/// Values of a warp's lanes: lane L has V[L] when bit L of Has is set.
struct LaneValues {
  LaneMask Has = 0;
  std::array<int64_t, MaxLanes> V;
};

/// The lanes of one warp evaluated together: each node once for all the
/// lanes that need it, not the whole tree once per lane (a warp sample is
/// 32 evaluations of the same expression that differ only in threadIdx).
/// Lane L's threadIdx is Thread[L]; every other symbol has Values's value,
/// the same in every lane. Each lane gets evaluate's value, and Values is
/// asked for exactly the symbols that evaluating the lanes one by one
/// would read: an operand after one that failed, the arm of a select a
/// lane does not take, are not evaluated for that lane. Like a WarpScope,
/// it must end before a symbol's value other than threadIdx changes.
class WarpLanesEvaluation {
public:
  WarpLanesEvaluation(const SymbolValues &Values,
                      llvm::ArrayRef<std::array<int64_t, 3>> Thread);
  /// E in the lanes of Mask (evaluate's value, or none).
  LaneValues evaluate(const Expr *E, LaneMask Mask);

private:
  struct Kept {
    LaneMask Done = 0;
    LaneValues Values;
  };
  LaneValues lanes(const Expr *E, LaneMask Mask);
  LaneValues compute(const NAryExpr *N, LaneMask Mask);
  LaneValues oneByOne(const Expr *E, LaneMask Mask);

  const SymbolValues &Values;
  llvm::ArrayRef<std::array<int64_t, 3>> Thread;
  uint64_t Stamp;
  /// The lanes of nodes shared in a large tree, while one is evaluated.
  llvm::DenseMap<const Expr *, Kept> *Shared = nullptr;
};

/// The one printed form, used in messages and JSON. Examples:
///   "4*threadIdx.x + 128*blockIdx.x", "(n + 3) / 4", "min(i, n - 1)",
///   "threadIdx.x % 32", "unknown(loaded from memory)".
/// Sums print their terms in operand order with " + " and " - " (a term with
/// a negative coefficient prints as " - c*x"); products as "c*a*b"; operands
/// of non-linear nodes that are sums are parenthesised.
std::string print(const Expr *E);

/// Prints E with the greatest common divisor G of all its coefficients (and
/// constant term) factored out, when G > 1: "4*(threadIdx.x + 32*blockIdx.x)".
std::string printFactored(const Expr *E);

/// If E is linear in symbol S (S appears only in Add/Mul terms, with degree
/// one, and nowhere inside a non-linear node), returns the coefficient of S
/// (which may be symbolic, e.g. "height"); a constant 0 if S does not occur;
/// nullptr if E is not linear in S.
const Expr *coefficientOf(ExprContext &Ctx, const Expr *E, const SymbolExpr *S);

/// Whether E is a multiple of D (D != 0) whatever its symbols' values:
/// every coefficient, the constant term's included, is one.
bool isAlwaysMultipleOf(const Expr *E, int64_t D);

/// Whether symbol S occurs anywhere in E.
bool mentions(const Expr *E, const SymbolExpr *S);
/// Whether any symbol satisfying Pred occurs in E.
bool mentionsIf(const Expr *E, const std::function<bool(const SymbolExpr *)> &Pred);
/// The first Unknown inside E, or nullptr.
const UnknownExpr *findUnknown(const Expr *E);
/// The value of a Float literal (ExprContext::realLiteral); none for any
/// other node.
std::optional<double> realValue(const Expr *E);
/// Splits a condition into the comparisons that must all hold: "a && b"
/// (select(a, b, 0)) into a and b, "x < min(a, b)" into x < a and x < b;
/// anything else is one part.
void splitConjuncts(ExprContext &Ctx, const Expr *E,
                    std::vector<const Expr *> &Out);

} // namespace coalesce

#endif
