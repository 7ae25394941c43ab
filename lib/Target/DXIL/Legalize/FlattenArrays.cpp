//===- FlattenArrays.cpp - memory arrays as DXIL addresses them -----------===//
//
// DXIL addresses an array in memory (a static or groupshared global, or a
// local alloca) as `getelementptr [N x T], [N x T]* %a, i32 0, i32 %i` over
// a flat array of one scalar type, without vectors. LLVM's optimizer leaves
// nested arrays, arrays of vectors, byte-offset (`i8`) and i64 GEP chains
// instead. This rewrites each such variable as a flat [N x T] and every
// access to it as one canonical GEP with an i32 element index computed from
// the byte offset of the original chain.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

namespace {
/// The scalar type an array, vector or scalar type is a sequence of, or null
/// (structs). A vector the data layout pads (<3 x float>, <9 x float> of a
/// float3x3 at -O0) still holds its elements one after another; the flat
/// array keeps the padding as unused elements, so that byte offsets keep
/// meaning element index * scalar size.
Type *getDenseScalarType(Type *type, const DataLayout &layout) {
  if (auto *array = dyn_cast<ArrayType>(type))
    return getDenseScalarType(array->getElementType(), layout);
  if (auto *vector = dyn_cast<FixedVectorType>(type)) {
    Type *element = vector->getElementType();
    if (layout.getTypeAllocSize(vector) % layout.getTypeAllocSize(element))
      return nullptr;
    return element;
  }
  if (type->isIntegerTy() || type->isFloatingPointTy())
    return type;
  return nullptr;
}

void collectScalars(Constant *value, SmallVectorImpl<Constant *> &scalars) {
  Type *type = value->getType();
  if (type->isIntegerTy() || type->isFloatingPointTy()) {
    scalars.push_back(value);
    return;
  }
  unsigned count = isa<ArrayType>(type)
                       ? type->getArrayNumElements()
                       : cast<FixedVectorType>(type)->getNumElements();
  for (unsigned i = 0; i < count; ++i)
    collectScalars(value->getAggregateElement(i), scalars);
}

class ArrayFlattener {
public:
  ArrayFlattener(Value *newBase, ArrayType *flatType, const DataLayout &layout)
      : newBase(newBase), flatType(flatType), layout(layout),
        scalarSize(layout.getTypeAllocSize(flatType->getElementType())) {}

  /// Rewrites the users of `pointer`, which addresses element `index`.
  Error rewriteUsers(Value *pointer, Value *index) {
    for (User *user : llvm::make_early_inc_range(pointer->users())) {
      auto *inst = dyn_cast<Instruction>(user);
      if (!inst)
        return unsupported(pointer, "a constant use");
      if (auto *gep = dyn_cast<GetElementPtrInst>(inst)) {
        if (gep->getPointerOperand() != pointer)
          return unsupported(inst, "an address stored or compared");
        Expected<Value *> inner = addOffset(gep, index);
        if (!inner)
          return inner.takeError();
        if (Error error = rewriteUsers(gep, *inner))
          return error;
        dead.push_back(gep);
        continue;
      }
      Type *accessType = nullptr;
      unsigned operand = 0;
      if (auto *load = dyn_cast<LoadInst>(inst)) {
        accessType = load->getType();
        operand = load->getPointerOperandIndex();
      } else if (auto *store = dyn_cast<StoreInst>(inst)) {
        if (store->getValueOperand() == pointer)
          return unsupported(inst, "an address stored to memory");
        accessType = store->getValueOperand()->getType();
        operand = store->getPointerOperandIndex();
      } else if (auto *rmw = dyn_cast<AtomicRMWInst>(inst)) {
        accessType = rmw->getType();
        operand = rmw->getPointerOperandIndex();
      } else if (auto *cmpxchg = dyn_cast<AtomicCmpXchgInst>(inst)) {
        accessType = cmpxchg->getNewValOperand()->getType();
        operand = cmpxchg->getPointerOperandIndex();
      } else {
        return unsupported(inst, "this use of an array address");
      }
      if (accessType != flatType->getElementType())
        return unsupported(inst, "an access of another type than the array's "
                                 "elements");
      IRBuilder<> builder(inst);
      inst->setOperand(operand, elementAddress(builder, index));
    }
    return Error::success();
  }

  void eraseDead() {
    for (Instruction *inst : llvm::reverse(dead))
      inst->eraseFromParent();
  }

private:
  Value *elementAddress(IRBuilder<> &builder, Value *index) {
    return builder.CreateInBoundsGEP(flatType, newBase,
                                     {builder.getInt32(0), index});
  }

  /// The element index `gep` addresses, given that of its pointer.
  Expected<Value *> addOffset(GetElementPtrInst *gep, Value *index) {
    unsigned width = layout.getIndexTypeSizeInBits(gep->getType());
    SmallMapVector<Value *, APInt, 4> variables;
    APInt constant(width, 0);
    if (!gep->collectOffset(layout, width, variables, constant))
      return unsupported(gep, "an address computation");
    if (constant.srem(scalarSize) != 0)
      return unsupported(gep, "an access inside an array element");
    IRBuilder<> builder(gep);
    Value *result = index;
    auto add = [&](Value *term) {
      auto *zero = dyn_cast<ConstantInt>(result);
      result = zero && zero->isZero() ? term : builder.CreateAdd(result, term);
    };
    int64_t elements = constant.sdiv(scalarSize).getSExtValue();
    if (elements)
      add(builder.getInt32(uint32_t(elements)));
    for (auto &[variable, scale] : variables) {
      if (scale.srem(scalarSize) != 0)
        return unsupported(gep, "an access inside an array element");
      Value *term = toIndex(builder, variable);
      int64_t stride = scale.sdiv(scalarSize).getSExtValue();
      if (stride != 1)
        term = builder.CreateMul(term, builder.getInt32(uint32_t(stride)));
      add(term);
    }
    return result;
  }

