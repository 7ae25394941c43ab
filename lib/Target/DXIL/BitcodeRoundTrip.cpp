//===- BitcodeRoundTrip.cpp - Read DXIL bitcode back and compare ----------===//
//
// The acceptance check of the 3.7 bitcode writer: LLVM 22's bitcode reader
// (which still reads 3.7 typed-pointer bitcode and upgrades it) must read
// what the writer produced, the IR verifier must accept it, and the result
// must match the module that was written.
//
// Expected differences, which the comparison tolerates:
//   * pointer casts the writer inserted for typed pointers: `bitcast ptr to
//     ptr` and GEPs whose indices are all zero, as instructions (skipped when
//     they do not match the next original instruction) and as constant
//     expressions (looked through);
//   * poison reads back as undef;
//   * attributes and flags without a 3.7 encoding are dropped (only the
//     representable part is compared), atomics lose their alignment.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Support/MemoryLimit.h"
#include "HLSL/Target/DXIL/BitcodeWriter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitstream/BitstreamReader.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <string>

using namespace llvm;

namespace {
/// The largest attribute-group parameter index accepted before LLVM's reader
/// sees the module (DXIL functions have a few dozen parameters at most).
constexpr uint64_t kMaxAttributeIndex = 1024;

/// Address space the bitcode reader may add to the process (plus 64 bytes
/// per byte of bitcode).
constexpr uint64_t kReaderMemoryBytes = uint64_t(1) << 30;

/// LLVM's reader sizes an attribute list by the parameter index of each
/// attribute group entry: a corrupted index near 2^32 makes it allocate and
/// clear tens of gigabytes before anything else fails. The module block's
/// attribute groups are checked first; every other problem is left to the
/// reader, which reports it.
Error checkAttributeGroups(StringRef bitcode) {
  enum : unsigned { BlockInfo = 0, ModuleBlock = 8, AttributeGroups = 10 };
  enum : unsigned { GroupEntry = 3 };
  BitstreamCursor cursor(
      ArrayRef<uint8_t>(bitcode.bytes_begin(), bitcode.bytes_end()));
  BitstreamBlockInfo blockInfo;
  cursor.setBlockInfo(&blockInfo);
  if (bitcode.size() < 4 || errorToBool(cursor.JumpToBit(32)))
    return Error::success();
  SmallVector<unsigned> blocks;
  SmallVector<uint64_t> record;
  while (!cursor.AtEndOfStream()) {
    Expected<BitstreamEntry> entry = cursor.advance();
    if (!entry)
      return consumeError(entry.takeError()), Error::success();
    switch (entry->Kind) {
    case BitstreamEntry::Error:
      return Error::success();
    case BitstreamEntry::EndBlock:
      if (blocks.empty())
        return Error::success();
      blocks.pop_back();
      break;
    case BitstreamEntry::SubBlock:
      if (entry->ID == BlockInfo) {
        Expected<std::optional<BitstreamBlockInfo>> info =
            cursor.ReadBlockInfoBlock();
        if (!info || !*info)
          return consumeError(info.takeError()), Error::success();
        blockInfo = std::move(**info);
      } else if (entry->ID == ModuleBlock || entry->ID == AttributeGroups) {
        if (errorToBool(cursor.EnterSubBlock(entry->ID)))
          return Error::success();
        blocks.push_back(entry->ID);
      } else if (errorToBool(cursor.SkipBlock())) {
        return Error::success();
      }
      break;
    case BitstreamEntry::Record: {
      record.clear();
      Expected<unsigned> code = cursor.readRecord(entry->ID, record);
      if (!code)
        return consumeError(code.takeError()), Error::success();
      if (!blocks.empty() && blocks.back() == AttributeGroups &&
          *code == GroupEntry && record.size() >= 2 &&
          record[1] != 0xFFFFFFFF && record[1] > kMaxAttributeIndex)
        return createStringError(inconvertibleErrorCode(),
                                 "malformed DXIL bitcode: attribute group " +
                                     Twine(record[0]) + " is for parameter " +
                                     Twine(record[1]));
      break;
    }
    }
  }
  return Error::success();
}
} // namespace

