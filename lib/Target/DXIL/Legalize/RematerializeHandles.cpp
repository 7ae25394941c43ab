//===- RematerializeHandles.cpp - handles straight from createHandle ------===//
//
// Below shader model 6.6, every resource handle an operation uses must be
// the result of a createHandle call (the validator's "Resource handle should
// returned by createHandle"). LLVM's optimizer merges identical createHandle
// calls of different blocks into a phi (SimplifyCFG sinks the common code of
// a switch's cases) or a select. Where all the handles merged that way come
// from the same range, the merge is moved onto the range index: a phi or
// select of the indices feeds one createHandle where the handle was merged.
// Handles of different ranges cannot be merged in DXIL before 6.6: that is
// reported instead.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/DXILOpcodes.h"
#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace mlir::hlsl;

namespace {
bool isCreateHandle(const Value *value) {
  auto *call = dyn_cast<CallInst>(value);
  if (!call || !call->getCalledFunction() ||
      !call->getCalledFunction()->getName().starts_with("dx.op.") ||
      call->arg_size() != 5)
    return false;
  auto *opcode = dyn_cast<ConstantInt>(call->getArgOperand(0));
  return opcode && opcode->getZExtValue() == dxil::CreateHandle;
}

class HandleRematerializer {
public:
  HandleRematerializer(Function &func) : func(func) {}

  Error run() {
    SmallVector<Instruction *> merges;
    for (Instruction &inst : instructions(func))
      if ((isa<PHINode>(inst) || isa<SelectInst>(inst)) &&
          isHandleType(inst.getType()))
        merges.push_back(&inst);
    for (Instruction *merge : merges) {
      if (merge->use_empty())
        continue;
      // Indices are built per merge: each has its own range to check.
      template_ = nullptr;
      indices.clear();
      Value *index = getIndex(merge);
      if (!index)
        return unsupported(merge);
      Instruction *insertAt = isa<PHINode>(merge)
                                  ? &*merge->getParent()->getFirstInsertionPt()
                                  : merge;
      IRBuilder<> b(insertAt);
      CallInst *handle = cast<CallInst>(template_->clone());
      handle->setArgOperand(3, index);
      handle->setArgOperand(4, b.getInt1(nonUniform));
      b.Insert(handle);
      merge->replaceAllUsesWith(handle);
    }
    SmallVector<WeakTrackingVH> dead(merges.begin(), merges.end());
    RecursivelyDeleteTriviallyDeadInstructions(dead);
    return Error::success();
  }

private:
  static bool isHandleType(Type *type) {
    auto *st = dyn_cast<StructType>(type);
    return st && st->hasName() && st->getName() == "dx.types.Handle";
  }

  /// The range index that selects the handle `value`, built where `value`
  /// is; null if it merges handles of different ranges (or not from
  /// createHandle).
  Value *getIndex(Value *value) {
    if (auto it = indices.find(value); it != indices.end())
      return it->second;
    Type *i32 = Type::getInt32Ty(func.getContext());
    if (isa<UndefValue>(value))
      return UndefValue::get(i32);
    if (isCreateHandle(value)) {
      auto *call = cast<CallInst>(value);
      if (!template_) {
        template_ = call;
        nonUniform = false;
      } else if (call->getArgOperand(1) != template_->getArgOperand(1) ||
                 call->getArgOperand(2) != template_->getArgOperand(2)) {
        return nullptr;
      }
      auto *flag = dyn_cast<ConstantInt>(call->getArgOperand(4));
      nonUniform |= !flag || !flag->isZero();
      return call->getArgOperand(3);
    }
    if (auto *phi = dyn_cast<PHINode>(value)) {
      IRBuilder<> b(phi);
      PHINode *index = b.CreatePHI(i32, phi->getNumIncomingValues());
      indices[value] = index; // before the operands: loops come back here
      for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) {
        Value *incoming = getIndex(phi->getIncomingValue(i));
        if (!incoming)
          return nullptr;
        index->addIncoming(incoming, phi->getIncomingBlock(i));
      }
      // The same index on every edge (a range of one): that value, which the
      // validator can see is in range.
      if (Value *same = index->hasConstantValue()) {
        index->replaceAllUsesWith(same);
        index->eraseFromParent();
        indices[value] = same;
        return same;
      }
      return index;
    }
    if (auto *select = dyn_cast<SelectInst>(value)) {
      Value *ifTrue = getIndex(select->getTrueValue());
      Value *ifFalse = ifTrue ? getIndex(select->getFalseValue()) : nullptr;
      if (!ifFalse)
        return nullptr;
      IRBuilder<> b(select);
      Value *index = ifTrue == ifFalse ? ifTrue
                                       : b.CreateSelect(select->getCondition(),
                                                        ifTrue, ifFalse);
      indices[value] = index;
      return index;
    }
    return nullptr;
  }

  static Error unsupported(Instruction *merge) {
    return createStringError(
        inconvertibleErrorCode(),
        "not supported yet: a resource chosen at run time among different "
        "declarations before shader model 6.6 (handles must come from "
        "createHandle)");
  }

  Function &func;
  DenseMap<Value *, Value *> indices;
  /// The first createHandle found: class, range and the call to clone.
  CallInst *template_ = nullptr;
  bool nonUniform = false;
};
} // namespace

Error mlir::hlsl::rematerializeHandlesForDXIL(Module &module) {
  for (Function &func : module)
    if (!func.isDeclaration())
      if (Error error = HandleRematerializer(func).run())
        return error;
  return Error::success();
}