  /// A GEP index as i32. LLVM's optimizer widens 32-bit indices to i64
  /// (`sext i32 %i to i64`); the 32-bit value is used instead of a
  /// truncation of the extension, which would leave 64-bit instructions
  /// (and the Int64Ops shader flag) in a shader that has no 64-bit math.
  static Value *toIndex(IRBuilder<> &builder, Value *variable) {
    Type *i32 = builder.getInt32Ty();
    if (auto *ext = dyn_cast<CastInst>(variable))
      if ((isa<SExtInst>(ext) || isa<ZExtInst>(ext)) &&
          ext->getSrcTy()->getIntegerBitWidth() <= 32) {
        Value *narrow = ext->getOperand(0);
        return isa<SExtInst>(ext) ? builder.CreateSExt(narrow, i32)
                                  : builder.CreateZExt(narrow, i32);
      }
    return builder.CreateSExtOrTrunc(variable, i32);
  }

  static std::string printed(const Value *value) {
    std::string text;
    raw_string_ostream os(text);
    value->print(os);
    return StringRef(text).trim().str();
  }

  static Error unsupported(const Value *value, const Twine &what) {
    return createStringError(
        inconvertibleErrorCode(),
        "not supported yet: " + what +
            " of an array in DXIL memory: " + printed(value));
  }

  Value *newBase;
  ArrayType *flatType;
  const DataLayout &layout;
  uint64_t scalarSize;
  SmallVector<Instruction *> dead;
};

/// A flat array type for `type`, or null if it is already flat or cannot be
/// flattened.
ArrayType *getFlatType(Type *type, const DataLayout &layout) {
  if (!isa<ArrayType>(type) && !isa<FixedVectorType>(type))
    return nullptr;
  Type *scalar = getDenseScalarType(type, layout);
  if (!scalar)
    return nullptr;
  uint64_t count =
      layout.getTypeAllocSize(type) / layout.getTypeAllocSize(scalar);
  return ArrayType::get(scalar, count);
}

/// Moves every access of `base` onto `flat` (of `flatType`), which also
/// takes over its name; `base` is left without uses.
Error moveAccesses(Value *base, Value *flat, ArrayType *flatType,
                   const DataLayout &layout) {
  ArrayFlattener flattener(flat, flatType, layout);
  if (Error error = flattener.rewriteUsers(
          base, ConstantInt::get(Type::getInt32Ty(base->getContext()), 0)))
    return error;
  flattener.eraseDead();
  flat->takeName(base);
  return Error::success();
}
} // namespace

Error mlir::hlsl::flattenArraysForDXIL(Module &module) {
  const DataLayout &layout = module.getDataLayout();
  SmallVector<GlobalVariable *> globals;
  for (GlobalVariable &global : module.globals())
    if (!global.use_empty() && getFlatType(global.getValueType(), layout))
      globals.push_back(&global);
  // Constant-expression GEPs into the globals become instructions first.
  SmallVector<Constant *> constants(globals.begin(), globals.end());
  convertUsersOfConstantsToInstructions(constants);

  for (GlobalVariable *global : globals) {
    ArrayType *flatType = getFlatType(global->getValueType(), layout);
    Constant *init = nullptr;
    if (global->hasInitializer()) {
      Constant *old = global->getInitializer();
      if (isa<UndefValue>(old))
        init = UndefValue::get(flatType);
      else if (old->isNullValue())
        init = ConstantAggregateZero::get(flatType);
      else {
        SmallVector<Constant *> scalars;
        collectScalars(old, scalars);
        init = ConstantArray::get(flatType, scalars);
      }
    }
    auto *flat = new GlobalVariable(
        module, flatType, global->isConstant(), global->getLinkage(), init, "",
        global, global->getThreadLocalMode(), global->getAddressSpace());
    flat->setAlignment(global->getAlign());
    flat->setUnnamedAddr(global->getUnnamedAddr());
    if (Error error = moveAccesses(global, flat, flatType, layout))
      return error;
    global->eraseFromParent();
  }

  for (Function &func : module) {
    SmallVector<AllocaInst *> allocas;
    for (Instruction &inst : instructions(func))
      if (auto *alloca = dyn_cast<AllocaInst>(&inst))
        if (alloca->isStaticAlloca() &&
            getFlatType(alloca->getAllocatedType(), layout))
          allocas.push_back(alloca);
    for (AllocaInst *alloca : allocas) {
      ArrayType *flatType = getFlatType(alloca->getAllocatedType(), layout);
      auto *flat = new AllocaInst(flatType, alloca->getAddressSpace(), "",
                                  alloca->getIterator());
      flat->setAlignment(alloca->getAlign());
      if (Error error = moveAccesses(alloca, flat, flatType, layout))
        return error;
      alloca->eraseFromParent();
    }
  }
  return Error::success();
}
