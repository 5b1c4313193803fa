//===- LaneExprFuzzer.cpp - libFuzzer target over the LaneExpr factory ----===//
//
// The input is a program for a small stack machine that builds a random
// expression tree twice over: as a plain reference tree kept here, and
// through the ExprContext factory. Then, for the factory's result:
//   - canonical form: building the same tree again in the same context gives
//     the same pointer; building it in a fresh context prints the same text;
//     printing twice gives the same text;
//   - bounds: the printed form fits the node's print bound and the budget;
//   - exactness: for several symbol values, whenever both the reference
//     evaluator (C++ semantics, undefined behaviour = no value) and
//     evaluate() give a value, they are equal. The factory may only lose a
//     value (overflow inside a reordered sum), never change one.
//
//===----------------------------------------------------------------------===//

#include "LaneExpr/LaneExpr.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace coalesce;

namespace {

enum class Op : uint8_t {
  Const, Sym, Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor, Min, Max,
  Lt, Le, Eq, Ne, Not, Neg, Select, NumOps
};

struct Ref {
  Op Kind;
  int64_t Value = 0; // constant value, or symbol index
  std::vector<const Ref *> Kids;
};

constexpr unsigned NumSymbols = 5;

/// Reads the input as a stack program; each node is kept in Pool.
class Reader {
public:
  Reader(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}

  const Ref *build(std::vector<std::unique_ptr<Ref>> &Pool) {
    std::vector<const Ref *> Stack;
    auto Node = [&](Op K, int64_t V, std::vector<const Ref *> Kids) {
      Pool.push_back(std::make_unique<Ref>(Ref{K, V, std::move(Kids)}));
      return Pool.back().get();
    };
    while (Pos < Size && Pool.size() < 4096) {
      Op K = Op(Data[Pos++] % uint8_t(Op::NumOps));
      unsigned Arity = K == Op::Const || K == Op::Sym ? 0
                       : K == Op::Not || K == Op::Neg ? 1
                       : K == Op::Select             ? 3
                                                      : 2;
      if (K == Op::Const) {
        Stack.push_back(Node(K, constant(), {}));
        continue;
      }
      if (K == Op::Sym) {
        Stack.push_back(Node(K, byte() % NumSymbols, {}));
        continue;
      }
      if (Stack.size() < Arity)
        continue;
      std::vector<const Ref *> Kids(Stack.end() - Arity, Stack.end());
      Stack.resize(Stack.size() - Arity);
      Stack.push_back(Node(K, 0, std::move(Kids)));
    }
    return Stack.empty() ? nullptr : Stack.back();
  }

private:
  const uint8_t *Data;
  size_t Size;
  size_t Pos = 0;

