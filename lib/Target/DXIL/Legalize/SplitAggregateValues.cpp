//===- SplitAggregateValues.cpp - aggregate SSA values into leaves --------===//
//
// A struct or array variable that is only read and written whole (an inout
// argument's copy of a struct, `RNG r2 = r;`) becomes an SSA value when MLIR
// promotes it: phis and selects of `{ <2 x i32> }`, built by insertvalue and
// read by extractvalue. DXIL has no aggregate values, and LLVM's Scalarizer
// does not look into them: a vector inside one stays a vector. This pass
// gives every such phi and select one phi or select per scalar/vector leaf,
// reads each extractvalue from the leaf it names, and removes the aggregate
// instructions nothing else reads.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "AggregateTypes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <unordered_map>

using namespace llvm;
using mlir::hlsl::countAggregateLeaves;
using mlir::hlsl::isSplittableAggregate;

namespace {
/// Aggregates with more leaves than this stay whole (a phi per element of a
/// large array would cost more than it saves; none arise in practice).
constexpr uint64_t kMaxLeaves = 1024;

/// The index of the first leaf of the element at `indices` of `type`.
uint64_t getLeafOffset(Type *type, ArrayRef<unsigned> indices) {
  uint64_t offset = 0;
  for (unsigned index : indices) {
    if (auto *array = dyn_cast<ArrayType>(type)) {
      offset += index * countAggregateLeaves(array->getElementType());
      type = array->getElementType();
      continue;
    }
    auto *st = cast<StructType>(type);
    for (unsigned field = 0; field < index; ++field)
      offset += countAggregateLeaves(st->getElementType(field));
    type = st->getElementType(index);
  }
  return offset;
}

/// The number of elements of array type or fields of struct type `type`.
unsigned getElementCount(Type *type) {
  if (auto *array = dyn_cast<ArrayType>(type))
    return array->getNumElements();
  return cast<StructType>(type)->getNumElements();
}

/// Whether `value` is an aggregate this pass replaces by its leaves: one
/// that phis, selects and insertvalues compute (not a DXIL operation's
/// result struct, a load or an argument, which are only read).
bool isComputedAggregate(Value *value) {
  if (!isSplittableAggregate(value->getType()) ||
      countAggregateLeaves(value->getType()) > kMaxLeaves)
    return false;
  if (isa<PHINode, SelectInst, InsertValueInst, Constant>(value))
    return true;
  if (auto *extract = dyn_cast<ExtractValueInst>(value))
    return isComputedAggregate(extract->getAggregateOperand());
  return false;
}

/// `name.index` for a named aggregate; unnamed ones have unnamed leaves.
std::string getLeafName(Value *aggregate, size_t index) {
  if (!aggregate->hasName())
    return "";
  return (aggregate->getName() + "." + Twine(index)).str();
}

class LeafBuilder {
public:
  /// The leaves of aggregate `value`, in order; creates the leaf phis and
  /// selects of computed aggregates and extractvalues of the others.
  ArrayRef<Value *> getLeaves(Value *value) {
    auto found = leaves.find(value);
    if (found != leaves.end())
      return found->second;
    if (auto *phi = dyn_cast<PHINode>(value))
      return splitPhi(phi);
    SmallVector<Value *> result;
    if (auto *constant = dyn_cast<Constant>(value)) {
      appendConstantLeaves(constant, result);
    } else if (auto *insert = dyn_cast<InsertValueInst>(value)) {
      llvm::append_range(result, getLeaves(insert->getAggregateOperand()));
      Value *inserted = insert->getInsertedValueOperand();
      uint64_t offset = getLeafOffset(insert->getType(), insert->getIndices());
      if (isSplittableAggregate(inserted->getType()))
        llvm::copy(getLeaves(inserted), result.begin() + offset);
      else
        result[offset] = inserted;
    } else if (auto *extract = dyn_cast<ExtractValueInst>(value);
               extract && isComputedAggregate(extract)) {
      ArrayRef<Value *> whole = getLeaves(extract->getAggregateOperand());
      uint64_t offset = getLeafOffset(extract->getAggregateOperand()->getType(),
                                      extract->getIndices());
      result.assign(whole.begin() + offset,
                    whole.begin() + offset +
                        countAggregateLeaves(extract->getType()));
    } else if (auto *select = dyn_cast<SelectInst>(value)) {
      SmallVector<Value *> onTrue(getLeaves(select->getTrueValue()));
      ArrayRef<Value *> onFalse = getLeaves(select->getFalseValue());
      for (auto [index, leaf] : llvm::enumerate(onTrue))
        result.push_back(SelectInst::Create(
            select->getCondition(), leaf, onFalse[index],
            getLeafName(select, index), select->getIterator()));
    } else {
      appendExtractedLeaves(value, result);
    }
    return leaves[value] = std::move(result);
  }

private:
  /// The leaf phis are recorded before their incoming values are looked up:
  /// a loop-carried phi reaches itself.
  ArrayRef<Value *> splitPhi(PHINode *phi) {
    SmallVector<Value *> &result = leaves[phi];
    SmallVector<PHINode *> leafPhis;
    SmallVector<Type *> types;
    appendLeafTypes(phi->getType(), types);
    for (auto [index, type] : llvm::enumerate(types)) {
      leafPhis.push_back(PHINode::Create(type, phi->getNumIncomingValues(),
                                         getLeafName(phi, index),
                                         phi->getIterator()));
      result.push_back(leafPhis.back());
    }
    for (unsigned i = 0, e = phi->getNumIncomingValues(); i != e; ++i) {
      SmallVector<Value *> incoming(getLeaves(phi->getIncomingValue(i)));
      for (auto [leafPhi, leaf] : llvm::zip_equal(leafPhis, incoming))
        leafPhi->addIncoming(leaf, phi->getIncomingBlock(i));
    }
    return leaves[phi];
  }

