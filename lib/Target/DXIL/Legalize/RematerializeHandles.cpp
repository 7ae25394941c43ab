//===- RematerializeHandles.cpp - handles straight from createHandle ------===//
//
// Every resource handle an operation uses must be the result of a handle
// creation (createHandle below shader model 6.6, annotateHandle of
// createHandleFromBinding from 6.6): the validator's "Resource handle should
// returned by createHandle". LLVM's optimizer merges identical creations of
// different blocks into a phi (SimplifyCFG sinks the common code of a
// switch's cases, GVN's PRE makes a handle available on every path) or a
// select. Where all the handles merged that way come from the same range,
// the merge is moved onto the range index: a phi or select of the indices
// feeds one new creation where the handle was merged. Handles of different
// ranges cannot be merged in DXIL: an operation on a select between them
// becomes a branch to the operation on either handle; a phi of them is
// reported.
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
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace mlir::hlsl;

namespace {
std::optional<unsigned> getOpcode(const Value *value) {
  auto *call = dyn_cast<CallInst>(value);
  if (!call || !call->getCalledFunction() ||
      !call->getCalledFunction()->getName().starts_with("dx.op.") ||
      call->arg_size() == 0)
    return std::nullopt;
  auto *opcode = dyn_cast<ConstantInt>(call->getArgOperand(0));
  if (!opcode)
    return std::nullopt;
  return unsigned(opcode->getZExtValue());
}

/// A handle creation: createHandle(class, range, index, nonUniform), or
/// annotateHandle(createHandleFromBinding(binding, index, nonUniform),
/// properties). Two creations of the same range differ only in the index.
struct HandleCreation {
  CallInst *root = nullptr;   // the call whose result is the handle
  CallInst *create = nullptr; // the call that takes the index
  unsigned indexOperand = 0;

  static std::optional<HandleCreation> match(Value *value) {
    std::optional<unsigned> opcode = getOpcode(value);
    auto *call = dyn_cast<CallInst>(value);
    if (opcode == dxil::CreateHandle && call->arg_size() == 5)
      return HandleCreation{call, call, 3};
    if (opcode == dxil::AnnotateHandle && call->arg_size() == 3) {
      auto *inner = dyn_cast<CallInst>(call->getArgOperand(1));
      if (inner && getOpcode(inner) == dxil::CreateHandleFromBinding &&
          inner->arg_size() == 4)
        return HandleCreation{call, inner, 2};
    }
    return std::nullopt;
  }
  Value *getIndex() const { return create->getArgOperand(indexOperand); }
  Value *getNonUniform() const {
    return create->getArgOperand(indexOperand + 1);
  }
  /// Whether both create handles of the same range.
  bool sameRange(const HandleCreation &other) const {
    if (getOpcode(root) != getOpcode(other.root))
      return false;
    for (unsigned i = 1; i < indexOperand; ++i)
      if (create->getArgOperand(i) != other.create->getArgOperand(i))
        return false;
    return root == create ||
           root->getArgOperand(2) == other.root->getArgOperand(2);
  }
  /// A copy of this creation at `b`'s position, of `index`.
  Value *recreate(IRBuilder<> &b, Value *index, bool nonUniform) const {
    auto *newCreate = cast<CallInst>(create->clone());
    newCreate->setArgOperand(indexOperand, index);
    newCreate->setArgOperand(indexOperand + 1, b.getInt1(nonUniform));
    b.Insert(newCreate);
    if (root == create)
      return newCreate;
    auto *newRoot = cast<CallInst>(root->clone());
    newRoot->setArgOperand(1, newCreate);
    b.Insert(newRoot);
    return newRoot;
  }
};

class HandleRematerializer {
public:
  HandleRematerializer(Function &func) : func(func) {}

  Error run() {
    // Splitting a select can expose the selects it chose between: rounds
    // until no merge is left.
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<Instruction *> merges;
      for (Instruction &inst : instructions(func))
        if ((isa<PHINode>(inst) || isa<SelectInst>(inst)) &&
            isHandleType(inst.getType()) && !inst.use_empty())
          merges.push_back(&inst);
      for (Instruction *merge : merges) {
        if (merge->use_empty())
          continue;
        // Indices are built per merge: each has its own range to check.
        template_.reset();
        indices.clear();
        if (Value *index = getIndex(merge)) {
          Instruction *insertAt =
              isa<PHINode>(merge) ? &*merge->getParent()->getFirstInsertionPt()
                                  : merge;
          IRBuilder<> b(insertAt);
          merge->replaceAllUsesWith(template_->recreate(b, index, nonUniform));
        } else if (auto *select = dyn_cast<SelectInst>(merge)) {
          // A select that chooses among selects: it is split first, which
          // leaves operations on the inner ones for the next round.
          if (llvm::any_of(select->users(), [](User *user) {
                return isa<SelectInst>(user) || isa<PHINode>(user);
              }))
            continue;
          if (Error error = splitUsers(select))
            return error;
        } else {
          return unsupported(merge);
        }
        changed = true;
      }
      // The merges left for a later round are still used.
      SmallVector<WeakTrackingVH> dead(merges.begin(), merges.end());
      RecursivelyDeleteTriviallyDeadInstructionsPermissive(dead);
    }
    return Error::success();
  }

private:
  /// A select between handles of different ranges: each operation on it
  /// becomes a branch with the operation on either handle (DXC's code for
  /// a resource chosen at run time among declarations).
  Error splitUsers(SelectInst *select) {
    SmallVector<User *> users(select->users());
    for (User *user : users) {
      auto *call = dyn_cast<CallInst>(user);
      if (!call || !getOpcode(call))
        return unsupported(select);
      Instruction *thenTerm = nullptr, *elseTerm = nullptr;
      SplitBlockAndInsertIfThenElse(select->getCondition(), call->getIterator(),
                                    &thenTerm, &elseTerm);
      auto *onTrue = cast<CallInst>(call->clone());
      auto *onFalse = cast<CallInst>(call->clone());
      onTrue->replaceUsesOfWith(select, select->getTrueValue());
      onFalse->replaceUsesOfWith(select, select->getFalseValue());
      onTrue->insertBefore(thenTerm->getIterator());
      onFalse->insertBefore(elseTerm->getIterator());
      if (!call->getType()->isVoidTy()) {
        PHINode *phi =
            PHINode::Create(call->getType(), 2, "", call->getParent()->begin());
        phi->addIncoming(onTrue, onTrue->getParent());
        phi->addIncoming(onFalse, onFalse->getParent());
        call->replaceAllUsesWith(phi);
      }
      call->eraseFromParent();
    }
    return Error::success();
  }

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
    if (std::optional<HandleCreation> creation = HandleCreation::match(value)) {
      if (!template_) {
        template_ = creation;
        nonUniform = false;
      } else if (!creation->sameRange(*template_)) {
        return nullptr;
      }
      auto *flag = dyn_cast<ConstantInt>(creation->getNonUniform());
      nonUniform |= !flag || !flag->isZero();
      return creation->getIndex();
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
    std::string text;
    raw_string_ostream os(text);
    merge->print(os);
    return createStringError(
        inconvertibleErrorCode(),
        "not supported yet: a resource chosen at run time among different "
        "declarations before shader model 6.6 (handles must come from "
        "createHandle): " +
            StringRef(text).trim());
  }

  Function &func;
  DenseMap<Value *, Value *> indices;
  /// The first creation found: the range and the calls to copy.
  std::optional<HandleCreation> template_;
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
