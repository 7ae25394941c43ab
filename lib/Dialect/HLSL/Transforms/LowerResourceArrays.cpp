//===- LowerResourceArrays.cpp - resource arrays to flat handles ----------===//

#include "ResourceDescriptors.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLLOWERRESOURCEARRAYSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// `P[j]` where `P` is `N[i...]` (a slice of a global array) is `N[i..., j]`:
/// the handle keeps the original declaration's range (seed 001).
struct ExtractFromSlice : OpRewritePattern<ArrayExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ArrayExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto slice = op.getArray().getDefiningOp<ResourceSliceOp>();
    if (!slice)
      return failure();
    Value index = op.getIndex();
    if (index.getType() != rewriter.getI32Type())
      index = arith::TruncIOp::create(rewriter, op.getLoc(),
                                      rewriter.getI32Type(), index);
    SmallVector<Value> indices(slice.getIndices());
    indices.push_back(index);
    if (isa<ResourceType>(op.getType()))
      rewriter.replaceOpWithNewOp<ResourceHandleOp>(
          op, op.getType(), slice.getResourceAttr(), indices);
    else
      rewriter.replaceOpWithNewOp<ResourceSliceOp>(
          op, op.getType(), slice.getResourceAttr(), indices);
    return success();
  }
};

/// A dynamic element of an array of handles built element by element is a
/// select between the elements.
struct ExtractDynamicHandle : OpRewritePattern<ArrayExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ArrayExtractOp op,
                                PatternRewriter &rewriter) const override {
    if (!containsResource(op.getType()))
      return failure();
    Location loc = op.getLoc();
    Value index = op.getIndex();
    auto makeIndex = [&](int64_t i) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc, rewriter.getIntegerAttr(index.getType(), i));
    };
    if (auto insert = op.getArray().getDefiningOp<ArrayInsertOp>()) {
      // extract(insert(v, a, i), j) = j == i ? v : extract(a, j)
      Value same = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                         index, insert.getIndex());
      Value rest = ArrayExtractOp::create(rewriter, loc, insert.getArray(), index);
      rewriter.replaceOpWithNewOp<arith::SelectOp>(op, same, insert.getValue(),
                                                   rest);
      return success();
    }
    auto construct = op.getArray().getDefiningOp<ConstructOp>();
    if (!construct)
      return failure();
    OperandRange elements = construct.getElements();
    Value result = elements.back();
    for (int64_t i = elements.size() - 2; i >= 0; --i) {
      Value match = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, index,
                                          makeIndex(i));
      result = arith::SelectOp::create(rewriter, loc, match, elements[i], result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// resource_handle @C[i, j, k] -> create_handle @C[(i * d1 + j) * d2 + k].
/// The module's symbol table is built once: a lookup per handle would scan
/// every declaration (quadratic in the number of resources).
struct FlattenHandle : OpRewritePattern<ResourceHandleOp> {
  FlattenHandle(MLIRContext *context, SymbolTable &symbols)
      : OpRewritePattern(context), symbols(symbols) {}
  LogicalResult matchAndRewrite(ResourceHandleOp op,
                                PatternRewriter &rewriter) const override {
    auto resource = symbols.lookup<ResourceOp>(op.getResource());
    if (!resource)
      return failure();
    Location loc = op.getLoc();
    SmallVector<int64_t> shape = resource.getShape();
    Value flat;
    for (auto [dim, index] : llvm::enumerate(op.getIndices())) {
      if (!flat) {
        flat = index;
        continue;
      }
      Value size = arith::ConstantOp::create(
          rewriter, loc, rewriter.getI32IntegerAttr(int32_t(shape[dim])));
      flat = arith::AddIOp::create(
          rewriter, loc, arith::MulIOp::create(rewriter, loc, flat, size),
          index);
    }
    if (!flat)
      flat = arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getI32IntegerAttr(0));
    rewriter.replaceOpWithNewOp<CreateHandleOp>(op, op.getType(),
                                                op.getResourceAttr(), flat);
    return success();
  }

private:
  SymbolTable &symbols;
};

