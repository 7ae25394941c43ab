//===- RunStaticInitializers.cpp - Non-constant static initializers -------===//

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLRUNSTATICINITIALIZERSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// Whether the initializer can be a constant of the module: it computes
/// from constants (with temporaries of its own), without calls and without
/// reading other variables, constant buffers or resources.
bool isConstantInitializer(GlobalOp global) {
  auto isOutside = [](Type type) {
    return isa<ResourceType>(type) ||
           (isa<PointerType>(type) &&
            cast<PointerType>(type).getAddressSpace() !=
                AddressSpace::Function);
  };
  WalkResult result = global.getInit().walk([&](Operation *op) {
    if (isa<CallOpInterface, GlobalAddrOp, CBufferAddrOp>(op) ||
        llvm::any_of(op->getOperandTypes(), isOutside) ||
        llvm::any_of(op->getResultTypes(), isOutside))
      return WalkResult::interrupt();
    if (auto intrinsic = dyn_cast<IntrinsicOp>(op);
        intrinsic && !isMemoryEffectFree(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

struct RunStaticInitializers
    : hlsl::impl::HLSLRunStaticInitializersPassBase<RunStaticInitializers> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<GlobalOp> globals;
    for (GlobalOp global : module.getOps<GlobalOp>())
      if (!global.getInit().empty() && !isConstantInitializer(global))
        globals.push_back(global);
    if (globals.empty())
      return;
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (!func->hasAttr(HLSLDialect::getEntryAttrName()) || func.isExternal())
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
      for (GlobalOp global : globals) {
        IRMapping mapping;
        Block &init = global.getInit().front();
        for (Operation &op : init.without_terminator())
          b.clone(op, mapping);
        auto yield = cast<YieldOp>(init.getTerminator());
        Location loc = global.getLoc();
        Value addr = GlobalAddrOp::create(
            b, loc, PointerType::get(global.getType(), AddressSpace::Static),
            global.getSymName());
        StoreOp::create(b, loc, mapping.lookupOrDefault(yield.getValues()[0]),
                        addr);
      }
    }
    for (GlobalOp global : globals) {
      global.getInit().getBlocks().clear();
      global.setConstant(false);
    }
  }
};
} // namespace