/// Turns the poison pointees the reader's metadata callback left into
/// resource symbols (undefs of the pointee, see getResourceRecords) and,
/// anywhere else, back into undef pointers.
static void restoreResourceSymbols(Module &module) {
  LLVMContext &context = module.getContext();
  for (MDTuple *record : mlir::hlsl::dxil::getResourceRecords(module))
    if (auto *symbol =
            dyn_cast_or_null<ConstantAsMetadata>(record->getOperand(1)))
      if (isa<PoisonValue>(symbol->getValue()))
        record->replaceOperandWith(
            1, ConstantAsMetadata::get(UndefValue::get(symbol->getType())));
  Metadata *opaque =
      ConstantAsMetadata::get(UndefValue::get(PointerType::get(context, 0)));
  SmallPtrSet<MDNode *, 32> visited;
  SmallVector<MDNode *> worklist;
  for (NamedMDNode &named : module.named_metadata())
    for (MDNode *node : named.operands())
      worklist.push_back(node);
  while (!worklist.empty()) {
    MDNode *node = worklist.pop_back_val();
    if (!visited.insert(node).second)
      continue;
    for (unsigned i = 0, e = node->getNumOperands(); i != e; ++i) {
      Metadata *operand = node->getOperand(i);
      if (auto *child = dyn_cast_or_null<MDNode>(operand))
        worklist.push_back(child);
      else if (auto *value = dyn_cast_or_null<ConstantAsMetadata>(operand))
        if (isa<PoisonValue>(value->getValue()))
          node->replaceOperandWith(i, opaque);
    }
  }
}