  uint8_t byte() { return Pos < Size ? Data[Pos++] : 0; }
  /// Mostly small constants (where the algebra folds and divides), now and
  /// then the ends of int64.
  int64_t constant() {
    uint8_t B = byte();
    switch (B >> 5) {
    case 0:
      return INT64_MAX - (B & 3);
    case 1:
      return INT64_MIN + (B & 3);
    default:
      return int64_t(B & 63) - 16;
    }
  }
};

const Expr *lower(ExprContext &X, const Ref *R,
                  const std::vector<const Expr *> &Syms) {
  auto K = [&](unsigned I) { return lower(X, R->Kids[I], Syms); };
  switch (R->Kind) {
  case Op::Const:
    return X.constant(R->Value);
  case Op::Sym:
    return Syms[R->Value];
  case Op::Add:
    return X.add(K(0), K(1));
  case Op::Sub:
    return X.sub(K(0), K(1));
  case Op::Mul:
    return X.mul(K(0), K(1));
  case Op::Div:
    return X.div(K(0), K(1));
  case Op::Rem:
    return X.rem(K(0), K(1));
  case Op::Shl:
    return X.shl(K(0), K(1));
  case Op::Shr:
    return X.shr(K(0), K(1));
  case Op::And:
    return X.bitAnd(K(0), K(1));
  case Op::Or:
    return X.bitOr(K(0), K(1));
  case Op::Xor:
    return X.bitXor(K(0), K(1));
  case Op::Min:
    return X.min(K(0), K(1));
  case Op::Max:
    return X.max(K(0), K(1));
  case Op::Lt:
    return X.cmp(CmpPred::LT, K(0), K(1));
  case Op::Le:
    return X.cmp(CmpPred::LE, K(0), K(1));
  case Op::Eq:
    return X.cmp(CmpPred::EQ, K(0), K(1));
  case Op::Ne:
    return X.cmp(CmpPred::NE, K(0), K(1));
  case Op::Not:
    return X.logicalNot(K(0));
  case Op::Neg:
    return X.neg(K(0));
  case Op::Select:
    return X.select(K(0), K(1), K(2));
  case Op::NumOps:
    break;
  }
  abort();
}

using V = std::optional<int64_t>;

/// C++ semantics on int64; undefined behaviour (overflow, division by zero,
/// shifts out of range or of negative values) is no value.
V reference(const Ref *R, const int64_t *Sym) {
  if (R->Kind == Op::Const)
    return R->Value;
  if (R->Kind == Op::Sym)
    return Sym[R->Value];
  V A = reference(R->Kids[0], Sym);
  if (!A)
    return std::nullopt;
  if (R->Kind == Op::Select)
    return reference(R->Kids[*A != 0 ? 1 : 2], Sym);
  if (R->Kind == Op::Not)
    return int64_t(*A == 0);
  if (R->Kind == Op::Neg) {
    if (*A == INT64_MIN)
      return std::nullopt;
    return -*A;
  }
  V B = reference(R->Kids[1], Sym);
  if (!B)
    return std::nullopt;
  int64_t L = *A, Rr = *B, Out;
  switch (R->Kind) {
  case Op::Add:
    return __builtin_add_overflow(L, Rr, &Out) ? V() : V(Out);
  case Op::Sub:
    return __builtin_sub_overflow(L, Rr, &Out) ? V() : V(Out);
  case Op::Mul:
    return __builtin_mul_overflow(L, Rr, &Out) ? V() : V(Out);
  case Op::Div:
  case Op::Rem:
    if (Rr == 0 || (L == INT64_MIN && Rr == -1))
      return std::nullopt;
    return R->Kind == Op::Div ? L / Rr : L % Rr;
  case Op::Shl:
    // As the factory models it: a * 2^b, defined while that fits.
    if (Rr < 0 || Rr > 62)
      return std::nullopt;
    return __builtin_mul_overflow(L, int64_t(1) << Rr, &Out) ? V() : V(Out);
  case Op::Shr:
    if (Rr < 0 || Rr > 63)
      return std::nullopt;
    return L >> Rr;
  case Op::And:
    return L & Rr;
  case Op::Or:
    return L | Rr;
  case Op::Xor:
    return L ^ Rr;
  case Op::Min:
    return L < Rr ? L : Rr;
  case Op::Max:
    return L < Rr ? Rr : L;
  case Op::Lt:
    return int64_t(L < Rr);
  case Op::Le:
    return int64_t(L <= Rr);
  case Op::Eq:
    return int64_t(L == Rr);
  case Op::Ne:
    return int64_t(L != Rr);
  default:
    abort();
  }
}

std::vector<const Expr *> symbols(ExprContext &X) {
  return {X.threadIdx(0), X.blockIdx(0),
          X.symbol(SymbolKind::LoopIter, 0, "i"),
          X.symbol(SymbolKind::Param, 0, "n"),
          X.symbol(SymbolKind::Opaque, 0, "load")};
}

[[noreturn]] void fail(const char *What, const std::string &Printed) {
  fprintf(stderr, "laneexpr-fuzzer: %s\n  expression: %s\n", What,
          Printed.c_str());
  abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::vector<std::unique_ptr<Ref>> Pool;
  const Ref *Root = Reader(Data, Size).build(Pool);
  if (!Root)
    return 0;

  ExprContext X;
  std::vector<const Expr *> Syms = symbols(X);
  const Expr *E = lower(X, Root, Syms);
  std::string Printed = print(E);
  if (lower(X, Root, Syms) != E)
    fail("the same tree built twice is not the same node", Printed);
  if (print(E) != Printed)
    fail("printing is not stable", Printed);
  {
    ExprContext Fresh;
    std::vector<const Expr *> FreshSyms = symbols(Fresh);
    if (print(lower(Fresh, Root, FreshSyms)) != Printed)
      fail("a fresh context prints differently", Printed);
  }
  if (llvm::isa<UnknownExpr>(E))
    return 0;
  if (Printed.size() > E->getPrintBound() ||
      Printed.size() > ExprBudget::MaxPrintedLength)
    fail("printed form longer than its bound", Printed);
  if (E->getDepth() > ExprBudget::MaxDepth ||
      E->getTreeSize() > ExprBudget::MaxTreeSize)
    fail("node past the budget", Printed);

  static const int64_t Values[][NumSymbols] = {
      {0, 0, 0, 0, 0},     {1, 2, 3, 4, 5},        {31, 7, 1, -3, 100},
      {5, 0, 9, 1048576, -1}, {17, 3, 2, -64, 255},
  };
  for (const auto &Row : Values) {
    V Want = reference(Root, Row);
    V Got = evaluate(E, [&](const SymbolExpr *S) -> V {
      for (unsigned I = 0; I < NumSymbols; ++I)
        if (S == Syms[I])
          return Row[I];
      return std::nullopt;
    });
    if (Want && Got && *Want != *Got)
      fail(("evaluates to " + std::to_string(*Got) + ", the reference to " +
            std::to_string(*Want))
               .c_str(),
           Printed);
  }
  return 0;
}
