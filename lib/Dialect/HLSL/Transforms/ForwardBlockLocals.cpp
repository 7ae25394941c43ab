//===- ForwardBlockLocals.cpp - SSA values for block-local variables ------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLFORWARDBLOCKLOCALSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// The block all of `var`'s uses are in, as whole loads or as the address of
/// stores; null if there is no such block.
Block *getAccessBlock(VarOp var) {
  Block *block = nullptr;
  for (OpOperand &use : var.getAddr().getUses()) {
    Operation *user = use.getOwner();
    bool access = isa<LoadOp>(user) ||
                  (isa<StoreOp>(user) && use.getOperandNumber() == 1);
    if (!access || (block && user->getBlock() != block))
      return nullptr;
    block = user->getBlock();
  }
  return block;
}

struct ForwardBlockLocals
    : hlsl::impl::HLSLForwardBlockLocalsPassBase<ForwardBlockLocals> {
  void runOnOperation() override {
    DenseMap<Block *, SmallPtrSet<Operation *, 8>> varsByBlock;
    getOperation().walk([&](VarOp var) {
      if (Block *block = getAccessBlock(var))
        varsByBlock[block].insert(var);
    });
    for (auto &[block, vars] : varsByBlock)
      forward(*block, vars);
  }

  static void forward(Block &block, SmallPtrSetImpl<Operation *> &vars) {
    DenseMap<Operation *, Value> current;
    SmallVector<Operation *> dead;
    for (Operation &op : block) {
      if (auto store = dyn_cast<StoreOp>(op)) {
        Operation *var = store.getAddr().getDefiningOp();
        if (var && vars.contains(var)) {
          current[var] = store.getValue();
          dead.push_back(store);
        }
      } else if (auto load = dyn_cast<LoadOp>(op)) {
        Operation *var = load.getAddr().getDefiningOp();
        if (!var || !vars.contains(var))
          continue;
        auto value = current.find(var);
        // Read before written here: the value comes from elsewhere (or is
        // undefined); leave the variable to mem2reg. Nothing of it has
        // been rewritten yet.
        if (value == current.end()) {
          vars.erase(var);
          continue;
        }
        load.getResult().replaceAllUsesWith(value->second);
        dead.push_back(load);
      }
    }
    for (Operation *op : dead)
      op->erase();
    for (Operation *var : vars)
      if (var->use_empty())
        var->erase();
  }
};
} // namespace