  static void appendLeafTypes(Type *type, SmallVectorImpl<Type *> &types) {
    if (!isSplittableAggregate(type)) {
      types.push_back(type);
      return;
    }
    if (auto *array = dyn_cast<ArrayType>(type)) {
      for (uint64_t i = 0, e = array->getNumElements(); i != e; ++i)
        appendLeafTypes(array->getElementType(), types);
      return;
    }
    for (Type *field : cast<StructType>(type)->elements())
      appendLeafTypes(field, types);
  }

  static void appendConstantLeaves(Constant *constant,
                                   SmallVectorImpl<Value *> &result) {
    Type *type = constant->getType();
    if (!isSplittableAggregate(type)) {
      result.push_back(constant);
      return;
    }
    for (unsigned i = 0, e = getElementCount(type); i != e; ++i)
      appendConstantLeaves(constant->getAggregateElement(i), result);
  }

  /// Reads the leaves of an aggregate this pass does not split (a load, a
  /// call's result, an argument) right after its definition, where they
  /// dominate every use of the aggregate.
  static void appendExtractedLeaves(Value *value,
                                    SmallVectorImpl<Value *> &result) {
    BasicBlock::iterator position;
    if (auto *inst = dyn_cast<Instruction>(value)) {
      std::optional<BasicBlock::iterator> after =
          inst->getInsertionPointAfterDef();
      // Only invoke and callbr have none, and DXIL code has neither.
      if (!after)
        llvm_unreachable("aggregate defined by a terminator");
      position = *after;
    } else {
      position = cast<Argument>(value)
                     ->getParent()
                     ->getEntryBlock()
                     .getFirstInsertionPt();
    }
    IRBuilder<> builder(position->getParent(), position);
    SmallVector<unsigned> path;
    appendExtractedLeaves(builder, value, value->getType(), path, result);
  }

  static void appendExtractedLeaves(IRBuilder<> &builder, Value *value,
                                    Type *type, SmallVectorImpl<unsigned> &path,
                                    SmallVectorImpl<Value *> &result) {
    if (!isSplittableAggregate(type)) {
      result.push_back(builder.CreateExtractValue(value, path));
      return;
    }
    for (unsigned i = 0, e = getElementCount(type); i != e; ++i) {
      path.push_back(i);
      appendExtractedLeaves(
          builder, value, GetElementPtrInst::getTypeAtIndex(type, uint64_t(i)),
          path, result);
      path.pop_back();
    }
  }

  /// Node-based: the leaves of one aggregate stay in place while those of
  /// its operands are added.
  std::unordered_map<Value *, SmallVector<Value *>> leaves;
};

/// Erases the computed aggregates that only other erased ones read
/// (including loop-carried phis that read each other).
void eraseUnreadAggregates(Function &func) {
  SetVector<Instruction *> candidates;
  for (Instruction &inst : instructions(func))
    if (isa<PHINode, SelectInst, InsertValueInst, ExtractValueInst>(inst) &&
        isComputedAggregate(&inst))
      candidates.insert(&inst);
  SmallPtrSet<Instruction *, 16> live;
  SmallVector<Instruction *> worklist;
  for (Instruction *inst : candidates)
    if (llvm::any_of(inst->users(), [&](User *user) {
          auto *userInst = dyn_cast<Instruction>(user);
          return !userInst || !candidates.contains(userInst);
        }))
      worklist.push_back(inst);
  while (!worklist.empty()) {
    Instruction *inst = worklist.pop_back_val();
    if (!live.insert(inst).second)
      continue;
    for (Value *operand : inst->operands())
      if (auto *operandInst = dyn_cast<Instruction>(operand))
        if (candidates.contains(operandInst))
          worklist.push_back(operandInst);
  }
  for (Instruction *inst : candidates)
    if (!live.contains(inst))
      inst->replaceAllUsesWith(PoisonValue::get(inst->getType()));
  for (Instruction *inst : candidates)
    if (!live.contains(inst))
      inst->eraseFromParent();
}
} // namespace

void mlir::hlsl::splitAggregateValuesForDXIL(Function &func) {
  SmallVector<ExtractValueInst *> extracts;
  for (Instruction &inst : instructions(func))
    if (auto *extract = dyn_cast<ExtractValueInst>(&inst))
      if (!isSplittableAggregate(extract->getType()) &&
          isComputedAggregate(extract->getAggregateOperand()))
        extracts.push_back(extract);
  if (extracts.empty())
    return;
  LeafBuilder builder;
  for (ExtractValueInst *extract : extracts) {
    Value *aggregate = extract->getAggregateOperand();
    Value *leaf = builder.getLeaves(
        aggregate)[getLeafOffset(aggregate->getType(), extract->getIndices())];
    extract->replaceAllUsesWith(leaf);
    extract->eraseFromParent();
  }
  eraseUnreadAggregates(func);
}
