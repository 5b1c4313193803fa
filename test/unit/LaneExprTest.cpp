//===- LaneExprTest.cpp - the lane-expression algebra ---------------------===//

#include "LaneExpr/LaneExpr.h"

#include "gtest/gtest.h"

#include <limits>
#include <array>
#include <map>
#include <set>
#include <string>

using namespace coalesce;

namespace {

constexpr int64_t Max64 = std::numeric_limits<int64_t>::max();
constexpr int64_t Min64 = std::numeric_limits<int64_t>::min();

class LaneExprTest : public testing::Test {
protected:
  ExprContext Ctx;
  const Expr *TX = Ctx.threadIdx(0);
  const Expr *TY = Ctx.threadIdx(1);
  const Expr *BX = Ctx.blockIdx(0);
  const Expr *BDX = Ctx.blockDim(0);
  const Expr *GDX = Ctx.gridDim(0);
  const Expr *N = Ctx.symbol(SymbolKind::Param, 0, "n");
  const Expr *M = Ctx.symbol(SymbolKind::Param, 0, "m");
  const Expr *Height = Ctx.symbol(SymbolKind::Param, 0, "height");
  const Expr *I = Ctx.symbol(SymbolKind::LoopIter, 0, "i");
  const Expr *Load = Ctx.symbol(SymbolKind::Opaque, 0, "load");
  const Expr *Loaded = Ctx.unknown("loaded from memory");
  const Expr *Other = Ctx.unknown("other reason");

  const Expr *c(int64_t V) { return Ctx.constant(V); }
  const SymbolExpr *sym(const Expr *E) { return llvm::cast<SymbolExpr>(E); }
  std::string reasonOf(const Expr *E) {
    const auto *U = llvm::dyn_cast<UnknownExpr>(E);
    return U ? debugText(U->getReason()) : "<not unknown>";
  }

