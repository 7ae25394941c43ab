//===- EraseWriteOnlyStatics.cpp - static variables nothing reads ---------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLERASEWRITEONLYSTATICSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// Collects the ops that only write through `addr` (stores to it and the
/// addresses derived from it) into `writes`, in use order; false when
/// something else uses it (a load, a call, an atomic).
bool collectWritesOnly(Value addr, SmallVectorImpl<Operation *> &writes) {
  for (OpOperand &use : addr.getUses()) {
    Operation *user = use.getOwner();
    if (auto store = dyn_cast<StoreOp>(user)) {
      if (use.get() != store.getAddr() || store.getValue() == addr)
        return false;
      writes.push_back(store);
      continue;
    }
    if (isa<ElementAddrOp, FieldAddrOp>(user) && use.getOperandNumber() == 0) {
      if (!collectWritesOnly(user->getResult(0), writes))
        return false;
      writes.push_back(user);
      continue;
    }
    return false;
  }
  return true;
}

struct EraseWriteOnlyStatics
    : hlsl::impl::HLSLEraseWriteOnlyStaticsPassBase<EraseWriteOnlyStatics> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Every symbol's users, from one walk of the module.
    SymbolTableCollection symbolTables;
    SymbolUserMap users(symbolTables, module);
    bool changed = false;
    for (GlobalOp global :
         llvm::make_early_inc_range(module.getOps<GlobalOp>())) {
      if (global.getKind() != GlobalKind::Static)
        continue;
      SmallVector<Operation *> writes;
      bool writeOnly = true;
      for (Operation *user : users.getUsers(global)) {
        // Other symbol uses than addresses (none today) keep the global.
        auto addr = dyn_cast<GlobalAddrOp>(user);
        if (!addr || !collectWritesOnly(addr.getAddr(), writes)) {
          writeOnly = false;
          break;
        }
        writes.push_back(addr);
      }
      if (!writeOnly)
        continue;
      // Users come before what they use in `writes`.
      for (Operation *op : writes)
        op->erase();
      global.erase();
      changed = true;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
