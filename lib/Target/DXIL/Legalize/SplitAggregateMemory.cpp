//===- SplitAggregateMemory.cpp - element-wise aggregate loads/stores -----===//
//
// The MLIR translation stores and loads whole arrays and structs
// (`store [4 x float] [...], ptr %a`) where HLSL assigns or copies one. DXIL
// has no aggregate memory accesses, and LLVM's optimizer only splits small
// ones (at -Od nothing does; InstCombine splits large constant stores one
// element at a time and is quadratic in their size). This pass, run before
// the optimizer, rewrites every aggregate load and store as accesses of its
// scalars and vectors. Large arrays are filled (from a splat constant such
// as a zero initializer) or copied (from a load just before) by a loop
// instead of one access per element, which keeps `float a[8192] = (float
// [8192])0` at a handful of instructions.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "AggregateTypes.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using mlir::hlsl::countAggregateLeaves;
using mlir::hlsl::isSplittableAggregate;

namespace {
/// Arrays with more scalars than this are filled and copied by loops.
constexpr uint64_t kLoopThreshold = 64;

/// The value every element of constant array `value` has, or null.
Constant *getSplatElement(Constant *value) {
  auto *array = cast<ArrayType>(value->getType());
  if (isa<ConstantAggregateZero>(value))
    return Constant::getNullValue(array->getElementType());
  if (auto *data = dyn_cast<ConstantDataArray>(value))
    return data->getSplatValue();
  if (auto *aggregate = dyn_cast<ConstantArray>(value)) {
    Constant *first = aggregate->getOperand(0);
    for (Use &element : aggregate->operands())
      if (element.get() != first)
        return nullptr;
    return first;
  }
  return nullptr;
}

class AggregateSplitter {
public:
  AggregateSplitter(const DataLayout &layout) : layout(layout) {}

  /// Stores `value` to `ptr` leaf by leaf at the builder's position.
  void emitStore(IRBuilder<> &builder, Value *value, Value *ptr, Align align) {
    Type *type = value->getType();
    if (!isSplittableAggregate(type)) {
      builder.CreateAlignedStore(value, ptr, align);
      return;
    }
    // Storing undef leaves memory undefined: nothing to write.
    if (isa<UndefValue>(value))
      return;
    auto *array = dyn_cast<ArrayType>(type);
    if (array && countAggregateLeaves(type) > kLoopThreshold)
      if (auto *constant = dyn_cast<Constant>(value))
        if (Constant *splat = getSplatElement(constant)) {
          emitLoop(builder, array, [&](IRBuilder<> &body, Value *index) {
            emitStore(body, splat, elementPtr(body, array, ptr, index),
                      commonAlignment(align, elementSize(array)));
          });
          return;
        }
    forEachElement(builder, type, ptr, align,
                   [&](unsigned i, Value *elementPtr, Align elementAlign) {
                     // A constant's element, or the one an insertvalue
                     // chain put there (at -Od nothing folds the chain,
                     // whose undef start the validator refuses).
                     Value *element = FindInsertedValue(value, {i});
                     if (!element)
                       element = builder.CreateExtractValue(value, i);
                     emitStore(builder, element, elementPtr, elementAlign);
                   });
  }

  /// Loads a value of `type` from `ptr` leaf by leaf.
  Value *emitLoad(IRBuilder<> &builder, Type *type, Value *ptr, Align align) {
    if (!isSplittableAggregate(type))
      return builder.CreateAlignedLoad(type, ptr, align);
    Value *result = PoisonValue::get(type);
    forEachElement(
        builder, type, ptr, align,
        [&](unsigned i, Value *elementPtr, Align elementAlign) {
          Type *elementType =
              GetElementPtrInst::getTypeAtIndex(type, uint64_t(i));
          result = builder.CreateInsertValue(
              result, emitLoad(builder, elementType, elementPtr, elementAlign),
              i);
        });
    return result;
  }

  /// Copies a `type` from `from` to `to`, large arrays by a loop.
  void emitCopy(IRBuilder<> &builder, Type *type, Value *from, Align fromAlign,
                Value *to, Align toAlign) {
    auto *array = dyn_cast<ArrayType>(type);
    if (!array || countAggregateLeaves(type) <= kLoopThreshold) {
      emitStore(builder, emitLoad(builder, type, from, fromAlign), to, toAlign);
      return;
    }
    uint64_t size = elementSize(array);
    emitLoop(builder, array, [&](IRBuilder<> &body, Value *index) {
      emitCopy(
          body, array->getElementType(), elementPtr(body, array, from, index),
          commonAlignment(fromAlign, size), elementPtr(body, array, to, index),
          commonAlignment(toAlign, size));
    });
  }

private:
  uint64_t elementSize(ArrayType *array) const {
    return layout.getTypeAllocSize(array->getElementType());
  }

