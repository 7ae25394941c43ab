//===- FlattenArrays.cpp - memory as DXIL addresses it --------------------===//
//
// DXIL addresses memory (a static or groupshared global, or a local alloca)
// as `getelementptr [N x T], [N x T]* %a, i32 0, i32 %i` over a flat array of
// one scalar type: no vectors, structs or nested arrays, no byte offsets.
// LLVM's optimizer (and -O0 code) leaves aggregates in memory addressed by i8
// or i64 GEP chains instead. This splits each such variable into one flat [N x
// T] per scalar "leaf" of its type (a struct of arrays: every field of an array
// of structs becomes an array of its own) and rewrites every access to one
// canonical GEP into the leaf it reaches, with an i32 element index computed
// from the byte offset of the original chain.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/ReplaceConstant.h"

#include <numeric>

using namespace llvm;

namespace {
/// One scalar leaf of an aggregate type: its scalar type and how many of
/// them the whole type holds.
struct Leaf {
  Type *scalar;
  uint64_t count;
};

/// The leaves of `type` in depth-first order (an array's leaves are those of
/// its element, each N times as many), or false for a type that cannot be
/// split (pointers, scalable vectors).
bool collectLeaves(Type *type, const DataLayout &layout,
                   SmallVectorImpl<Leaf> &leaves) {
  if (type->isIntegerTy() || type->isFloatingPointTy()) {
    leaves.push_back({type, 1});
    return true;
  }
  if (auto *vector = dyn_cast<FixedVectorType>(type)) {
    Type *element = vector->getElementType();
    uint64_t size = layout.getTypeAllocSize(element);
    // A padded vector (<3 x float>) keeps its padding as unused elements,
    // so that byte offsets keep meaning index * scalar size.
    if (!size || layout.getTypeAllocSize(vector) % size)
      return false;
    leaves.push_back({element, layout.getTypeAllocSize(vector) / size});
    return element->isIntegerTy() || element->isFloatingPointTy();
  }
  if (auto *array = dyn_cast<ArrayType>(type)) {
    size_t first = leaves.size();
    if (!collectLeaves(array->getElementType(), layout, leaves))
      return false;
    for (size_t i = first; i < leaves.size(); ++i)
      leaves[i].count *= array->getNumElements();
    return true;
  }
  if (auto *st = dyn_cast<StructType>(type)) {
    for (Type *field : st->elements())
      if (!collectLeaves(field, layout, leaves))
        return false;
    return true;
  }
  return false;
}

unsigned countLeaves(Type *type) {
  if (auto *array = dyn_cast<ArrayType>(type))
    return countLeaves(array->getElementType());
  if (auto *st = dyn_cast<StructType>(type)) {
    unsigned n = 0;
    for (Type *field : st->elements())
      n += countLeaves(field);
    return n;
  }
  return 1;
}

/// Whether `type` is rewritten: every aggregate. A flat array of scalars
/// keeps its type but its accesses still become canonical GEPs (the
/// optimizer addresses it with i8 and i64 chains too).
bool needsFlattening(Type *type) {
  return isa<ArrayType>(type) || isa<FixedVectorType>(type) ||
         isa<StructType>(type);
}

/// The scalars of an initializer, appended to the leaf lists in the order
/// collectLeaves gives the leaves.
void collectInitializer(Constant *value, Type *type, const DataLayout &layout,
                        MutableArrayRef<SmallVector<Constant *>> leaves) {
  if (auto *vector = dyn_cast<FixedVectorType>(type)) {
    uint64_t slots = layout.getTypeAllocSize(vector) /
                     layout.getTypeAllocSize(vector->getElementType());
    for (uint64_t i = 0; i < slots; ++i)
      leaves[0].push_back(i < vector->getNumElements()
                              ? value->getAggregateElement(unsigned(i))
                              : UndefValue::get(vector->getElementType()));
    return;
  }
  if (auto *array = dyn_cast<ArrayType>(type)) {
    for (uint64_t i = 0; i < array->getNumElements(); ++i)
      collectInitializer(value->getAggregateElement(unsigned(i)),
                         array->getElementType(), layout, leaves);
    return;
  }
  if (auto *st = dyn_cast<StructType>(type)) {
    unsigned first = 0;
    for (unsigned f = 0; f < st->getNumElements(); ++f) {
      unsigned n = countLeaves(st->getElementType(f));
      collectInitializer(value->getAggregateElement(f), st->getElementType(f),
                         layout, leaves.slice(first, n));
      first += n;
    }
    return;
  }
  leaves[0].push_back(value);
}

/// A byte offset into a variable: a constant plus variable terms.
struct Offset {
  int64_t constant = 0;
  SmallVector<std::pair<Value *, int64_t>> terms;
};

/// Adds `variable` * `scale` bytes to `offset`, with the constant factors
/// of `variable` (`x * 12`, `x << 2`: a matrix row or a scaled index the
/// optimizer computed before the GEP) moved into the scale: the access
/// then still says how far apart the elements it steps over are.
/// A multiplication by a constant (`mul x, c` or `shl x, c`), whose x the
/// offset can scale instead.
static bool isConstantScaling(Value *value) {
  auto *op = dyn_cast<BinaryOperator>(value);
  auto *factor = op ? dyn_cast<ConstantInt>(op->getOperand(1)) : nullptr;
  return factor &&
         (op->getOpcode() == Instruction::Mul ||
          (op->getOpcode() == Instruction::Shl && factor->getZExtValue() < 32));
}

static void addTerm(Offset &offset, Value *variable, int64_t scale,
                    const DataLayout *layout = nullptr) {
  if (auto *constant = dyn_cast<ConstantInt>(variable)) {
    offset.constant += constant->getSExtValue() * scale;
    return;
  }
  // A phi of the same scaling in every predecessor (`i * 16` computed on
  // both sides of a branch): its x is defined before all of them, so it
  // also reaches the access.
  if (auto *phi = dyn_cast<PHINode>(variable);
      phi && phi->getNumIncomingValues() > 0 &&
      isConstantScaling(phi->getIncomingValue(0))) {
    auto *first = cast<Instruction>(phi->getIncomingValue(0));
    if (llvm::all_of(phi->incoming_values(), [&](Value *incoming) {
          auto *inst = dyn_cast<Instruction>(incoming);
          return inst && inst->isIdenticalTo(first);
        }))
      return addTerm(offset, first, scale);
  }
  if (auto *op = dyn_cast<BinaryOperator>(variable)) {
    auto *factor = dyn_cast<ConstantInt>(op->getOperand(1));
    if (factor && op->getOpcode() == Instruction::Mul)
      return addTerm(offset, op->getOperand(0), scale * factor->getSExtValue());
    if (factor && op->getOpcode() == Instruction::Shl &&
        factor->getZExtValue() < 32)
      return addTerm(offset, op->getOperand(0),
                     scale * (int64_t(1) << factor->getZExtValue()));
  }
  // A byte offset SROA and InstCombine computed (`select %c, i32 4, i32 0`
  // into an i8 GEP): its known trailing zeros become the scale, so that it
  // counts elements.
  auto *inst = dyn_cast<Instruction>(variable);
  if (layout && scale == 1 && inst && inst->getType()->isIntegerTy()) {
    unsigned zeros =
        std::min(computeKnownBits(inst, *layout).countMinTrailingZeros(),
                 inst->getType()->getIntegerBitWidth() - 1);
    if (zeros > 0) {
      IRBuilder<> builder(inst->getParent(),
                          isa<PHINode>(inst)
                              ? inst->getParent()->getFirstInsertionPt()
                              : std::next(inst->getIterator()));
      Value *scaled = builder.CreateAShr(inst, zeros, "", /*isExact=*/true);
      offset.terms.push_back({scaled, int64_t(1) << zeros});
      return;
    }
  }
  offset.terms.push_back({variable, scale});
}

/// The leaf and element an access reaches.
struct Resolved {
  unsigned leaf = 0;
  int64_t constant = 0;
  SmallVector<std::pair<Value *, int64_t>> terms; // in elements
};

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

class Flattener {
public:
  Flattener(Type *type, ArrayRef<Value *> newBases, ArrayRef<Leaf> leaves,
            const DataLayout &layout)
      : type(type), newBases(newBases), leaves(leaves), layout(layout) {}