  /// Evaluates with the named symbols bound; any other symbol has no value.
  std::optional<int64_t> eval(const Expr *E,
                              std::map<std::string, int64_t> Bindings) {
    return evaluate(E, [&](const SymbolExpr *S) -> std::optional<int64_t> {
      auto It = Bindings.find(S->getName().str());
      if (It == Bindings.end())
        return std::nullopt;
      return It->second;
    });
  }
};

//===- Uniquing -----------------------------------------------------------===//

TEST_F(LaneExprTest, LeavesAreUniqued) {
  EXPECT_EQ(c(5), c(5));
  EXPECT_NE(c(5), c(6));
  EXPECT_EQ(TX, Ctx.symbol(SymbolKind::ThreadIdx, 0, "threadIdx.x"));
  EXPECT_EQ(TX, Ctx.threadIdx(0));
  EXPECT_NE(TX, TY);
  EXPECT_NE(N, Ctx.symbol(SymbolKind::Opaque, 0, "n"));
  EXPECT_EQ(Loaded, Ctx.unknown("loaded from memory"));
  EXPECT_EQ(sym(TY)->getDim(), 1u);
  EXPECT_EQ(sym(GDX)->getName(), "gridDim.x");
  EXPECT_TRUE(sym(BDX)->isBuiltin());
  EXPECT_FALSE(sym(N)->isBuiltin());
}

TEST_F(LaneExprTest, RuntimeValuesOfEveryKindSortAlikeAndStayApart) {
  // A loaded value, a loop's carried value and its trip count share a
  // rank; even under one name their kinds keep them apart, in one order.
  const Expr *O = Ctx.symbol(SymbolKind::Opaque, 0, "x");
  const Expr *C = Ctx.symbol(SymbolKind::Carried, 0, "x");
  const Expr *T = Ctx.symbol(SymbolKind::TripCount, 0, "x");
  EXPECT_NE(O, C);
  EXPECT_NE(C, T);
  EXPECT_EQ(Ctx.add({O, C, T}), Ctx.add({T, O, C}));
  EXPECT_EQ(Ctx.add({O, C, T}), Ctx.add({C, T, O}));
  // After parameters, as loaded values are.
  EXPECT_EQ(print(Ctx.add(C, N)), "n + x");
  EXPECT_EQ(print(Ctx.add(TX, T)), "threadIdx.x + x");
}

TEST_F(LaneExprTest, SumIsTheSamePointerInEitherOrder) {
  EXPECT_EQ(Ctx.add(N, M), Ctx.add(M, N));
  EXPECT_EQ(Ctx.add({TX, BX, N}), Ctx.add({N, BX, TX}));
}

TEST_F(LaneExprTest, ProductOfSumIsTheSamePointerAsExpandedSum) {
  const Expr *X = N, *Y = M;
  EXPECT_EQ(Ctx.mul(c(2), Ctx.add(X, Y)),
            Ctx.add(Ctx.mul(c(2), X), Ctx.mul(c(2), Y)));
}

TEST_F(LaneExprTest, ProductsAreTheSamePointerInEitherOrder) {
  EXPECT_EQ(Ctx.mul(Height, TX), Ctx.mul(TX, Height));
  EXPECT_EQ(Ctx.mul({c(3), Height, TX}), Ctx.mul({TX, c(3), Height}));
}

TEST_F(LaneExprTest, NestedSumsFlatten) {
  const Expr *Flat = Ctx.add({TX, BX, N});
  EXPECT_EQ(Ctx.add(Ctx.add(TX, BX), N), Flat);
  EXPECT_EQ(Ctx.add(TX, Ctx.add(BX, N)), Flat);
  const auto *Sum = llvm::cast<NAryExpr>(Flat);
  EXPECT_EQ(Sum->getKind(), ExprKind::Add);
  EXPECT_EQ(Sum->getNumOperands(), 3u);
}

TEST_F(LaneExprTest, NestedProductsFlattenIntoOneCoefficient) {
  const Expr *P = Ctx.mul(Ctx.mul(c(2), N), Ctx.mul(c(3), M));
  EXPECT_EQ(P, Ctx.mul({c(6), M, N}));
  const auto *Mul = llvm::cast<NAryExpr>(P);
  EXPECT_EQ(Mul->getNumOperands(), 3u);
  EXPECT_EQ(Mul->getOperand(0), c(6));
}

//===- Folding ------------------------------------------------------------===//

TEST_F(LaneExprTest, ConstantsFold) {
  EXPECT_EQ(Ctx.add(c(2), c(3)), c(5));
  EXPECT_EQ(Ctx.mul(c(4), c(-5)), c(-20));
  EXPECT_EQ(Ctx.sub(c(2), c(9)), c(-7));
  EXPECT_EQ(Ctx.add({c(1), N, c(2)}), Ctx.add(N, c(3)));
  EXPECT_EQ(Ctx.add({}), c(0));
  EXPECT_EQ(Ctx.mul(llvm::ArrayRef<const Expr *>{}), c(1));
}

TEST_F(LaneExprTest, ConstantTermIsLastAndCoefficientFirst) {
  const auto *Sum = llvm::cast<NAryExpr>(Ctx.add(c(3), Ctx.mul(N, c(4))));
  EXPECT_EQ(Sum->getOperand(1), c(3));
  const auto *Term = llvm::cast<NAryExpr>(Sum->getOperand(0));
  EXPECT_EQ(Term->getOperand(0), c(4));
}

TEST_F(LaneExprTest, LikeTermsCombine) {
  EXPECT_EQ(Ctx.add(Ctx.mul(c(3), N), Ctx.mul(c(5), N)), Ctx.mul(c(8), N));
  EXPECT_EQ(Ctx.add({Ctx.mul(Height, TX), TX, Ctx.mul({c(2), TX, Height})}),
            Ctx.add(Ctx.mul({c(3), Height, TX}), TX));
}

TEST_F(LaneExprTest, CancellingTermsAreDropped) {
  EXPECT_EQ(Ctx.sub(N, N), c(0));
  EXPECT_EQ(Ctx.add(N, Ctx.neg(N)), c(0));
  EXPECT_EQ(Ctx.sub(Ctx.add(TX, N), N), TX);
}

TEST_F(LaneExprTest, ZeroAndOneFactors) {
  EXPECT_EQ(Ctx.mul(c(0), N), c(0));
  EXPECT_EQ(Ctx.mul(Ctx.add(N, M), c(0)), c(0));
  EXPECT_EQ(Ctx.mul(c(1), N), N);
  EXPECT_EQ(Ctx.add(N, c(0)), N);
  EXPECT_EQ(Ctx.neg(Ctx.neg(N)), N);
}

TEST_F(LaneExprTest, ProductsDistributeOverSums) {
  EXPECT_EQ(Ctx.mul(c(4), Ctx.add(TX, Ctx.mul(c(32), BX))),
            Ctx.add(Ctx.mul(c(4), TX), Ctx.mul(c(128), BX)));
  // (n + 1)(m - 1) = m - n + m*n - 1
  const Expr *P = Ctx.mul(Ctx.add(N, c(1)), Ctx.sub(M, c(1)));
  EXPECT_EQ(P, Ctx.add({M, Ctx.neg(N), Ctx.mul(M, N), c(-1)}));
  EXPECT_EQ(print(P), "m - n + m*n - 1");
}

TEST_F(LaneExprTest, ShiftLeftByAConstantIsAProduct) {
  EXPECT_EQ(Ctx.shl(TX, c(2)), Ctx.mul(c(4), TX));
  EXPECT_EQ(Ctx.shl(c(3), c(4)), c(48));
  EXPECT_EQ(reasonOf(Ctx.shl(TX, c(64))), "shift amount out of range");
  EXPECT_EQ(reasonOf(Ctx.shl(c(1), c(63))), "integer overflow");
}

TEST_F(LaneExprTest, ShiftLeftByAVariableIsAPowerOfTwo) {
  // x << n is x * 2^n, kept as 2^62 >> (62 - n) and printed as C has it.
  const Expr *S = Ctx.shl(TX, N);
  EXPECT_EQ(print(S), "threadIdx.x*(1 << n)");
  EXPECT_EQ(print(Ctx.shl(c(1), Ctx.add(N, c(2)))), "1 << (n + 2)");
  // A single term as the amount: 2^62 >> n is 2^(62 - n).
  EXPECT_EQ(print(Ctx.shr(c(int64_t(1) << 62), N)), "1 << (-n + 62)");
  EXPECT_EQ(eval(S, {{"threadIdx.x", 3}, {"n", 11}}), 3 * 2048);
  EXPECT_EQ(eval(S, {{"threadIdx.x", 3}, {"n", 0}}), 3);
  // Past 2^62, no value.
  EXPECT_EQ(eval(S, {{"threadIdx.x", 3}, {"n", 63}}), std::nullopt);
}

TEST_F(LaneExprTest, DivisionFoldsOnlyWhenExact) {
  EXPECT_EQ(Ctx.div(N, c(1)), N);
  EXPECT_EQ(Ctx.div(N, c(-1)), Ctx.neg(N));
  EXPECT_EQ(Ctx.div(Ctx.mul(c(4), N), c(4)), N);
  EXPECT_EQ(Ctx.div(Ctx.mul(c(8), N), c(4)), Ctx.mul(c(2), N));
  EXPECT_EQ(Ctx.div(Ctx.add(Ctx.mul(c(4), N), Ctx.mul(c(4), M)), c(4)),
            Ctx.add(N, M));
  EXPECT_EQ(Ctx.div(Ctx.add(Ctx.mul(c(4), N), c(8)), c(4)), Ctx.add(N, c(2)));
  // (4n + 1) / 4 is not n (n = -1 gives 0, not -1): kept as a node.
  const Expr *Inexact = Ctx.div(Ctx.add(Ctx.mul(c(4), N), c(1)), c(4));
  EXPECT_EQ(Inexact->getKind(), ExprKind::Div);
  EXPECT_EQ(Ctx.div(Ctx.mul(c(4), N), c(8))->getKind(), ExprKind::Div);
  EXPECT_EQ(Ctx.div(N, M)->getKind(), ExprKind::Div);
}

TEST_F(LaneExprTest, ConstantDivisionTruncatesTowardZero) {
  EXPECT_EQ(Ctx.div(c(-7), c(2)), c(-3));
  EXPECT_EQ(Ctx.rem(c(-7), c(2)), c(-1));
  EXPECT_EQ(Ctx.div(c(7), c(-2)), c(-3));
  EXPECT_EQ(Ctx.rem(c(7), c(-2)), c(1));
  EXPECT_EQ(Ctx.shr(c(-8), c(1)), c(-4));
  EXPECT_EQ(Ctx.shr(c(-7), c(1)), c(-4)); // arithmetic: floor, not truncation
}

TEST_F(LaneExprTest, RemainderFolds) {
  EXPECT_EQ(Ctx.rem(N, c(1)), c(0));
  EXPECT_EQ(Ctx.rem(Ctx.mul(c(4), N), c(4)), c(0));
  EXPECT_EQ(Ctx.rem(Ctx.add(Ctx.mul(c(64), N), c(32)), c(32)), c(0));
  EXPECT_EQ(Ctx.rem(TX, c(32))->getKind(), ExprKind::Rem);
}

TEST_F(LaneExprTest, ShiftRightFoldsWhenExact) {
  EXPECT_EQ(Ctx.shr(N, c(0)), N);
  EXPECT_EQ(Ctx.shr(Ctx.mul(c(4), TX), c(2)), TX);
  EXPECT_EQ(Ctx.shr(TX, c(5))->getKind(), ExprKind::Shr);
  EXPECT_EQ(reasonOf(Ctx.shr(TX, c(-1))), "shift amount out of range");
}

TEST_F(LaneExprTest, DivisionByConstantZeroIsUnknown) {
  EXPECT_EQ(reasonOf(Ctx.div(N, c(0))), "division by zero");
  EXPECT_EQ(reasonOf(Ctx.rem(N, c(0))), "division by zero");
  EXPECT_EQ(reasonOf(Ctx.div(c(1), c(0))), "division by zero");
}

TEST_F(LaneExprTest, OverflowWhileFoldingIsUnknown) {
  EXPECT_EQ(reasonOf(Ctx.add(c(Max64), c(1))), "integer overflow");
  EXPECT_EQ(reasonOf(Ctx.mul(c(Max64), c(2))), "integer overflow");
  EXPECT_EQ(reasonOf(Ctx.neg(c(Min64))), "integer overflow");
  EXPECT_EQ(reasonOf(Ctx.div(c(Min64), c(-1))), "integer overflow");
  EXPECT_EQ(reasonOf(Ctx.rem(c(Min64), c(-1))), "integer overflow");
  EXPECT_EQ(reasonOf(Ctx.add(Ctx.mul(c(Max64), N), N)), "integer overflow");
  EXPECT_EQ(reasonOf(Ctx.mul(c(1LL << 40), Ctx.mul(c(1LL << 40), N))),
            "integer overflow");
  // Only the final value has to fit.
  EXPECT_EQ(Ctx.add({c(Max64), N, c(-1)}), Ctx.add(N, c(Max64 - 1)));
}

TEST_F(LaneExprTest, CommutativeOperationsSortTheirOperands) {
  EXPECT_EQ(Ctx.bitAnd(c(31), TX), Ctx.bitAnd(TX, c(31)));
  EXPECT_EQ(Ctx.bitOr(N, TX), Ctx.bitOr(TX, N));
  EXPECT_EQ(Ctx.bitXor(N, TX), Ctx.bitXor(TX, N));
  EXPECT_EQ(Ctx.min(N, TX), Ctx.min(TX, N));
  EXPECT_EQ(Ctx.max(c(0), I), Ctx.max(I, c(0)));
  EXPECT_EQ(print(Ctx.bitAnd(c(31), TX)), "threadIdx.x & 31");
  EXPECT_EQ(print(Ctx.max(c(0), I)), "max(i, 0)");
}

TEST_F(LaneExprTest, IdempotentAndIdentityOperandsFold) {
  EXPECT_EQ(Ctx.min(N, N), N);
  EXPECT_EQ(Ctx.max(N, N), N);
  EXPECT_EQ(Ctx.bitAnd(N, N), N);
  EXPECT_EQ(Ctx.bitOr(N, N), N);
  EXPECT_EQ(Ctx.bitXor(N, N), c(0));
  EXPECT_EQ(Ctx.bitAnd(N, c(0)), c(0));
  EXPECT_EQ(Ctx.bitAnd(N, c(-1)), N);
  EXPECT_EQ(Ctx.bitOr(N, c(0)), N);
  EXPECT_EQ(Ctx.bitOr(N, c(-1)), c(-1));
  EXPECT_EQ(Ctx.bitXor(N, c(0)), N);
}

TEST_F(LaneExprTest, ConstantBitwiseAndMinMaxFold) {
  EXPECT_EQ(Ctx.bitAnd(c(12), c(10)), c(8));
  EXPECT_EQ(Ctx.bitOr(c(12), c(10)), c(14));
  EXPECT_EQ(Ctx.bitXor(c(12), c(10)), c(6));
  EXPECT_EQ(Ctx.min(c(-3), c(2)), c(-3));
  EXPECT_EQ(Ctx.max(c(-3), c(2)), c(2));
}

TEST_F(LaneExprTest, ComparisonsFold) {
  EXPECT_EQ(Ctx.cmp(CmpPred::LT, c(2), c(3)), c(1));
  EXPECT_EQ(Ctx.cmp(CmpPred::LE, c(3), c(3)), c(1));
  EXPECT_EQ(Ctx.cmp(CmpPred::EQ, c(2), c(3)), c(0));
  EXPECT_EQ(Ctx.cmp(CmpPred::NE, c(2), c(3)), c(1));
  EXPECT_EQ(Ctx.cmp(CmpPred::LT, N, N), c(0));
  EXPECT_EQ(Ctx.cmp(CmpPred::LE, N, N), c(1));
  EXPECT_EQ(Ctx.cmp(CmpPred::EQ, N, N), c(1));
  EXPECT_EQ(Ctx.cmp(CmpPred::NE, N, N), c(0));
  EXPECT_EQ(Ctx.logicalNot(c(0)), c(1));
  EXPECT_EQ(Ctx.logicalNot(c(7)), c(0));
  EXPECT_EQ(llvm::cast<NAryExpr>(Ctx.cmp(CmpPred::LE, I, N))->getPredicate(),
            CmpPred::LE);
}

TEST_F(LaneExprTest, SelectFoldsConstantConditionsAndEqualArms) {
  const Expr *Cond = Ctx.cmp(CmpPred::LT, I, N);
  EXPECT_EQ(Ctx.select(c(1), N, M), N);
  EXPECT_EQ(Ctx.select(c(-2), N, M), N);
  EXPECT_EQ(Ctx.select(c(0), N, M), M);
  EXPECT_EQ(Ctx.select(Cond, N, N), N);
  EXPECT_EQ(Ctx.select(Cond, N, M)->getKind(), ExprKind::Select);
}

//===- Unknown ------------------------------------------------------------===//

TEST_F(LaneExprTest, UnknownPropagatesTheFirstOperandInArgumentOrder) {
  EXPECT_EQ(Ctx.add(N, Loaded), Loaded);
  EXPECT_EQ(Ctx.add(Loaded, Other), Loaded);
  EXPECT_EQ(Ctx.add(Other, Loaded), Other);
  EXPECT_EQ(Ctx.add({N, Other, Loaded}), Other);
  EXPECT_EQ(Ctx.sub(Loaded, Other), Loaded);
  EXPECT_EQ(Ctx.sub(N, Other), Other);
  EXPECT_EQ(Ctx.neg(Loaded), Loaded);
  EXPECT_EQ(Ctx.mul(c(0), Loaded), Loaded);
  EXPECT_EQ(Ctx.div(Loaded, c(0)), Loaded);
  EXPECT_EQ(Ctx.div(c(0), Other), Other);
  EXPECT_EQ(Ctx.rem(Other, Loaded), Other);
  EXPECT_EQ(Ctx.shl(Loaded, N), Loaded);
  EXPECT_EQ(Ctx.shr(N, Loaded), Loaded);
  EXPECT_EQ(Ctx.bitAnd(Loaded, Other), Loaded);
  EXPECT_EQ(Ctx.bitOr(Other, Loaded), Other);
  EXPECT_EQ(Ctx.bitXor(c(1), Loaded), Loaded);
  EXPECT_EQ(Ctx.min(Loaded, Loaded), Loaded);
  EXPECT_EQ(Ctx.max(N, Other), Other);
  EXPECT_EQ(Ctx.cmp(CmpPred::LT, Other, Loaded), Other);
  EXPECT_EQ(Ctx.logicalNot(Loaded), Loaded);
  EXPECT_EQ(Ctx.select(c(1), N, Loaded), Loaded);
  EXPECT_EQ(Ctx.select(Other, N, Loaded), Other);
}

TEST_F(LaneExprTest, UnknownKeepsItsReason) {
  EXPECT_EQ(reasonOf(Ctx.add(TX, Loaded)), "loaded from memory");
  EXPECT_EQ(print(Loaded), "unknown(loaded from memory)");
  EXPECT_EQ(findUnknown(Ctx.mul(N, Loaded)), Loaded);
  EXPECT_EQ(findUnknown(Ctx.add(TX, N)), nullptr);
}

//===- Printing -----------------------------------------------------------===//

TEST_F(LaneExprTest, PrintsTypicalAddressThreadIndexFirst) {
  EXPECT_EQ(print(Ctx.add(Ctx.mul(c(128), BX), Ctx.mul(c(4), TX))),
            "4*threadIdx.x + 128*blockIdx.x");
  EXPECT_EQ(print(Ctx.add({N, c(3), Ctx.mul(c(4), I), Ctx.mul(c(128), BX),
                           Ctx.mul(c(4), TX)})),
            "4*threadIdx.x + 128*blockIdx.x + 4*i + n + 3");
}

TEST_F(LaneExprTest, SumTermsFollowTheSymbolRankTable) {
  EXPECT_EQ(print(Ctx.add({c(1), Load, N, GDX, BDX, I, BX, TX})),
            "threadIdx.x + blockIdx.x + i + blockDim.x + gridDim.x + n + "
            "load + 1");
  EXPECT_EQ(print(Ctx.add({BX, TY, TX})), "threadIdx.x + threadIdx.y + blockIdx.x");
}

TEST_F(LaneExprTest, SumTermsOfEqualRankSortByDegreeThenFactors) {
  EXPECT_EQ(print(Ctx.add(Ctx.mul(Height, TX), TX)),
            "threadIdx.x + threadIdx.x*height");
  EXPECT_EQ(print(Ctx.add({Ctx.mul(TY, BDX), TX, Ctx.mul(TX, N)})),
            "threadIdx.x + threadIdx.x*n + threadIdx.y*blockDim.x");
  EXPECT_EQ(print(Ctx.add({N, Height, M})), "height + m + n");
}

TEST_F(LaneExprTest, ProductsPrintCoefficientThenRankedSymbols) {
  EXPECT_EQ(print(Ctx.mul({Height, c(32), BX})), "32*blockIdx.x*height");
  EXPECT_EQ(print(Ctx.mul({N, TX})), "threadIdx.x*n");
  EXPECT_EQ(print(Ctx.mul(c(-1), N)), "-n");
  EXPECT_EQ(print(Ctx.mul(c(-4), N)), "-4*n");
  EXPECT_EQ(print(Ctx.mul(N, N)), "n*n");
}

TEST_F(LaneExprTest, PrintsSignsOfSums) {
  EXPECT_EQ(print(c(-7)), "-7");
  EXPECT_EQ(print(Ctx.add(N, c(3))), "n + 3");
  EXPECT_EQ(print(Ctx.sub(N, c(3))), "n - 3");
  EXPECT_EQ(print(Ctx.sub(N, M)), "-m + n"); // equal ranks: by name
  EXPECT_EQ(print(Ctx.sub(c(3), Ctx.mul(c(4), N))), "-4*n + 3");
  EXPECT_EQ(print(Ctx.sub(TX, Ctx.mul(c(4), BX))), "threadIdx.x - 4*blockIdx.x");
  EXPECT_EQ(print(Ctx.sub(TX, Ctx.mul(Height, BX))),
            "threadIdx.x - blockIdx.x*height");
}

TEST_F(LaneExprTest, PrintsEveryNonLinearKind) {
  EXPECT_EQ(print(Ctx.div(Ctx.add(N, c(3)), c(4))), "(n + 3) / 4");
  EXPECT_EQ(print(Ctx.rem(TX, c(32))), "threadIdx.x % 32");
  EXPECT_EQ(print(Ctx.shr(TX, c(5))), "threadIdx.x >> 5");
  EXPECT_EQ(print(Ctx.bitAnd(TX, N)), "threadIdx.x & n");
  EXPECT_EQ(print(Ctx.bitOr(TX, N)), "threadIdx.x | n");
  EXPECT_EQ(print(Ctx.bitXor(TX, N)), "threadIdx.x ^ n");
  EXPECT_EQ(print(Ctx.min(I, Ctx.sub(N, c(1)))), "min(i, n - 1)");
  EXPECT_EQ(print(Ctx.max(I, N)), "max(i, n)");
  EXPECT_EQ(print(Ctx.cmp(CmpPred::LT, I, N)), "i < n");
  EXPECT_EQ(print(Ctx.cmp(CmpPred::LE, I, N)), "i <= n");
  EXPECT_EQ(print(Ctx.cmp(CmpPred::EQ, I, N)), "i == n");
  EXPECT_EQ(print(Ctx.cmp(CmpPred::NE, I, N)), "i != n");
  EXPECT_EQ(print(Ctx.logicalNot(I)), "i == 0");
  EXPECT_EQ(print(Ctx.select(Ctx.cmp(CmpPred::LT, I, N), I, c(0))),
            "(i < n ? i : 0)");
  EXPECT_EQ(print(Ctx.unknown("no launch site")), "unknown(no launch site)");
}

TEST_F(LaneExprTest, ParenthesisesNestedOperands) {
  EXPECT_EQ(print(Ctx.mul(c(4), Ctx.div(TX, c(32)))), "4*(threadIdx.x / 32)");
  EXPECT_EQ(print(Ctx.div(Ctx.div(TX, N), M)), "(threadIdx.x / n) / m");
  EXPECT_EQ(print(Ctx.div(TX, Ctx.mul(c(4), N))), "threadIdx.x / (4*n)");
  EXPECT_EQ(print(Ctx.div(Ctx.mul(c(4), N), c(8))), "4*n / 8");
  EXPECT_EQ(print(Ctx.bitAnd(Ctx.shr(TX, c(2)), c(7))), "(threadIdx.x >> 2) & 7");
  EXPECT_EQ(print(Ctx.rem(Ctx.add(TX, N), c(32))), "(threadIdx.x + n) % 32");
  EXPECT_EQ(print(Ctx.cmp(CmpPred::EQ, Ctx.cmp(CmpPred::LT, I, N), c(0))),
            "(i < n) == 0");
  EXPECT_EQ(print(Ctx.cmp(CmpPred::LT, Ctx.add(I, c(1)), N)), "i + 1 < n");
  EXPECT_EQ(print(Ctx.cmp(CmpPred::NE, Ctx.bitAnd(I, c(1)), c(0))),
            "(i & 1) != 0");
  EXPECT_EQ(print(Ctx.add(N, Ctx.shr(TX, c(1)))), "(threadIdx.x >> 1) + n");
  EXPECT_EQ(print(Ctx.add(N, Ctx.div(TX, M))), "threadIdx.x / m + n");
  EXPECT_EQ(print(Ctx.sub(N, Ctx.div(TX, M))), "-(threadIdx.x / m) + n");
  EXPECT_EQ(print(Ctx.sub(N, Ctx.rem(M, c(3)))), "n - m % 3");
  EXPECT_EQ(print(Ctx.neg(Ctx.div(TX, M))), "-(threadIdx.x / m)");
  EXPECT_EQ(print(Ctx.add(Ctx.mul(c(4), Ctx.rem(TX, c(32))),
                          Ctx.mul(c(128), Ctx.div(TX, c(32))))),
            "128*(threadIdx.x / 32) + 4*(threadIdx.x % 32)"); // Div before Rem
}

TEST_F(LaneExprTest, PrintFactoredTakesOutTheCommonFactor) {
  const Expr *E = Ctx.add({Ctx.mul(c(4), TX), Ctx.mul(c(128), BX), c(4)});
  EXPECT_EQ(printFactored(E), "4*(threadIdx.x + 32*blockIdx.x + 1)");
  EXPECT_EQ(print(E), "4*threadIdx.x + 128*blockIdx.x + 4");
  EXPECT_EQ(printFactored(Ctx.add(Ctx.mul(c(-8), TX), c(4))),
            "4*(-2*threadIdx.x + 1)");
  EXPECT_EQ(printFactored(Ctx.add(Ctx.mul({c(4), Height, TX}),
                                  Ctx.mul(c(4), BX))),
            "4*(threadIdx.x*height + blockIdx.x)");
}

TEST_F(LaneExprTest, PrintFactoredLeavesCoprimeAndSingleTermsAlone) {
  const Expr *Coprime = Ctx.add(Ctx.mul(c(4), TX), c(1));
  EXPECT_EQ(printFactored(Coprime), print(Coprime));
  EXPECT_EQ(printFactored(Coprime), "4*threadIdx.x + 1");
  EXPECT_EQ(printFactored(Ctx.mul(c(4), TX)), "4*threadIdx.x");
  EXPECT_EQ(printFactored(c(12)), "12");
  EXPECT_EQ(printFactored(Ctx.add(TX, N)), "threadIdx.x + n");
}

//===- Evaluation ---------------------------------------------------------===//

TEST_F(LaneExprTest, EvaluatesSumsAndProducts) {
  const Expr *E = Ctx.add({Ctx.mul(c(4), TX), Ctx.mul(c(128), BX), c(8)});
  EXPECT_EQ(eval(E, {{"threadIdx.x", 3}, {"blockIdx.x", 2}}), 12 + 256 + 8);
  EXPECT_EQ(eval(c(-5), {}), -5);
}

TEST_F(LaneExprTest, EvaluatesNonLinearOperationsExactly) {
  std::map<std::string, int64_t> Neg7By2{{"n", -7}, {"m", 2}};
  EXPECT_EQ(eval(Ctx.div(N, M), Neg7By2), -3);
  EXPECT_EQ(eval(Ctx.rem(N, M), Neg7By2), -1);
  EXPECT_EQ(eval(Ctx.shr(N, M), {{"n", -8}, {"m", 1}}), -4);
  EXPECT_EQ(eval(Ctx.shr(N, M), {{"n", -7}, {"m", 1}}), -4);
  EXPECT_EQ(eval(Ctx.bitAnd(N, M), {{"n", 12}, {"m", 10}}), 8);
  EXPECT_EQ(eval(Ctx.bitOr(N, M), {{"n", 12}, {"m", 10}}), 14);
  EXPECT_EQ(eval(Ctx.bitXor(N, M), {{"n", 12}, {"m", 10}}), 6);
  EXPECT_EQ(eval(Ctx.bitAnd(N, M), {{"n", -1}, {"m", 10}}), 10);
  EXPECT_EQ(eval(Ctx.min(N, M), Neg7By2), -7);
  EXPECT_EQ(eval(Ctx.max(N, M), Neg7By2), 2);
  EXPECT_EQ(eval(Ctx.cmp(CmpPred::LT, N, M), Neg7By2), 1);
  EXPECT_EQ(eval(Ctx.cmp(CmpPred::LE, M, N), Neg7By2), 0);
  EXPECT_EQ(eval(Ctx.cmp(CmpPred::EQ, N, M), Neg7By2), 0);
  EXPECT_EQ(eval(Ctx.cmp(CmpPred::NE, N, M), Neg7By2), 1);
  EXPECT_EQ(eval(Ctx.select(Ctx.cmp(CmpPred::LT, N, M), N, M), Neg7By2), -7);
  EXPECT_EQ(eval(Ctx.rem(TX, c(32)), {{"threadIdx.x", 37}}), 5);
}

TEST_F(LaneExprTest, AddressesKeepLanesApartPastInt64) {
  auto At = [&](const Expr *E, int64_t Lane, int64_t Size) {
    return evaluateAddress(E, [&](const SymbolExpr *S) -> std::optional<int64_t> {
      if (S->getSymbolKind() == SymbolKind::ThreadIdx)
        return Lane;
      return Size;
    });
  };
  const int64_t Big = int64_t(1) << 20;
  // 4 * (n^4 + threadIdx.x + 1): 2^82 bytes in, one float further.
  const Expr *Far = Ctx.mul(
      c(4), Ctx.add(Ctx.mul(Ctx.mul(N, N), Ctx.mul(N, N)), Ctx.add(TX, c(1))));
  EXPECT_EQ(eval(Far, {{"n", Big}, {"threadIdx.x", 0}}), std::nullopt);
  EXPECT_EQ(At(Far, 0, Big), 4);
  EXPECT_EQ(At(Far, 31, Big), 128);
  // Within int64, evaluate's value.
  EXPECT_EQ(At(Far, 3, 2), 4 * (16 + 3 + 1));
  // Lanes 2^62 bytes apart cannot be placed; a quotient or a comparison
  // of a value past int64 needs the bits lost.
  const Expr *Lanes = Ctx.mul(c(4), Ctx.mul(TX, Ctx.mul(N, Ctx.mul(N, N))));
  EXPECT_EQ(At(Lanes, 2, Big), std::nullopt);
  const Expr *Huge = Ctx.mul(Ctx.mul(N, N), Ctx.mul(N, N));
  EXPECT_EQ(At(Ctx.add(Ctx.div(Huge, c(3)), TX), 0, Big), std::nullopt);
  EXPECT_EQ(At(Ctx.add(Ctx.cmp(CmpPred::LT, Huge, N), TX), 0, Big),
            std::nullopt);
}

TEST_F(LaneExprTest, EvaluationFailsWithoutAValue) {
  EXPECT_EQ(eval(Ctx.add(TX, N), {{"threadIdx.x", 1}}), std::nullopt);
  EXPECT_EQ(evaluate(TX, nullptr), std::nullopt);
  EXPECT_EQ(eval(Loaded, {}), std::nullopt);
}

TEST_F(LaneExprTest, EvaluationFailsOnUndefinedOperations) {
  EXPECT_EQ(eval(Ctx.div(N, M), {{"n", 1}, {"m", 0}}), std::nullopt);
  EXPECT_EQ(eval(Ctx.rem(N, M), {{"n", 1}, {"m", 0}}), std::nullopt);
  EXPECT_EQ(eval(Ctx.div(N, M), {{"n", Min64}, {"m", -1}}), std::nullopt);
  EXPECT_EQ(eval(Ctx.mul(N, M), {{"n", 1LL << 40}, {"m", 1LL << 40}}),
            std::nullopt);
  EXPECT_EQ(eval(Ctx.add(N, M), {{"n", Max64}, {"m", 1}}), std::nullopt);
  EXPECT_EQ(eval(Ctx.shr(N, M), {{"n", 1}, {"m", -1}}), std::nullopt);
}

// The GPU clamps a shift amount to the register's width: what is left is
// the sign (GPU Gems' scan, "(n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS)",
// shifts by 16 + n).
TEST_F(LaneExprTest, ShiftRightPastTheWidthLeavesTheSign) {
  EXPECT_EQ(eval(Ctx.shr(N, M), {{"n", 1}, {"m", 64}}), 0);
  EXPECT_EQ(eval(Ctx.shr(N, M), {{"n", 12345}, {"m", 76}}), 0);
  EXPECT_EQ(eval(Ctx.shr(N, M), {{"n", -7}, {"m", 100}}), -1);
  EXPECT_EQ(eval(Ctx.shr(N, M), {{"n", -7}, {"m", 1}}), -4);
  EXPECT_EQ(eval(Ctx.shr(N, c(70)), {{"n", 5}}), 0);
  EXPECT_EQ(Ctx.shr(c(-9), c(80)), c(-1));
}

TEST_F(LaneExprTest, EvaluationOfSelectSkipsTheArmNotTaken) {
  const Expr *Safe =
      Ctx.select(Ctx.cmp(CmpPred::NE, M, c(0)), Ctx.div(N, M), c(0));
  EXPECT_EQ(eval(Safe, {{"n", 9}, {"m", 0}}), 0);
  EXPECT_EQ(eval(Safe, {{"n", 9}, {"m", 3}}), 3);
}

//===- Queries ------------------------------------------------------------===//

TEST_F(LaneExprTest, CoefficientOfConstantStride) {
  const Expr *E = Ctx.add({Ctx.mul(c(4), TX), Ctx.mul(c(128), BX), c(8)});
  EXPECT_EQ(coefficientOf(Ctx, E, sym(TX)), c(4));
  EXPECT_EQ(coefficientOf(Ctx, E, sym(BX)), c(128));
  EXPECT_EQ(coefficientOf(Ctx, TX, sym(TX)), c(1));
}

TEST_F(LaneExprTest, CoefficientOfSymbolicStride) {
  const Expr *E = Ctx.add(Ctx.mul(Height, TX), Ctx.mul({c(32), Height, BX}));
  EXPECT_EQ(coefficientOf(Ctx, E, sym(TX)), Height);
  EXPECT_EQ(coefficientOf(Ctx, E, sym(BX)), Ctx.mul(c(32), Height));
  const Expr *Mixed = Ctx.add(Ctx.mul(Height, TX), Ctx.mul(c(4), TX));
  EXPECT_EQ(print(coefficientOf(Ctx, Mixed, sym(TX))), "height + 4");
}

TEST_F(LaneExprTest, CoefficientOfAbsentSymbolIsZero) {
  const Expr *E = Ctx.add(Ctx.mul(c(4), TX), N);
  EXPECT_EQ(coefficientOf(Ctx, E, sym(TY)), c(0));
  EXPECT_EQ(coefficientOf(Ctx, c(7), sym(TX)), c(0));
}

TEST_F(LaneExprTest, CoefficientOfNonLinearSymbolIsNull) {
  EXPECT_EQ(coefficientOf(Ctx, Ctx.add(TX, Ctx.rem(TX, c(32))), sym(TX)),
            nullptr);
  EXPECT_EQ(coefficientOf(Ctx, Ctx.div(TX, c(2)), sym(TX)), nullptr);
  EXPECT_EQ(coefficientOf(Ctx, Ctx.mul(c(3), Ctx.mul(TX, TX)), sym(TX)),
            nullptr);
  EXPECT_EQ(coefficientOf(Ctx, Ctx.mul(TX, Ctx.min(TX, N)), sym(TX)), nullptr);
  EXPECT_EQ(coefficientOf(Ctx, Loaded, sym(TX)), nullptr);
  // Linear in threadIdx.x even though n sits inside a non-linear node.
  EXPECT_EQ(coefficientOf(Ctx, Ctx.add(TX, Ctx.div(N, c(2))), sym(TX)), c(1));
}

TEST_F(LaneExprTest, MentionsLooksInsideEveryNode) {
  const Expr *E = Ctx.add(N, Ctx.mul(c(4), Ctx.rem(TX, c(32))));
  EXPECT_TRUE(mentions(E, sym(TX)));
  EXPECT_TRUE(mentions(E, sym(N)));
  EXPECT_FALSE(mentions(E, sym(BX)));
  EXPECT_TRUE(mentionsIf(E, [](const SymbolExpr *S) { return S->isBuiltin(); }));
  EXPECT_FALSE(mentionsIf(N, [](const SymbolExpr *S) { return S->isBuiltin(); }));
}

//===- Substitution -------------------------------------------------------===//

TEST_F(LaneExprTest, SubstituteBlockDimThenFolds) {
  const Expr *Tid = Ctx.add(TX, Ctx.mul(BDX, BX));
  auto BlockDim256 = [&](const SymbolExpr *S) -> const Expr * {
    return S == BDX ? c(256) : nullptr;
  };
  const Expr *R = Ctx.substitute(Ctx.mul(c(4), Tid), BlockDim256);
  EXPECT_EQ(R, Ctx.add(Ctx.mul(c(4), TX), Ctx.mul(c(1024), BX)));
  EXPECT_EQ(print(R), "4*threadIdx.x + 1024*blockIdx.x");

  const Expr *Row = Ctx.div(TX, BDX);
  EXPECT_EQ(Ctx.substitute(Row, [&](const SymbolExpr *S) -> const Expr * {
              return S == BDX ? c(1) : nullptr;
            }),
            TX);
  EXPECT_EQ(print(Ctx.substitute(Row, BlockDim256)), "threadIdx.x / 256");
}

TEST_F(LaneExprTest, SubstituteEverySymbolGivesAConstant) {
  const Expr *E = Ctx.select(Ctx.cmp(CmpPred::LT, TX, N),
                             Ctx.rem(Ctx.add(TX, N), c(7)), c(-1));
  const Expr *R = Ctx.substitute(E, [&](const SymbolExpr *S) -> const Expr * {
    return S == TX ? c(3) : c(9);
  });
  EXPECT_EQ(R, c(5));
}

TEST_F(LaneExprTest, SubstituteUnknownPropagates) {
  const Expr *R =
      Ctx.substitute(Ctx.add(TX, N), [&](const SymbolExpr *S) -> const Expr * {
        return S == N ? Loaded : nullptr;
      });
  EXPECT_EQ(R, Loaded);
  EXPECT_EQ(Ctx.substitute(Ctx.add(TX, N), nullptr), Ctx.add(TX, N));
}

} // namespace