  static Value *elementPtr(IRBuilder<> &builder, ArrayType *array, Value *ptr,
                           Value *index) {
    return builder.CreateInBoundsGEP(array, ptr, {builder.getInt32(0), index});
  }

  /// Calls `fn(i, pointer, alignment)` for each element or field of `type`.
  void forEachElement(IRBuilder<> &builder, Type *type, Value *ptr, Align align,
                      function_ref<void(unsigned, Value *, Align)> fn) {
    if (auto *array = dyn_cast<ArrayType>(type)) {
      uint64_t size = elementSize(array);
      for (unsigned i = 0, e = array->getNumElements(); i != e; ++i)
        fn(i, elementPtr(builder, array, ptr, builder.getInt32(i)),
           commonAlignment(align, i * size));
      return;
    }
    auto *st = cast<StructType>(type);
    const StructLayout *fields = layout.getStructLayout(st);
    for (unsigned i = 0, e = st->getNumElements(); i != e; ++i)
      fn(i, builder.CreateStructGEP(st, ptr, i),
         commonAlignment(align, fields->getElementOffset(i).getFixedValue()));
  }

  /// Emits `for (i = 0; i < N; ++i) body(i)` at the builder's position and
  /// leaves the builder after the loop.
  static void emitLoop(IRBuilder<> &builder, ArrayType *array,
                       function_ref<void(IRBuilder<> &, Value *)> body) {
    BasicBlock *entry = builder.GetInsertBlock();
    BasicBlock *exit =
        SplitBlock(entry, builder.GetInsertPoint(), (DominatorTree *)nullptr);
    Function *function = entry->getParent();
    LLVMContext &context = function->getContext();
    BasicBlock *header = BasicBlock::Create(context, "fill", function, exit);
    entry->getTerminator()->setSuccessor(0, header);
    IRBuilder<> loop(header);
    PHINode *index = loop.CreatePHI(loop.getInt32Ty(), 2);
    index->addIncoming(loop.getInt32(0), entry);
    auto *next = cast<Instruction>(loop.CreateAdd(
        index, loop.getInt32(1), "", /*HasNUW=*/true, /*HasNSW=*/true));
    Value *done = loop.CreateICmpEQ(
        next, loop.getInt32(uint32_t(array->getNumElements())));
    loop.CreateCondBr(done, exit, header);
    // The body goes before the increment; a nested loop splits the block
    // there, so the back edge comes from wherever the increment ends up.
    IRBuilder<> bodyBuilder(next);
    body(bodyBuilder, index);
    index->addIncoming(next, next->getParent());
    builder.SetInsertPoint(exit, exit->begin());
  }

  const DataLayout &layout;
};

/// Whether nothing between `load` and `store` (same block) may write memory,
/// so the load can move down to the store.
bool isAdjacentCopy(LoadInst *load, StoreInst *store) {
  if (load->getParent() != store->getParent() || !load->hasOneUse())
    return false;
  for (Instruction *inst = load->getNextNode(); inst != store;
       inst = inst->getNextNode())
    if (!inst || inst->mayWriteToMemory())
      return false;
  return true;
}
} // namespace

void mlir::hlsl::splitAggregateMemoryForDXIL(Module &module) {
  AggregateSplitter splitter(module.getDataLayout());
  for (Function &function : module) {
    // Two lists: the stores are erased before the loads are visited.
    SmallVector<StoreInst *> stores;
    SmallVector<LoadInst *> loads;
    for (Instruction &inst : instructions(function)) {
      if (auto *store = dyn_cast<StoreInst>(&inst)) {
        if (isSplittableAggregate(store->getValueOperand()->getType()))
          stores.push_back(store);
      } else if (auto *load = dyn_cast<LoadInst>(&inst)) {
        if (isSplittableAggregate(load->getType()))
          loads.push_back(load);
      }
    }
    // Stores first: a copy consumes its load.
    for (StoreInst *store : stores) {
      IRBuilder<> builder(store);
      Value *value = store->getValueOperand();
      auto *load = dyn_cast<LoadInst>(value);
      if (load && isAdjacentCopy(load, store))
        splitter.emitCopy(builder, value->getType(), load->getPointerOperand(),
                          load->getAlign(), store->getPointerOperand(),
                          store->getAlign());
      else
        splitter.emitStore(builder, value, store->getPointerOperand(),
                           store->getAlign());
      store->eraseFromParent();
    }
    for (LoadInst *load : loads) {
      if (!load->use_empty()) {
        IRBuilder<> builder(load);
        load->replaceAllUsesWith(splitter.emitLoad(builder, load->getType(),
                                                   load->getPointerOperand(),
                                                   load->getAlign()));
      }
      load->eraseFromParent();
    }
  }
}
