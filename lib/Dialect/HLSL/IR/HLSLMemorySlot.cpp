//===- HLSLMemorySlot.cpp - mem2reg support for hlsl locals ---------------===//
//
// Local variables whose address is only loaded from and stored to become SSA
// values through MLIR's mem2reg. Element and field accesses are rewritten
// into value operations first (hlsl-promote-locals) so that aggregates that
// hold resources promote as a whole.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

using namespace mlir;
using namespace mlir::hlsl;

SmallVector<MemorySlot> VarOp::getPromotableSlots() {
  Type pointee = getAddr().getType().getPointee();
  if (auto array = dyn_cast<ArrayType>(pointee); array && array.isUnbounded())
    return {};
  return {MemorySlot{getAddr(), pointee}};
}

Value VarOp::getDefaultValue(const MemorySlot &slot, OpBuilder &builder) {
  // Reading a variable before writing it gives an undefined value; a
  // resource-typed one is diagnosed by the resource-array lowering.
  return UndefOp::create(builder, getLoc(), slot.elemType);
}

void VarOp::handleBlockArgument(const MemorySlot &, BlockArgument,
                                OpBuilder &) {}

std::optional<PromotableAllocationOpInterface>
VarOp::handlePromotionComplete(const MemorySlot &, Value defaultValue,
                               OpBuilder &) {
  if (defaultValue && defaultValue.use_empty())
    defaultValue.getDefiningOp()->erase();
  erase();
  return std::nullopt;
}

bool LoadOp::loadsFrom(const MemorySlot &slot) {
  return getAddr() == slot.ptr;
}

bool LoadOp::storesTo(const MemorySlot &) { return false; }

Value LoadOp::getStored(const MemorySlot &, OpBuilder &, Value,
                        const DataLayout &) {
  llvm_unreachable("hlsl.load does not store");
}

bool LoadOp::canUsesBeRemoved(const MemorySlot &slot,
                              const SmallPtrSetImpl<OpOperand *> &blockingUses,
                              SmallVectorImpl<OpOperand *> &,
                              const DataLayout &) {
  return blockingUses.size() == 1 &&
         (*blockingUses.begin())->get() == slot.ptr &&
         getResult().getType() == slot.elemType;
}

DeletionKind LoadOp::removeBlockingUses(const MemorySlot &,
                                        const SmallPtrSetImpl<OpOperand *> &,
                                        OpBuilder &, Value reachingDefinition,
                                        const DataLayout &) {
  getResult().replaceAllUsesWith(reachingDefinition);
  return DeletionKind::Delete;
}

bool StoreOp::loadsFrom(const MemorySlot &) { return false; }

bool StoreOp::storesTo(const MemorySlot &slot) {
  return getAddr() == slot.ptr;
}

Value StoreOp::getStored(const MemorySlot &, OpBuilder &, Value,
                         const DataLayout &) {
  return getValue();
}

bool StoreOp::canUsesBeRemoved(const MemorySlot &slot,
                               const SmallPtrSetImpl<OpOperand *> &blockingUses,
                               SmallVectorImpl<OpOperand *> &,
                               const DataLayout &) {
  // Only the address use can go: storing the slot's address itself would
  // let it escape.
  return blockingUses.size() == 1 &&
         (*blockingUses.begin()) == &getAddrMutable() &&
         getValue() != slot.ptr && getValue().getType() == slot.elemType;
}

DeletionKind StoreOp::removeBlockingUses(const MemorySlot &,
                                         const SmallPtrSetImpl<OpOperand *> &,
                                         OpBuilder &, Value,
                                         const DataLayout &) {
  return DeletionKind::Delete;
}
