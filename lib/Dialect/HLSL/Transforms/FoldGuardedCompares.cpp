//===- FoldGuardedCompares.cpp - branch-aware integer range folding -------===//

#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLFOLDGUARDEDCOMPARESPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

static intrange::CmpPredicate toRangePredicate(arith::CmpIPredicate pred) {
  return static_cast<intrange::CmpPredicate>(pred);
}

/// The values `x` with `x pred c` true, as a range (c constant).
static ConstantIntRanges rangeSatisfying(arith::CmpIPredicate pred,
                                         const APInt &c) {
  unsigned width = c.getBitWidth();
  APInt smin = APInt::getSignedMinValue(width), smax = APInt::getSignedMaxValue(width);
  APInt umin = APInt::getMinValue(width), umax = APInt::getMaxValue(width);
  ConstantIntRanges all = ConstantIntRanges::maxRange(width);
  switch (pred) {
  case arith::CmpIPredicate::eq:
    return ConstantIntRanges::constant(c);
  case arith::CmpIPredicate::ne:
    return all;
  case arith::CmpIPredicate::slt:
    return c == smin ? all : ConstantIntRanges::fromSigned(smin, c - 1);
  case arith::CmpIPredicate::sle:
    return ConstantIntRanges::fromSigned(smin, c);
  case arith::CmpIPredicate::sgt:
    return c == smax ? all : ConstantIntRanges::fromSigned(c + 1, smax);
  case arith::CmpIPredicate::sge:
    return ConstantIntRanges::fromSigned(c, smax);
  case arith::CmpIPredicate::ult:
    return c == umin ? all : ConstantIntRanges::fromUnsigned(umin, c - 1);
  case arith::CmpIPredicate::ule:
    return ConstantIntRanges::fromUnsigned(umin, c);
  case arith::CmpIPredicate::ugt:
    return c == umax ? all : ConstantIntRanges::fromUnsigned(c + 1, umax);
  case arith::CmpIPredicate::uge:
    return ConstantIntRanges::fromUnsigned(c, umax);
  }
  return all;
}

/// The predicate of `b pred' a` equivalent to `a pred b`.
static arith::CmpIPredicate swapOperands(arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  switch (pred) {
  case P::slt: return P::sgt;
  case P::sle: return P::sge;
  case P::sgt: return P::slt;
  case P::sge: return P::sle;
  case P::ult: return P::ugt;
  case P::ule: return P::uge;
  case P::ugt: return P::ult;
  case P::uge: return P::ule;
  default: return pred; // eq, ne
  }
}

/// Matches `x pred c` or `c pred x` (normalized to x on the left).
static bool matchCompareWithConstant(Value cond, Value &x,
                                     arith::CmpIPredicate &pred, APInt &c) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return false;
  if (matchPattern(cmp.getRhs(), m_ConstantInt(&c))) {
    x = cmp.getLhs();
    pred = cmp.getPredicate();
    return true;
  }
  if (matchPattern(cmp.getLhs(), m_ConstantInt(&c))) {
    x = cmp.getRhs();
    pred = swapOperands(cmp.getPredicate());
    return true;
  }
  return false;
}

namespace {
struct FoldGuardedCompares
    : hlsl::impl::HLSLFoldGuardedComparesPassBase<FoldGuardedCompares> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.getBody().empty())
      return;
    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(func)))
      return signalPassFailure();
    DominanceInfo dominance(func);

    SmallVector<std::pair<arith::CmpIOp, bool>> folds;
    func.walk([&](arith::CmpIOp cmp) {
      Value x;
      arith::CmpIPredicate pred;
      APInt c;
      if (!matchCompareWithConstant(cmp.getResult(), x, pred, c))
        return;
      auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(x);
      ConstantIntRanges range =
          lattice && !lattice->getValue().isUninitialized()
              ? lattice->getValue().getValue()
              : ConstantIntRanges::maxRange(c.getBitWidth());
      // Narrow by every branch on the dominator path that compared x.
      for (Block *block = cmp->getBlock(); block;) {
        Block *pred = block->getSinglePredecessor();
        if (pred)
          if (auto branch = dyn_cast<cf::CondBranchOp>(pred->getTerminator());
              branch && branch.getTrueDest() != branch.getFalseDest()) {
            Value guarded;
            arith::CmpIPredicate guardPred;
            APInt guardConst;
            if (matchCompareWithConstant(branch.getCondition(), guarded,
                                         guardPred, guardConst) &&
                guarded == x && guardConst.getBitWidth() == c.getBitWidth()) {
              if (block == branch.getFalseDest())
                guardPred = arith::invertPredicate(guardPred);
              range = range.intersection(rangeSatisfying(guardPred, guardConst));
            }
          }
        // MLIR builds no dominator tree for a single-block region (and
        // getNode would read a missing one); such a block has no guards.
        if (block->getParent()->hasOneBlock())
          break;
        DominanceInfoNode *node = dominance.getNode(block);
        if (!node || !node->getIDom())
          break;
        block = node->getIDom()->getBlock();
      }
      std::optional<bool> result = intrange::evaluatePred(
          toRangePredicate(pred), range, ConstantIntRanges::constant(c));
      if (result)
        folds.push_back({cmp, *result});
    });
    for (auto [cmp, value] : folds) {
      OpBuilder builder(cmp);
      Value constant = arith::ConstantOp::create(builder, cmp.getLoc(),
                                                 builder.getBoolAttr(value));
      cmp.getResult().replaceAllUsesWith(constant);
      cmp.erase();
    }
  }
};
} // namespace
