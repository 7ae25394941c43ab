//===- PreciseValues.cpp - What precise values are computed from ----------===//
//
// The importer marks each value stored to a `precise` variable or field (or
// returned by a `precise` function) with a call of `hlsl.precise.<type>`.
// Everything such a value is computed from is precise too, as in DXC:
// through operands, and through memory from every store to a variable it
// loads. That arithmetic gets no fast-math flags, and the floating-point
// DXIL operations among it `!dx.precise`; the rest of the shader stays
// fast. The markers stay through the optimizer, which then does not fold
// anything into a precise value.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

static constexpr StringLiteral kMarkerPrefix = "hlsl.precise.";
static constexpr StringLiteral kPerValueMetadata = "hlsl.precise_values";

static SmallVector<Function *> getMarkers(Module &module) {
  SmallVector<Function *> markers;
  for (Function &func : module)
    if (func.isDeclaration() && func.getName().starts_with(kMarkerPrefix))
      markers.push_back(&func);
  return markers;
}

/// The constant byte offset of `address` from `object`, if it has one.
static std::optional<APInt> getConstantOffset(Value *address, Value *object,
                                              const DataLayout &layout) {
  APInt offset(layout.getIndexTypeSizeInBits(address->getType()), 0);
  Value *base = address->stripAndAccumulateConstantOffsets(
      layout, offset, /*AllowNonInbounds=*/true);
  if (base != object)
    return std::nullopt;
  return offset;
}

/// The values stored to the variable `object` that the load of `size` bytes
/// at `offset` in it may read: every store to it whose bytes may overlap
/// those (through any address computed from it).
static void collectStores(Value *object, std::optional<APInt> offset,
                          uint64_t size, const DataLayout &layout,
                          SmallVectorImpl<Value *> &stored) {
  SmallVector<Value *> addresses = {object};
  SmallPtrSet<Value *, 8> seen;
  while (!addresses.empty()) {
    Value *address = addresses.pop_back_val();
    if (!seen.insert(address).second)
      continue;
    for (User *user : address->users()) {
      if (auto *store = dyn_cast<StoreInst>(user)) {
        if (store->getPointerOperand() != address)
          continue;
        std::optional<APInt> storeOffset =
            getConstantOffset(store->getPointerOperand(), object, layout);
        uint64_t storeSize =
            layout.getTypeStoreSize(store->getValueOperand()->getType());
        bool disjoint = offset && storeOffset &&
                        (storeOffset->getSExtValue() + int64_t(storeSize) <=
                             offset->getSExtValue() ||
                         offset->getSExtValue() + int64_t(size) <=
                             storeOffset->getSExtValue());
        if (!disjoint)
          stored.push_back(store->getValueOperand());
      } else if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst, PHINode,
                     SelectInst>(user) ||
                 (isa<ConstantExpr>(user) && user->getType()->isPointerTy())) {
        addresses.push_back(user);
      }
    }
  }
}

SmallPtrSet<Instruction *, 16>
mlir::hlsl::findPreciseComputationsForDXIL(Module &module) {
  SmallPtrSet<Instruction *, 16> precise;
  SmallVector<Value *> worklist;
  for (Function *marker : getMarkers(module))
    for (User *user : marker->users())
      worklist.push_back(user);
  // (Loads of one address and size read the same stores.)
  DenseSet<std::pair<Value *, uint64_t>> readsSeen;
  const DataLayout &layout = module.getDataLayout();
  while (!worklist.empty()) {
    auto *inst = dyn_cast<Instruction>(worklist.pop_back_val());
    if (!inst || !precise.insert(inst).second)
      continue;
    if (auto *load = dyn_cast<LoadInst>(inst)) {
      Value *object = getUnderlyingObject(load->getPointerOperand());
      uint64_t size = layout.getTypeStoreSize(load->getType());
      if (isa<AllocaInst, GlobalVariable>(object) &&
          readsSeen.insert({load->getPointerOperand(), size}).second)
        collectStores(
            object,
            getConstantOffset(load->getPointerOperand(), object, layout), size,
            layout, worklist);
      continue;
    }
    for (Value *operand : inst->operands())
      worklist.push_back(operand);
  }
  return precise;
}

bool mlir::hlsl::hasPreciseValueMarkersForDXIL(Module &module) {
  return !getMarkers(module).empty();
}

bool mlir::hlsl::takePerValuePrecisionForDXIL(Module &module) {
  NamedMDNode *mark = module.getNamedMetadata(kPerValueMetadata);
  if (!mark)
    return false;
  module.eraseNamedMetadata(mark);
  return true;
}

void mlir::hlsl::resolvePreciseValuesForDXIL(Module &module,
                                             bool native16BitTypes) {
  SmallVector<Function *> markers = getMarkers(module);
  if (markers.empty())
    return;
  MDNode *preciseNode = getDXPreciseNode(module.getContext());
  for (Instruction *inst : findPreciseComputationsForDXIL(module)) {
    if (isa<FPMathOperator>(inst) && !isa<CallInst>(inst))
      inst->setFastMathFlags(FastMathFlags());
    else if (auto *call = dyn_cast<CallInst>(inst);
             call && (isPreciseOperationForDXIL(*call, native16BitTypes) ||
                      (call->getType()->isFloatingPointTy() &&
                       call->getCalledFunction() &&
                       call->getCalledFunction()->isIntrinsic())))
      // (An intrinsic passes the mark to the DXIL operation it becomes.)
      call->setMetadata("dx.precise", preciseNode);
  }
  for (Function *marker : markers) {
    for (User *user : llvm::make_early_inc_range(marker->users())) {
      auto *call = cast<CallInst>(user);
      call->replaceAllUsesWith(call->getArgOperand(0));
      call->eraseFromParent();
    }
    marker->eraseFromParent();
  }
  // (For setFastMathFlagsForDXIL: only the arithmetic marked not precise
  // before the optimizer becomes fast.)
  module.getOrInsertNamedMetadata(kPerValueMetadata);
}
