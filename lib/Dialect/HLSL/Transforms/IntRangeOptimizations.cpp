//===- IntRangeOptimizations.cpp - range folding without block merging ----===//

#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLINTRANGEOPTIMIZATIONSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;

namespace {
/// Forgets the analysis state of erased ops, whose results and program
/// points may be reused by new ops.
struct SolverUpdater : public RewriterBase::Listener {
  explicit SolverUpdater(DataFlowSolver &solver) : solver(solver) {}
  void notifyOperationErased(Operation *op) override {
    solver.eraseState(solver.getProgramPointAfter(op));
    for (Value result : op->getResults())
      solver.eraseState(result);
  }
  DataFlowSolver &solver;
};

struct IntRangeOptimizationsPass
    : public hlsl::impl::HLSLIntRangeOptimizationsPassBase<
          IntRangeOptimizationsPass> {
  void runOnOperation() override {
    Operation *op = getOperation();
    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(op)))
      return signalPassFailure();
    SolverUpdater updater(solver);
    RewritePatternSet patterns(&getContext());
    arith::populateIntRangeOptimizationsPatterns(patterns, solver);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
        .setListener(&updater);
    // Not converging within the iteration limit is no error: what was
    // folded stays folded.
    (void)applyPatternsGreedily(op, std::move(patterns), config);
  }
};
} // namespace
