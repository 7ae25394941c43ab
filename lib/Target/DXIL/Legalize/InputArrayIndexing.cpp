//===- InputArrayIndexing.cpp - Read input arrays at a computed row -------===//
//
// An entry's input array read with a computed index (`input[i]`) reaches
// DXIL as a local array that the entry fills with one loadInput per
// element and reads back at the index. DXC reads such an element with a
// loadInput at a computed row instead: no copy, and the signature
// element's dynamic index mask (PSV0) says which components are read that
// way. A local array filled only from one input element, row after row,
// whose reads all name a component by a constant, becomes such loadInputs.
//
//===----------------------------------------------------------------------===//

#include "DXILCalls.h"
#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {
/// Where a local array's element came from: component `col` of row `row` of
/// input element `id`.
struct InputComponent {
  CallInst *load;
  uint64_t id, row, col;
};

/// The input component a stored value reads: a loadInput of constant
/// element, row and column, outside any geometry-shader vertex.
std::optional<InputComponent> getInputComponent(Value *value) {
  auto *call = dyn_cast<CallInst>(value);
  if (!call ||
      mlir::hlsl::dxil::getDXILOpcode(*call) != mlir::hlsl::dxil::LoadInput ||
      call->arg_size() != 5 || !isa<UndefValue>(call->getArgOperand(4)))
    return std::nullopt;
  auto *id = dyn_cast<ConstantInt>(call->getArgOperand(1));
  auto *row = dyn_cast<ConstantInt>(call->getArgOperand(2));
  auto *col = dyn_cast<ConstantInt>(call->getArgOperand(3));
  if (!id || !row || !col)
    return std::nullopt;
  return InputComponent{call, id->getZExtValue(), row->getZExtValue(),
                        col->getZExtValue()};
}

/// A computed index as `row * factor + col` (`i * 4 + 2`, `i << 2`); an
/// index with no such factor is `index * 1 + 0`.
struct ScaledIndex {
  Value *row;
  uint64_t factor, col;
};

ScaledIndex getScaledIndex(Value *index) {
  // (A failed match may still have bound its first operand: `i * 4 + j`
  // is no row plus a constant column.)
  Value *scaled = index, *base, *row;
  const APInt *col = nullptr, *value;
  if (match(index, m_Add(m_Value(base), m_APInt(col))) ||
      match(index, m_DisjointOr(m_Value(base), m_APInt(col))))
    scaled = base;
  else
    col = nullptr;
  if (match(scaled, m_Mul(m_Value(row), m_APInt(value))))
    return {row, value->getZExtValue(), col ? col->getZExtValue() : 0};
  if (match(scaled, m_Shl(m_Value(row), m_APInt(value))) &&
      value->getZExtValue() < 32)
    return {row, uint64_t(1) << value->getZExtValue(),
            col ? col->getZExtValue() : 0};
  return {index, 1, 0};
}

/// `index` as `row * columns + col` with a constant col below `columns`:
/// (row, col), row an i32 value; nullopt for other forms.
std::optional<std::pair<Value *, uint64_t>> splitIndex(Value *index,
                                                       uint64_t columns) {
  if (!index->getType()->isIntegerTy(32))
    return std::nullopt;
  if (auto *constant = dyn_cast<ConstantInt>(index))
    return std::make_pair(
        ConstantInt::get(index->getType(), constant->getZExtValue() / columns),
        constant->getZExtValue() % columns);
  if (columns == 1)
    return std::make_pair(index, uint64_t(0));
  ScaledIndex scaled = getScaledIndex(index);
  if (scaled.factor != columns || scaled.col >= columns)
    return std::nullopt;
  return std::make_pair(scaled.row, scaled.col);
}

