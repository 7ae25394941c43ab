//===- HLSLCanonicalization.cpp - dialect-wide canonicalization patterns -===//
//
// Patterns the hlsl dialect adds to every canonicalization of a module it
// is loaded in (the canonicalizer collects them from loaded dialects).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DepthFirstIterator.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// Erases the blocks a `cf.br` in unreachable code belongs to before
/// MLIR's own cf.br canonicalization merges its destination into it.
///
/// A branch whose condition folds can leave a loop without its entry edge.
/// Merging the loop header into its latch (the header's only predecessor
/// left) then makes the latch's values operands of themselves
/// (`%next = arith.addi %next, %c1`), which is legal in unreachable code,
/// and MLIR 22's greedy driver folds such an operation forever
/// (llvm-project pull request 221037). Unreachable blocks would be erased
/// at the end of the iteration anyway; this erases them first. The benefit
/// puts it before the merge.
struct EraseUnreachableBeforeBranchMerge
    : public OpRewritePattern<cf::BranchOp> {
  EraseUnreachableBeforeBranchMerge(MLIRContext *context)
      : OpRewritePattern<cf::BranchOp>(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(cf::BranchOp branch,
                                PatternRewriter &rewriter) const override {
    Block *block = branch->getBlock();
    Block *dest = branch.getDest();
    // Only where the merge applies: a destination with this one
    // predecessor.
    if (dest == block || dest->getSinglePredecessor() != block)
      return failure();
    Region *region = block->getParent();
    if (llvm::is_contained(llvm::depth_first(&region->front()), block))
      return failure();
    return eraseUnreachableBlocks(rewriter, *region);
  }
};
} // namespace

void HLSLDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<EraseUnreachableBeforeBranchMerge>(getContext());
}
