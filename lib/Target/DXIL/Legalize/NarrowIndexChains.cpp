//===- NarrowIndexChains.cpp - 32-bit values through 64-bit registers -----===//
//
// LLVM's optimizer addresses memory with 64-bit indices: it extends 32-bit
// indices (`sext i32 to i64`), and partial redundancy elimination may merge
// the extensions into a phi. Once the accesses are flattened to DXIL's
// 32-bit addressing, those 64-bit values only reach `trunc ... to i32`; yet
// any 64-bit instruction makes the validator require the Int64Ops feature,
// which not every device has, for a shader that computes nothing in 64 bits.
// A 64-bit value whose uses all truncate it to 32 bits and that is an
// extension of a 32-bit value, or a phi or select of such values, is
// computed in 32 bits instead.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <functional>

using namespace llvm;

namespace {
class IndexChainNarrower {
public:
  explicit IndexChainNarrower(Function &func) : func(func) {}

  void run() {
    // Candidates: the 64-bit values that only feed truncations to i32 and
    // other candidates.
    SetVector<Instruction *> candidates;
    for (Instruction &inst : instructions(func))
      if (inst.getType()->isIntegerTy(64) &&
          (isa<SExtInst, ZExtInst, PHINode, SelectInst>(inst)))
        candidates.insert(&inst);
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<Instruction *> current(candidates.begin(), candidates.end());
      for (Instruction *inst : current)
        if (!isNarrowable(*inst, candidates)) {
          candidates.remove(inst);
          changed = true;
        }
    }
    if (candidates.empty())
      return;
    Type *i32 = Type::getInt32Ty(func.getContext());
    DenseMap<Instruction *, Value *> narrow;
    // Phis first (their operands may come later), then the rest.
    for (Instruction *inst : candidates)
      if (auto *phi = dyn_cast<PHINode>(inst)) {
        IRBuilder<> b(phi);
        narrow[phi] =
            b.CreatePHI(i32, phi->getNumIncomingValues(), phi->getName());
      }
    std::function<Value *(Value *)> getNarrow = [&](Value *value) -> Value * {
      if (auto *constant = dyn_cast<ConstantInt>(value))
        return ConstantInt::get(i32, constant->getValue().trunc(32));
      auto *inst = cast<Instruction>(value);
      auto it = narrow.find(inst);
      if (it != narrow.end())
        return it->second;
      Value *result;
      if (isa<SExtInst, ZExtInst>(inst)) {
        result = inst->getOperand(0);
      } else {
        auto *select = cast<SelectInst>(inst);
        IRBuilder<> b(select);
        result = b.CreateSelect(
            select->getCondition(), getNarrow(select->getTrueValue()),
            getNarrow(select->getFalseValue()), select->getName());
      }
      narrow[inst] = result;
      return result;
    };
    for (Instruction *inst : candidates)
      if (auto *phi = dyn_cast<PHINode>(inst)) {
        auto *narrowPhi = cast<PHINode>(narrow[phi]);
        for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i)
          narrowPhi->addIncoming(getNarrow(phi->getIncomingValue(i)),
                                 phi->getIncomingBlock(i));
      }
    // Truncations read the narrow values; the wide ones are then dead.
    for (Instruction *inst : candidates)
      for (User *user : SmallVector<User *>(inst->users()))
        if (auto *trunc = dyn_cast<TruncInst>(user)) {
          trunc->replaceAllUsesWith(getNarrow(inst));
          trunc->eraseFromParent();
        }
    for (Instruction *inst : candidates) {
      if (isa<PHINode, SelectInst>(inst))
        narrow[inst]->takeName(inst);
      inst->replaceAllUsesWith(PoisonValue::get(inst->getType()));
    }
    for (Instruction *inst : candidates)
      inst->eraseFromParent();
  }

private:
  /// The value's uses are truncations to i32 or candidates, and its
  /// operands are 32-bit values extended, constants that fit in 32 bits,
  /// or candidates.
  bool isNarrowable(Instruction &inst,
                    const SetVector<Instruction *> &candidates) const {
    for (User *user : inst.users()) {
      if (auto *trunc = dyn_cast<TruncInst>(user)) {
        if (!trunc->getType()->isIntegerTy(32))
          return false;
        continue;
      }
      auto *userInst = dyn_cast<Instruction>(user);
      if (!userInst || !candidates.contains(userInst))
        return false;
      // A select's condition is not a 64-bit operand.
      if (auto *select = dyn_cast<SelectInst>(userInst))
        if (select->getCondition() == &inst)
          return false;
    }
    auto isNarrowOperand = [&](Value *operand) {
      if (auto *constant = dyn_cast<ConstantInt>(operand))
        return constant->getValue().isSignedIntN(32) ||
               constant->getValue().isIntN(32);
      auto *operandInst = dyn_cast<Instruction>(operand);
      return operandInst && candidates.contains(operandInst);
    };
    if (isa<SExtInst, ZExtInst>(inst))
      return inst.getOperand(0)->getType()->isIntegerTy(32);
    if (auto *phi = dyn_cast<PHINode>(&inst))
      return llvm::all_of(phi->incoming_values(),
                          [&](Value *v) { return isNarrowOperand(v); });
    auto *select = cast<SelectInst>(&inst);
    return isNarrowOperand(select->getTrueValue()) &&
           isNarrowOperand(select->getFalseValue());
  }

  Function &func;
};
} // namespace

void mlir::hlsl::narrowIndexChainsForDXIL(Module &module) {
  for (Function &func : module)
    if (!func.isDeclaration())
      IndexChainNarrower(func).run();
}