//===- The budget ---------------------------------------------------------===//

TEST_F(LaneExprTest, SquaringPastTheBudgetIsTooComplexToTrack) {
  const Expr *E = TX;
  for (int K = 0; K < 30; ++K)
    E = Ctx.mul(E, E);
  ASSERT_TRUE(llvm::isa<UnknownExpr>(E));
  EXPECT_EQ(print(E), "unknown(too complex to track)");
}

TEST_F(LaneExprTest, ProductsOfSumsStopExpandingAtTheBudget) {
  const Expr *E = TX;
  for (int K = 0; K < 6; ++K)
    E = Ctx.mul(Ctx.add(E, N), Ctx.add(E, M));
  EXPECT_EQ(print(E), "unknown(too complex to track)");
  // Two rounds are well inside the budget and stay exact.
  const Expr *Small = Ctx.mul(Ctx.add(TX, N), Ctx.add(TX, M));
  EXPECT_EQ(print(Small), "threadIdx.x*threadIdx.x + threadIdx.x*m + threadIdx.x*n + m*n");
}

TEST_F(LaneExprTest, SelectChainsEvaluateOncePerNodeAndStopAtTheBudget) {
  // "if (c) i += k;" forty times: each select shares the previous value in
  // both arms, so the tree doubles while the DAG grows by three nodes.
  const Expr *E = TX;
  unsigned Exact = 0;
  for (int K = 0; K < 40; ++K) {
    const Expr *C = Ctx.symbol(SymbolKind::Opaque, 0, "c" + std::to_string(K));
    E = Ctx.select(C, Ctx.add(E, c(K + 1)), E);
    if (!llvm::isa<UnknownExpr>(E)) {
      Exact = K + 1;
      EXPECT_LE(print(E).size(), E->getPrintBound());
    }
  }
  EXPECT_EQ(print(E), "unknown(too complex to track)");
  EXPECT_GE(Exact, 5u);
}