/// Reports the uses of undefined resources: where an undefined value
/// (a local or static resource variable, or an element of a local resource
/// array, that was never assigned) is used as a resource, and where a
/// resource that an undefined one reaches through branches and selects (a
/// variable assigned on some paths only) is. Aggregates, branches, selects
/// and memory only move a value along.
LogicalResult checkUndefinedResources(ModuleOp module) {
  DenseSet<Value> mayBeUndefined;
  SmallVector<Value> worklist;
  module.walk([&](UndefOp undef) {
    if (containsResource(undef.getType()))
      worklist.push_back(undef);
  });
  bool failedCheck = false;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    bool merged = !value.getDefiningOp<UndefOp>();
    // Only single resources are followed: an aggregate's undefined elements
    // are reported where they are extracted and used.
    bool follow = isa<ResourceType>(value.getType());
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      SmallVector<Value, 2> reached;
      if (auto branch = dyn_cast<BranchOpInterface>(user)) {
        for (unsigned i = 0, e = user->getNumSuccessors(); follow && i != e;
             ++i) {
          SuccessorOperands operands = branch.getSuccessorOperands(i);
          OperandRange forwarded = operands.getForwardedOperands();
          unsigned first = forwarded.getBeginOperandIndex();
          unsigned index = use.getOperandNumber();
          if (index >= first && index < first + forwarded.size())
            reached.push_back(user->getSuccessor(i)->getArgument(
                operands.getProducedOperandCount() + index - first));
        }
      } else if (auto select = dyn_cast<arith::SelectOp>(user)) {
        if (follow && use.getOperandNumber() != 0)
          reached.push_back(select.getResult());
      } else if (!isa<ConstructOp, ArrayInsertOp, ArrayExtractOp, FieldInsertOp,
                      FieldExtractOp, StoreOp>(user)) {
        if (merged)
          user->emitError()
              << "use of a resource that may be uninitialized: a local or "
                 "static resource variable that is not assigned on every "
                 "path to this use";
        else
          user->emitError()
              << "use of an uninitialized resource: a local or static "
                 "resource variable, or an element of a local resource "
                 "array, that was never assigned";
        failedCheck = true;
      }
      for (Value next : reached)
        if (mayBeUndefined.insert(next).second)
          worklist.push_back(next);
    }
  }
  return failure(failedCheck);
}

/// A handle of a sized resource array at a constant index past its range
/// (`E[2]` of `E[2]`, or `b[100]` in a function whose unsized array
/// parameter `b` was given an array of three) means no resource of the
/// array, and DXIL's validator refuses the index. DXC takes the index modulo
/// the array's size (`K[100]` of `K[3]` is `K[1]`); so do we, with a
/// warning (Clang warns about the direct `E[2]` too).
void wrapConstantHandleIndices(ModuleOp module, SymbolTable &symbols) {
  module.walk([&](CreateHandleOp op) {
    auto resource = symbols.lookup<ResourceOp>(op.getResource());
    std::optional<uint64_t> size =
        resource ? resource.getRangeSize() : std::nullopt;
    APInt index;
    if (!size || *size == 0 ||
        !matchPattern(op.getIndex(), m_ConstantInt(&index)))
      return;
    uint64_t position = index.getZExtValue() & 0xffffffffu;
    if (position < *size)
      return;
    uint64_t wrapped = position % *size;
    op.emitWarning() << "index " << position
                     << " is out of bounds of the resource array '"
                     << op.getResource() << "' (" << *size
                     << (*size == 1 ? " resource" : " resources")
                     << "); as DXC, index " << wrapped << " is taken";
    OpBuilder builder(op);
    op.getIndexMutable().assign(arith::ConstantOp::create(
        builder, op.getLoc(), builder.getI32IntegerAttr(int32_t(wrapped))));
  });
}

struct LowerResourceArrays
    : hlsl::impl::HLSLLowerResourceArraysPassBase<LowerResourceArrays> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    RewritePatternSet patterns(&getContext());
    SymbolTable symbols(module);
    patterns.add<ExtractFromSlice, ExtractDynamicHandle>(&getContext());
    patterns.add<FlattenHandle>(&getContext(), symbols);
    ArrayExtractOp::getCanonicalizationPatterns(patterns, &getContext());
    arith::SelectOp::getCanonicalizationPatterns(patterns, &getContext());
    arith::CmpIOp::getCanonicalizationPatterns(patterns, &getContext());
    // No control-flow simplification here (the canonicalizer after this
    // pass does its part): the driver's default merges the blocks of a
    // switch's cases into one with an argument per case, and every later
    // walk of that switch's operands is quadratic in its case count.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(module, std::move(patterns), config)))
      return signalPassFailure();

    wrapConstantHandleIndices(module, symbols);
    // A handle read from a local resource array element nobody assigned is
    // undefined: DXC silently reads a null handle, we refuse. A variable
    // assigned on some paths only, DXC refuses as "local resource not
    // guaranteed to map to unique global resource".
    bool failedCheck = failed(checkUndefinedResources(module));
    if (failedCheck)
      return signalPassFailure();
    // What the patterns could not resolve (elements chosen at run time,
    // arrays carried around loops, structs of resources) goes through
    // descriptors.
    for (auto func : module.getOps<func::FuncOp>())
      if (hasResourceAggregates(func) &&
          failed(lowerToResourceDescriptors(func, symbols)))
        failedCheck = true;
    if (failedCheck)
      signalPassFailure();
  }
};
} // namespace
