//===- LocalizeStaticGlobals.cpp - Static globals as entry locals ---------===//
//
// A DXIL entry point runs once per invocation, and every invocation has its
// own static globals, initialized anew. So a static global that only the
// entry uses holds its initializer when the entry starts: it is a local
// variable of the entry, which the optimizer then keeps in registers (a
// counter `static int calls; calls++` folds to constants, a static local's
// "initialized yet" flag to false at the first test). LLVM cannot know the
// entry runs once and would keep them in memory. DXC makes them locals too.
//
// Only globals the shader writes and that hold no array: a static global
// only read is a constant the optimizer folds, and an array indexed at run
// time stays in memory either way, where a local copy would cost a store per
// element on entry (DXC keeps static arrays global too).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

namespace {
bool containsArray(Type *type) {
  if (type->isArrayTy())
    return true;
  if (auto *record = dyn_cast<StructType>(type))
    return llvm::any_of(record->elements(), containsArray);
  return false;
}

enum class Access { ReadOnly, Written, Escapes };

/// How the instructions using `pointer` (directly or through GEPs) access
/// its memory.
Access getAccess(const Value *pointer) {
  Access access = Access::ReadOnly;
  for (const User *user : pointer->users()) {
    if (isa<LoadInst>(user))
      continue;
    if (const auto *store = dyn_cast<StoreInst>(user)) {
      if (store->getValueOperand() == pointer)
        return Access::Escapes;
      access = Access::Written;
      continue;
    }
    if (isa<GetElementPtrInst>(user)) {
      Access inner = getAccess(user);
      if (inner == Access::Escapes)
        return inner;
      if (inner == Access::Written)
        access = inner;
      continue;
    }
    // Atomics, memcpy/memset and anything else that is given the address.
    if (isa<Instruction>(user)) {
      access = Access::Written;
      continue;
    }
    return Access::Escapes;
  }
  return access;
}
} // namespace

void mlir::hlsl::localizeStaticGlobalsForDXIL(Module &module) {
  // (A library has several entries, each may use the same global.)
  Function *entry = nullptr;
  for (Function &function : module) {
    if (function.isDeclaration())
      continue;
    if (entry)
      return;
    entry = &function;
  }
  if (!entry)
    return;
  SmallVector<GlobalVariable *> candidates;
  for (GlobalVariable &global : module.globals())
    if (global.hasLocalLinkage() && !global.isConstant() &&
        global.getAddressSpace() == 0 && global.hasInitializer() &&
        !containsArray(global.getValueType()))
      candidates.push_back(&global);
  IRBuilder<> builder(&*entry->getEntryBlock().getFirstInsertionPt());
  for (GlobalVariable *global : candidates) {
    convertUsersOfConstantsToInstructions({global}, entry);
    if (!llvm::all_of(global->users(), [&](const User *user) {
          const auto *inst = dyn_cast<Instruction>(user);
          return inst && inst->getFunction() == entry;
        }))
      continue;
    if (getAccess(global) != Access::Written)
      continue;
    AllocaInst *local = builder.CreateAlloca(global->getValueType(), nullptr,
                                             global->getName());
    local->setAlignment(global->getAlign().valueOrOne());
    builder.CreateStore(global->getInitializer(), local);
    global->replaceAllUsesWith(local);
    global->eraseFromParent();
  }
}
