//===- OutputArrayIndexing.cpp - output arrays written at a computed row --===//
//
// An output array the shader writes at a computed index (`o[i] = v` on an
// `out float o[8]`) is a local array the lowering copies to the outputs at
// the entry's end, one storeOutput per row. DXC writes such a row where
// the shader writes it instead: storeOutput at a computed row, which PSV0
// reports in the element's dynamic index mask, and no local array. So, as
// long as nothing has moved the code yet (before the optimizer, whose
// partial redundancy elimination turns the copy into phis of loads and
// undef), every store into such an array gets the storeOutput of the row
// it writes, and the copy and the array go. An array the shader reads back
// stays, with its copy, as in DXC.
//
// The row a store writes comes from the copy: each of its storeOutputs
// names the (element, row, column) of one offset in the array. A store's
// address is a constant offset plus computed indices, each into an array
// dimension of known size; the copy must name one element and column for
// every offset the store can reach, with rows that are an affine function
// of the indices. Anything else (an address that escapes, a copy that is
// not at the entry's only return, rows in another order) keeps the copy.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
namespace dxil = mlir::hlsl::dxil;

namespace {
/// A computed index into an array dimension of `count` elements, `stride`
/// bytes apart.
struct IndexTerm {
  Value *index;
  int64_t stride;
  int64_t count;
};

/// An address in the array: a constant byte offset plus computed indices.
struct ArrayAddress {
  int64_t offset = 0;
  SmallVector<IndexTerm, 2> terms;
  /// The address names a component of a vector (the shader's `a[i].x`;
  /// the scalarizer's own component addresses step over floats).
  bool intoVector = false;
};

/// Where the copy writes the value at one offset of the array.
struct CopiedSlot {
  uint64_t element, row, col;
  Type *loadType;
  /// The conversion between the array's value and the output's (e.g. a
  /// minimum-precision float stored as 16 bits), if any.
  Instruction::CastOps castOp;
  Type *outputType;
  Function *storeOutput;
};

/// One storeOutput of the copy and what it reads.
struct CopyStore {
  CallInst *call;
  CastInst *cast;
  LoadInst *load;
};

/// An output array candidate: its copy and the stores into it.
struct OutputArray {
  SmallVector<CopyStore> copy;
  DenseMap<int64_t, CopiedSlot> slots;
  bool valid = true;
};
} // namespace

/// Adds the address `gep` computes into the array to `address`: constant
/// indices to its offset, computed ones into bounded dimensions as terms.
static bool addGEPOffset(GEPOperator &gep, ArrayAddress &address,
                         const DataLayout &layout) {
  Type *current = gep.getSourceElementType();
  bool first = true;
  for (Value *index : llvm::drop_begin(gep.operands())) {
    auto *constant = dyn_cast<ConstantInt>(index);
    if (first) {
      // Stepping over whole arrays: only a constant stays inside.
      if (!constant)
        return false;
      address.offset +=
          constant->getSExtValue() * int64_t(layout.getTypeAllocSize(current));
      first = false;
      continue;
    }
    if (auto *structType = dyn_cast<StructType>(current)) {
      if (!constant)
        return false;
      unsigned field = constant->getZExtValue();
      address.offset +=
          layout.getStructLayout(structType)->getElementOffset(field);
      current = structType->getElementType(field);
      continue;
    }
    Type *element;
    int64_t count, stride;
    if (auto *array = dyn_cast<ArrayType>(current)) {
      element = array->getElementType();
      count = array->getNumElements();
      stride = layout.getTypeAllocSize(element);
    } else if (auto *vector = dyn_cast<FixedVectorType>(current)) {
      address.intoVector = true;
      element = vector->getElementType();
      count = vector->getNumElements();
      stride = layout.getTypeStoreSize(element);
    } else {
      return false;
    }
    if (constant)
      address.offset += constant->getSExtValue() * stride;
    else
      address.terms.push_back({index, stride, count});
    current = element;
  }
  return true;
}

/// The address of `pointer` in `array`, if it is a chain of GEPs from it.
static std::optional<ArrayAddress>
getArrayAddress(Value *pointer, AllocaInst *array, const DataLayout &layout) {
  SmallVector<GEPOperator *> chain;
  while (pointer != array) {
    auto *gep = dyn_cast<GEPOperator>(pointer);
    if (!gep)
      return std::nullopt;
    chain.push_back(gep);
    pointer = gep->getPointerOperand();
  }
  ArrayAddress address;
  for (GEPOperator *gep : llvm::reverse(chain))
    if (!addGEPOffset(*gep, address, layout))
      return std::nullopt;
  return address;
}