TEST_F(LaneExprTest, AboveTheBudgetNothingIsPrintedLongerThanTheLimit) {
  // A 5,000-term sum of distinct symbols: the sum is refused, not printed.
  std::vector<const Expr *> Terms;
  for (int K = 0; K < 5000; ++K)
    Terms.push_back(Ctx.symbol(SymbolKind::Param, 0, "p" + std::to_string(K)));
  EXPECT_EQ(print(Ctx.add(Terms)), "unknown(too complex to track)");
  const Expr *Acc = c(0);
  for (int K = 0; K < 5000; ++K)
    Acc = Ctx.add(Acc, Terms[K]);
  EXPECT_EQ(print(Acc), "unknown(too complex to track)");
}

TEST_F(LaneExprTest, DeepNestingStopsAtTheDepthBudget) {
  // Depth, not size: a chain of divisions 100,000 deep would overflow the
  // stack of any recursive walk.
  const Expr *E = TX;
  for (int K = 0; K < 100000; ++K)
    E = Ctx.div(Ctx.add(E, N), c(3));
  EXPECT_EQ(print(E), "unknown(too complex to track)");
}

TEST_F(LaneExprTest, EvaluationOfASharedDagIsExact) {
  const Expr *E = TX;
  for (int K = 0; K < 6; ++K) {
    const Expr *C = Ctx.symbol(SymbolKind::Opaque, 0, "c" + std::to_string(K));
    E = Ctx.select(C, Ctx.add(E, c(1 << K)), E);
  }
  ASSERT_FALSE(llvm::isa<UnknownExpr>(E));
  unsigned Calls = 0;
  // Conditions c0..c5 are the bits of 0b101101 = 45: 7 + 45 = 52.
  auto V = evaluate(E, [&](const SymbolExpr *S) -> std::optional<int64_t> {
    ++Calls;
    if (S == TX)
      return 7;
    int Bit = std::stoi(S->getName().substr(1).str());
    return (45 >> Bit) & 1;
  });
  EXPECT_EQ(V, std::optional<int64_t>(52));
  EXPECT_LE(Calls, 7u); // each symbol once: the DAG, not the tree
}