namespace mlir::hlsl::dxil {

Expected<std::unique_ptr<Module>>
readDXILBitcode(StringRef bitcode, LLVMContext &context, StringRef dataLayout,
                std::string *writtenDataLayout) {
  if (Error error = checkAttributeGroups(bitcode))
    return std::move(error);
  // Value ids and record counts are trusted by the reader; a corrupted one
  // makes it grow tables without bound. A real module needs far less.
  ScopedMemoryLimit limit(kReaderMemoryBytes + 64 * uint64_t(bitcode.size()));
  std::string layout = dataLayout.str();
  ParserCallbacks callbacks(
      [layout, writtenDataLayout](
          StringRef, StringRef written) -> std::optional<std::string> {
        if (writtenDataLayout)
          *writtenDataLayout = written.str();
        return layout;
      });
  // Typed undef pointers in metadata keep their pointee as a poison of it
  // (3.7 bitcode has no poison, so nothing else reads as one); resource
  // symbols then become undefs of it and every other one `ptr undef` again.
  callbacks.MDType = [](Metadata **md, unsigned typeID, GetTypeByIDTy getType,
                        GetContainedTypeIDTy getContained) {
    auto *value = dyn_cast_or_null<ConstantAsMetadata>(*md);
    if (!value || !isa<UndefValue>(value->getValue()) ||
        isa<PoisonValue>(value->getValue()))
      return;
    auto *pointer = dyn_cast<PointerType>(value->getType());
    if (!pointer || pointer->getAddressSpace() != 0)
      return;
    Type *pointee = getType(getContained(typeID, 0));
    if (pointee && pointee->isSized())
      *md = ConstantAsMetadata::get(PoisonValue::get(pointee));
  };
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile(MemoryBufferRef(bitcode, "dxil.bc"), context, callbacks);
  if (module)
    restoreResourceSymbols(**module);
  return module;
}

namespace {

template <typename T> std::string printed(const T &entity) {
  std::string text;
  raw_string_ostream os(text);
  entity.print(os);
  return text;
}

std::string typeName(Type *type) { return printed(*type); }

std::string describe(const Value *value) {
  if (!value)
    return "<null>";
  if (isa<GlobalValue>(value))
    return "@" + value->getName().str();
  return StringRef(printed(*value)).trim().str();
}

bool allZeroIndices(const GEPOperator &gep) {
  return all_of(gep.indices(), [](const Use &index) {
    const auto *constant = dyn_cast<ConstantInt>(index.get());
    return constant && constant->isZero();
  });
}

/// A pointer cast the writer may have inserted: a pointer-to-pointer bitcast
/// or a GEP with all-zero indices.
bool isPointerCast(const Value *value) {
  if (const auto *op = dyn_cast<Operator>(value)) {
    if (op->getOpcode() == Instruction::BitCast)
      return op->getType()->isPointerTy() &&
             op->getOperand(0)->getType()->isPointerTy();
    if (const auto *gep = dyn_cast<GEPOperator>(op))
      return gep->getType()->isPointerTy() && allZeroIndices(*gep);
  }
  return false;
}

const Value *stripConstantCasts(const Value *value) {
  while (isa<ConstantExpr>(value) && isPointerCast(value))
    value = cast<Operator>(value)->getOperand(0);
  return value;
}

/// Fast-math flags LLVM 3.7 can represent (see the writer).
std::string fastMath(const Instruction &inst) {
  if (!isa<FPMathOperator>(inst))
    return "";
  FastMathFlags flags = inst.getFastMathFlags();
  if (flags.isFast())
    return "fast";
  std::string text;
  if (flags.noNaNs())
    text += "nnan ";
  if (flags.noInfs())
    text += "ninf ";
  if (flags.noSignedZeros())
    text += "nsz ";
  if (flags.allowReciprocal())
    text += "arcp ";
  return text;
}

/// The part of an attribute set LLVM 3.7 can represent, as text.
std::string attributeSummary(AttributeSet set) {
  static const Attribute::AttrKind kinds[] = {
      Attribute::AlwaysInline,
      Attribute::Builtin,
      Attribute::Cold,
      Attribute::Convergent,
      Attribute::InlineHint,
      Attribute::InReg,
      Attribute::MinSize,
      Attribute::Naked,
      Attribute::Nest,
      Attribute::NoAlias,
      Attribute::NoBuiltin,
      Attribute::NoDuplicate,
      Attribute::NoImplicitFloat,
      Attribute::NoInline,
      Attribute::NonLazyBind,
      Attribute::NoRedZone,
      Attribute::NoReturn,
      Attribute::NoUnwind,
      Attribute::OptimizeForSize,
      Attribute::OptimizeNone,
      Attribute::ReadNone,
      Attribute::ReadOnly,
      Attribute::Returned,
      Attribute::ReturnsTwice,
      Attribute::SExt,
      Attribute::ZExt,
      Attribute::NonNull,
      Attribute::SafeStack,
  };
  std::set<std::string> items;
  for (Attribute attr : set) {
    if (attr.isStringAttribute()) {
      items.insert(attr.getAsString());
      continue;
    }
    Attribute::AttrKind kind = attr.getKindAsEnum();
    if (kind == Attribute::Memory) {
      MemoryEffects effects = attr.getMemoryEffects();
      if (effects.doesNotAccessMemory())
        items.insert("readnone");
      else if (effects.onlyReadsMemory())
        items.insert("readonly");
      continue;
    }
    if (kind == Attribute::Alignment || kind == Attribute::Dereferenceable ||
        kind == Attribute::DereferenceableOrNull) {
      items.insert(attr.getAsString());
      continue;
    }
    if (is_contained(kinds, kind))
      items.insert(Attribute::getNameFromAttrKind(kind).str());
  }
  return join(items, " ");
}

std::string kindName(const Module &module, unsigned kind) {
  SmallVector<StringRef, 32> names;
  module.getContext().getMDKindNames(names);
  return kind < names.size() ? names[kind].str() : std::string();
}

class Comparator {
public:
  Comparator(const Module &original, const Module &reread,
             ArrayRef<std::string> omitted)
      : original(original), reread(reread), omitted(omitted) {}

  Error run() {
    compareGlobals();
    compareFunctions();
    compareNamedMetadata();
    if (!error.empty())
      return createStringError(inconvertibleErrorCode(),
                               "bitcode round trip mismatch: " + error);
    return Error::success();
  }

private:
  bool mismatch(const Twine &message) {
    if (error.empty())
      error = message.str();
    return false;
  }

  bool sameConstant(const Constant *a, const Constant *b);
  bool sameMetadata(const Metadata *a, const Metadata *b);
  bool sameOperand(const Value *a, const Value *b);
  bool matches(const Instruction &a, const Instruction &b);
  void compareGlobals();
  void compareFunctions();
  void compareFunction(const Function &a, const Function &b);
  void compareNamedMetadata();