/// Replaces the reads of `array` (a local [N x scalar] array) with
/// loadInputs if it holds one input element's rows; returns whether it did.
bool indexInputArray(AllocaInst &array) {
  auto *type = dyn_cast<ArrayType>(array.getAllocatedType());
  if (!type || !type->getElementType()->isSingleValueType() ||
      type->getNumElements() == 0)
    return false;
  // (A signature holds 32 rows of 4 components at most.)
  uint64_t count = type->getNumElements();
  if (count > 32 * 4)
    return false;
  std::vector<std::optional<InputComponent>> elements(count);
  SmallVector<StoreInst *> stores;
  SmallVector<std::pair<LoadInst *, Value *>> reads;
  BasicBlock &entry = array.getFunction()->getEntryBlock();
  for (User *user : array.users()) {
    auto *gep = dyn_cast<GetElementPtrInst>(user);
    if (!gep || gep->getSourceElementType() != type ||
        gep->getNumIndices() != 2 || !match(gep->getOperand(1), m_Zero()))
      return false;
    Value *index = gep->getOperand(2);
    for (User *access : gep->users()) {
      if (auto *store = dyn_cast<StoreInst>(access)) {
        auto *constant = dyn_cast<ConstantInt>(index);
        std::optional<InputComponent> source =
            getInputComponent(store->getValueOperand());
        if (store->getPointerOperand() != gep || !constant || !source ||
            store->getParent() != &entry || constant->getZExtValue() >= count ||
            elements[constant->getZExtValue()])
          return false;
        elements[constant->getZExtValue()] = source;
        stores.push_back(store);
      } else if (auto *load = dyn_cast<LoadInst>(access)) {
        reads.push_back({load, index});
      } else {
        return false;
      }
    }
  }
  // The row length: the factor of the computed indices (`i * 4 + 2`).
  std::optional<uint64_t> columns;
  for (auto [load, index] : reads) {
    if (isa<ConstantInt>(index))
      continue;
    uint64_t factor = getScaledIndex(index).factor;
    if (factor == 0 || (columns && *columns != factor))
      return false;
    columns = factor;
  }
  if (!columns)
    return false;
  // Element k is component baseCol + k % columns of row baseRow + k /
  // columns of one input element. (Elements never stored, which the
  // optimizer dropped as never read, read the input all the same.)
  const InputComponent *first = nullptr;
  uint64_t baseRow = 0, baseCol = 0;
  for (uint64_t k = 0; k < count; ++k) {
    if (!elements[k])
      continue;
    const InputComponent &element = *elements[k];
    if (element.row < k / *columns || element.col < k % *columns)
      return false;
    uint64_t row = element.row - k / *columns, col = element.col - k % *columns;
    if (!first) {
      first = &element;
      baseRow = row;
      baseCol = col;
    } else if (element.id != first->id || row != baseRow || col != baseCol ||
               element.load->getCalledFunction() !=
                   first->load->getCalledFunction()) {
      return false;
    }
  }
  if (!first || baseCol + *columns > 4)
    return false;
  // Every read follows the stores (which are all in the entry block).
  for (auto [load, index] : reads) {
    if (load->getType() != first->load->getType() ||
        !splitIndex(index, *columns))
      return false;
    if (load->getParent() == &entry)
      for (StoreInst *store : stores)
        if (!store->comesBefore(load))
          return false;
  }
  for (auto [load, index] : reads) {
    auto [row, col] = *splitIndex(index, *columns);
    IRBuilder<> b(load);
    Value *inputRow =
        baseRow ? b.CreateAdd(row, b.getInt32(uint32_t(baseRow))) : row;
    CallInst *read = b.CreateCall(
        first->load->getFunctionType(), first->load->getCalledOperand(),
        {first->load->getArgOperand(0), first->load->getArgOperand(1), inputRow,
         b.getInt8(uint8_t(baseCol + col)), first->load->getArgOperand(4)});
    read->setAttributes(first->load->getAttributes());
    read->setDebugLoc(load->getDebugLoc());
    load->replaceAllUsesWith(read);
    load->eraseFromParent();
  }
  // The copy goes: its stores, the addresses and the array (deleted with
  // them), and the input reads it made.
  SmallVector<WeakTrackingVH> inputs, dead;
  for (StoreInst *store : stores) {
    inputs.push_back(store->getValueOperand());
    store->eraseFromParent();
  }
  for (User *user : array.users())
    dead.push_back(user);
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(dead);
  for (WeakTrackingVH &value : inputs)
    if (auto *call = dyn_cast_or_null<CallInst>(value);
        call && call->use_empty())
      call->eraseFromParent();
  return true;
}
} // namespace

void mlir::hlsl::indexInputArraysForDXIL(Module &module) {
  for (Function &func : module) {
    if (func.isDeclaration())
      continue;
    SmallVector<AllocaInst *> arrays;
    for (Instruction &inst : func.getEntryBlock())
      if (auto *array = dyn_cast<AllocaInst>(&inst))
        arrays.push_back(array);
    for (AllocaInst *array : arrays)
      indexInputArray(*array);
  }
}