  /// Rewrites the users of `pointer`, which is at byte `offset`.
  Error rewriteUsers(Value *pointer, const Offset &offset) {
    for (User *user : llvm::make_early_inc_range(pointer->users())) {
      auto *inst = dyn_cast<Instruction>(user);
      if (!inst)
        return unsupported(pointer, "a constant use");
      if (auto *gep = dyn_cast<GetElementPtrInst>(inst)) {
        if (gep->getPointerOperand() != pointer)
          return unsupported(inst, "an address stored or compared");
        unsigned width = layout.getIndexTypeSizeInBits(gep->getType());
        SmallMapVector<Value *, APInt, 4> variables;
        APInt constant(width, 0);
        if (!gep->collectOffset(layout, width, variables, constant))
          return unsupported(gep, "an address computation");
        Offset inner = offset;
        inner.constant += constant.getSExtValue();
        for (auto &[variable, scale] : variables)
          addTerm(inner, variable, scale.getSExtValue(), &layout);
        if (Error error = rewriteUsers(gep, inner))
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
      Resolved resolved;
      if (!resolve(type, offset.constant, offset.terms, 0, resolved))
        return unsupported(inst, "an access inside an array element");
      const Leaf &leaf = leaves[resolved.leaf];
      IRBuilder<> builder(inst);
      if (accessType != leaf.scalar) {
        // The optimizer folds a bit cast into the access (`asuint` of a
        // float element loads an i32): the element is accessed as itself
        // and cast.
        bool reinterpretable =
            (isa<LoadInst>(inst) || isa<StoreInst>(inst)) &&
            accessType->isIntOrIntVectorTy() != leaf.scalar->isIntegerTy() &&
            !accessType->isVectorTy() &&
            layout.getTypeSizeInBits(accessType) ==
                layout.getTypeSizeInBits(leaf.scalar);
        if (!reinterpretable)
          return unsupported(inst, "an access of another type than the "
                                   "array's elements");
        Value *address = elementAddress(builder, resolved);
        if (auto *load = dyn_cast<LoadInst>(inst)) {
          LoadInst *element = builder.CreateLoad(leaf.scalar, address);
          element->setAlignment(load->getAlign());
          element->setVolatile(load->isVolatile());
          load->replaceAllUsesWith(
              builder.CreateBitCast(element, load->getType()));
          dead.push_back(load);
        } else {
          auto *store = cast<StoreInst>(inst);
          StoreInst *element = builder.CreateStore(
              builder.CreateBitCast(store->getValueOperand(), leaf.scalar),
              address);
          element->setAlignment(store->getAlign());
          element->setVolatile(store->isVolatile());
          dead.push_back(store);
        }
        continue;
      }
      inst->setOperand(operand, elementAddress(builder, resolved));
    }
    return Error::success();
  }

  void eraseDead() {
    for (Instruction *inst : llvm::reverse(dead))
      inst->eraseFromParent();
  }

private:
  /// Finds the leaf and element of `type` at byte `constant` + terms, the
  /// leaves of `type` starting at `leafBase`. Terms whose scale is a
  /// multiple of an array's element size index that array; the others go
  /// on into its element.
  bool resolve(Type *t, int64_t constant,
               ArrayRef<std::pair<Value *, int64_t>> terms, unsigned leafBase,
               Resolved &out) {
    if (t->isIntegerTy() || t->isFloatingPointTy() || isa<FixedVectorType>(t)) {
      Type *scalar = t->getScalarType();
      int64_t size = layout.getTypeAllocSize(scalar);
      if (constant % size)
        return false;
      out.leaf = leafBase;
      out.constant += constant / size;
      for (auto [value, scale] : terms) {
        if (scale % size)
          return false;
        out.terms.push_back({value, scale / size});
      }
      return true;
    }
    if (auto *array = dyn_cast<ArrayType>(t)) {
      Type *element = array->getElementType();
      int64_t size = layout.getTypeAllocSize(element);
      if (!size)
        return false;
      SmallVector<std::pair<Value *, int64_t>> outer, inner;
      for (auto [value, scale] : terms)
        (scale % size == 0 ? outer : inner).push_back({value, scale});
      // Floor division: a chain may start before the element it reaches
      // (`i*4 - 4` for element i-1).
      int64_t index = constant / size - (constant % size < 0 ? 1 : 0);
      Resolved within;
      if (!resolve(element, constant - index * size, inner, leafBase, within))
        return false;
      // Elements of this leaf in one array element.
      SmallVector<Leaf> elementLeaves;
      collectLeaves(element, layout, elementLeaves);
      int64_t perElement = elementLeaves[within.leaf - leafBase].count;
      out.leaf = within.leaf;
      out.constant += index * perElement + within.constant;
      for (auto [value, scale] : outer)
        out.terms.push_back({value, scale / size * perElement});
      out.terms.append(within.terms.begin(), within.terms.end());
      return true;
    }
    if (auto *st = dyn_cast<StructType>(t)) {
      const StructLayout *fields = layout.getStructLayout(st);
      if (constant < 0 || uint64_t(constant) >= fields->getSizeInBytes())
        return false;
      unsigned f = fields->getElementContainingOffset(constant);
      unsigned base = leafBase;
      for (unsigned i = 0; i < f; ++i)
        base += countLeaves(st->getElementType(i));
      return resolve(st->getElementType(f),
                     constant - fields->getElementOffset(f), terms, base, out);
    }
    return false;
  }

  Value *elementAddress(IRBuilder<> &builder, const Resolved &resolved) {
    Value *index = nullptr;
    auto add = [&](Value *term) {
      index = index ? builder.CreateAdd(index, term) : term;
    };
    for (auto [variable, scale] : resolved.terms) {
      Value *term = toIndex(builder, variable);
      if (scale != 1)
        term = builder.CreateMul(term, builder.getInt32(uint32_t(scale)));
      add(term);
    }
    if (resolved.constant || !index)
      add(builder.getInt32(uint32_t(resolved.constant)));
    const Leaf &leaf = leaves[resolved.leaf];
    return builder.CreateInBoundsGEP(ArrayType::get(leaf.scalar, leaf.count),
                                     newBases[resolved.leaf],
                                     {builder.getInt32(0), index});
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

  Type *type;
  ArrayRef<Value *> newBases;
  ArrayRef<Leaf> leaves;
  const DataLayout &layout;
  SmallVector<Instruction *> dead;
};

/// Moves every access of `base` (of `type`) onto `newBases`, one per leaf,
/// which take over its name; `base` is left without uses.
Error moveAccesses(Value *base, Type *type, ArrayRef<Value *> newBases,
                   ArrayRef<Leaf> leaves, const DataLayout &layout) {
  Flattener flattener(type, newBases, leaves, layout);
  if (Error error = flattener.rewriteUsers(base, Offset()))
    return error;
  flattener.eraseDead();
  if (newBases.size() == 1) {
    newBases[0]->takeName(base);
  } else {
    std::string name = base->getName().str();
    for (auto [i, newBase] : llvm::enumerate(newBases))
      if (!name.empty())
        newBase->setName(name + "." + std::to_string(i));
  }
  return Error::success();
}
} // namespace

/// The byte offset of `pointer` from `base`: the sum of the offsets of the
/// GEP chain between them; nothing if `pointer` is not `base` reached
/// through GEPs.
static std::optional<Offset> offsetFrom(const DataLayout &layout,
                                        Value *pointer, Value *base) {
  Offset offset;
  while (pointer != base) {
    auto *gep = dyn_cast<GEPOperator>(pointer);
    if (!gep)
      return std::nullopt;
    unsigned width = layout.getIndexTypeSizeInBits(gep->getType());
    SmallMapVector<Value *, APInt, 4> variables;
    APInt constant(width, 0);
    if (!gep->collectOffset(layout, width, variables, constant))
      return std::nullopt;
    offset.constant += constant.getSExtValue();
    for (auto &[variable, scale] : variables)
      addTerm(offset, variable, scale.getSExtValue());
    pointer = gep->getPointerOperand();
  }
  return offset;
}

/// `offset` / `unit` (which divides all of it) as an i32, emitted by
/// `builder`.
static Value *emitOffset(IRBuilder<> &builder, const Offset &offset,
                         int64_t unit) {
  Value *sum = builder.getInt32(uint32_t(offset.constant / unit));
  for (auto [variable, scale] : offset.terms)
    sum = builder.CreateAdd(
        sum, builder.CreateMul(toIndex(builder, variable),
                               builder.getInt32(uint32_t(scale / unit))));
  return sum;
}

/// The phis and selects of addresses in `func`.
static SmallVector<Instruction *> collectAddressChoices(Function &func) {
  SmallVector<Instruction *> choices;
  for (Instruction &inst : instructions(func))
    if ((isa<PHINode>(inst) || isa<SelectInst>(inst)) &&
        inst.getType()->isPointerTy())
      choices.push_back(&inst);
  return choices;
}

/// The addresses a phi or select of addresses chooses between.
static SmallVector<Value *> getChosenAddresses(Instruction *choice) {
  if (auto *phi = dyn_cast<PHINode>(choice))
    return SmallVector<Value *>(phi->incoming_values());
  return {choice->getOperand(1), choice->getOperand(2)};
}

/// The largest size that divides all `offsets` (an element's, mostly):
/// offsets chosen in such units keep saying how far apart the elements
/// the access steps over are.
static uint64_t getCommonUnit(ArrayRef<Offset> offsets) {
  uint64_t unit = 0;
  for (const Offset &offset : offsets) {
    unit = std::gcd(unit, uint64_t(std::abs(offset.constant)));
    for (auto [variable, scale] : offset.terms)
      unit = std::gcd(unit, uint64_t(std::abs(scale)));
  }
  return unit ? unit : 1;
}

/// The same choice as `choice` (a phi or select) between `values(i)`, the
/// value for its i-th incoming address: emitted at the end of the i-th
/// incoming block for a phi, at the select for a select.
static Value *
chooseLike(Instruction *choice, Type *type,
           llvm::function_ref<Value *(IRBuilder<> &, unsigned)> values) {
  if (auto *phi = dyn_cast<PHINode>(choice)) {
    // (A block that branches here on several edges gives one value.)
    DenseMap<BasicBlock *, Value *> valueOfBlock;
    auto *chosen = PHINode::Create(type, phi->getNumIncomingValues(), "",
                                   phi->getIterator());
    for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) {
      BasicBlock *from = phi->getIncomingBlock(i);
      Value *&value = valueOfBlock[from];
      if (!value) {
        IRBuilder<> at(from->getTerminator());
        value = values(at, i);
      }
      chosen->addIncoming(value, from);
    }
    return chosen;
  }
  IRBuilder<> at(choice);
  return at.CreateSelect(choice->getOperand(0), values(at, 0), values(at, 1));
}

/// Where the addresses that replace `choice` go: after its block's phis for
/// a phi, at the select for a select.
static IRBuilder<> getBuilderAfterChoice(Instruction *choice) {
  if (isa<SelectInst>(choice))
    return IRBuilder<>(choice);
  return IRBuilder<>(choice->getParent(),
                     choice->getParent()->getFirstInsertionPt());
}

/// The byte offsets of `addresses` from `bases` (one each), or nothing.
static std::optional<SmallVector<Offset>>
getOffsetsFrom(const DataLayout &layout, ArrayRef<Value *> addresses,
               ArrayRef<Value *> bases) {
  SmallVector<Offset> offsets;
  for (auto [address, base] : llvm::zip_equal(addresses, bases)) {
    std::optional<Offset> offset = offsetFrom(layout, address, base);
    if (!offset)
      return std::nullopt;
    offsets.push_back(*offset);
  }
  return offsets;
}

/// Whether `address` is `base` or reached from it through GEPs.
static bool isReachedThroughGEPs(Value *address, Value *base) {
  while (address != base) {
    auto *gep = dyn_cast<GEPOperator>(address);
    if (!gep)
      return false;
    address = gep->getPointerOperand();
  }
  return true;
}

/// The nearest address that all `addresses` are reached from through GEPs
/// (`&s.f[0]` for `c ? s.f[i] : s.f[j]`), or null. Offsets from it keep
/// the field's element size as their unit, where offsets from the variable
/// itself may only share a smaller one (a field at 12 of 8-byte elements).
static Value *getCommonGEPBase(ArrayRef<Value *> addresses) {
  for (Value *candidate = addresses.front();;) {
    if (llvm::all_of(addresses.drop_front(), [&](Value *address) {
          return isReachedThroughGEPs(address, candidate);
        }))
      return candidate;
    auto *gep = dyn_cast<GEPOperator>(candidate);
    if (!gep)
      return nullptr;
    candidate = gep->getPointerOperand();
  }
}

/// A choice between addresses into one variable (a phi or select of GEPs
/// of it, which the optimizer makes of `cond ? a[i] : a[j]`) becomes one
/// address of a choice between offsets, which flattening can resolve.
static void chooseOffsetsNotAddresses(Function &func,
                                      const DataLayout &layout) {
  SmallVector<Instruction *> choices = collectAddressChoices(func);
  for (Instruction *choice : choices) {
    SmallVector<Value *> addresses = getChosenAddresses(choice);
    Value *base = getCommonGEPBase(addresses);
    Value *variable = base ? getUnderlyingObject(base) : nullptr;
    if (!variable ||
        !(isa<AllocaInst>(variable) || isa<GlobalVariable>(variable)))
      continue;
    SmallVector<Value *> bases(addresses.size(), base);
    std::optional<SmallVector<Offset>> offsets =
        getOffsetsFrom(layout, addresses, bases);
    if (!offsets)
      continue;
    uint64_t unit = getCommonUnit(*offsets);
    Value *offset = chooseLike(choice, Type::getInt32Ty(func.getContext()),
                               [&](IRBuilder<> &at, unsigned i) {
                                 return emitOffset(at, (*offsets)[i], unit);
                               });
    IRBuilder<> at = getBuilderAfterChoice(choice);
    Value *address =
        at.CreateGEP(ArrayType::get(at.getInt8Ty(), unit), base, offset);
    choice->replaceAllUsesWith(address);
    choice->eraseFromParent();
  }
}

/// The type of the variable `base` (an alloca or a global), or null.
static Type *getVariableType(Value *base) {
  if (auto *alloca = dyn_cast_or_null<AllocaInst>(base))
    return alloca->getAllocatedType();
  if (auto *global = dyn_cast_or_null<GlobalVariable>(base))
    return global->getValueType();
  return nullptr;
}

/// A choice between addresses into different variables of one type that
/// is stepped further before it is loaded (`load (gep (phi a+i, b+j), k)`:
/// the optimizer sinks the same access of two if/else arms, each reading
/// its own local array, past their merge), which loadThroughChoices cannot
/// move: the offset and the variable are chosen instead, every load reads
/// each variable at the chosen offset and the value of the chosen one is
/// taken. (The offset is in bounds of every variable: they have one type.)
static void loadFromEveryChosenVariable(Function &func,
                                        const DataLayout &layout) {
  SmallVector<Instruction *> choices = collectAddressChoices(func);
  for (Instruction *choice : choices) {
    SmallVector<Value *> addresses = getChosenAddresses(choice);
    SmallVector<Value *> bases;
    for (Value *address : addresses)
      bases.push_back(getUnderlyingObject(address));
    Type *type = getVariableType(bases.front());
    if (!type || llvm::any_of(bases, [&](Value *base) {
          return getVariableType(base) != type;
        }))
      continue;
    // Loads of the choice, or of GEPs of it.
    SmallVector<std::pair<GetElementPtrInst *, LoadInst *>> loads;
    bool onlyLoads = true;
    auto addLoad = [&](GetElementPtrInst *step, User *user, Value *pointer) {
      auto *load = dyn_cast<LoadInst>(user);
      if (!load || load->isVolatile() || load->getPointerOperand() != pointer)
        return false;
      loads.push_back({step, load});
      return true;
    };
    for (User *user : choice->users()) {
      auto *step = dyn_cast<GetElementPtrInst>(user);
      if (step && step->getPointerOperand() == choice)
        onlyLoads &= llvm::all_of(step->users(), [&](User *stepUser) {
          return addLoad(step, stepUser, step);
        });
      else
        onlyLoads &= addLoad(nullptr, user, choice);
    }
    std::optional<SmallVector<Offset>> offsets =
        getOffsetsFrom(layout, addresses, bases);
    if (!onlyLoads || loads.empty() || !offsets)
      continue;
    SmallVector<Value *> variables;
    for (Value *base : bases)
      if (!llvm::is_contained(variables, base))
        variables.push_back(base);
    uint64_t unit = getCommonUnit(*offsets);
    Type *i32 = Type::getInt32Ty(func.getContext());
    Value *offset = chooseLike(choice, i32, [&](IRBuilder<> &at, unsigned i) {
      return emitOffset(at, (*offsets)[i], unit);
    });
    Value *chosenVariable =
        chooseLike(choice, i32, [&](IRBuilder<> &at, unsigned i) {
          return at.getInt32(llvm::find(variables, bases[i]) -
                             variables.begin());
        });
    IRBuilder<> after = getBuilderAfterChoice(choice);
    SmallVector<Value *> variableAddresses;
    for (Value *variable : variables)
      variableAddresses.push_back(after.CreateGEP(
          ArrayType::get(after.getInt8Ty(), unit), variable, offset));
    SmallVector<GetElementPtrInst *> steps;
    for (auto [step, load] : loads) {
      IRBuilder<> at(load);
      Value *value = nullptr;
      for (auto [index, address] : llvm::enumerate(variableAddresses)) {
        Value *pointer = address;
        if (step) {
          auto *copy = cast<GetElementPtrInst>(step->clone());
          copy->setOperand(GetElementPtrInst::getPointerOperandIndex(),
                           address);
          pointer = at.Insert(copy);
        }
        Value *loaded =
            at.CreateAlignedLoad(load->getType(), pointer, load->getAlign());
        value =
            value
                ? at.CreateSelect(at.CreateICmpEQ(chosenVariable,
                                                  at.getInt32(uint32_t(index))),
                                  loaded, value)
                : loaded;
      }
      load->replaceAllUsesWith(value);
      load->eraseFromParent();
      if (step && !llvm::is_contained(steps, step))
        steps.push_back(step);
    }
    for (GetElementPtrInst *step : steps)
      step->eraseFromParent();
    choice->eraseFromParent();
  }
}

/// A choice between addresses into different variables that is only loaded
/// from (`c ? a[i] : b[i]`, an if/else reading one of two arrays): DXIL has
/// no pointers to choose between, so the values are loaded and chosen, as
/// DXC does. A phi's loads move to the ends of its predecessors when
/// nothing before them in the phi's block writes memory; a select's happen
/// where its load is.
static void loadThroughChoices(Function &func) {
  SmallVector<Instruction *> choices = collectAddressChoices(func);
  for (Instruction *choice : choices) {
    SmallVector<LoadInst *> loads;
    bool onlyLoads = !choice->use_empty();
    for (User *user : choice->users()) {
      auto *load = dyn_cast<LoadInst>(user);
      if (!load || load->isVolatile() || load->getPointerOperand() != choice) {
        onlyLoads = false;
        break;
      }
      loads.push_back(load);
    }
    if (!onlyLoads)
      continue;
    if (auto *select = dyn_cast<SelectInst>(choice)) {
      for (LoadInst *load : loads) {
        IRBuilder<> at(load);
        Value *first = at.CreateAlignedLoad(
            load->getType(), select->getTrueValue(), load->getAlign());
        Value *second = at.CreateAlignedLoad(
            load->getType(), select->getFalseValue(), load->getAlign());
        load->replaceAllUsesWith(
            at.CreateSelect(select->getCondition(), first, second));
        load->eraseFromParent();
      }
      select->eraseFromParent();
      continue;
    }
    auto *phi = cast<PHINode>(choice);
    BasicBlock *block = phi->getParent();
    bool movable = llvm::all_of(loads, [&](LoadInst *load) {
      if (load->getParent() != block)
        return false;
      for (Instruction &inst : *block) {
        if (&inst == load)
          return true;
        if (inst.mayWriteToMemory())
          return false;
      }
      return false;
    });
    if (!movable)
      continue;
    for (LoadInst *load : loads) {
      auto *value = PHINode::Create(
          load->getType(), phi->getNumIncomingValues(), "", phi->getIterator());
      DenseMap<BasicBlock *, Value *> loadOfBlock;
      for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) {
        BasicBlock *from = phi->getIncomingBlock(i);
        Value *&loaded = loadOfBlock[from];
        if (!loaded) {
          IRBuilder<> at(from->getTerminator());
          loaded = at.CreateAlignedLoad(
              load->getType(), phi->getIncomingValue(i), load->getAlign());
        }
        value->addIncoming(loaded, from);
      }
      load->replaceAllUsesWith(value);
      load->eraseFromParent();
    }
    phi->eraseFromParent();
  }
}

