//===- MaterializeTemporaries.cpp - out/inout temporaries as copies -------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLMATERIALIZETEMPORARIESPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

/// The local variable an address points into, if any.
static VarOp getRootVar(Value addr) {
  while (Operation *def = addr.getDefiningOp()) {
    if (auto var = dyn_cast<VarOp>(def))
      return var;
    if (auto element = dyn_cast<ElementAddrOp>(def))
      addr = element.getBase();
    else if (auto field = dyn_cast<FieldAddrOp>(def))
      addr = field.getBase();
    else
      return {};
  }
  return {};
}

/// Root of anything a call operand may let the callee touch.
static Operation *getRoot(Value operand) {
  if (auto outArg = operand.getDefiningOp<OutArgOp>())
    operand = outArg.getLvalue();
  if (!isa<PointerType>(operand.getType()))
    return nullptr;
  Value addr = operand;
  while (Operation *def = addr.getDefiningOp()) {
    if (auto element = dyn_cast<ElementAddrOp>(def))
      addr = element.getBase();
    else if (auto field = dyn_cast<FieldAddrOp>(def))
      addr = field.getBase();
    else
      return def;
  }
  return nullptr;
}

/// Clones a conversion region's single block after the builder, feeding it
/// `input`; returns the yielded value (the input if the region is empty).
static FailureOr<Value> inlineConversion(Region &region, Value input,
                                         OpBuilder &builder) {
  if (region.empty())
    return input;
  if (!region.hasOneBlock())
    return failure();
  Block &block = region.front();
  IRMapping mapping;
  mapping.map(block.getArgument(0), input);
  for (Operation &op : block.without_terminator())
    builder.clone(op, mapping);
  auto yield = cast<YieldOp>(block.getTerminator());
  return mapping.lookupOrDefault(yield.getValues().front());
}

static Value loadLValue(OpBuilder &builder, Location loc, Value addr,
                        std::optional<ArrayRef<int32_t>> swizzle) {
  if (swizzle &&
      isa<MatrixType>(cast<PointerType>(addr.getType()).getPointee()))
    return buildMatrixElementsLoad(builder, loc, addr, *swizzle);
  Value value = LoadOp::create(builder, loc, addr);
  if (!swizzle)
    return value;
  if (swizzle->size() == 1)
    return vector::ExtractOp::create(builder, loc, value,
                                     int64_t((*swizzle)[0]));
  SmallVector<int64_t> mask(swizzle->begin(), swizzle->end());
  return vector::ShuffleOp::create(builder, loc, value, value, mask);
}

static void storeLValue(OpBuilder &builder, Location loc, Value value,
                        Value addr, std::optional<ArrayRef<int32_t>> swizzle) {
  if (!swizzle) {
    StoreOp::create(builder, loc, value, addr);
    return;
  }
  if (isa<MatrixType>(cast<PointerType>(addr.getType()).getPointee())) {
    buildMatrixElementsStore(builder, loc, value, addr, *swizzle);
    return;
  }
  Value whole = LoadOp::create(builder, loc, addr);
  for (auto [i, component] : llvm::enumerate(*swizzle)) {
    Value element =
        isa<VectorType>(value.getType())
            ? Value(vector::ExtractOp::create(builder, loc, value, int64_t(i)))
            : value;
    whole = vector::InsertOp::create(builder, loc, element, whole,
                                     int64_t(component));
  }
  StoreOp::create(builder, loc, whole, addr);
}

namespace {
struct MaterializeTemporaries
    : hlsl::impl::HLSLMaterializeTemporariesPassBase<MaterializeTemporaries> {
  using Base::Base;

  LogicalResult materialize(Operation *call);

  void runOnOperation() override {
    SmallVector<Operation *> calls;
    getOperation().walk([&](Operation *op) {
      if (llvm::any_of(op->getOperands(), [](Value v) {
            return v.getDefiningOp<OutArgOp>() != nullptr;
          }))
        calls.push_back(op);
    });
    for (Operation *call : calls)
      if (failed(materialize(call)))
        return signalPassFailure();
  }
};
} // namespace

LogicalResult MaterializeTemporaries::materialize(Operation *call) {
  struct Temporary {
    OutArgOp outArg;
    Value temp; // null: the lvalue is passed directly
  };
  SmallVector<Temporary> temporaries;
  Location loc = call->getLoc();
  auto func = call->getParentOfType<FunctionOpInterface>();
  OpBuilder builder(call);
  // Decide on the original operands, before any is replaced.
  SmallVector<Operation *> roots;
  for (Value operand : call->getOperands())
    roots.push_back(getRoot(operand));

  for (OpOperand &operand : call->getOpOperands()) {
    auto outArg = operand.get().getDefiningOp<OutArgOp>();
    if (!outArg)
      continue;
    Type paramType = outArg.getTemp().getType().getPointee();
    // A temporary is unobservable only if nothing else in the call can see
    // the variable: Init(V, V) must write back twice.
    bool canSkip = !forceTemporaries && outArg.getCopyIn().empty() &&
                   outArg.getWriteBack().empty() && !outArg.getSwizzle() &&
                   getRootVar(outArg.getLvalue());
    if (canSkip) {
      unsigned self = operand.getOperandNumber();
      for (auto [index, root] : llvm::enumerate(roots))
        if (index != self && root == roots[self])
          canSkip = false;
    }
    if (canSkip) {
      operand.set(outArg.getLvalue());
      temporaries.push_back({outArg, Value()});
      continue;
    }
    Value temp;
    {
      OpBuilder::InsertionGuard guard(builder);
      if (func && !func.getFunctionBody().empty())
        builder.setInsertionPointToStart(&func.getFunctionBody().front());
      temp = VarOp::create(builder, outArg.getLoc(), PointerType::get(paramType),
                           StringAttr());
    }
    if (outArg.isInOut()) {
      builder.setInsertionPoint(call);
      Value value = loadLValue(builder, outArg.getLoc(), outArg.getLvalue(),
                               outArg.getSwizzle());
      FailureOr<Value> converted =
          inlineConversion(outArg.getCopyIn(), value, builder);
      if (failed(converted))
        return outArg.emitOpError()
               << "copy-in conversion with control flow is not supported yet";
      StoreOp::create(builder, outArg.getLoc(), *converted, temp);
    }
    operand.set(temp);
    temporaries.push_back({outArg, temp});
  }

  // Write-backs after the call, left to right in argument order.
  builder.setInsertionPointAfter(call);
  for (Temporary &temporary : temporaries) {
    OutArgOp outArg = temporary.outArg;
    if (temporary.temp) {
      Value value = LoadOp::create(builder, loc, temporary.temp);
      FailureOr<Value> converted =
          inlineConversion(outArg.getWriteBack(), value, builder);
      if (failed(converted))
        return outArg.emitOpError()
               << "write-back conversion with control flow is not supported "
                  "yet";
      storeLValue(builder, outArg.getLoc(), *converted, outArg.getLvalue(),
                  outArg.getSwizzle());
    }
  }
  for (Temporary &temporary : temporaries)
    if (temporary.outArg.use_empty())
      temporary.outArg.erase();
  return success();
}