TEST_F(LaneExprTest, AWarpScopeKeepsOnlyWhatNoLaneChanges) {
  // (n*m / 3 + bx) + tx*(tx < 4 ? 128 : -7), over 32 lanes: in a warp
  // scope the part without threadIdx is read once, the rest lane by lane.
  const Expr *Uniform = Ctx.add(Ctx.div(Ctx.mul(N, M), c(3)), BX);
  const Expr *E = Ctx.add(
      Uniform, Ctx.mul(TX, Ctx.select(Ctx.cmp(CmpPred::LT, TX, c(4)), c(128),
                                       c(-7))));
  std::map<const Expr *, unsigned> Reads;
  int64_t Lane = 0, Block = 2;
  SymbolValues Values = [&](const SymbolExpr *S) -> std::optional<int64_t> {
    ++Reads[S];
    if (S == TX)
      return Lane;
    if (S == BX)
      return Block;
    return S == N ? 10 : 7;
  };
  WarpScope Warp;
  for (Lane = 0; Lane < 32; ++Lane) {
    int64_t Want = 70 / 3 + Block + Lane * (Lane < 4 ? 128 : -7);
    EXPECT_EQ(evaluate(E, Values, Warp), Want);
    EXPECT_EQ(evaluate(E, Values), Want);
  }
  // n, inside n*m / 3: once in the scope, once per lane outside it. A
  // symbol that is an operand of a node with threadIdx is read each time.
  EXPECT_EQ(Reads[N], 33u);
  EXPECT_EQ(Reads[BX], 64u);
  EXPECT_EQ(Reads[TX], 2 * 32u * 2);
  // Another warp (another block) has a scope of its own: nothing of the
  // first is kept.
  Block = 5;
  WarpScope Next;
  Lane = 1;
  EXPECT_EQ(evaluate(E, Values, Next), 70 / 3 + 5 + 128);
  EXPECT_EQ(evaluateAddress(E, Values, Next), 70 / 3 + 5 + 128);
}

