//===- LocalizeStaticResources.cpp - static resources as entry locals -----===//

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLLOCALIZESTATICRESOURCESPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// Gives the addresses computed from `addr` (element and field addresses)
/// the function address space of the local that replaced the global.
void moveToFunctionSpace(Value addr) {
  for (Operation *user : addr.getUsers()) {
    if (!isa<ElementAddrOp, FieldAddrOp>(user))
      continue;
    Value result = user->getResult(0);
    auto pointer = cast<PointerType>(result.getType());
    result.setType(
        PointerType::get(pointer.getPointee(), AddressSpace::Function));
    moveToFunctionSpace(result);
  }
}

struct LocalizeStaticResources
    : hlsl::impl::HLSLLocalizeStaticResourcesPassBase<LocalizeStaticResources> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::SmallDenseSet<StringRef> names;
    SmallVector<GlobalOp> globals;
    for (GlobalOp global : module.getOps<GlobalOp>())
      if (global.getKind() == GlobalKind::Static &&
          containsResource(global.getType())) {
        globals.push_back(global);
        names.insert(global.getSymName());
      }
    if (globals.empty())
      return;
    // The uses, per function.
    llvm::MapVector<Operation *, SmallVector<GlobalAddrOp>> uses;
    bool failed = false;
    module.walk([&](GlobalAddrOp addr) {
      if (!names.contains(addr.getGlobal()))
        return;
      auto func = addr->getParentOfType<func::FuncOp>();
      if (!func || !func->hasAttr(HLSLDialect::getEntryAttrName())) {
        addr.emitError() << "not supported yet: static resource variable '"
                         << addr.getGlobal() << "' used outside an entry point";
        failed = true;
        return;
      }
      uses[func].push_back(addr);
    });
    if (failed)
      return signalPassFailure();
    for (auto &[func, addrs] : uses) {
      OpBuilder b =
          OpBuilder::atBlockBegin(&cast<func::FuncOp>(func).getBody().front());
      llvm::DenseMap<StringRef, Value> locals;
      for (GlobalAddrOp addr : addrs) {
        Value &local = locals[addr.getGlobal()];
        if (!local) {
          Type type = addr.getAddr().getType().getPointee();
          local = VarOp::create(b, addr.getLoc(),
                                PointerType::get(type, AddressSpace::Function),
                                b.getStringAttr(addr.getGlobal()));
        }
        moveToFunctionSpace(addr.getAddr());
        addr.getAddr().replaceAllUsesWith(local);
        addr.erase();
      }
    }
    for (GlobalOp global : globals)
      global.erase();
  }
};
} // namespace