  const Module &original;
  const Module &reread;
  /// Named metadata of the original that the writer left out.
  ArrayRef<std::string> omitted;
  std::string error;
  DenseMap<const Value *, const Value *> values;
  /// Read-back instructions that matched an original one (the others are
  /// inserted casts).
  DenseSet<const Value *> matchedReread;
  DenseMap<std::pair<const Metadata *, const Metadata *>, bool> mdPairs;
};

bool Comparator::sameConstant(const Constant *a, const Constant *b) {
  a = cast<Constant>(stripConstantCasts(a));
  b = cast<Constant>(stripConstantCasts(b));
  if (const auto *global = dyn_cast<GlobalValue>(a))
    return isa<GlobalValue>(b) && global->getName() == b->getName();
  if (typeName(a->getType()) != typeName(b->getType()))
    return false;
  if (isa<UndefValue>(a))
    return isa<UndefValue>(b);
  if (a->isNullValue())
    return b->isNullValue();
  if (isa<ConstantInt>(a) || isa<ConstantFP>(a))
    return printed(*a) == printed(*b);
  if (const auto *expr = dyn_cast<ConstantExpr>(a)) {
    const auto *other = dyn_cast<ConstantExpr>(b);
    if (!other || other->getOpcode() != expr->getOpcode() ||
        other->getNumOperands() != expr->getNumOperands())
      return false;
    for (unsigned i = 0, e = expr->getNumOperands(); i != e; ++i)
      if (!sameConstant(expr->getOperand(i), other->getOperand(i)))
        return false;
    return true;
  }
  Type *type = a->getType();
  unsigned count = 0;
  if (auto *array = dyn_cast<ArrayType>(type))
    count = array->getNumElements();
  else if (auto *st = dyn_cast<StructType>(type))
    count = st->getNumElements();
  else if (auto *vector = dyn_cast<FixedVectorType>(type))
    count = vector->getNumElements();
  else
    return printed(*a) == printed(*b);
  for (unsigned i = 0; i != count; ++i) {
    const Constant *x = a->getAggregateElement(i);
    const Constant *y = b->getAggregateElement(i);
    if (!x || !y || !sameConstant(x, y))
      return false;
  }
  return true;
}

bool Comparator::sameMetadata(const Metadata *a, const Metadata *b) {
  if (!a || !b)
    return a == b;
  auto [it, inserted] = mdPairs.try_emplace({a, b}, true);
  if (!inserted)
    return it->second; // assumed equal while being compared (cycles)
  bool result = false;
  if (const auto *string = dyn_cast<MDString>(a)) {
    const auto *other = dyn_cast<MDString>(b);
    result = other && other->getString() == string->getString();
  } else if (const auto *value = dyn_cast<ConstantAsMetadata>(a)) {
    const auto *other = dyn_cast<ConstantAsMetadata>(b);
    result = other && sameConstant(value->getValue(), other->getValue());
  } else if (const auto *node = dyn_cast<MDNode>(a)) {
    const auto *other = dyn_cast<MDNode>(b);
    result = other && other->getNumOperands() == node->getNumOperands() &&
             other->isDistinct() == node->isDistinct();
    for (unsigned i = 0, e = node->getNumOperands(); result && i != e; ++i)
      result = sameMetadata(node->getOperand(i), other->getOperand(i));
  }
  mdPairs[{a, b}] = result;
  return result;
}

void Comparator::compareGlobals() {
  if (original.global_size() != reread.global_size()) {
    mismatch("expected " + Twine(original.global_size()) +
             " global variables, read " + Twine(reread.global_size()));
    return;
  }
  for (auto [a, b] : zip(original.globals(), reread.globals())) {
    std::string name = "global @" + a.getName().str();
    if (a.getName() != b.getName())
      mismatch(name + " read back as @" + b.getName());
    else if (typeName(a.getValueType()) != typeName(b.getValueType()))
      mismatch(name + " has value type " + typeName(b.getValueType()));
    else if (a.getAddressSpace() != b.getAddressSpace())
      mismatch(name + " is in address space " + Twine(b.getAddressSpace()));
    else if (a.getLinkage() != b.getLinkage())
      mismatch(name + " changed linkage");
    else if (a.isConstant() != b.isConstant())
      mismatch(name + " changed constness");
    else if (a.getAlign() != b.getAlign())
      mismatch(name + " changed alignment");
    else if (a.hasInitializer() != b.hasInitializer())
      mismatch(name + " gained or lost its initializer");
    else if (a.hasInitializer() &&
             !sameConstant(a.getInitializer(), b.getInitializer()))
      mismatch(name + " has initializer " + describe(b.getInitializer()) +
               ", expected " + describe(a.getInitializer()));
    values[&a] = &b;
  }
}

void Comparator::compareFunctions() {
  if (original.size() != reread.size()) {
    mismatch("expected " + Twine(original.size()) + " functions, read " +
             Twine(reread.size()));
    return;
  }
  for (auto [a, b] : zip(original, reread)) {
    std::string name = "function @" + a.getName().str();
    if (a.getName() != b.getName())
      mismatch(name + " read back as @" + b.getName());
    else if (typeName(a.getFunctionType()) != typeName(b.getFunctionType()))
      mismatch(name + " has type " + typeName(b.getFunctionType()));
    else if (a.isDeclaration() != b.isDeclaration())
      mismatch(name + " changed between declaration and definition");
    else if (a.getLinkage() != b.getLinkage())
      mismatch(name + " changed linkage");
    else if (attributeSummary(a.getAttributes().getFnAttrs()) !=
             attributeSummary(b.getAttributes().getFnAttrs()))
      mismatch(name + " has attributes '" +
               attributeSummary(b.getAttributes().getFnAttrs()) +
               "', expected '" +
               attributeSummary(a.getAttributes().getFnAttrs()) + "'");
    values[&a] = &b;
  }
  if (!error.empty())
    return;
  for (auto [a, b] : zip(original, reread))
    if (!a.isDeclaration())
      compareFunction(a, b);
}

bool Comparator::matches(const Instruction &a, const Instruction &b) {
  if (a.getOpcode() != b.getOpcode() ||
      typeName(a.getType()) != typeName(b.getType()) ||
      a.getNumOperands() != b.getNumOperands())
    return false;
  // LLVM 3.7 keeps fast-math flags on binary operators and fcmp only (not
  // on phi, select or call).
  if ((isa<BinaryOperator>(a) || isa<FCmpInst>(a)) &&
      fastMath(a) != fastMath(b))
    return false;
  if (const auto *obo = dyn_cast<OverflowingBinaryOperator>(&a)) {
    const auto *other = cast<OverflowingBinaryOperator>(&b);
    if (obo->hasNoSignedWrap() != other->hasNoSignedWrap() ||
        obo->hasNoUnsignedWrap() != other->hasNoUnsignedWrap())
      return false;
  }
  if (const auto *exact = dyn_cast<PossiblyExactOperator>(&a))
    if (exact->isExact() != cast<PossiblyExactOperator>(&b)->isExact())
      return false;
  if (const auto *cmp = dyn_cast<CmpInst>(&a))
    return cmp->getPredicate() == cast<CmpInst>(&b)->getPredicate();
  if (const auto *call = dyn_cast<CallInst>(&a)) {
    const auto *other = cast<CallInst>(&b);
    const Function *callee = call->getCalledFunction();
    const Function *otherCallee =
        dyn_cast<Function>(other->getCalledOperand()->stripPointerCasts());
    return callee && otherCallee &&
           callee->getName() == otherCallee->getName() &&
           call->isTailCall() == other->isTailCall();
  }
  if (const auto *gep = dyn_cast<GetElementPtrInst>(&a)) {
    const auto *other = cast<GetElementPtrInst>(&b);
    return gep->isInBounds() == other->isInBounds() &&
           typeName(gep->getSourceElementType()) ==
               typeName(other->getSourceElementType());
  }
  if (const auto *alloca = dyn_cast<AllocaInst>(&a))
    return typeName(alloca->getAllocatedType()) ==
               typeName(cast<AllocaInst>(&b)->getAllocatedType()) &&
           alloca->getAlign() == cast<AllocaInst>(&b)->getAlign();
  if (const auto *load = dyn_cast<LoadInst>(&a)) {
    const auto *other = cast<LoadInst>(&b);
    return load->isVolatile() == other->isVolatile() &&
           load->getOrdering() == other->getOrdering() &&
           (load->isAtomic() || load->getAlign() == other->getAlign());
  }
  if (const auto *store = dyn_cast<StoreInst>(&a)) {
    const auto *other = cast<StoreInst>(&b);
    return store->isVolatile() == other->isVolatile() &&
           store->getOrdering() == other->getOrdering() &&
           (store->isAtomic() || store->getAlign() == other->getAlign());
  }
  if (const auto *rmw = dyn_cast<AtomicRMWInst>(&a)) {
    const auto *other = cast<AtomicRMWInst>(&b);
    return rmw->getOperation() == other->getOperation() &&
           rmw->getOrdering() == other->getOrdering() &&
           rmw->isVolatile() == other->isVolatile();
  }
  if (const auto *xchg = dyn_cast<AtomicCmpXchgInst>(&a)) {
    const auto *other = cast<AtomicCmpXchgInst>(&b);
    return xchg->getSuccessOrdering() == other->getSuccessOrdering() &&
           xchg->getFailureOrdering() == other->getFailureOrdering() &&
           xchg->isWeak() == other->isWeak() &&
           xchg->isVolatile() == other->isVolatile();
  }
  if (const auto *shuffle = dyn_cast<ShuffleVectorInst>(&a))
    return shuffle->getShuffleMask() ==
           cast<ShuffleVectorInst>(&b)->getShuffleMask();
  if (const auto *extract = dyn_cast<ExtractValueInst>(&a))
    return extract->getIndices() == cast<ExtractValueInst>(&b)->getIndices();
  if (const auto *insert = dyn_cast<InsertValueInst>(&a))
    return insert->getIndices() == cast<InsertValueInst>(&b)->getIndices();
  return true;
}

bool Comparator::sameOperand(const Value *a, const Value *b) {
  // Look through the casts the writer inserted in front of the user.
  while (isa<Instruction>(b) && isPointerCast(b) && !matchedReread.count(b))
    b = cast<Instruction>(b)->getOperand(0);
  if (const auto *constant = dyn_cast<Constant>(a))
    return isa<Constant>(b) && sameConstant(constant, cast<Constant>(b));
  if (isa<BasicBlock>(a) || isa<Argument>(a) || isa<Instruction>(a))
    return values.lookup(a) == b;
  return false;
}

void Comparator::compareFunction(const Function &a, const Function &b) {
  std::string name = "function @" + a.getName().str();
  if (a.size() != b.size()) {
    mismatch(name + ": expected " + Twine(a.size()) + " blocks, read " +
             Twine(b.size()));
    return;
  }
  for (auto [x, y] : zip(a.args(), b.args()))
    values[&x] = &y;
  for (auto [x, y] : zip(a, b))
    values[&x] = &y;

  std::vector<std::pair<const Instruction *, const Instruction *>> pairs;
  unsigned blockIndex = 0;
  for (auto [blockA, blockB] : zip(a, b)) {
    auto it = blockB.begin(), end = blockB.end();
    for (const Instruction &inst : blockA) {
      while (it != end && !matches(inst, *it) && isPointerCast(&*it))
        ++it;
      if (it == end || !matches(inst, *it)) {
        mismatch(name + ", block " + Twine(blockIndex) + ": expected '" +
                 describe(&inst) + "', read '" +
                 (it == end ? std::string("end of block") : describe(&*it)) +
                 "'");
        return;
      }
      values[&inst] = &*it;
      matchedReread.insert(&*it);
      pairs.emplace_back(&inst, &*it);
      ++it;
    }
    for (; it != end; ++it)
      if (!isPointerCast(&*it)) {
        mismatch(name + ", block " + Twine(blockIndex) +
                 ": unexpected instruction '" + describe(&*it) + "'");
        return;
      }
    ++blockIndex;
  }

  // Operands, now that every value has its counterpart.
  for (auto [x, y] : pairs) {
    for (unsigned i = 0, e = x->getNumOperands(); i != e; ++i)
      if (!sameOperand(x->getOperand(i), y->getOperand(i))) {
        mismatch(name + ": operand " + Twine(i) + " of '" + describe(x) +
                 "' read back as '" + describe(y->getOperand(i)) + "' in '" +
                 describe(y) + "'");
        return;
      }
    if (const auto *sw = dyn_cast<SwitchInst>(x)) {
      const auto *other = cast<SwitchInst>(y);
      if (sw->getNumCases() != other->getNumCases()) {
        mismatch(name + ": cases of '" + describe(x) + "' differ");
        return;
      }
      for (auto [c, d] : zip(sw->cases(), other->cases()))
        if (!sameConstant(c.getCaseValue(), d.getCaseValue()) ||
            values.lookup(c.getCaseSuccessor()) != d.getCaseSuccessor()) {
          mismatch(name + ": cases of '" + describe(x) + "' differ");
          return;
        }
    }
    if (const auto *phi = dyn_cast<PHINode>(x))
      for (unsigned i = 0, e = phi->getNumIncomingValues(); i != e; ++i)
        if (values.lookup(phi->getIncomingBlock(i)) !=
            cast<PHINode>(y)->getIncomingBlock(i)) {
          mismatch(name + ": incoming block " + Twine(i) + " of '" +
                   describe(x) + "' differs");
          return;
        }
    if (const auto *call = dyn_cast<CallInst>(x))
      if (attributeSummary(call->getAttributes().getFnAttrs()) !=
          attributeSummary(cast<CallInst>(y)->getAttributes().getFnAttrs())) {
        mismatch(name + ": call attributes of '" + describe(x) + "' differ");
        return;
      }
    SmallVector<std::pair<unsigned, MDNode *>, 4> mdA, mdB;
    x->getAllMetadataOtherThanDebugLoc(mdA);
    y->getAllMetadataOtherThanDebugLoc(mdB);
    if (mdA.size() != mdB.size()) {
      mismatch(name + ": metadata attachments of '" + describe(x) + "' differ");
      return;
    }
    for (auto [ma, mb] : zip(mdA, mdB))
      if (kindName(original, ma.first) != kindName(reread, mb.first) ||
          !sameMetadata(ma.second, mb.second)) {
        mismatch(name + ": metadata attachments of '" + describe(x) +
                 "' differ");
        return;
      }
  }
}

void Comparator::compareNamedMetadata() {
  std::vector<const NamedMDNode *> a, b;
  for (const NamedMDNode &node : original.named_metadata())
    if (!llvm::is_contained(omitted, node.getName()))
      a.push_back(&node);
  for (const NamedMDNode &node : reread.named_metadata())
    b.push_back(&node);
  if (a.size() != b.size()) {
    mismatch("expected " + Twine(a.size()) + " named metadata, read " +
             Twine(b.size()));
    return;
  }
  for (auto [x, y] : zip(a, b)) {
    std::string name = "named metadata !" + x->getName().str();
    if (x->getName() != y->getName()) {
      mismatch(name + " read back as !" + y->getName());
      return;
    }
    if (x->getNumOperands() != y->getNumOperands()) {
      mismatch(name + " has " + Twine(y->getNumOperands()) +
               " operands, expected " + Twine(x->getNumOperands()));
      return;
    }
    for (unsigned i = 0, e = x->getNumOperands(); i != e; ++i)
      if (!sameMetadata(x->getOperand(i), y->getOperand(i))) {
        mismatch(name + ": operand " + Twine(i) + " differs");
        return;
      }
  }
}

} // namespace

Error verifyDXILBitcodeRoundTrip(const Module &original, StringRef bitcode,
                                 ArrayRef<std::string> omittedNamedMetadata) {
  LLVMContext context;
  Expected<std::unique_ptr<Module>> reread =
      readDXILBitcode(bitcode, context, original.getDataLayoutStr());
  if (!reread)
    return createStringError(inconvertibleErrorCode(),
                             "LLVM 22 cannot read the bitcode: " +
                                 toString(reread.takeError()));
  std::string diagnostics;
  raw_string_ostream os(diagnostics);
  if (verifyModule(**reread, &os))
    return createStringError(inconvertibleErrorCode(),
                             "the bitcode read back fails the IR verifier: " +
                                 StringRef(diagnostics).trim());
  return Comparator(original, **reread, omittedNamedMetadata).run();
}

} // namespace mlir::hlsl::dxil