/// The storeOutput `call` as a copy of an array element: the load it
/// writes (through at most one conversion).
static std::optional<CopyStore> matchCopyStore(CallInst &call) {
  if (dxil::getDXILOpcode(call) != dxil::StoreOutput || call.arg_size() != 5)
    return std::nullopt;
  for (unsigned i = 1; i < 4; ++i)
    if (!isa<ConstantInt>(call.getArgOperand(i)))
      return std::nullopt;
  Value *value = call.getArgOperand(4);
  auto *cast = dyn_cast<CastInst>(value);
  if (cast) {
    if (!cast->hasOneUse())
      return std::nullopt;
    value = cast->getOperand(0);
  }
  auto *load = dyn_cast<LoadInst>(value);
  if (!load || !load->hasOneUse() || !load->isSimple() ||
      load->getParent() != call.getParent())
    return std::nullopt;
  return CopyStore{&call, cast, load};
}

/// Whether every use of `array` is a GEP, a store to it or a load of the
/// copy (the address never escapes, and an array the shader reads back
/// stays an array copied at the end, as DXC keeps it); collects the stores.
static bool collectStores(AllocaInst &array,
                          SmallVectorImpl<StoreInst *> &stores,
                          const SmallPtrSetImpl<LoadInst *> &copyLoads) {
  SmallVector<Value *> worklist = {&array};
  while (!worklist.empty()) {
    Value *pointer = worklist.pop_back_val();
    for (User *user : pointer->users()) {
      if (auto *gep = dyn_cast<GetElementPtrInst>(user)) {
        worklist.push_back(gep);
      } else if (auto *load = dyn_cast<LoadInst>(user)) {
        if (!copyLoads.contains(load))
          return false;
      } else if (auto *store = dyn_cast<StoreInst>(user)) {
        if (store->getValueOperand() == pointer || !store->isSimple())
          return false;
        stores.push_back(store);
      } else {
        return false;
      }
    }
  }
  return true;
}

namespace {
/// The row a store writes, as row0 + sum(steps[k] * index of term k).
struct RowFormula {
  const CopiedSlot *slot; // the slot at all indices 0
  int64_t row0;
  SmallVector<int64_t, 2> steps;
};
} // namespace

/// The output row formula of a store at `address`, if the copy names one
/// element and column for every offset it can reach, with rows affine in
/// its indices.
static std::optional<RowFormula>
getRowFormula(const ArrayAddress &address, Type *storedType,
              const DenseMap<int64_t, CopiedSlot> &slots) {
  // Every combination of indices, at most this many.
  constexpr int64_t kMaxCombinations = 4096;
  int64_t combinations = 1;
  for (const IndexTerm &term : address.terms) {
    if (term.count <= 0)
      return std::nullopt;
    combinations *= term.count;
    if (combinations > kMaxCombinations)
      return std::nullopt;
  }
  auto slotAt = [&](ArrayRef<int64_t> indices) -> const CopiedSlot * {
    int64_t offset = address.offset;
    for (auto [term, index] : llvm::zip(address.terms, indices))
      offset += term.stride * index;
    auto it = slots.find(offset);
    return it == slots.end() ? nullptr : &it->second;
  };
  SmallVector<int64_t, 2> indices(address.terms.size(), 0);
  const CopiedSlot *first = slotAt(indices);
  if (!first || first->loadType != storedType)
    return std::nullopt;
  RowFormula formula{first, int64_t(first->row), {}};
  for (unsigned k = 0; k < address.terms.size(); ++k) {
    if (address.terms[k].count == 1) {
      formula.steps.push_back(0);
      continue;
    }
    indices[k] = 1;
    const CopiedSlot *next = slotAt(indices);
    indices[k] = 0;
    if (!next)
      return std::nullopt;
    formula.steps.push_back(int64_t(next->row) - formula.row0);
  }
  for (int64_t n = 0; n < combinations; ++n) {
    int64_t rest = n, row = formula.row0;
    for (unsigned k = 0; k < address.terms.size(); ++k) {
      indices[k] = rest % address.terms[k].count;
      rest /= address.terms[k].count;
      row += formula.steps[k] * indices[k];
    }
    const CopiedSlot *slot = slotAt(indices);
    if (!slot || slot->element != first->element || slot->col != first->col ||
        slot->loadType != first->loadType || slot->castOp != first->castOp ||
        slot->outputType != first->outputType ||
        slot->storeOutput != first->storeOutput || int64_t(slot->row) != row)
      return std::nullopt;
  }
  return formula;
}