TEST_F(LaneExprTest, EvaluationsInTwoContextsShareNoValues) {
  // Node numbers restart in each context; the memo of one evaluation or
  // warp scope is never another's, even where the numbers meet.
  ExprContext Other;
  auto Big = [](ExprContext &X, int64_t K) {
    // A sum of 80 terms (memoised) with a part free of threadIdx.
    const Expr *N = X.symbol(SymbolKind::Param, 0, "n");
    const Expr *E = X.div(X.mul(N, N), X.constant(K));
    for (int64_t T = 1; T <= 80; ++T)
      E = X.add(E, X.div(X.mul(X.threadIdx(0), X.constant(T)), X.constant(K)));
    return E;
  };
  const Expr *A = Big(Ctx, 2), *B = Big(Other, 3);
  ASSERT_GT(A->getTreeSize(), 64u);
  auto Three = [](const SymbolExpr *) -> std::optional<int64_t> { return 3; };
  int64_t WantA = 9 / 2, WantB = 9 / 3;
  for (int64_t T = 1; T <= 80; ++T) {
    WantA += 3 * T / 2;
    WantB += 3 * T / 3;
  }
  for (int Round = 0; Round < 2; ++Round) {
    EXPECT_EQ(evaluate(A, Three), WantA);
    EXPECT_EQ(evaluate(B, Three), WantB);
    WarpScope InA, InB;
    EXPECT_EQ(evaluate(A, Three, InA), WantA);
    EXPECT_EQ(evaluate(B, Three, InB), WantB);
  }
}