/// The integer type the atomics on `global` access its elements as (a
/// float's bits, for InterlockedExchange on groupshared floats), or null.
static Type *getAtomicAccessType(GlobalVariable *global) {
  SmallVector<Value *> worklist = {global};
  SmallPtrSet<Value *, 16> seen;
  while (!worklist.empty()) {
    Value *pointer = worklist.pop_back_val();
    if (!seen.insert(pointer).second)
      continue;
    for (User *user : pointer->users()) {
      if (isa<GEPOperator, PHINode, SelectInst>(user))
        worklist.push_back(user);
      else if (auto *rmw = dyn_cast<AtomicRMWInst>(user))
        return rmw->getType()->isIntegerTy() ? rmw->getType() : nullptr;
      else if (auto *cmpxchg = dyn_cast<AtomicCmpXchgInst>(user))
        return cmpxchg->getNewValOperand()->getType()->isIntegerTy()
                   ? cmpxchg->getNewValOperand()->getType()
                   : nullptr;
    }
  }
  return nullptr;
}

Error mlir::hlsl::flattenArraysForDXIL(Module &module) {
  const DataLayout &layout = module.getDataLayout();
  for (Function &func : module)
    if (!func.isDeclaration()) {
      chooseOffsetsNotAddresses(func, layout);
      loadThroughChoices(func);
      loadFromEveryChosenVariable(func, layout);
    }
  SmallVector<GlobalVariable *> globals;
  for (GlobalVariable &global : module.globals())
    if (!global.use_empty() && needsFlattening(global.getValueType()))
      globals.push_back(&global);
  // Constant-expression GEPs into the globals become instructions first.
  SmallVector<Constant *> constants(globals.begin(), globals.end());
  convertUsersOfConstantsToInstructions(constants);

  for (GlobalVariable *global : globals) {
    Type *type = global->getValueType();
    SmallVector<Leaf> leaves;
    if (!collectLeaves(type, layout, leaves))
      continue;
    SmallVector<SmallVector<Constant *>> inits(leaves.size());
    Constant *old =
        global->hasInitializer() ? global->getInitializer() : nullptr;
    // Floats that atomics exchange as integers are stored as those integers
    // (DXIL's atomics take integers); the float accesses reinterpret them.
    if (Type *bits = getAtomicAccessType(global);
        bits && leaves.size() == 1 && leaves[0].scalar->isFloatingPointTy() &&
        layout.getTypeSizeInBits(bits) ==
            layout.getTypeSizeInBits(leaves[0].scalar) &&
        (!old || isa<UndefValue>(old) || old->isNullValue()))
      leaves[0].scalar = bits;
    if (old && !isa<UndefValue>(old) && !old->isNullValue())
      collectInitializer(old, type, layout, inits);
    SmallVector<Value *> newBases;
    for (auto [i, leaf] : llvm::enumerate(leaves)) {
      auto *flatType = ArrayType::get(leaf.scalar, leaf.count);
      Constant *init = nullptr;
      if (old)
        init = isa<UndefValue>(old) ? UndefValue::get(flatType)
               : old->isNullValue() ? ConstantAggregateZero::get(flatType)
                                    : ConstantArray::get(flatType, inits[i]);
      auto *flat = new GlobalVariable(
          module, flatType, global->isConstant(), global->getLinkage(), init,
          "", global, global->getThreadLocalMode(), global->getAddressSpace());
      flat->setAlignment(global->getAlign());
      flat->setUnnamedAddr(global->getUnnamedAddr());
      newBases.push_back(flat);
    }
    if (Error error = moveAccesses(global, type, newBases, leaves, layout))
      return error;
    global->eraseFromParent();
  }

  for (Function &func : module) {
    SmallVector<AllocaInst *> allocas;
    for (Instruction &inst : instructions(func))
      if (auto *alloca = dyn_cast<AllocaInst>(&inst))
        if (alloca->isStaticAlloca() &&
            needsFlattening(alloca->getAllocatedType()))
          allocas.push_back(alloca);
    for (AllocaInst *alloca : allocas) {
      Type *type = alloca->getAllocatedType();
      SmallVector<Leaf> leaves;
      if (!collectLeaves(type, layout, leaves))
        continue;
      SmallVector<Value *> newBases;
      for (const Leaf &leaf : leaves) {
        auto *flat = new AllocaInst(ArrayType::get(leaf.scalar, leaf.count),
                                    alloca->getAddressSpace(), "",
                                    alloca->getIterator());
        flat->setAlignment(alloca->getAlign());
        newBases.push_back(flat);
      }
      if (Error error = moveAccesses(alloca, type, newBases, leaves, layout))
        return error;
      alloca->eraseFromParent();
    }
  }
  return Error::success();
}