/// Writes each store of `array` to the output row it addresses and removes
/// the copy; false (nothing changed) if some store's row is unknown.
static bool writeArrayDirectly(AllocaInst &array, OutputArray &output,
                               const DataLayout &layout) {
  SmallPtrSet<LoadInst *, 16> copyLoads;
  for (const CopyStore &copy : output.copy)
    copyLoads.insert(copy.load);
  SmallVector<StoreInst *> stores;
  if (!collectStores(array, stores, copyLoads))
    return false;
  // The copy is at the entry's only return, after every store.
  BasicBlock *exit = output.copy.front().call->getParent();
  if (!isa<ReturnInst>(exit->getTerminator()))
    return false;
  for (BasicBlock &block : *exit->getParent())
    if (&block != exit && isa<ReturnInst>(block.getTerminator()))
      return false;
  Instruction *firstCopyLoad = nullptr;
  for (Instruction &inst : *exit)
    if (auto *load = dyn_cast<LoadInst>(&inst);
        load && copyLoads.contains(load)) {
      firstCopyLoad = load;
      break;
    }
  SmallVector<std::pair<StoreInst *, RowFormula>> rows;
  SmallVector<ArrayAddress> addresses;
  bool computedIndex = false;
  for (StoreInst *store : stores) {
    if (store->getParent() == exit && firstCopyLoad &&
        firstCopyLoad->comesBefore(store))
      return false;
    // A component written alone (`a[i].x = v` on an array of vectors):
    // DXC keeps the array and its copy then.
    std::optional<ArrayAddress> address =
        getArrayAddress(store->getPointerOperand(), &array, layout);
    if (!address || address->intoVector)
      return false;
    std::optional<RowFormula> formula = getRowFormula(
        *address, store->getValueOperand()->getType(), output.slots);
    if (!formula)
      return false;
    computedIndex |= !address->terms.empty();
    rows.push_back({store, *formula});
    addresses.push_back(std::move(*address));
  }
  // With constant indices only, the optimizer makes the array values and
  // the copy the last value stored into each (an inout parameter's copy-in
  // store, overwritten, goes).
  if (!computedIndex)
    return false;
  for (auto [entry, address] : llvm::zip(rows, addresses)) {
    auto &[store, formula] = entry;
    IRBuilder<> builder(store->getNextNode());
    builder.SetCurrentDebugLocation(store->getDebugLoc());
    Type *i32 = builder.getInt32Ty();
    Value *row = builder.getInt32(formula.row0);
    for (auto [term, step] : llvm::zip(address.terms, formula.steps)) {
      if (step == 0)
        continue;
      Value *index = builder.CreateSExtOrTrunc(term.index, i32);
      row = builder.CreateAdd(row,
                              builder.CreateMul(index, builder.getInt32(step)));
    }
    const CopiedSlot &slot = *formula.slot;
    Value *value = store->getValueOperand();
    if (slot.castOp != Instruction::CastOpsEnd)
      value = builder.CreateCast(slot.castOp, value, slot.outputType);
    builder.CreateCall(slot.storeOutput, {builder.getInt32(dxil::StoreOutput),
                                          builder.getInt32(slot.element), row,
                                          builder.getInt8(slot.col), value});
  }
  // The copy and every access of the array go; then its addresses and the
  // array itself, dead.
  SmallVector<WeakTrackingVH> pointers;
  for (const CopyStore &copy : output.copy) {
    pointers.push_back(copy.load->getPointerOperand());
    copy.call->eraseFromParent();
    if (copy.cast)
      copy.cast->eraseFromParent();
    copy.load->eraseFromParent();
  }
  for (StoreInst *store : stores) {
    pointers.push_back(store->getPointerOperand());
    store->eraseFromParent();
  }
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(pointers);
  return true;
}

void mlir::hlsl::writeOutputArraysDirectlyForDXIL(Module &module) {
  const DataLayout &layout = module.getDataLayout();
  for (Function &func : module) {
    if (func.isDeclaration())
      continue;
    MapVector<AllocaInst *, OutputArray> arrays;
    for (Instruction &inst : instructions(func)) {
      auto *call = dyn_cast<CallInst>(&inst);
      std::optional<CopyStore> copy =
          call ? matchCopyStore(*call) : std::nullopt;
      if (!copy)
        continue;
      auto *array = dyn_cast<AllocaInst>(
          getUnderlyingObject(copy->load->getPointerOperand()));
      if (!array || !array->isStaticAlloca())
        continue;
      OutputArray &output = arrays[array];
      std::optional<ArrayAddress> address =
          getArrayAddress(copy->load->getPointerOperand(), array, layout);
      if (!address || !address->terms.empty()) {
        output.valid = false;
        continue;
      }
      auto constant = [&](unsigned i) {
        return cast<ConstantInt>(call->getArgOperand(i))->getZExtValue();
      };
      CopiedSlot slot{constant(1),
                      constant(2),
                      constant(3),
                      copy->load->getType(),
                      copy->cast ? copy->cast->getOpcode()
                                 : Instruction::CastOpsEnd,
                      call->getArgOperand(4)->getType(),
                      call->getCalledFunction()};
      if (!output.slots.try_emplace(address->offset, slot).second ||
          (!output.copy.empty() &&
           output.copy.front().call->getParent() != call->getParent()))
        output.valid = false;
      output.copy.push_back(*copy);
    }
    for (auto &[array, output] : arrays)
      if (output.valid)
        writeArrayDirectly(*array, output, layout);
  }
}