TEST_F(LaneExprTest, VisitorAndRewriterDispatchOnKinds) {
  struct CountDivs : ExprVisitor<CountDivs, unsigned> {
    unsigned visitExpr(const Expr *) { return 0; }
    unsigned visitDiv(const DivExpr *D) { return 1 + visit(D->getOperand(0)); }
    unsigned visitNAry(const NAryExpr *N) {
      unsigned S = 0;
      for (const Expr *Op : N->operands())
        S += visit(Op);
      return S;
    }
  };
  const Expr *E = Ctx.add(Ctx.div(Ctx.div(TX, N), c(2)), BX);
  EXPECT_TRUE(llvm::isa<AddExpr>(E));
  EXPECT_FALSE(llvm::isa<MulExpr>(E));
  EXPECT_EQ(CountDivs().visit(E), 2u);

  struct NToFour : ExprRewriter {
    using ExprRewriter::ExprRewriter;
    const Expr *rewriteSymbol(const SymbolExpr *S) override {
      return S->getName() == "n" ? Ctx.constant(4) : S;
    }
  };
  NToFour R(Ctx);
  EXPECT_EQ(print(R.rewrite(E)), "(threadIdx.x / 4) / 2 + blockIdx.x");
  EXPECT_EQ(R.rewrite(BX), BX);
}

TEST_F(LaneExprTest, FloatNodesRoundAsTheDeviceDoes) {
  auto At = [&](const Expr *E, int64_t Tid) {
    return evaluate(E, [&](const SymbolExpr *S) -> std::optional<int64_t> {
      return S == TX ? std::optional<int64_t>(Tid) : std::nullopt;
    });
  };
  const Expr *X = Ctx.real(FloatOp::FromInt, true, {TX});
  // (int)((x + 0.5f) * 4.0f): an integer again, lane by lane.
  const Expr *Scaled = Ctx.real(
      FloatOp::ToInt, true,
      {Ctx.real(FloatOp::Mul, true,
                {Ctx.real(FloatOp::Add, true, {X, Ctx.realLiteral(0.5, true)}),
                 Ctx.realLiteral(4.0, true)})});
  EXPECT_EQ(At(Scaled, 3), 14);
  EXPECT_EQ(print(Scaled), "(int)(((float)threadIdx.x + 0.5f)*4.0f)");
  // x*0.1f - 1.0f is fused (one rounding): at x = 10 it is 0.1f's error,
  // 1.49e-8, not 0; times 1e9f, 14.
  const Expr *Err = Ctx.real(
      FloatOp::ToInt, true,
      {Ctx.real(FloatOp::Mul, true,
                {Ctx.real(FloatOp::Sub, true,
                          {Ctx.real(FloatOp::Mul, true,
                                    {X, Ctx.realLiteral(0.1, true)}),
                           Ctx.realLiteral(1.0, true)}),
                 Ctx.realLiteral(1e9, true)})});
  EXPECT_EQ(At(Err, 10), 14);
  // Known operands fold; a NaN converted to an integer has no value.
  EXPECT_EQ(Ctx.real(FloatOp::ToInt, true,
                     {Ctx.real(FloatOp::Sqrt, true,
                               {Ctx.real(FloatOp::FromInt, true, {c(9)})})}),
            c(3));
  EXPECT_EQ(At(Ctx.real(FloatOp::ToInt, true,
                        {Ctx.real(FloatOp::Sqrt, true,
                                  {Ctx.real(FloatOp::Neg, true, {X})})}),
               4),
            std::nullopt);
  // An opaque float has no value; an Unknown operand is the answer.
  EXPECT_EQ(At(Ctx.real(FloatOp::ToInt, true,
                        {Ctx.real(FloatOp::Opaque, true, {N})}),
               0),
            std::nullopt);
  EXPECT_EQ(Ctx.real(FloatOp::Add, true, {X, Other}), Other);
}

