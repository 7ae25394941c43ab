//===- PromoteLocals.cpp - element accesses of locals as value ops --------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLPROMOTELOCALSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// One step from an aggregate to one of its elements.
struct AccessStep {
  Operation *op; // ElementAddrOp or FieldAddrOp
};

/// Collects the loads and stores reached from `addr` through element/field
/// addressing; fails if the address is used any other way (escapes).
LogicalResult collectAccesses(Value addr, SmallVectorImpl<Operation *> &out) {
  for (OpOperand &use : addr.getUses()) {
    Operation *user = use.getOwner();
    if (isa<LoadOp>(user)) {
      out.push_back(user);
    } else if (auto store = dyn_cast<StoreOp>(user)) {
      if (use.getOperandNumber() != 1)
        return failure(); // the address itself is stored
      out.push_back(user);
    } else if (isa<ElementAddrOp, FieldAddrOp>(user)) {
      // Matrix rows are not contiguous values; keep such variables.
      if (auto element = dyn_cast<ElementAddrOp>(user))
        if (isa<MatrixType>(element.getBase().getType().getPointee()))
          return failure();
      if (failed(collectAccesses(user->getResult(0), out)))
        return failure();
    } else {
      return failure();
    }
  }
  return success();
}

/// The chain of addressing ops from the variable to `addr`, outermost first.
SmallVector<Operation *> getPath(Value addr, Value root) {
  SmallVector<Operation *> path;
  while (addr != root) {
    Operation *def = addr.getDefiningOp();
    path.push_back(def);
    addr = def->getOperand(0);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

Value extract(OpBuilder &builder, Location loc, Operation *step, Value whole) {
  if (auto field = dyn_cast<FieldAddrOp>(step))
    return FieldExtractOp::create(
        builder, loc, field.getAddr().getType().getPointee(), whole,
        field.getIndex());
  auto element = cast<ElementAddrOp>(step);
  if (isa<VectorType>(whole.getType())) {
    Value index = arith::IndexCastOp::create(
        builder, loc, builder.getIndexType(), element.getIndex());
    return vector::ExtractOp::create(builder, loc, whole,
                                     ArrayRef<OpFoldResult>{index});
  }
  return ArrayExtractOp::create(builder, loc, whole, element.getIndex());
}

Value insert(OpBuilder &builder, Location loc, Operation *step, Value part,
             Value whole) {
  if (auto field = dyn_cast<FieldAddrOp>(step))
    return FieldInsertOp::create(builder, loc, part, whole, field.getIndex());
  auto element = cast<ElementAddrOp>(step);
  if (isa<VectorType>(whole.getType())) {
    Value index = arith::IndexCastOp::create(
        builder, loc, builder.getIndexType(), element.getIndex());
    return vector::InsertOp::create(builder, loc, part, whole,
                                    ArrayRef<OpFoldResult>{index});
  }
  return ArrayInsertOp::create(builder, loc, part, whole, element.getIndex());
}

struct PromoteLocals : hlsl::impl::HLSLPromoteLocalsPassBase<PromoteLocals> {
  void runOnOperation() override {
    SmallVector<VarOp> vars;
    getOperation()->walk([&](VarOp var) {
      Type type = var.getAddr().getType().getPointee();
      if (isa<VectorType>(type) || containsResource(type))
        vars.push_back(var);
    });
    for (VarOp var : vars)
      promote(var);
  }

  void promote(VarOp var) {
    SmallVector<Operation *> accesses;
    if (failed(collectAccesses(var.getAddr(), accesses)))
      return;
    OpBuilder builder(var.getContext());
    SmallVector<Operation *> dead;
    for (Operation *access : accesses) {
      Value addr = isa<LoadOp>(access) ? cast<LoadOp>(access).getAddr()
                                       : cast<StoreOp>(access).getAddr();
      if (addr == var.getAddr())
        continue;
      SmallVector<Operation *> path = getPath(addr, var.getAddr());
      Location loc = access->getLoc();
      builder.setInsertionPoint(access);
      // The values along the path, from the whole variable inwards.
      SmallVector<Value> values = {LoadOp::create(builder, loc, var.getAddr())};
      for (Operation *step : ArrayRef<Operation *>(path).drop_back())
        values.push_back(extract(builder, loc, step, values.back()));
      if (auto load = dyn_cast<LoadOp>(access)) {
        load.getResult().replaceAllUsesWith(
            extract(builder, loc, path.back(), values.back()));
      } else {
        Value part = cast<StoreOp>(access).getValue();
        for (int i = path.size() - 1; i >= 0; --i)
          part = insert(builder, loc, path[i], part, values[i]);
        StoreOp::create(builder, loc, part, var.getAddr());
      }
      dead.push_back(access);
    }
    for (Operation *op : dead)
      op->erase();
    // Erase address ops left without uses, innermost first.
    bool changed = true;
    while (changed) {
      changed = false;
      for (Operation *user : llvm::make_early_inc_range(var->getUsers()))
        changed |= eraseDeadAddress(user);
    }
  }

  bool eraseDeadAddress(Operation *op) {
    if (!isa<ElementAddrOp, FieldAddrOp>(op))
      return false;
    bool changed = false;
    for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
      changed |= eraseDeadAddress(user);
    if (op->use_empty()) {
      op->erase();
      return true;
    }
    return changed;
  }
};
} // namespace