// An Unknown is uniqued by its reason's data: the same kind about the same
// value is one node, another kind about it is another.
TEST(LaneExpr, UnknownsAreUniquedByTheirReason) {
  ExprContext Ctx;
  const Expr *A = Ctx.unknown(Reason(ReasonKind::ChangedInLoop, "s"));
  EXPECT_EQ(A, Ctx.unknown(Reason(ReasonKind::ChangedInLoop, "s")));
  EXPECT_NE(A, Ctx.unknown(Reason(ReasonKind::ValueAfterLoop, "s")));
  EXPECT_NE(A, Ctx.unknown(Reason(ReasonKind::ChangedInLoop, "t")));
  EXPECT_EQ(llvm::cast<UnknownExpr>(A)->getReason(),
            Reason(ReasonKind::ChangedInLoop, "s"));
  EXPECT_EQ(print(A), "unknown(changed-in-loop 's')");
  EXPECT_EQ(print(Ctx.add(A, Ctx.threadIdx(0))), print(A));
}

//===- A warp's lanes together --------------------------------------------===//

namespace {
/// Random expressions over threadIdx.x/y, blockIdx.x, two parameters and an
/// opaque value with no value ("none"), with every kind of node: sums and
/// products that overflow, undefined quotients, selects whose arms read
/// different symbols, comparisons and floating point.
class RandomExprs {
public:
  explicit RandomExprs(ExprContext &Ctx) : Ctx(Ctx) {}

  const Expr *make(unsigned Depth) {
    if (Depth == 0 || pick(4) == 0)
      return leaf();
    const Expr *A = make(Depth - 1), *B = make(Depth - 1);
    switch (pick(13)) {
    case 0:
      return Ctx.add(A, B);
    case 1:
      return Ctx.mul(A, B);
    case 2:
      return Ctx.div(A, B);
    case 3:
      return Ctx.rem(A, B);
    case 4:
      return Ctx.shr(A, Ctx.bitAnd(B, Ctx.constant(7)));
    case 5:
      return Ctx.bitXor(A, B);
    case 6:
      return Ctx.min(A, B);
    case 7:
      return Ctx.max(A, B);
    case 8:
      return Ctx.cmp(CmpPred::LT, A, B);
    case 9:
      return Ctx.select(Ctx.cmp(CmpPred::LT, A, Ctx.constant(9)), B,
                        make(Depth - 1));
    case 10:
      return Ctx.real(FloatOp::ToInt, true,
                      {Ctx.real(FloatOp::Mul, true,
                                {Ctx.real(FloatOp::FromInt, true, {A}),
                                 Ctx.realLiteral(1.5, true)})});
    case 11:
      return Ctx.add({A, B, Ctx.constant(int64_t(1) << 62)});
    default:
      return Ctx.mul({A, B, Ctx.constant(int64_t(1) << 40)});
    }
  }

private:
  ExprContext &Ctx;
  uint64_t Seed = 12345;
  unsigned pick(unsigned N) {
    Seed = Seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned(Seed >> 33) % N;
  }
  const Expr *leaf() {
    switch (pick(8)) {
    case 0:
    case 1:
      return Ctx.threadIdx(0);
    case 2:
      return Ctx.threadIdx(1);
    case 3:
      return Ctx.blockIdx(0);
    case 4:
      return Ctx.symbol(SymbolKind::Param, 0, "n");
    case 5:
      return Ctx.symbol(SymbolKind::Param, 0, "m");
    case 6:
      return Ctx.symbol(SymbolKind::Opaque, 0, "none");
    default:
      return Ctx.constant(int64_t(pick(64)) - 16);
    }
  }
};
} // namespace

TEST_F(LaneExprTest, AWarpsLanesTogetherAreEachLanesEvaluation) {
  // Every lane of the mask gets evaluate's value, and exactly the symbols
  // that evaluating those lanes one by one reads are read.
  RandomExprs Make(Ctx);
  std::array<std::array<int64_t, 3>, MaxLanes> Thread;
  for (unsigned L = 0; L < MaxLanes; ++L)
    Thread[L] = {int64_t(L % 8) * 5 - 3, int64_t(L / 8), 0};
  auto Value = [&](const SymbolExpr *S) -> std::optional<int64_t> {
    if (S->getName() == "n")
      return 1000003;
    if (S->getName() == "m")
      return -77;
    if (S->getSymbolKind() == SymbolKind::BlockIdx)
      return 6;
    return std::nullopt;
  };
  unsigned Valued = 0, Failed = 0;
  for (unsigned K = 0; K < 3000; ++K) {
    const Expr *E = Make.make(1 + K % 5);
    if (llvm::isa<UnknownExpr>(E))
      continue;
    LaneMask Mask = K % 3 == 0 ? ~LaneMask(0) : LaneMask(K * 2654435761u);
    std::set<const SymbolExpr *> WantRead, GotRead;
    unsigned Lane = 0;
    SymbolValues OneLane = [&](const SymbolExpr *S) {
      if (S->getSymbolKind() == SymbolKind::ThreadIdx)
        return std::optional<int64_t>(Thread[Lane][S->getDim()]);
      WantRead.insert(S);
      return Value(S);
    };
    SymbolValues Together = [&](const SymbolExpr *S) {
      EXPECT_NE(S->getSymbolKind(), SymbolKind::ThreadIdx);
      GotRead.insert(S);
      return Value(S);
    };
    WarpLanesEvaluation Warp(Together, Thread);
    LaneValues Got = Warp.evaluate(E, Mask);
    for (Lane = 0; Lane < MaxLanes; ++Lane) {
      if (!(Mask >> Lane & 1)) {
        EXPECT_FALSE(Got.Has >> Lane & 1);
        continue;
      }
      std::optional<int64_t> Want = evaluate(E, OneLane);
      std::optional<int64_t> Lanes;
      if (Got.Has >> Lane & 1)
        Lanes = Got.V[Lane];
      EXPECT_EQ(Lanes, Want) << print(E) << " in lane " << Lane;
      ++(Want ? Valued : Failed);
    }
    EXPECT_EQ(GotRead, WantRead) << print(E);
  }
  // The expressions reach both outcomes, many times each.
  EXPECT_GT(Valued, 5000u);
  EXPECT_GT(Failed, 5000u);
}

TEST_F(LaneExprTest, AWarpsLanesTogetherEvaluateASharedDagOnce) {
  // The DAG of EvaluationOfASharedDagIsExact with conditions on the lane:
  // each condition's symbol is read once for each of the two sets of lanes
  // the conditions split the warp into (10 reads), not once per path of
  // the tree (31).
  const Expr *E = TX;
  for (int K = 0; K < 5; ++K) {
    const Expr *C = Ctx.symbol(SymbolKind::Opaque, 0, "c" + std::to_string(K));
    E = Ctx.select(Ctx.bitAnd(C, TX), Ctx.add(E, c(1 << K)), E);
  }
  ASSERT_GT(E->getTreeSize(), 64u) << print(E);
  unsigned Calls = 0;
  SymbolValues Values = [&](const SymbolExpr *) -> std::optional<int64_t> {
    ++Calls;
    return 45;
  };
  std::array<std::array<int64_t, 3>, MaxLanes> Thread;
  for (unsigned L = 0; L < MaxLanes; ++L)
    Thread[L] = {int64_t(L), 0, 0};
  WarpLanesEvaluation Warp(Values, Thread);
  LaneValues Got = Warp.evaluate(E, ~LaneMask(0));
  ASSERT_EQ(Got.Has, ~LaneMask(0));
  for (unsigned L = 0; L < MaxLanes; ++L) {
    int64_t Want = L;
    for (int K = 0; K < 5; ++K)
      if (45 & L)
        Want += 1 << K;
    EXPECT_EQ(Got.V[L], Want) << "lane " << L;
  }
  EXPECT_LE(Calls, 10u);
}
