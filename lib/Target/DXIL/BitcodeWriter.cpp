//===- BitcodeWriter.cpp - LLVM 3.7 bitcode for DXIL ----------------------===//
//
// Writes an LLVM 22 module as LLVM 3.7 bitcode (docs/dxil-reference.md §5).
//
// The writer works in two phases. Planning walks the module once and decides
// everything that the bitstream refers to by number: the typed-pointer type
// table, value ids (globals, then module constants; per function arguments,
// constants, then instructions), metadata ids, attribute groups, and the
// pointer casts that typed pointers need. Emission then writes the blocks in
// the order the 3.7 writer does. Errors are sticky: the first unsupported
// construct is remembered, planning continues with placeholder results, and
// nothing is emitted.
//
// Typed pointers. Each pointer value gets a pointee type:
//   * globals: their value type; functions: their (legacy) function type;
//     allocas: the allocated type; GEPs: the result element type; loads and
//     extractvalues of a pointer, and pointers nested in aggregate types:
//     i8 (DXC's `%dx.types.Handle = type { i8* }`);
//   * arguments, call results, phis, selects and pointer casts are "flexible":
//     the first use that needs a particular pointee (a load, store, GEP or
//     atomic) decides. Function parameter and return types come from the
//     arguments (or the call sites of a declaration) and fix the types of
//     arguments and call results; phis and selects otherwise follow their
//     incoming values; the fallback is i8.
// Where an operand's pointee differs from what its user needs, a cast is
// written in front of the user (at the end of the predecessor for a phi):
// a GEP with all-zero indices if the needed type is the first element of the
// pointee, nested, and a bitcast otherwise. For constants the same casts are
// written as constant expressions. Null and undef pointers simply take the
// needed type.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/BitcodeWriter.h"

#include "HLSL/Target/DXIL/Bitcode37.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace mlir::hlsl::dxil {
namespace {

using namespace bc37;

/// The printed form of a type, value or constant, for error messages.
template <typename T> std::string printed(const T &entity) {
  std::string text;
  raw_string_ostream os(text);
  entity.print(os);
  return text;
}

std::string describe(const Value &value) {
  if (isa<GlobalValue>(value))
    return "@" + value.getName().str();
  std::string text = printed(value);
  StringRef trimmed = StringRef(text).trim();
  return trimmed.str();
}

//===----------------------------------------------------------------------===//
// Type table
//===----------------------------------------------------------------------===//

/// The 3.7 type table: LLVM 22 types with typed pointers. Entries are interned;
/// an entry's ids of component types are always smaller than its own id.
class TypeTable {
public:
  enum class Kind : uint8_t {
    Void,
    Half,
    Float,
    Double,
    Integer,
    Pointer,
    Array,
    Vector,
    LiteralStruct,
    NamedStruct,
    Function,
  };

  struct Entry {
    Kind kind = Kind::Void;
    /// Integer width, array or vector length.
    uint64_t count = 0;
    /// Pointer address space.
    unsigned addrSpace = 0;
    /// Packed struct or vararg function.
    bool flag = false;
    /// Pointee; element; struct fields; function return then parameters.
    SmallVector<unsigned, 4> elements;
    /// Named structs only.
    const StructType *named = nullptr;
  };

  explicit TypeTable(std::string &error) : error(error) {}

  unsigned size() const { return entries.size(); }
  const Entry &operator[](unsigned id) const { return entries[id]; }

  bool isPointer(unsigned id) const {
    return entries[id].kind == Kind::Pointer;
  }
  unsigned pointee(unsigned id) const { return entries[id].elements[0]; }
  unsigned addrSpace(unsigned id) const { return entries[id].addrSpace; }

  /// Stop creating types: the emission phase has fixed the id width.
  void freeze() { frozen = true; }

  unsigned pointerTo(unsigned pointeeID, unsigned addrSpace) {
    Entry e;
    e.kind = Kind::Pointer;
    e.addrSpace = addrSpace;
    e.elements.push_back(pointeeID);
    return intern(std::move(e));
  }

  unsigned function(unsigned ret, ArrayRef<unsigned> params, bool vararg) {
    Entry e;
    e.kind = Kind::Function;
    e.flag = vararg;
    e.elements.push_back(ret);
    e.elements.append(params.begin(), params.end());
    return intern(std::move(e));
  }

  /// Maps a type whose top level is not a pointer (or whose pointee does not
  /// matter): pointers at any depth become i8 pointers of their address
  /// space.
  unsigned map(Type *type) {
    if (auto it = mapped.find(type); it != mapped.end())
      return it->second;
    unsigned id = mapUncached(type);
    mapped[type] = id;
    return id;
  }

  unsigned i8PointerIn(unsigned addrSpace) {
    return pointerTo(map(Type::getInt8Ty(*context)), addrSpace);
  }

  void setContext(LLVMContext &ctx) { context = &ctx; }

  /// If `to` is reached from `from` by repeatedly taking the first element
  /// (array/vector element 0 or struct field 0), returns the number of steps.
  std::optional<unsigned> firstElementDepth(unsigned from, unsigned to) const {
    unsigned depth = 0;
    while (from != to) {
      const Entry &e = entries[from];
      if (e.elements.empty())
        return std::nullopt;
      switch (e.kind) {
      case Kind::Array:
      case Kind::Vector:
      case Kind::LiteralStruct:
      case Kind::NamedStruct:
        from = e.elements[0];
        ++depth;
        break;
      default:
        return std::nullopt;
      }
    }
    return depth;
  }

private:
  unsigned fail(const Twine &message) {
    if (error.empty())
      error = message.str();
    return placeholder();
  }

  unsigned placeholder() {
    Entry e;
    e.kind = Kind::Integer;
    e.count = 8;
    return intern(std::move(e));
  }

  unsigned simple(Kind kind) {
    Entry e;
    e.kind = kind;
    return intern(std::move(e));
  }

  unsigned mapUncached(Type *type) {
    switch (type->getTypeID()) {
    case Type::VoidTyID:
      return simple(Kind::Void);
    case Type::HalfTyID:
      return simple(Kind::Half);
    case Type::FloatTyID:
      return simple(Kind::Float);
    case Type::DoubleTyID:
      return simple(Kind::Double);
    case Type::IntegerTyID: {
      Entry e;
      e.kind = Kind::Integer;
      e.count = cast<IntegerType>(type)->getBitWidth();
      return intern(std::move(e));
    }
    case Type::PointerTyID:
      return i8PointerIn(type->getPointerAddressSpace());
    case Type::ArrayTyID: {
      auto *at = cast<ArrayType>(type);
      Entry e;
      e.kind = Kind::Array;
      e.count = at->getNumElements();
      e.elements.push_back(map(at->getElementType()));
      return intern(std::move(e));
    }
    case Type::FixedVectorTyID: {
      auto *vt = cast<FixedVectorType>(type);
      Entry e;
      e.kind = Kind::Vector;
      e.count = vt->getNumElements();
      e.elements.push_back(map(vt->getElementType()));
      return intern(std::move(e));
    }
    case Type::StructTyID: {
      auto *st = cast<StructType>(type);
      Entry e;
      e.kind = st->isLiteral() ? Kind::LiteralStruct : Kind::NamedStruct;
      e.flag = st->isPacked();
      if (!st->isLiteral())
        e.named = st;
      for (Type *field : st->elements())
        e.elements.push_back(map(field));
      return intern(std::move(e));
    }
    case Type::FunctionTyID: {
      auto *ft = cast<FunctionType>(type);
      SmallVector<unsigned, 8> params;
      for (Type *param : ft->params())
        params.push_back(map(param));
      return function(map(ft->getReturnType()), params, ft->isVarArg());
    }
    default:
      return fail("unsupported type '" + printed(*type) + "'");
    }
  }

  unsigned intern(Entry e) {
    std::vector<uint64_t> key;
    key.push_back(static_cast<uint64_t>(e.kind));
    key.push_back(e.count);
    key.push_back(e.addrSpace);
    key.push_back(e.flag);
    key.push_back(reinterpret_cast<uintptr_t>(e.named));
    key.insert(key.end(), e.elements.begin(), e.elements.end());
    auto [it, inserted] = ids.try_emplace(std::move(key), entries.size());
    if (inserted) {
      if (frozen && error.empty())
        error = "internal error: type created after the type table was "
                "written";
      entries.push_back(std::move(e));
    }
    return it->second;
  }

  std::string &error;
  LLVMContext *context = nullptr;
  bool frozen = false;
  std::vector<Entry> entries;
  std::map<std::vector<uint64_t>, unsigned> ids;
  DenseMap<Type *, unsigned> mapped;
};

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// How a constant is written: as itself at a given type, or wrapped in a
/// cast to a different pointer type.
enum class ConstForm : uint8_t { Plain, Bitcast, ZeroGEP };

struct ConstKey {
  const Constant *constant;
  unsigned type;
  ConstForm form;
  bool operator<(const ConstKey &other) const {
    return std::tie(constant, type, form) <
           std::tie(other.constant, other.type, other.form);
  }
};

enum class ConstAbbrev : uint8_t {
  None,
  Integer,
  CECast,
  Aggregate,
  String,
  CString
};

struct ConstRecord {
  unsigned type = 0;
  unsigned code = 0;
  SmallVector<uint64_t, 8> ops;
  ConstAbbrev abbrev = ConstAbbrev::None;
};

/// The constants of one CONSTANTS block, numbered from `base` in post order
/// (operands before users).
struct ConstTable {
  unsigned base = 0;
  std::map<ConstKey, unsigned> ids;
  std::vector<ConstRecord> records;
  unsigned end() const { return base + records.size(); }
};

//===----------------------------------------------------------------------===//
// Function plans
//===----------------------------------------------------------------------===//

/// A reference to a value from an instruction: an absolute value id (globals,
/// constants, arguments) or an item of the function (instructions and
/// inserted casts, numbered after planning).
struct Ref {
  enum Kind : uint8_t { None, Value, Item } kind = None;
  unsigned index = 0;
  unsigned type = 0;
};

struct Item {
  const Instruction *inst = nullptr;
  /// Inserted casts (inst == nullptr).
  enum Synthetic : uint8_t {
    NotSynthetic,
    Bitcast,
    ZeroGEP
  } synthetic = NotSynthetic;
  /// ZeroGEP: the source element type.
  unsigned sourceElement = 0;
  bool hasValue = false;
  unsigned type = 0;
  /// For instructions: one entry per operand (None for blocks). For casts:
  /// the source, then the GEP indices.
  SmallVector<Ref, 4> ops;
  unsigned valueID = 0;
};

struct BlockPlan {
  /// Items before the terminator, including casts for the terminator.
  SmallVector<unsigned, 16> body;
  /// Casts for phis in successors; written just before the terminator.
  SmallVector<unsigned, 2> tail;
  std::optional<unsigned> terminator;
  /// Dedup of casts: (value, type) -> item.
  std::map<std::pair<const Value *, unsigned>, unsigned> bodyCasts;
  std::map<std::pair<const Value *, unsigned>, unsigned> tailCasts;
};

struct FunctionPlan {
  const Function *function = nullptr;
  unsigned firstArgID = 0;
  SmallVector<unsigned, 8> argTypes;
  ConstTable constants;
  std::vector<Item> items;
  std::vector<BlockPlan> blocks;
  DenseMap<const Instruction *, unsigned> itemOf;
  DenseMap<const BasicBlock *, unsigned> blockIndex;
  /// Items in emission order.
  std::vector<unsigned> order;
  bool hasAttachments = false;
};

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

class Writer {
public:
  Writer(const Module &module, const DXILBitcodeOptions &options)
      : module(module), options(options), types(error) {
    types.setContext(module.getContext());
  }

  Error run(raw_ostream &os);
  DXILBitcodeStatistics statistics() const;

private:
  bool failed() const { return !error.empty(); }
  void fail(const Twine &message) {
    if (error.empty())
      error = message.str();
  }

  // Planning.
  void checkModule();
  void inferPointers();
  unsigned computeFunctionType(const Function &function);
  std::optional<unsigned> knownType(const Value *value);
  std::optional<unsigned> fixedNatural(const Instruction &inst);
  bool isFlexible(const Value *value) const;
  std::optional<unsigned> naturalConstType(const Constant *constant);
  unsigned valueType(const Value *value);
  unsigned functionPointerType(const Function &function);
  unsigned globalPointerType(const GlobalVariable &global);
  void planGlobals();
  void planMetadata();
  void enumerateMetadata(const Metadata *md);
  /// Writes operand 1 of a !dx.resources record, an undef of the resource's
  /// type, as an undef pointer to that type. The same undef may appear
  /// elsewhere as itself (the reflection's type annotations name struct
  /// types with undefs), so the pointer is a metadata entry of its own.
  void enumerateResourceSymbol(const Metadata *md);
  /// Records of !dx.resources whose operand 1 is a resource symbol.
  DenseSet<const Metadata *> symbolRecords;
  DenseMap<const Metadata *, unsigned> symbolPointerIDs;
  DenseMap<const Metadata *, ConstKey> symbolPointerConstants;
  /// Whether the named metadata is written (DXILBitcodeOptions).
  bool isWritten(const NamedMDNode &named) const {
    return !llvm::is_contained(options.omittedNamedMetadata, named.getName());
  }
  void noteAttachments(const Instruction &inst);
  unsigned attributeListID(AttributeList list, unsigned numParams);
  void encodeAttributes(AttributeSet set, bool isFunction,
                        std::vector<uint64_t> &out);
  void planFunction(const Function &function, FunctionPlan &plan);
  void planInstruction(const Instruction &inst, FunctionPlan &plan,
                       unsigned block);
  void checkTypedPointers(const FunctionPlan &plan);

  ConstKey constKey(const Constant *constant, std::optional<unsigned> want);
  unsigned constID(const ConstKey &key, ConstTable &table);
  ConstRecord buildConstRecord(const ConstKey &key, ConstTable &table);
  Ref refTo(const Value *value, std::optional<unsigned> want,
            FunctionPlan &plan, unsigned block, bool atBlockEnd);
  unsigned makeCast(const Value *value, unsigned from, unsigned to,
                    FunctionPlan &plan, unsigned block, bool atBlockEnd);

  // Emission.
  void emitModule(BitstreamWriter &stream);
  void emitAttributes(BitstreamWriter &stream);
  void emitTypeTable(BitstreamWriter &stream);
  void emitModuleInfo(BitstreamWriter &stream);
  void emitConstants(BitstreamWriter &stream, const ConstTable &table,
                     bool isModule);
  void emitMetadata(BitstreamWriter &stream);
  void emitMetadataKinds(BitstreamWriter &stream);
  void emitModuleSymbolTable(BitstreamWriter &stream);
  void emitFunction(BitstreamWriter &stream, FunctionPlan &plan);
  void emitItem(BitstreamWriter &stream, const FunctionPlan &plan,
                const Item &item, unsigned instID);
  void emitSymbolEntry(BitstreamWriter &stream, bool isBlock, unsigned id,
                       StringRef name);

  unsigned resolve(const FunctionPlan &plan, const Ref &ref) const {
    return ref.kind == Ref::Item ? plan.items[ref.index].valueID : ref.index;
  }

  const Module &module;
  const DXILBitcodeOptions &options;
  std::string error;
  TypeTable types;

  // Typed pointers.
  DenseMap<const Value *, unsigned> hint;
  DenseMap<const Value *, unsigned> natural;
  DenseMap<const Function *, unsigned> fnTypes;
  MapVector<const Function *, SmallVector<const CallBase *, 4>> callSites;

  // Values.
  DenseMap<const GlobalValue *, unsigned> globalIDs;
  ConstTable moduleConstants;
  unsigned numModuleValues = 0;
  std::vector<const GlobalValue *> globalOrder;

  // Metadata.
  DenseMap<const Metadata *, unsigned> mdIDs;
  DenseSet<const Metadata *> mdVisiting;
  /// Metadata in ID order; `asPointer` marks a resource symbol's pointer.
  struct MDEntry {
    const Metadata *md;
    bool asPointer;
  };
  std::vector<MDEntry> mdList;
  DenseMap<const Metadata *, ConstKey> mdConstants;
  std::set<unsigned> usedKinds;

  // Attributes.
  std::map<std::pair<uint64_t, std::vector<uint64_t>>, unsigned> groupIDs;
  std::vector<std::pair<uint64_t, std::vector<uint64_t>>> groups;
  std::map<std::vector<unsigned>, unsigned> listIDs;
  std::vector<std::vector<unsigned>> lists;
  DenseMap<const Function *, unsigned> functionAttrs;
  DenseMap<const CallBase *, unsigned> callAttrs;

  std::vector<FunctionPlan> plans;
};

//===----------------------------------------------------------------------===//
// Module checks
//===----------------------------------------------------------------------===//

void Writer::checkModule() {
  if (!module.getModuleInlineAsm().empty())
    return fail("unsupported: module-level inline asm");
  if (!module.alias_empty())
    return fail("unsupported: global alias @" +
                module.alias_begin()->getName());
  if (!module.ifunc_empty())
    return fail("unsupported: ifunc @" + module.ifunc_begin()->getName());
  for (const GlobalVariable &global : module.globals()) {
    if (global.hasComdat())
      return fail("unsupported: comdat on global @" + global.getName());
    if (global.hasAttributes())
      return fail("unsupported: attributes on global @" + global.getName());
  }
  for (const Function &function : module) {
    std::string name = "@" + function.getName().str();
    if (function.hasComdat())
      return fail("unsupported: comdat on function " + name);
    if (function.hasGC())
      return fail("unsupported: garbage collector on function " + name);
    if (function.hasPrefixData() || function.hasPrologueData())
      return fail("unsupported: prefix or prologue data on function " + name);
    if (function.hasPersonalityFn())
      return fail("unsupported: personality function on function " + name);
    if (function.getCallingConv() != CallingConv::C)
      return fail("unsupported: calling convention " +
                  Twine(function.getCallingConv()) + " of function " + name);
    if (any_of(function.getFunctionType()->params(),
               [](Type *type) { return type->isMetadataTy(); }))
      return fail("unsupported: metadata parameter of function " + name);
    if (function.getAddressSpace() != 0)
      return fail("unsupported: function " + name + " in address space " +
                  Twine(function.getAddressSpace()));
    SmallVector<std::pair<unsigned, MDNode *>, 4> mds;
    function.getAllMetadata(mds);
    for (auto &[kind, node] : mds)
      if (isa<DINode>(node))
        return fail("unsupported: debug info metadata on function " + name);
  }
}

//===----------------------------------------------------------------------===//
// Typed pointers
//===----------------------------------------------------------------------===//

bool Writer::isFlexible(const Value *value) const {
  if (!value->getType()->isPointerTy())
    return false;
  if (isa<Argument>(value))
    return true;
  const auto *inst = dyn_cast<Instruction>(value);
  if (!inst)
    return false;
  switch (inst->getOpcode()) {
  case Instruction::Call:
  case Instruction::PHI:
  case Instruction::Select:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    return true;
  default:
    return false;
  }
}

std::optional<unsigned> Writer::fixedNatural(const Instruction &inst) {
  Type *type = inst.getType();
  if (!type->isPointerTy())
    return types.map(type);
  unsigned addrSpace = type->getPointerAddressSpace();
  if (const auto *alloca = dyn_cast<AllocaInst>(&inst))
    return types.pointerTo(types.map(alloca->getAllocatedType()), addrSpace);
  if (const auto *gep = dyn_cast<GetElementPtrInst>(&inst))
    return types.pointerTo(types.map(gep->getResultElementType()), addrSpace);
  if (isFlexible(&inst))
    return std::nullopt;
  // Loads and extractvalues of pointers, and anything else: i8*.
  return types.map(type);
}

unsigned Writer::globalPointerType(const GlobalVariable &global) {
  return types.pointerTo(types.map(global.getValueType()),
                         global.getAddressSpace());
}

unsigned Writer::functionPointerType(const Function &function) {
  auto it = fnTypes.find(&function);
  unsigned fnType =
      it != fnTypes.end() ? it->second : types.map(function.getFunctionType());
  return types.pointerTo(fnType, function.getAddressSpace());
}

std::optional<unsigned> Writer::naturalConstType(const Constant *constant) {
  Type *type = constant->getType();
  if (const auto *global = dyn_cast<GlobalVariable>(constant))
    return globalPointerType(*global);
  if (const auto *function = dyn_cast<Function>(constant))
    return functionPointerType(*function);
  if (!type->isPointerTy())
    return types.map(type);
  if (isa<ConstantPointerNull>(constant) || isa<UndefValue>(constant))
    return std::nullopt;
  if (const auto *expr = dyn_cast<ConstantExpr>(constant)) {
    switch (expr->getOpcode()) {
    case Instruction::GetElementPtr:
      return types.pointerTo(
          types.map(cast<GEPOperator>(expr)->getResultElementType()),
          type->getPointerAddressSpace());
    case Instruction::AddrSpaceCast: {
      std::optional<unsigned> source =
          naturalConstType(cast<Constant>(expr->getOperand(0)));
      unsigned pointee = source && types.isPointer(*source)
                             ? types.pointee(*source)
                             : types.map(Type::getInt8Ty(type->getContext()));
      return types.pointerTo(pointee, type->getPointerAddressSpace());
    }
    default:
      return std::nullopt;
    }
  }
  return types.map(type);
}

std::optional<unsigned> Writer::knownType(const Value *value) {
  if (const auto *constant = dyn_cast<Constant>(value))
    return naturalConstType(constant);
  if (!value->getType()->isPointerTy())
    return types.map(value->getType());
  if (auto it = natural.find(value); it != natural.end())
    return it->second;
  if (isFlexible(value)) {
    if (auto it = hint.find(value); it != hint.end())
      return it->second;
    return std::nullopt;
  }
  if (const auto *inst = dyn_cast<Instruction>(value))
    return fixedNatural(*inst);
  return types.map(value->getType());
}

unsigned Writer::computeFunctionType(const Function &function) {
  FunctionType *type = function.getFunctionType();
  ArrayRef<const CallBase *> calls;
  if (auto it = callSites.find(&function); it != callSites.end())
    calls = it->second;

  auto fallback = [&](Type *pointerType) {
    return types.i8PointerIn(pointerType->getPointerAddressSpace());
  };

  unsigned ret;
  Type *retType = type->getReturnType();
  if (!retType->isPointerTy()) {
    ret = types.map(retType);
  } else {
    std::optional<unsigned> found;
    if (!function.isDeclaration()) {
      for (const BasicBlock &block : function)
        if (const auto *r = dyn_cast<ReturnInst>(block.getTerminator()))
          if (r->getReturnValue())
            if ((found = knownType(r->getReturnValue())))
              break;
    } else {
      for (const CallBase *call : calls)
        if (auto it = hint.find(call); it != hint.end()) {
          found = it->second;
          break;
        }
    }
    ret = found ? *found : fallback(retType);
  }

  SmallVector<unsigned, 8> params;
  for (unsigned i = 0, e = type->getNumParams(); i != e; ++i) {
    Type *paramType = type->getParamType(i);
    if (!paramType->isPointerTy()) {
      params.push_back(types.map(paramType));
      continue;
    }
    std::optional<unsigned> found;
    if (!function.isDeclaration())
      if (auto it = hint.find(function.getArg(i)); it != hint.end())
        found = it->second;
    if (!found)
      for (const CallBase *call : calls)
        if ((found = knownType(call->getArgOperand(i))))
          break;
    params.push_back(found ? *found : fallback(paramType));
  }
  return types.function(ret, params, type->isVarArg());
}

void Writer::inferPointers() {
  // Call sites per callee, in module order.
  for (const Function &function : module)
    for (const BasicBlock &block : function)
      for (const Instruction &inst : block)
        if (const auto *call = dyn_cast<CallBase>(&inst)) {
          if (!isa<CallInst>(call)) {
            return fail("unsupported instruction '" +
                        Twine(inst.getOpcodeName()) + "' in function @" +
                        function.getName());
          }
          if (call->isInlineAsm())
            return fail("unsupported: inline asm call in function @" +
                        function.getName());
          const Function *callee = call->getCalledFunction();
          if (!callee)
            return fail("unsupported: indirect call in function @" +
                        function.getName() + ": " + describe(inst));
          if (call->getFunctionType() != callee->getFunctionType())
            return fail("unsupported: call of @" + callee->getName() +
                        " with a different function type in function @" +
                        function.getName());
          callSites[callee].push_back(call);
        }

  // Hints: the first use of a flexible pointer that needs a pointee type.
  auto note = [&](const Value *value, unsigned type) {
    if (isFlexible(value))
      hint.try_emplace(value, type);
  };
  auto pointerTo = [&](Type *pointee, const Value *pointer) {
    return types.pointerTo(types.map(pointee),
                           pointer->getType()->getPointerAddressSpace());
  };
  for (const Function &function : module)
    for (const BasicBlock &block : function)
      for (const Instruction &inst : block) {
        if (const auto *load = dyn_cast<LoadInst>(&inst)) {
          note(load->getPointerOperand(),
               pointerTo(load->getType(), load->getPointerOperand()));
        } else if (const auto *store = dyn_cast<StoreInst>(&inst)) {
          Type *valueType = store->getValueOperand()->getType();
          if (!valueType->isPointerTy())
            note(store->getPointerOperand(),
                 pointerTo(valueType, store->getPointerOperand()));
        } else if (const auto *gep = dyn_cast<GetElementPtrInst>(&inst)) {
          note(gep->getPointerOperand(), pointerTo(gep->getSourceElementType(),
                                                   gep->getPointerOperand()));
        } else if (const auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) {
          note(rmw->getPointerOperand(),
               pointerTo(rmw->getValOperand()->getType(),
                         rmw->getPointerOperand()));
        } else if (const auto *xchg = dyn_cast<AtomicCmpXchgInst>(&inst)) {
          note(xchg->getPointerOperand(),
               pointerTo(xchg->getCompareOperand()->getType(),
                         xchg->getPointerOperand()));
        } else if (const auto *insert = dyn_cast<InsertValueInst>(&inst)) {
          const Value *value = insert->getInsertedValueOperand();
          if (value->getType()->isPointerTy())
            note(value, types.map(value->getType()));
        }
      }

  // Function types. Defined functions first take their argument hints.
  for (const Function &function : module)
    fnTypes[&function] = computeFunctionType(function);

  // Naturals: fixed ones, then arguments and call results from the function
  // types, then the remaining flexible values.
  std::vector<const Instruction *> pending;
  for (const Function &function : module) {
    const TypeTable::Entry &entry = types[fnTypes[&function]];
    SmallVector<unsigned, 8> fnType(entry.elements.begin(),
                                    entry.elements.end());
    for (const Argument &arg : function.args())
      if (arg.getType()->isPointerTy())
        natural[&arg] = fnType[1 + arg.getArgNo()];
    for (const BasicBlock &block : function)
      for (const Instruction &inst : block) {
        if (!inst.getType()->isPointerTy())
          continue;
        if (const auto *call = dyn_cast<CallInst>(&inst)) {
          unsigned ret = types[fnTypes[call->getCalledFunction()]].elements[0];
          natural[&inst] = ret;
        } else if (!isFlexible(&inst)) {
          natural[&inst] = *fixedNatural(inst);
        } else if (auto it = hint.find(&inst); it != hint.end()) {
          natural[&inst] = it->second;
        } else {
          pending.push_back(&inst);
        }
      }
  }
  auto resolved = [&](const Value *value) -> std::optional<unsigned> {
    if (const auto *constant = dyn_cast<Constant>(value))
      return naturalConstType(constant);
    if (auto it = natural.find(value); it != natural.end())
      return it->second;
    return std::nullopt;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (const Instruction *inst : pending) {
      if (natural.count(inst))
        continue;
      std::optional<unsigned> found;
      unsigned addrSpace = inst->getType()->getPointerAddressSpace();
      switch (inst->getOpcode()) {
      case Instruction::PHI:
        for (const Value *incoming : cast<PHINode>(inst)->incoming_values())
          if ((found = resolved(incoming)))
            break;
        break;
      case Instruction::Select:
        if (!(found = resolved(inst->getOperand(1))))
          found = resolved(inst->getOperand(2));
        break;
      case Instruction::BitCast:
        found = resolved(inst->getOperand(0));
        break;
      case Instruction::AddrSpaceCast:
        if (std::optional<unsigned> source = resolved(inst->getOperand(0)))
          found = types.pointerTo(types.pointee(*source), addrSpace);
        break;
      default:
        found = types.i8PointerIn(addrSpace);
        break;
      }
      if (found) {
        natural[inst] = *found;
        changed = true;
      }
    }
  }
  for (const Instruction *inst : pending)
    if (!natural.count(inst))
      natural[inst] =
          types.i8PointerIn(inst->getType()->getPointerAddressSpace());
}

unsigned Writer::valueType(const Value *value) {
  if (const auto *constant = dyn_cast<Constant>(value)) {
    if (std::optional<unsigned> type = naturalConstType(constant))
      return *type;
    return types.map(value->getType());
  }
  if (auto it = natural.find(value); it != natural.end())
    return it->second;
  return types.map(value->getType());
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

ConstKey Writer::constKey(const Constant *constant,
                          std::optional<unsigned> want) {
  std::optional<unsigned> nat = naturalConstType(constant);
  unsigned type = want ? *want : nat ? *nat : types.map(constant->getType());
  if (!nat || *nat == type)
    return {constant, type, ConstForm::Plain};
  if (!types.isPointer(*nat) || !types.isPointer(type) ||
      types.addrSpace(*nat) != types.addrSpace(type)) {
    fail("internal error: constant " + describe(*constant) +
         " is needed at an incompatible type");
    return {constant, *nat, ConstForm::Plain};
  }
  bool zeroGEP =
      types.firstElementDepth(types.pointee(*nat), types.pointee(type))
          .has_value();
  return {constant, type, zeroGEP ? ConstForm::ZeroGEP : ConstForm::Bitcast};
}

unsigned Writer::constID(const ConstKey &key, ConstTable &table) {
  if (key.form == ConstForm::Plain)
    if (const auto *global = dyn_cast<GlobalValue>(key.constant)) {
      auto it = globalIDs.find(global);
      if (it != globalIDs.end())
        return it->second;
      fail("internal error: global without an id");
      return 0;
    }
  if (auto it = moduleConstants.ids.find(key); it != moduleConstants.ids.end())
    return it->second;
  if (&table != &moduleConstants)
    if (auto it = table.ids.find(key); it != table.ids.end())
      return it->second;
  ConstRecord record = buildConstRecord(key, table);
  unsigned id = table.end();
  table.records.push_back(std::move(record));
  table.ids[key] = id;
  return id;
}

static unsigned castOpcode(unsigned opcode) {
  switch (opcode) {
  case Instruction::Trunc:
    return CAST_TRUNC;
  case Instruction::ZExt:
    return CAST_ZEXT;
  case Instruction::SExt:
    return CAST_SEXT;
  case Instruction::FPToUI:
    return CAST_FPTOUI;
  case Instruction::FPToSI:
    return CAST_FPTOSI;
  case Instruction::UIToFP:
    return CAST_UITOFP;
  case Instruction::SIToFP:
    return CAST_SITOFP;
  case Instruction::FPTrunc:
    return CAST_FPTRUNC;
  case Instruction::FPExt:
    return CAST_FPEXT;
  case Instruction::PtrToInt:
    return CAST_PTRTOINT;
  case Instruction::IntToPtr:
    return CAST_INTTOPTR;
  case Instruction::BitCast:
    return CAST_BITCAST;
  case Instruction::AddrSpaceCast:
    return CAST_ADDRSPACECAST;
  default:
    return ~0u;
  }
}

static unsigned binaryOpcode(unsigned opcode) {
  switch (opcode) {
  case Instruction::Add:
  case Instruction::FAdd:
    return BINOP_ADD;
  case Instruction::Sub:
  case Instruction::FSub:
    return BINOP_SUB;
  case Instruction::Mul:
  case Instruction::FMul:
    return BINOP_MUL;
  case Instruction::UDiv:
    return BINOP_UDIV;
  case Instruction::SDiv:
  case Instruction::FDiv:
    return BINOP_SDIV;
  case Instruction::URem:
    return BINOP_UREM;
  case Instruction::SRem:
  case Instruction::FRem:
    return BINOP_SREM;
  case Instruction::Shl:
    return BINOP_SHL;
  case Instruction::LShr:
    return BINOP_LSHR;
  case Instruction::AShr:
    return BINOP_ASHR;
  case Instruction::And:
    return BINOP_AND;
  case Instruction::Or:
    return BINOP_OR;
  case Instruction::Xor:
    return BINOP_XOR;
  default:
    return ~0u;
  }
}

/// LLVM 3.7's fast-math bits for LLVM 22's flags. `fast` is UnsafeAlgebra
/// plus the four others; reassoc, contract and afn alone have no 3.7 form
/// and are dropped (dropping fast-math flags is always correct).
static uint64_t fastMathFlags(FastMathFlags flags) {
  if (flags.isFast())
    return FMF_UNSAFE_ALGEBRA | FMF_NO_NANS | FMF_NO_INFS |
           FMF_NO_SIGNED_ZEROS | FMF_ALLOW_RECIPROCAL;
  uint64_t result = 0;
  if (flags.noNaNs())
    result |= FMF_NO_NANS;
  if (flags.noInfs())
    result |= FMF_NO_INFS;
  if (flags.noSignedZeros())
    result |= FMF_NO_SIGNED_ZEROS;
  if (flags.allowReciprocal())
    result |= FMF_ALLOW_RECIPROCAL;
  return result;
}

/// nuw/nsw, exact, or fast-math flags of a binary operator (3.7's
/// GetOptimizationFlags). LLVM 22's `disjoint` has no 3.7 form.
static uint64_t operatorFlags(const Operator &op) {
  uint64_t flags = 0;
  if (const auto *obo = dyn_cast<OverflowingBinaryOperator>(&op)) {
    if (obo->hasNoUnsignedWrap())
      flags |= OBO_NO_UNSIGNED_WRAP;
    if (obo->hasNoSignedWrap())
      flags |= OBO_NO_SIGNED_WRAP;
  } else if (const auto *exact = dyn_cast<PossiblyExactOperator>(&op)) {
    if (exact->isExact())
      flags |= PEO_EXACT;
  } else if (const auto *fp = dyn_cast<FPMathOperator>(&op)) {
    flags = fastMathFlags(fp->getFastMathFlags());
  }
  return flags;
}

ConstRecord Writer::buildConstRecord(const ConstKey &key, ConstTable &table) {
  ConstRecord record;
  record.type = key.type;
  const Constant *constant = key.constant;
  LLVMContext &context = constant->getContext();

  if (key.form != ConstForm::Plain) {
    ConstKey source{constant, *naturalConstType(constant), ConstForm::Plain};
    unsigned sourceID = constID(source, table);
    if (key.form == ConstForm::Bitcast) {
      record.code = CST_CODE_CE_CAST;
      record.ops = {CAST_BITCAST, source.type, sourceID};
      record.abbrev = ConstAbbrev::CECast;
      return record;
    }
    unsigned depth = *types.firstElementDepth(types.pointee(source.type),
                                              types.pointee(key.type));
    Constant *zero = ConstantInt::get(Type::getInt32Ty(context), 0);
    ConstKey zeroKey = constKey(zero, std::nullopt);
    unsigned zeroID = constID(zeroKey, table);
    record.code = CST_CODE_CE_INBOUNDS_GEP;
    record.ops = {types.pointee(source.type), source.type, sourceID};
    for (unsigned i = 0; i <= depth; ++i) {
      record.ops.push_back(zeroKey.type);
      record.ops.push_back(zeroID);
    }
    return record;
  }

  // Operands of aggregates and expressions, coerced to the legacy element
  // types.
  auto operand = [&](const Constant *op, std::optional<unsigned> want) {
    ConstKey opKey = constKey(op, want);
    return std::make_pair(opKey.type, constID(opKey, table));
  };

  if (constant->isNullValue()) {
    record.code = CST_CODE_NULL;
    return record;
  }
  if (isa<UndefValue>(constant)) {
    // poison is written as undef: 3.7 has no poison.
    record.code = CST_CODE_UNDEF;
    return record;
  }
  if (const auto *ci = dyn_cast<ConstantInt>(constant)) {
    if (ci->getBitWidth() > 64) {
      fail("unsupported: integer constant wider than 64 bits: " +
           describe(*constant));
      return record;
    }
    record.code = CST_CODE_INTEGER;
    record.ops.push_back(encodeSigned(ci->getSExtValue()));
    record.abbrev = ConstAbbrev::Integer;
    return record;
  }
  if (const auto *cfp = dyn_cast<ConstantFP>(constant)) {
    Type *type = cfp->getType();
    if (!type->isHalfTy() && !type->isFloatTy() && !type->isDoubleTy()) {
      fail("unsupported: floating-point constant of type " + printed(*type));
      return record;
    }
    record.code = CST_CODE_FLOAT;
    record.ops.push_back(cfp->getValueAPF().bitcastToAPInt().getZExtValue());
    return record;
  }
  if (const auto *data = dyn_cast<ConstantDataSequential>(constant)) {
    Type *elementType = data->getElementType();
    if (data->isString()) {
      unsigned count = data->getNumElements();
      bool isCString = data->isCString();
      record.code = isCString ? CST_CODE_CSTRING : CST_CODE_STRING;
      if (isCString)
        --count; // the terminating NUL is implied
      for (unsigned i = 0; i != count; ++i)
        record.ops.push_back(data->getElementAsInteger(i));
      record.abbrev = isCString ? ConstAbbrev::CString : ConstAbbrev::String;
      return record;
    }
    if (elementType->isIntegerTy() || elementType->isFloatTy() ||
        elementType->isDoubleTy()) {
      record.code = CST_CODE_DATA;
      for (unsigned i = 0, e = data->getNumElements(); i != e; ++i) {
        if (elementType->isIntegerTy())
          record.ops.push_back(data->getElementAsInteger(i));
        else
          record.ops.push_back(
              data->getElementAsAPFloat(i).bitcastToAPInt().getZExtValue());
      }
      return record;
    }
    // 3.7 has no half data arrays: write the elements one by one.
    SmallVector<std::pair<unsigned, unsigned>, 16> elements;
    for (unsigned i = 0, e = data->getNumElements(); i != e; ++i)
      elements.push_back(operand(data->getElementAsConstant(i), std::nullopt));
    record.code = CST_CODE_AGGREGATE;
    for (auto &[type, id] : elements)
      record.ops.push_back(id);
    record.abbrev = ConstAbbrev::Aggregate;
    return record;
  }
  if (isa<ConstantArray>(constant) || isa<ConstantStruct>(constant) ||
      isa<ConstantVector>(constant)) {
    // A copy: registering operands may grow the type table.
    TypeTable::Entry aggregate = types[key.type];
    SmallVector<uint64_t, 16> ids;
    for (unsigned i = 0, e = constant->getNumOperands(); i != e; ++i) {
      unsigned elementType =
          aggregate.kind == TypeTable::Kind::LiteralStruct ||
                  aggregate.kind == TypeTable::Kind::NamedStruct
              ? aggregate.elements[i]
              : aggregate.elements[0];
      ids.push_back(
          operand(cast<Constant>(constant->getOperand(i)), elementType).second);
    }
    record.code = CST_CODE_AGGREGATE;
    record.ops.assign(ids.begin(), ids.end());
    record.abbrev = ConstAbbrev::Aggregate;
    return record;
  }
  if (const auto *expr = dyn_cast<ConstantExpr>(constant)) {
    unsigned opcode = expr->getOpcode();
    if (Instruction::isCast(opcode) && castOpcode(opcode) != ~0u) {
      auto [opType, opID] =
          operand(cast<Constant>(expr->getOperand(0)), std::nullopt);
      record.code = CST_CODE_CE_CAST;
      record.ops = {castOpcode(opcode), opType, opID};
      record.abbrev = ConstAbbrev::CECast;
      return record;
    }
    if (opcode == Instruction::GetElementPtr) {
      const auto *gep = cast<GEPOperator>(expr);
      unsigned source = types.map(gep->getSourceElementType());
      Type *pointerType = gep->getPointerOperand()->getType();
      if (!pointerType->isPointerTy()) {
        fail("unsupported: vector getelementptr constant " + describe(*expr));
        return record;
      }
      record.code =
          gep->isInBounds() ? CST_CODE_CE_INBOUNDS_GEP : CST_CODE_CE_GEP;
      record.ops.push_back(source);
      auto [ptrType, ptrID] = operand(
          cast<Constant>(gep->getPointerOperand()),
          types.pointerTo(source, pointerType->getPointerAddressSpace()));
      record.ops.push_back(ptrType);
      record.ops.push_back(ptrID);
      for (const Use &index : gep->indices()) {
        auto [idxType, idxID] =
            operand(cast<Constant>(index.get()), std::nullopt);
        record.ops.push_back(idxType);
        record.ops.push_back(idxID);
      }
      return record;
    }
    if (Instruction::isBinaryOp(opcode) && binaryOpcode(opcode) != ~0u) {
      auto lhs = operand(cast<Constant>(expr->getOperand(0)), std::nullopt);
      auto rhs = operand(cast<Constant>(expr->getOperand(1)), std::nullopt);
      record.code = CST_CODE_CE_BINOP;
      record.ops = {binaryOpcode(opcode), lhs.second, rhs.second};
      if (uint64_t flags = operatorFlags(*cast<Operator>(expr)))
        record.ops.push_back(flags);
      return record;
    }
    fail("unsupported constant expression '" + Twine(expr->getOpcodeName()) +
         "': " + describe(*expr));
    return record;
  }
  fail("unsupported constant: " + describe(*constant));
  return record;
}

//===----------------------------------------------------------------------===//
// Globals, metadata, attributes
//===----------------------------------------------------------------------===//

void Writer::planGlobals() {
  for (const GlobalVariable &global : module.globals()) {
    globalIDs[&global] = globalOrder.size();
    globalOrder.push_back(&global);
    globalPointerType(global);
  }
  for (const Function &function : module) {
    globalIDs[&function] = globalOrder.size();
    globalOrder.push_back(&function);
    functionPointerType(function);
  }
  moduleConstants.base = globalOrder.size();
  for (const GlobalVariable &global : module.globals())
    if (global.hasInitializer())
      constID(
          constKey(global.getInitializer(), types.map(global.getValueType())),
          moduleConstants);
}

void Writer::enumerateMetadata(const Metadata *md) {
  if (mdIDs.count(md) || !mdVisiting.insert(md).second)
    return;
  if (isa<MDString>(md)) {
    // nothing to visit
  } else if (const auto *value = dyn_cast<ConstantAsMetadata>(md)) {
    const Constant *constant = value->getValue();
    ConstKey key = constKey(constant, std::nullopt);
    constID(key, moduleConstants);
    mdConstants.try_emplace(md, key);
  } else if (isa<LocalAsMetadata>(md)) {
    return fail("unsupported: function-local metadata " + printed(*md));
  } else if (const auto *node = dyn_cast<MDTuple>(md)) {
    bool isRecord = symbolRecords.contains(node);
    for (auto [i, op] : llvm::enumerate(node->operands())) {
      if (!op)
        continue;
      if (isRecord && i == 1)
        enumerateResourceSymbol(op.get());
      else
        enumerateMetadata(op.get());
    }
  } else {
    std::string text;
    raw_string_ostream os(text);
    md->print(os, &module);
    return fail("unsupported metadata: " + StringRef(text).trim());
  }
  mdIDs[md] = mdList.size();
  mdList.push_back({md, false});
}

void Writer::enumerateResourceSymbol(const Metadata *md) {
  if (symbolPointerIDs.count(md))
    return;
  const Constant *constant = cast<ConstantAsMetadata>(md)->getValue();
  // LLVM 22 holds an undef of the pointee type, DXIL an undef pointer to it.
  unsigned type = types.pointerTo(types.map(constant->getType()), 0);
  ConstKey key =
      constKey(UndefValue::get(PointerType::get(module.getContext(), 0)), type);
  constID(key, moduleConstants);
  symbolPointerConstants.try_emplace(md, key);
  symbolPointerIDs[md] = mdList.size();
  mdList.push_back({md, true});
}

void Writer::noteAttachments(const Instruction &inst) {
  if (inst.getDebugLoc())
    return fail("unsupported: debug location (!dbg) on " + describe(inst));
  if (inst.hasDbgRecords())
    return fail("unsupported: debug records on " + describe(inst));
  SmallVector<std::pair<unsigned, MDNode *>, 4> mds;
  inst.getAllMetadataOtherThanDebugLoc(mds);
  for (auto &[kind, node] : mds) {
    usedKinds.insert(kind);
    enumerateMetadata(node);
  }
}

void Writer::planMetadata() {
  // Operand 1 of every !dx.resources record (SRV, UAV, CBV and sampler
  // lists) is the resource's symbol (see ResourceSymbolTypes.cpp).
  for (const MDTuple *record : getResourceRecords(module))
    if (const auto *symbol =
            dyn_cast_or_null<ConstantAsMetadata>(record->getOperand(1)))
      if (isa<UndefValue>(symbol->getValue()) &&
          !symbol->getType()->isPointerTy())
        symbolRecords.insert(record);
  for (const NamedMDNode &named : module.named_metadata())
    if (isWritten(named))
      for (const MDNode *node : named.operands())
        enumerateMetadata(node);
  for (const Function &function : module) {
    SmallVector<std::pair<unsigned, MDNode *>, 4> mds;
    function.getAllMetadata(mds);
    for (auto &[kind, node] : mds) {
      usedKinds.insert(kind);
      enumerateMetadata(node);
    }
    for (const BasicBlock &block : function)
      for (const Instruction &inst : block)
        noteAttachments(inst);
  }
}

/// The 3.7 kind code of an LLVM 22 enum attribute, or 0 if 3.7 has no such
/// attribute (it is then dropped: all of them are optimization hints).
static unsigned enumAttributeKind(Attribute::AttrKind kind) {
  switch (kind) {
  case Attribute::AlwaysInline:
    return ATTR_KIND_ALWAYS_INLINE;
  case Attribute::ByVal:
    return ATTR_KIND_BY_VAL;
  case Attribute::InlineHint:
    return ATTR_KIND_INLINE_HINT;
  case Attribute::InReg:
    return ATTR_KIND_IN_REG;
  case Attribute::MinSize:
    return ATTR_KIND_MIN_SIZE;
  case Attribute::Naked:
    return ATTR_KIND_NAKED;
  case Attribute::Nest:
    return ATTR_KIND_NEST;
  case Attribute::NoAlias:
    return ATTR_KIND_NO_ALIAS;
  case Attribute::NoBuiltin:
    return ATTR_KIND_NO_BUILTIN;
  case Attribute::NoDuplicate:
    return ATTR_KIND_NO_DUPLICATE;
  case Attribute::NoImplicitFloat:
    return ATTR_KIND_NO_IMPLICIT_FLOAT;
  case Attribute::NoInline:
    return ATTR_KIND_NO_INLINE;
  case Attribute::NonLazyBind:
    return ATTR_KIND_NON_LAZY_BIND;
  case Attribute::NoRedZone:
    return ATTR_KIND_NO_RED_ZONE;
  case Attribute::NoReturn:
    return ATTR_KIND_NO_RETURN;
  case Attribute::NoUnwind:
    return ATTR_KIND_NO_UNWIND;
  case Attribute::OptimizeForSize:
    return ATTR_KIND_OPTIMIZE_FOR_SIZE;
  case Attribute::ReadNone:
    return ATTR_KIND_READ_NONE;
  case Attribute::ReadOnly:
    return ATTR_KIND_READ_ONLY;
  case Attribute::Returned:
    return ATTR_KIND_RETURNED;
  case Attribute::ReturnsTwice:
    return ATTR_KIND_RETURNS_TWICE;
  case Attribute::SExt:
    return ATTR_KIND_S_EXT;
  case Attribute::StackProtect:
    return ATTR_KIND_STACK_PROTECT;
  case Attribute::StackProtectReq:
    return ATTR_KIND_STACK_PROTECT_REQ;
  case Attribute::StackProtectStrong:
    return ATTR_KIND_STACK_PROTECT_STRONG;
  case Attribute::StructRet:
    return ATTR_KIND_STRUCT_RET;
  case Attribute::SanitizeAddress:
    return ATTR_KIND_SANITIZE_ADDRESS;
  case Attribute::SanitizeThread:
    return ATTR_KIND_SANITIZE_THREAD;
  case Attribute::SanitizeMemory:
    return ATTR_KIND_SANITIZE_MEMORY;
  case Attribute::ZExt:
    return ATTR_KIND_Z_EXT;
  case Attribute::Builtin:
    return ATTR_KIND_BUILTIN;
  case Attribute::Cold:
    return ATTR_KIND_COLD;
  case Attribute::OptimizeNone:
    return ATTR_KIND_OPTIMIZE_NONE;
  case Attribute::InAlloca:
    return ATTR_KIND_IN_ALLOCA;
  case Attribute::NonNull:
    return ATTR_KIND_NON_NULL;
  case Attribute::JumpTable:
    return ATTR_KIND_JUMP_TABLE;
  case Attribute::Convergent:
    return ATTR_KIND_CONVERGENT;
  case Attribute::SafeStack:
    return ATTR_KIND_SAFESTACK;
  default:
    return 0;
  }
}

void Writer::encodeAttributes(AttributeSet set, bool isFunction,
                              std::vector<uint64_t> &out) {
  // (kind, value) for enum (value unset) and integer attributes.
  std::set<std::pair<unsigned, std::optional<uint64_t>>> known;
  std::vector<std::pair<std::string, std::string>> strings;
  for (Attribute attr : set) {
    if (attr.isStringAttribute()) {
      strings.emplace_back(attr.getKindAsString().str(),
                           attr.getValueAsString().str());
      continue;
    }
    Attribute::AttrKind kind = attr.getKindAsEnum();
    switch (kind) {
    case Attribute::Alignment:
      known.insert({ATTR_KIND_ALIGNMENT, attr.getAlignment()->value()});
      continue;
    case Attribute::StackAlignment:
      known.insert(
          {ATTR_KIND_STACK_ALIGNMENT, attr.getStackAlignment()->value()});
      continue;
    case Attribute::Dereferenceable:
      known.insert({ATTR_KIND_DEREFERENCEABLE, attr.getValueAsInt()});
      continue;
    case Attribute::DereferenceableOrNull:
      known.insert({ATTR_KIND_DEREFERENCEABLE_OR_NULL, attr.getValueAsInt()});
      continue;
    case Attribute::UWTable:
      if (attr.getUWTableKind() != UWTableKind::None)
        known.insert({ATTR_KIND_UW_TABLE, std::nullopt});
      continue;
    case Attribute::Captures:
      if (capturesNothing(attr.getCaptureInfo()))
        known.insert({ATTR_KIND_NO_CAPTURE, std::nullopt});
      continue;
    case Attribute::Memory: {
      // LLVM 22's memory(...) for 3.7's readnone / readonly / argmemonly.
      MemoryEffects effects = attr.getMemoryEffects();
      if (!isFunction)
        continue;
      if (effects.doesNotAccessMemory()) {
        known.insert({ATTR_KIND_READ_NONE, std::nullopt});
        continue;
      }
      if (effects.onlyReadsMemory())
        known.insert({ATTR_KIND_READ_ONLY, std::nullopt});
      if (effects.onlyAccessesArgPointees())
        known.insert({ATTR_KIND_ARGMEMONLY, std::nullopt});
      continue;
    }
    default:
      break;
    }
    if (unsigned code = enumAttributeKind(kind))
      known.insert({code, std::nullopt});
  }
  for (auto &[code, value] : known) {
    if (value) {
      out.push_back(1);
      out.push_back(code);
      out.push_back(*value);
    } else {
      out.push_back(0);
      out.push_back(code);
    }
  }
  llvm::sort(strings);
  for (auto &[key, value] : strings) {
    out.push_back(value.empty() ? 3 : 4);
    out.insert(out.end(), key.begin(), key.end());
    out.push_back(0);
    if (!value.empty()) {
      out.insert(out.end(), value.begin(), value.end());
      out.push_back(0);
    }
  }
}

unsigned Writer::attributeListID(AttributeList list, unsigned numParams) {
  if (list.isEmpty())
    return 0;
  std::vector<unsigned> slots;
  auto addSlot = [&](uint64_t index, AttributeSet set, bool isFunction) {
    if (!set.hasAttributes())
      return;
    std::vector<uint64_t> encoded;
    encodeAttributes(set, isFunction, encoded);
    if (encoded.empty())
      return;
    auto key = std::make_pair(index, std::move(encoded));
    auto [it, inserted] = groupIDs.try_emplace(key, groups.size() + 1);
    if (inserted)
      groups.push_back(key);
    slots.push_back(it->second);
  };
  addSlot(0, list.getRetAttrs(), false);
  for (unsigned i = 0; i != numParams; ++i)
    addSlot(i + 1, list.getParamAttrs(i), false);
  addSlot(FunctionAttributeSlot, list.getFnAttrs(), true);
  if (slots.empty())
    return 0;
  auto [it, inserted] = listIDs.try_emplace(slots, lists.size() + 1);
  if (inserted)
    lists.push_back(slots);
  return it->second;
}

//===----------------------------------------------------------------------===//
// Function planning
//===----------------------------------------------------------------------===//

unsigned Writer::makeCast(const Value *value, unsigned from, unsigned to,
                          FunctionPlan &plan, unsigned block, bool atBlockEnd) {
  BlockPlan &bp = plan.blocks[block];
  auto &dedup = atBlockEnd ? bp.tailCasts : bp.bodyCasts;
  if (auto it = dedup.find({value, to}); it != dedup.end())
    return it->second;

  Item item;
  item.hasValue = true;
  item.type = to;
  Ref source;
  if (const auto *arg = dyn_cast<Argument>(value)) {
    source = {Ref::Value, plan.firstArgID + arg->getArgNo(), from};
  } else {
    source = {Ref::Item, plan.itemOf.lookup(cast<Instruction>(value)), from};
  }
  item.ops.push_back(source);
  std::optional<unsigned> depth =
      types.firstElementDepth(types.pointee(from), types.pointee(to));
  if (depth) {
    item.synthetic = Item::ZeroGEP;
    item.sourceElement = types.pointee(from);
    ConstKey zero =
        constKey(ConstantInt::get(Type::getInt32Ty(module.getContext()), 0),
                 std::nullopt);
    unsigned zeroID = constID(zero, plan.constants);
    for (unsigned i = 0; i <= *depth; ++i)
      item.ops.push_back({Ref::Value, zeroID, zero.type});
  } else {
    item.synthetic = Item::Bitcast;
  }
  unsigned index = plan.items.size();
  plan.items.push_back(std::move(item));
  if (atBlockEnd)
    bp.tail.push_back(index);
  else
    bp.body.push_back(index);
  dedup[{value, to}] = index;
  return index;
}

Ref Writer::refTo(const Value *value, std::optional<unsigned> want,
                  FunctionPlan &plan, unsigned block, bool atBlockEnd) {
  if (const auto *constant = dyn_cast<Constant>(value)) {
    ConstKey key = constKey(constant, want);
    return {Ref::Value, constID(key, plan.constants), key.type};
  }
  if (isa<MetadataAsValue>(value)) {
    fail("unsupported: metadata operand in function @" +
         plan.function->getName());
    return {};
  }
  if (isa<InlineAsm>(value) || isa<BasicBlock>(value)) {
    fail("unsupported operand " + describe(*value));
    return {};
  }
  unsigned type = valueType(value);
  if (!want || *want == type) {
    if (const auto *arg = dyn_cast<Argument>(value))
      return {Ref::Value, plan.firstArgID + arg->getArgNo(), type};
    return {Ref::Item, plan.itemOf.lookup(cast<Instruction>(value)), type};
  }
  if (!types.isPointer(type) || !types.isPointer(*want) ||
      types.addrSpace(type) != types.addrSpace(*want)) {
    fail("internal error: " + describe(*value) +
         " is needed at an incompatible type");
    return {};
  }
  unsigned index = makeCast(value, type, *want, plan, block, atBlockEnd);
  return {Ref::Item, index, *want};
}

void Writer::planFunction(const Function &function, FunctionPlan &plan) {
  plan.function = &function;
  plan.firstArgID = numModuleValues;
  for (const Argument &arg : function.args())
    plan.argTypes.push_back(valueType(&arg));
  plan.constants.base = numModuleValues + function.arg_size();

  // One item per instruction first, so that forward references resolve.
  unsigned blockCount = 0;
  for (const BasicBlock &block : function) {
    plan.blockIndex[&block] = blockCount++;
    for (const Instruction &inst : block) {
      Item item;
      item.inst = &inst;
      item.hasValue = !inst.getType()->isVoidTy();
      if (item.hasValue)
        item.type = valueType(&inst);
      plan.itemOf[&inst] = plan.items.size();
      plan.items.push_back(std::move(item));
    }
  }
  plan.blocks.resize(blockCount);

  for (const BasicBlock &block : function) {
    unsigned index = plan.blockIndex[&block];
    for (const Instruction &inst : block) {
      planInstruction(inst, plan, index);
      if (failed())
        return;
      unsigned item = plan.itemOf[&inst];
      if (inst.isTerminator())
        plan.blocks[index].terminator = item;
      else
        plan.blocks[index].body.push_back(item);
    }
  }

  checkTypedPointers(plan);

  // Emission order and value numbering.
  unsigned nextID = plan.constants.end();
  for (BlockPlan &bp : plan.blocks) {
    auto place = [&](unsigned index) {
      plan.order.push_back(index);
      Item &item = plan.items[index];
      if (item.hasValue)
        item.valueID = nextID++;
    };
    for (unsigned index : bp.body)
      place(index);
    for (unsigned index : bp.tail)
      place(index);
    if (bp.terminator)
      place(*bp.terminator);
  }
}

void Writer::planInstruction(const Instruction &inst, FunctionPlan &plan,
                             unsigned block) {
  // Planning operands may add cast items, so hold the index, not a
  // reference into plan.items.
  unsigned selfIndex = plan.itemOf[&inst];
  unsigned selfType = plan.items[selfIndex].type;
  SmallVector<Ref, 4> ops(inst.getNumOperands());
  auto in = [&](const Twine &what) {
    fail(what + " in function @" + plan.function->getName() + ": " +
         describe(inst));
  };
  auto ref = [&](unsigned i, std::optional<unsigned> want = std::nullopt) {
    ops[i] = refTo(inst.getOperand(i), want, plan, block, false);
  };
  auto pointerTo = [&](unsigned pointee, const Value *pointer) {
    return types.pointerTo(pointee,
                           pointer->getType()->getPointerAddressSpace());
  };
  auto scalarPointerOperand = [&](const Value *pointer) {
    if (!pointer->getType()->isPointerTy()) {
      in("unsupported: vector of pointers");
      return false;
    }
    return true;
  };
  auto checkScope = [&](SyncScope::ID scope) {
    if (scope != SyncScope::System && scope != SyncScope::SingleThread)
      in("unsupported: synchronization scope");
  };

  switch (inst.getOpcode()) {
  case Instruction::Ret:
    if (inst.getNumOperands() == 1)
      ref(0, types[fnTypes[plan.function]].elements[0]);
    break;
  case Instruction::Br:
    if (cast<BranchInst>(inst).isConditional())
      ref(0);
    break;
  case Instruction::Switch:
    // LLVM 22 keeps the case values out of the operand list; their refs
    // follow the operands.
    ref(0);
    for (auto c : cast<SwitchInst>(inst).cases())
      ops.push_back(refTo(c.getCaseValue(), std::nullopt, plan, block, false));
    break;
  case Instruction::Unreachable:
    break;
  case Instruction::FNeg:
    return in("unsupported instruction 'fneg' (write fsub -0.0)");
  case Instruction::Freeze:
    return in("unsupported instruction 'freeze'");
  case Instruction::Add:
  case Instruction::FAdd:
  case Instruction::Sub:
  case Instruction::FSub:
  case Instruction::Mul:
  case Instruction::FMul:
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::FDiv:
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::FRem:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
    ref(0);
    ref(1);
    break;
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    ref(0);
    break;
  case Instruction::ICmp:
  case Instruction::FCmp:
    ref(0);
    ref(1, ops[0].type);
    break;
  case Instruction::Select:
    ref(0);
    ref(1, selfType);
    ref(2, selfType);
    break;
  case Instruction::PHI: {
    const auto &phi = cast<PHINode>(inst);
    for (unsigned i = 0, e = phi.getNumIncomingValues(); i != e; ++i) {
      unsigned pred = plan.blockIndex.lookup(phi.getIncomingBlock(i));
      ops[i] = refTo(phi.getIncomingValue(i), selfType, plan, pred, true);
    }
    break;
  }
  case Instruction::Alloca: {
    const auto &alloca = cast<AllocaInst>(inst);
    if (alloca.getAddressSpace() != 0)
      return in("unsupported: alloca in address space " +
                Twine(alloca.getAddressSpace()));
    if (alloca.isSwiftError())
      return in("unsupported: swifterror alloca");
    ref(0);
    break;
  }
  case Instruction::Load: {
    const auto &load = cast<LoadInst>(inst);
    if (!scalarPointerOperand(load.getPointerOperand()))
      return;
    if (load.isAtomic())
      checkScope(load.getSyncScopeID());
    ref(0, pointerTo(types.map(load.getType()), load.getPointerOperand()));
    break;
  }
  case Instruction::Store: {
    const auto &store = cast<StoreInst>(inst);
    if (!scalarPointerOperand(store.getPointerOperand()))
      return;
    if (store.isAtomic())
      checkScope(store.getSyncScopeID());
    ref(0);
    ref(1, pointerTo(ops[0].type, store.getPointerOperand()));
    break;
  }
  case Instruction::GetElementPtr: {
    const auto &gep = cast<GetElementPtrInst>(inst);
    if (!scalarPointerOperand(gep.getPointerOperand()) ||
        gep.getType()->isVectorTy())
      return in("unsupported: vector getelementptr");
    ref(0, pointerTo(types.map(gep.getSourceElementType()),
                     gep.getPointerOperand()));
    for (unsigned i = 1, e = inst.getNumOperands(); i != e; ++i)
      ref(i);
    break;
  }
  case Instruction::ExtractValue:
    ref(0);
    break;
  case Instruction::InsertValue: {
    const auto &insert = cast<InsertValueInst>(inst);
    ref(0);
    ref(1, types.map(ExtractValueInst::getIndexedType(
               insert.getAggregateOperand()->getType(), insert.getIndices())));
    break;
  }
  case Instruction::ExtractElement:
    ref(0);
    ref(1);
    break;
  case Instruction::InsertElement:
    ref(0);
    ref(1);
    ref(2);
    break;
  case Instruction::ShuffleVector:
    // The mask is a constant vector operand in bitcode; LLVM 22 keeps it
    // out of the operand list.
    ref(0);
    ref(1);
    ops.push_back(
        refTo(cast<ShuffleVectorInst>(inst).getShuffleMaskForBitcode(),
              std::nullopt, plan, block, false));
    break;
  case Instruction::Call: {
    const auto &call = cast<CallInst>(inst);
    if (call.hasOperandBundles())
      return in("unsupported: operand bundles");
    if (call.getCallingConv() != CallingConv::C)
      return in("unsupported: calling convention " +
                Twine(call.getCallingConv()));
    const Function *callee = call.getCalledFunction();
    // A copy: planning operands may grow the type table.
    TypeTable::Entry fnType = types[fnTypes[callee]];
    if (fnType.flag)
      return in("unsupported: call of a variadic function");
    for (unsigned i = 0, e = call.arg_size(); i != e; ++i) {
      if (call.getArgOperand(i)->getType()->isMetadataTy())
        return in("unsupported: metadata argument");
      ref(i, fnType.elements[1 + i]);
    }
    ref(call.arg_size()); // the callee
    callAttrs[&call] = attributeListID(call.getAttributes(), call.arg_size());
    break;
  }
  case Instruction::AtomicRMW: {
    const auto &rmw = cast<AtomicRMWInst>(inst);
    switch (rmw.getOperation()) {
    case AtomicRMWInst::Xchg:
    case AtomicRMWInst::Add:
    case AtomicRMWInst::Sub:
    case AtomicRMWInst::And:
    case AtomicRMWInst::Nand:
    case AtomicRMWInst::Or:
    case AtomicRMWInst::Xor:
    case AtomicRMWInst::Max:
    case AtomicRMWInst::Min:
    case AtomicRMWInst::UMax:
    case AtomicRMWInst::UMin:
      break;
    default:
      return in("unsupported: atomicrmw operation '" +
                AtomicRMWInst::getOperationName(rmw.getOperation()) + "'");
    }
    if (rmw.getValOperand()->getType()->isPointerTy())
      return in("unsupported: atomicrmw on a pointer value");
    checkScope(rmw.getSyncScopeID());
    ref(1);
    ref(0, pointerTo(ops[1].type, rmw.getPointerOperand()));
    break;
  }
  case Instruction::AtomicCmpXchg: {
    const auto &xchg = cast<AtomicCmpXchgInst>(inst);
    if (xchg.getCompareOperand()->getType()->isPointerTy())
      return in("unsupported: cmpxchg of pointer values");
    checkScope(xchg.getSyncScopeID());
    ref(1);
    ref(2);
    ref(0, pointerTo(ops[1].type, xchg.getPointerOperand()));
    break;
  }
  case Instruction::Fence:
    checkScope(cast<FenceInst>(inst).getSyncScopeID());
    break;
  default:
    return in("unsupported instruction '" + Twine(inst.getOpcodeName()) + "'");
  }
  if (failed())
    return;
  plan.items[selfIndex].ops = std::move(ops);
}

/// The typing rules of LLVM 3.7 that involve pointee types, checked on the
/// planned records: a violation is a bug in the pointer reconstruction, and
/// DXC's validator (an LLVM 3.7 reader) would reject the module.
void Writer::checkTypedPointers(const FunctionPlan &plan) {
  auto pointsTo = [&](unsigned pointer, unsigned pointee) {
    return types.isPointer(pointer) && types.pointee(pointer) == pointee;
  };
  for (const Item &item : plan.items) {
    if (failed())
      return;
    auto bad = [&](const Twine &rule) {
      std::string what = item.inst ? describe(*item.inst) : "inserted cast";
      fail("internal error: typed pointers violate '" + rule +
           "' in function @" + plan.function->getName() + ": " + what);
    };
    const SmallVector<Ref, 4> &ops = item.ops;
    if (item.synthetic == Item::Bitcast) {
      if (!types.isPointer(ops[0].type) || !types.isPointer(item.type) ||
          types.addrSpace(ops[0].type) != types.addrSpace(item.type))
        bad("pointer bitcast");
      continue;
    }
    if (item.synthetic == Item::ZeroGEP) {
      if (!pointsTo(ops[0].type, item.sourceElement))
        bad("gep source type");
      continue;
    }
    const Instruction &inst = *item.inst;
    switch (inst.getOpcode()) {
    case Instruction::Load:
      if (!pointsTo(ops[0].type, item.type))
        bad("load type is the pointee type");
      break;
    case Instruction::Store:
      if (!pointsTo(ops[1].type, ops[0].type))
        bad("stored type is the pointee type");
      break;
    case Instruction::GetElementPtr:
      if (!pointsTo(
              ops[0].type,
              types.map(cast<GetElementPtrInst>(inst).getSourceElementType())))
        bad("gep source type is the pointee type");
      break;
    case Instruction::AtomicRMW:
      if (!pointsTo(ops[0].type, ops[1].type) || item.type != ops[1].type)
        bad("atomicrmw value type is the pointee type");
      break;
    case Instruction::AtomicCmpXchg:
      if (!pointsTo(ops[0].type, ops[1].type) || ops[2].type != ops[1].type)
        bad("cmpxchg value type is the pointee type");
      break;
    case Instruction::Call: {
      const auto &call = cast<CallInst>(inst);
      unsigned fnType = fnTypes.lookup(call.getCalledFunction());
      const TypeTable::Entry &fn = types[fnType];
      if (!pointsTo(ops[call.arg_size()].type, fnType))
        bad("callee type is the call's function type");
      for (unsigned i = 0, e = call.arg_size(); i != e; ++i)
        if (ops[i].type != fn.elements[1 + i])
          bad("argument types are the parameter types");
      if (item.hasValue && item.type != fn.elements[0])
        bad("call type is the return type");
      break;
    }
    case Instruction::PHI:
      for (const Ref &ref : ops)
        if (ref.type != item.type)
          bad("phi operands have the phi's type");
      break;
    case Instruction::Select:
      if (ops[1].type != item.type || ops[2].type != item.type)
        bad("select operands have the select's type");
      break;
    case Instruction::Ret:
      if (!ops.empty() &&
          ops[0].type != types[fnTypes.lookup(plan.function)].elements[0])
        bad("returned value has the return type");
      break;
    case Instruction::ICmp:
    case Instruction::FCmp:
      if (ops[0].type != ops[1].type)
        bad("compared values have one type");
      break;
    case Instruction::InsertValue:
      if (ops[0].type != item.type)
        bad("insertvalue aggregate has the result type");
      break;
    default:
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

using AbbrevOp = BitCodeAbbrevOp;

static std::shared_ptr<BitCodeAbbrev>
makeAbbrev(std::initializer_list<AbbrevOp> ops) {
  auto result = std::make_shared<BitCodeAbbrev>();
  for (const AbbrevOp &op : ops)
    result->Add(op);
  return result;
}

static uint64_t encodeAlign(MaybeAlign align) {
  return align ? Log2(*align) + 1 : 0;
}

static unsigned linkageCode(GlobalValue::LinkageTypes linkage) {
  switch (linkage) {
  case GlobalValue::ExternalLinkage:
    return 0;
  case GlobalValue::WeakAnyLinkage:
    return 16;
  case GlobalValue::AppendingLinkage:
    return 2;
  case GlobalValue::InternalLinkage:
    return 3;
  case GlobalValue::LinkOnceAnyLinkage:
    return 18;
  case GlobalValue::ExternalWeakLinkage:
    return 7;
  case GlobalValue::CommonLinkage:
    return 8;
  case GlobalValue::PrivateLinkage:
    return 9;
  case GlobalValue::WeakODRLinkage:
    return 17;
  case GlobalValue::LinkOnceODRLinkage:
    return 19;
  case GlobalValue::AvailableExternallyLinkage:
    return 12;
  }
  return 0;
}

static unsigned orderingCode(llvm::AtomicOrdering ordering) {
  switch (ordering) {
  case AtomicOrdering::NotAtomic:
    return ORDERING_NOTATOMIC;
  case AtomicOrdering::Unordered:
    return ORDERING_UNORDERED;
  case AtomicOrdering::Monotonic:
    return ORDERING_MONOTONIC;
  case AtomicOrdering::Acquire:
    return ORDERING_ACQUIRE;
  case AtomicOrdering::Release:
    return ORDERING_RELEASE;
  case AtomicOrdering::AcquireRelease:
    return ORDERING_ACQREL;
  case AtomicOrdering::SequentiallyConsistent:
    return ORDERING_SEQCST;
  }
  return ORDERING_SEQCST;
}

static unsigned scopeCode(SyncScope::ID scope) {
  return scope == SyncScope::SingleThread ? SYNCHSCOPE_SINGLETHREAD
                                          : SYNCHSCOPE_CROSSTHREAD;
}

void Writer::emitAttributes(BitstreamWriter &stream) {
  if (groups.empty())
    return;
  stream.EnterSubblock(PARAMATTR_GROUP_BLOCK_ID, 3);
  for (unsigned i = 0, e = groups.size(); i != e; ++i) {
    SmallVector<uint64_t, 32> record;
    record.push_back(i + 1);
    record.push_back(groups[i].first);
    record.append(groups[i].second.begin(), groups[i].second.end());
    stream.EmitRecord(PARAMATTR_GRP_CODE_ENTRY, record);
  }
  stream.ExitBlock();

  stream.EnterSubblock(PARAMATTR_BLOCK_ID, 3);
  for (const std::vector<unsigned> &list : lists) {
    SmallVector<uint64_t, 8> record(list.begin(), list.end());
    stream.EmitRecord(PARAMATTR_CODE_ENTRY, record);
  }
  stream.ExitBlock();
}

void Writer::emitTypeTable(BitstreamWriter &stream) {
  unsigned typeBits = typeIdBits(types.size());
  stream.EnterSubblock(TYPE_BLOCK_ID_NEW, 4);
  unsigned pointerAbbrev = stream.EmitAbbrev(
      makeAbbrev({AbbrevOp(TYPE_CODE_POINTER),
                  AbbrevOp(AbbrevOp::Fixed, typeBits), AbbrevOp(0)}));
  unsigned functionAbbrev = stream.EmitAbbrev(makeAbbrev(
      {AbbrevOp(TYPE_CODE_FUNCTION), AbbrevOp(AbbrevOp::Fixed, 1),
       AbbrevOp(AbbrevOp::Array), AbbrevOp(AbbrevOp::Fixed, typeBits)}));
  unsigned anonAbbrev = stream.EmitAbbrev(makeAbbrev(
      {AbbrevOp(TYPE_CODE_STRUCT_ANON), AbbrevOp(AbbrevOp::Fixed, 1),
       AbbrevOp(AbbrevOp::Array), AbbrevOp(AbbrevOp::Fixed, typeBits)}));
  unsigned nameAbbrev = stream.EmitAbbrev(
      makeAbbrev({AbbrevOp(TYPE_CODE_STRUCT_NAME), AbbrevOp(AbbrevOp::Array),
                  AbbrevOp(AbbrevOp::Char6)}));
  unsigned namedAbbrev = stream.EmitAbbrev(makeAbbrev(
      {AbbrevOp(TYPE_CODE_STRUCT_NAMED), AbbrevOp(AbbrevOp::Fixed, 1),
       AbbrevOp(AbbrevOp::Array), AbbrevOp(AbbrevOp::Fixed, typeBits)}));
  unsigned arrayAbbrev = stream.EmitAbbrev(
      makeAbbrev({AbbrevOp(TYPE_CODE_ARRAY), AbbrevOp(AbbrevOp::VBR, 8),
                  AbbrevOp(AbbrevOp::Fixed, typeBits)}));

  SmallVector<uint64_t, 16> record{types.size()};
  stream.EmitRecord(TYPE_CODE_NUMENTRY, record);

  using Kind = TypeTable::Kind;
  for (unsigned id = 0, e = types.size(); id != e; ++id) {
    const TypeTable::Entry &entry = types[id];
    record.clear();
    unsigned code = 0;
    unsigned abbrev = 0;
    switch (entry.kind) {
    case Kind::Void:
      code = TYPE_CODE_VOID;
      break;
    case Kind::Half:
      code = TYPE_CODE_HALF;
      break;
    case Kind::Float:
      code = TYPE_CODE_FLOAT;
      break;
    case Kind::Double:
      code = TYPE_CODE_DOUBLE;
      break;
    case Kind::Integer:
      code = TYPE_CODE_INTEGER;
      record.push_back(entry.count);
      break;
    case Kind::Pointer:
      code = TYPE_CODE_POINTER;
      record.push_back(entry.elements[0]);
      record.push_back(entry.addrSpace);
      if (entry.addrSpace == 0)
        abbrev = pointerAbbrev;
      break;
    case Kind::Array:
      code = TYPE_CODE_ARRAY;
      record.push_back(entry.count);
      record.push_back(entry.elements[0]);
      abbrev = arrayAbbrev;
      break;
    case Kind::Vector:
      code = TYPE_CODE_VECTOR;
      record.push_back(entry.count);
      record.push_back(entry.elements[0]);
      break;
    case Kind::LiteralStruct:
      code = TYPE_CODE_STRUCT_ANON;
      record.push_back(entry.flag);
      record.append(entry.elements.begin(), entry.elements.end());
      abbrev = anonAbbrev;
      break;
    case Kind::NamedStruct:
      if (entry.named->hasName())
        emitStringRecord(stream, TYPE_CODE_STRUCT_NAME, entry.named->getName(),
                         nameAbbrev);
      record.push_back(entry.flag);
      if (entry.named->isOpaque()) {
        code = TYPE_CODE_OPAQUE;
      } else {
        code = TYPE_CODE_STRUCT_NAMED;
        record.append(entry.elements.begin(), entry.elements.end());
        abbrev = namedAbbrev;
      }
      break;
    case Kind::Function:
      code = TYPE_CODE_FUNCTION;
      record.push_back(entry.flag);
      record.append(entry.elements.begin(), entry.elements.end());
      abbrev = functionAbbrev;
      break;
    }
    stream.EmitRecord(code, record, abbrev);
  }
  stream.ExitBlock();
}

void Writer::emitModuleInfo(BitstreamWriter &stream) {
  if (!options.triple.empty())
    emitStringRecord(stream, MODULE_CODE_TRIPLE, options.triple, 0);
  if (!options.dataLayout.empty())
    emitStringRecord(stream, MODULE_CODE_DATALAYOUT, options.dataLayout, 0);

  // Section names get 1-based ids in order of first use; their records
  // come first.
  std::map<std::string, unsigned> sections;
  auto sectionID = [&](const GlobalObject &object) -> uint64_t {
    if (!object.hasSection())
      return 0;
    auto [it, inserted] =
        sections.try_emplace(object.getSection().str(), sections.size() + 1);
    if (inserted)
      emitStringRecord(stream, MODULE_CODE_SECTIONNAME, object.getSection(), 0);
    return it->second;
  };
  uint64_t maxAlignment = 0;
  unsigned maxGlobalType = 0;
  for (const GlobalVariable &global : module.globals()) {
    sectionID(global);
    maxAlignment = std::max<uint64_t>(maxAlignment, global.getAlignment());
    maxGlobalType = std::max(maxGlobalType, types.map(global.getValueType()));
  }
  for (const Function &function : module) {
    sectionID(function);
    maxAlignment = std::max<uint64_t>(
        maxAlignment, function.getAlign() ? function.getAlign()->value() : 0);
  }

  unsigned simpleGlobalAbbrev = 0;
  if (!module.global_empty()) {
    auto abbrev = std::make_shared<BitCodeAbbrev>();
    abbrev->Add(AbbrevOp(MODULE_CODE_GLOBALVAR));
    abbrev->Add(AbbrevOp(AbbrevOp::Fixed, Log2_32_Ceil(maxGlobalType + 1)));
    abbrev->Add(AbbrevOp(AbbrevOp::VBR, 6));   // addrspace << 2 | 2 | constant
    abbrev->Add(AbbrevOp(AbbrevOp::VBR, 6));   // initializer
    abbrev->Add(AbbrevOp(AbbrevOp::Fixed, 5)); // linkage
    if (maxAlignment == 0) {
      abbrev->Add(AbbrevOp(0));
    } else {
      unsigned maxEncoded = Log2_64(maxAlignment) + 1;
      abbrev->Add(AbbrevOp(AbbrevOp::Fixed, Log2_32_Ceil(maxEncoded + 1)));
    }
    if (sections.empty())
      abbrev->Add(AbbrevOp(0));
    else
      abbrev->Add(AbbrevOp(AbbrevOp::Fixed, Log2_32_Ceil(sections.size() + 1)));
    simpleGlobalAbbrev = stream.EmitAbbrev(std::move(abbrev));
  }

  for (const GlobalVariable &global : module.globals()) {
    SmallVector<uint64_t, 16> record;
    record.push_back(types.map(global.getValueType()));
    record.push_back(uint64_t(global.getAddressSpace()) << 2 | 2 |
                     (global.isConstant() ? 1 : 0));
    uint64_t init = 0;
    if (global.hasInitializer())
      init = moduleConstants.ids.at(constKey(
                 global.getInitializer(), types.map(global.getValueType()))) +
             1;
    record.push_back(init);
    record.push_back(linkageCode(global.getLinkage()));
    record.push_back(encodeAlign(global.getAlign()));
    record.push_back(sectionID(global));
    unsigned abbrev = simpleGlobalAbbrev;
    if (global.isThreadLocal() ||
        global.getVisibility() != GlobalValue::DefaultVisibility ||
        global.getUnnamedAddr() == GlobalValue::UnnamedAddr::Global ||
        global.isExternallyInitialized() ||
        global.getDLLStorageClass() != GlobalValue::DefaultStorageClass) {
      record.push_back(global.getVisibility());
      record.push_back(global.getThreadLocalMode());
      record.push_back(global.getUnnamedAddr() ==
                       GlobalValue::UnnamedAddr::Global);
      record.push_back(global.isExternallyInitialized());
      record.push_back(global.getDLLStorageClass());
      record.push_back(0); // comdat
      abbrev = 0;
    }
    stream.EmitRecord(MODULE_CODE_GLOBALVAR, record, abbrev);
  }

  for (const Function &function : module) {
    SmallVector<uint64_t, 16> record;
    record.push_back(fnTypes.lookup(&function));
    record.push_back(function.getCallingConv());
    record.push_back(function.isDeclaration());
    record.push_back(linkageCode(function.getLinkage()));
    record.push_back(functionAttrs.lookup(&function));
    record.push_back(encodeAlign(function.getAlign()));
    record.push_back(sectionID(function));
    record.push_back(function.getVisibility());
    record.push_back(0); // gc
    record.push_back(function.getUnnamedAddr() ==
                     GlobalValue::UnnamedAddr::Global);
    record.push_back(0); // prologue data
    record.push_back(function.getDLLStorageClass());
    record.push_back(0); // comdat
    record.push_back(0); // prefix data
    record.push_back(0); // personality
    stream.EmitRecord(MODULE_CODE_FUNCTION, record);
  }
}

void Writer::emitConstants(BitstreamWriter &stream, const ConstTable &table,
                           bool isModule) {
  if (table.records.empty())
    return;
  stream.EnterSubblock(CONSTANTS_BLOCK_ID, 4);
  unsigned aggregateAbbrev = 0, stringAbbrev = 0, cstring7Abbrev = 0,
           cstring6Abbrev = 0;
  if (isModule) {
    aggregateAbbrev = stream.EmitAbbrev(
        makeAbbrev({AbbrevOp(CST_CODE_AGGREGATE), AbbrevOp(AbbrevOp::Array),
                    AbbrevOp(AbbrevOp::Fixed, Log2_32_Ceil(table.end() + 1))}));
    stringAbbrev = stream.EmitAbbrev(
        makeAbbrev({AbbrevOp(CST_CODE_STRING), AbbrevOp(AbbrevOp::Array),
                    AbbrevOp(AbbrevOp::Fixed, 8)}));
    cstring7Abbrev = stream.EmitAbbrev(
        makeAbbrev({AbbrevOp(CST_CODE_CSTRING), AbbrevOp(AbbrevOp::Array),
                    AbbrevOp(AbbrevOp::Fixed, 7)}));
    cstring6Abbrev = stream.EmitAbbrev(
        makeAbbrev({AbbrevOp(CST_CODE_CSTRING), AbbrevOp(AbbrevOp::Array),
                    AbbrevOp(AbbrevOp::Char6)}));
  }

  std::optional<unsigned> lastType;
  for (const ConstRecord &record : table.records) {
    if (record.type != lastType) {
      SmallVector<uint64_t, 1> setType{record.type};
      stream.EmitRecord(CST_CODE_SETTYPE, setType, CONSTANTS_SETTYPE_ABBREV);
      lastType = record.type;
    }
    unsigned abbrev = 0;
    switch (record.abbrev) {
    case ConstAbbrev::None:
      break;
    case ConstAbbrev::Integer:
      abbrev = CONSTANTS_INTEGER_ABBREV;
      break;
    case ConstAbbrev::CECast:
      abbrev = CONSTANTS_CE_CAST_ABBREV;
      break;
    case ConstAbbrev::Aggregate:
      abbrev = aggregateAbbrev;
      break;
    case ConstAbbrev::String:
      abbrev = stringAbbrev;
      break;
    case ConstAbbrev::CString: {
      bool is7Bit = all_of(record.ops, [](uint64_t c) { return c < 128; });
      bool char6 = all_of(record.ops, [](uint64_t c) {
        return c < 128 && BitCodeAbbrevOp::isChar6(static_cast<char>(c));
      });
      abbrev = char6 ? cstring6Abbrev : is7Bit ? cstring7Abbrev : 0;
      break;
    }
    }
    stream.EmitRecord(record.code, record.ops, abbrev);
  }
  stream.ExitBlock();
}

void Writer::emitMetadata(BitstreamWriter &stream) {
  if (mdList.empty() && module.named_metadata_empty())
    return;
  stream.EnterSubblock(METADATA_BLOCK_ID, 3);
  bool hasString =
      any_of(mdList, [](const MDEntry &e) { return isa<MDString>(e.md); });
  unsigned stringAbbrev = 0;
  if (hasString)
    stringAbbrev = stream.EmitAbbrev(
        makeAbbrev({AbbrevOp(METADATA_STRING), AbbrevOp(AbbrevOp::Array),
                    AbbrevOp(AbbrevOp::Fixed, 8)}));
  unsigned nameAbbrev = 0;
  if (!module.named_metadata_empty())
    nameAbbrev = stream.EmitAbbrev(
        makeAbbrev({AbbrevOp(METADATA_NAME), AbbrevOp(AbbrevOp::Array),
                    AbbrevOp(AbbrevOp::Fixed, 8)}));

  SmallVector<uint64_t, 64> record;
  for (auto [md, asPointer] : mdList) {
    record.clear();
    if (const auto *string = dyn_cast<MDString>(md)) {
      record.append(string->bytes_begin(), string->bytes_end());
      stream.EmitRecord(METADATA_STRING, record, stringAbbrev);
    } else if (isa<ConstantAsMetadata>(md)) {
      const ConstKey &key = asPointer ? symbolPointerConstants.find(md)->second
                                      : mdConstants.find(md)->second;
      record.push_back(key.type);
      record.push_back(constID(key, moduleConstants));
      stream.EmitRecord(METADATA_VALUE, record);
    } else {
      const auto *node = cast<MDTuple>(md);
      bool isRecord = symbolRecords.contains(node);
      for (auto [i, op] : llvm::enumerate(node->operands())) {
        if (!op)
          record.push_back(0);
        else if (isRecord && i == 1)
          record.push_back(symbolPointerIDs.lookup(op.get()) + 1);
        else
          record.push_back(mdIDs.lookup(op.get()) + 1);
      }
      stream.EmitRecord(
          node->isDistinct() ? METADATA_DISTINCT_NODE : METADATA_NODE, record);
    }
  }
  for (const NamedMDNode &named : module.named_metadata()) {
    if (!isWritten(named))
      continue;
    record.clear();
    StringRef name = named.getName();
    record.append(name.bytes_begin(), name.bytes_end());
    stream.EmitRecord(METADATA_NAME, record, nameAbbrev);
    record.clear();
    for (const MDNode *node : named.operands())
      record.push_back(mdIDs.lookup(node));
    stream.EmitRecord(METADATA_NAMED_NODE, record);
  }
  stream.ExitBlock();
}

void Writer::emitMetadataKinds(BitstreamWriter &stream) {
  if (usedKinds.empty())
    return;
  SmallVector<StringRef, 32> names;
  module.getContext().getMDKindNames(names);
  stream.EnterSubblock(METADATA_BLOCK_ID, 3);
  for (unsigned kind : usedKinds) {
    SmallVector<uint64_t, 32> record{kind};
    StringRef name = kind < names.size() ? names[kind] : StringRef();
    record.append(name.bytes_begin(), name.bytes_end());
    stream.EmitRecord(METADATA_KIND, record);
  }
  stream.ExitBlock();
}

void Writer::emitSymbolEntry(BitstreamWriter &stream, bool isBlock, unsigned id,
                             StringRef name) {
  bool is7Bit = all_of(name, [](char c) { return (unsigned char)c < 128; });
  bool char6 = isChar6(name);
  unsigned abbrev = VST_ENTRY_8_ABBREV;
  if (isBlock) {
    if (char6)
      abbrev = VST_BBENTRY_6_ABBREV;
  } else if (char6) {
    abbrev = VST_ENTRY_6_ABBREV;
  } else if (is7Bit) {
    abbrev = VST_ENTRY_7_ABBREV;
  }
  SmallVector<uint64_t, 64> record{id};
  record.append(name.bytes_begin(), name.bytes_end());
  stream.EmitRecord(isBlock ? VST_CODE_BBENTRY : VST_CODE_ENTRY, record,
                    abbrev);
}

void Writer::emitModuleSymbolTable(BitstreamWriter &stream) {
  if (none_of(globalOrder,
              [](const GlobalValue *global) { return global->hasName(); }))
    return;
  stream.EnterSubblock(VALUE_SYMTAB_BLOCK_ID, 4);
  for (unsigned id = 0, e = globalOrder.size(); id != e; ++id)
    if (globalOrder[id]->hasName())
      emitSymbolEntry(stream, false, id, globalOrder[id]->getName());
  stream.ExitBlock();
}

void Writer::emitItem(BitstreamWriter &stream, const FunctionPlan &plan,
                      const Item &item, unsigned instID) {
  SmallVector<uint64_t, 64> vals;
  unsigned code = 0;
  unsigned abbrev = 0;
  // PushValueAndType: relative id, plus the type for forward references.
  auto pushVT = [&](const Ref &ref) {
    unsigned id = resolve(plan, ref);
    vals.push_back(static_cast<uint32_t>(instID - id));
    if (id >= instID) {
      vals.push_back(ref.type);
      return true;
    }
    return false;
  };
  auto push = [&](const Ref &ref) {
    vals.push_back(static_cast<uint32_t>(instID - resolve(plan, ref)));
  };
  auto bb = [&](const BasicBlock *block) {
    vals.push_back(plan.blockIndex.lookup(block));
  };

  if (item.synthetic == Item::Bitcast) {
    code = FUNC_CODE_INST_CAST;
    if (!pushVT(item.ops[0]))
      abbrev = FUNCTION_INST_CAST_ABBREV;
    vals.push_back(item.type);
    vals.push_back(CAST_BITCAST);
    stream.EmitRecord(code, vals, abbrev);
    return;
  }
  if (item.synthetic == Item::ZeroGEP) {
    vals.push_back(1); // inbounds
    vals.push_back(item.sourceElement);
    for (const Ref &ref : item.ops)
      pushVT(ref);
    stream.EmitRecord(FUNC_CODE_INST_GEP, vals, FUNCTION_INST_GEP_ABBREV);
    return;
  }

  const Instruction &inst = *item.inst;
  const SmallVector<Ref, 4> &ops = item.ops;
  switch (inst.getOpcode()) {
  case Instruction::Ret:
    code = FUNC_CODE_INST_RET;
    if (ops.empty())
      abbrev = FUNCTION_INST_RET_VOID_ABBREV;
    else if (!pushVT(ops[0]))
      abbrev = FUNCTION_INST_RET_VAL_ABBREV;
    break;
  case Instruction::Br: {
    const auto &br = cast<BranchInst>(inst);
    code = FUNC_CODE_INST_BR;
    bb(br.getSuccessor(0));
    if (br.isConditional()) {
      bb(br.getSuccessor(1));
      push(ops[0]);
    }
    break;
  }
  case Instruction::Switch: {
    const auto &sw = cast<SwitchInst>(inst);
    code = FUNC_CODE_INST_SWITCH;
    vals.push_back(ops[0].type);
    push(ops[0]);
    bb(sw.getDefaultDest());
    // Case values are absolute value ids.
    unsigned caseRef = inst.getNumOperands();
    for (auto c : sw.cases()) {
      vals.push_back(resolve(plan, ops[caseRef++]));
      bb(c.getCaseSuccessor());
    }
    break;
  }
  case Instruction::Unreachable:
    code = FUNC_CODE_INST_UNREACHABLE;
    abbrev = FUNCTION_INST_UNREACHABLE_ABBREV;
    break;
  case Instruction::ICmp:
  case Instruction::FCmp:
    code = FUNC_CODE_INST_CMP2;
    pushVT(ops[0]);
    push(ops[1]);
    vals.push_back(cast<CmpInst>(inst).getPredicate());
    if (isa<FCmpInst>(inst))
      if (uint64_t flags = fastMathFlags(inst.getFastMathFlags()))
        vals.push_back(flags);
    break;
  case Instruction::Select:
    code = FUNC_CODE_INST_VSELECT;
    pushVT(ops[1]);
    push(ops[2]);
    pushVT(ops[0]);
    break;
  case Instruction::PHI: {
    const auto &phi = cast<PHINode>(inst);
    code = FUNC_CODE_INST_PHI;
    vals.push_back(item.type);
    for (unsigned i = 0, e = phi.getNumIncomingValues(); i != e; ++i) {
      vals.push_back(
          encodeSigned(int64_t(instID) - int64_t(resolve(plan, ops[i]))));
      bb(phi.getIncomingBlock(i));
    }
    break;
  }
  case Instruction::Alloca: {
    const auto &alloca = cast<AllocaInst>(inst);
    code = FUNC_CODE_INST_ALLOCA;
    vals.push_back(types.map(alloca.getAllocatedType()));
    vals.push_back(ops[0].type);
    vals.push_back(resolve(plan, ops[0]));
    uint64_t align = encodeAlign(alloca.getAlign());
    if (alloca.isUsedWithInAlloca())
      align |= ALLOCA_INALLOCA;
    vals.push_back(align | ALLOCA_EXPLICIT_TYPE);
    break;
  }
  case Instruction::Load: {
    const auto &load = cast<LoadInst>(inst);
    if (load.isAtomic()) {
      code = FUNC_CODE_INST_LOADATOMIC;
      pushVT(ops[0]);
    } else {
      code = FUNC_CODE_INST_LOAD;
      if (!pushVT(ops[0]))
        abbrev = FUNCTION_INST_LOAD_ABBREV;
    }
    vals.push_back(item.type);
    vals.push_back(encodeAlign(load.getAlign()));
    vals.push_back(load.isVolatile());
    if (load.isAtomic()) {
      vals.push_back(orderingCode(load.getOrdering()));
      vals.push_back(scopeCode(load.getSyncScopeID()));
    }
    break;
  }
  case Instruction::Store: {
    const auto &store = cast<StoreInst>(inst);
    code = store.isAtomic() ? FUNC_CODE_INST_STOREATOMIC : FUNC_CODE_INST_STORE;
    pushVT(ops[1]);
    pushVT(ops[0]);
    vals.push_back(encodeAlign(store.getAlign()));
    vals.push_back(store.isVolatile());
    if (store.isAtomic()) {
      vals.push_back(orderingCode(store.getOrdering()));
      vals.push_back(scopeCode(store.getSyncScopeID()));
    }
    break;
  }
  case Instruction::GetElementPtr: {
    const auto &gep = cast<GetElementPtrInst>(inst);
    code = FUNC_CODE_INST_GEP;
    abbrev = FUNCTION_INST_GEP_ABBREV;
    vals.push_back(gep.isInBounds());
    vals.push_back(types.map(gep.getSourceElementType()));
    for (const Ref &ref : ops)
      pushVT(ref);
    break;
  }
  case Instruction::ExtractValue:
    code = FUNC_CODE_INST_EXTRACTVAL;
    pushVT(ops[0]);
    for (unsigned index : cast<ExtractValueInst>(inst).indices())
      vals.push_back(index);
    break;
  case Instruction::InsertValue:
    code = FUNC_CODE_INST_INSERTVAL;
    pushVT(ops[0]);
    pushVT(ops[1]);
    for (unsigned index : cast<InsertValueInst>(inst).indices())
      vals.push_back(index);
    break;
  case Instruction::ExtractElement:
    code = FUNC_CODE_INST_EXTRACTELT;
    pushVT(ops[0]);
    pushVT(ops[1]);
    break;
  case Instruction::InsertElement:
    code = FUNC_CODE_INST_INSERTELT;
    pushVT(ops[0]);
    push(ops[1]);
    pushVT(ops[2]);
    break;
  case Instruction::ShuffleVector:
    code = FUNC_CODE_INST_SHUFFLEVEC;
    pushVT(ops[0]);
    push(ops[1]);
    push(ops[2]);
    break;
  case Instruction::Call: {
    const auto &call = cast<CallInst>(inst);
    code = FUNC_CODE_INST_CALL;
    vals.push_back(callAttrs.lookup(&call));
    uint64_t flags = uint64_t(call.getCallingConv()) << CALL_CCONV_SHIFT |
                     CALL_EXPLICIT_TYPE;
    if (call.isTailCall())
      flags |= CALL_TAIL;
    if (call.isMustTailCall())
      flags |= CALL_MUSTTAIL;
    vals.push_back(flags);
    vals.push_back(fnTypes.lookup(call.getCalledFunction()));
    pushVT(ops[call.arg_size()]);
    for (unsigned i = 0, e = call.arg_size(); i != e; ++i)
      push(ops[i]);
    break;
  }
  case Instruction::AtomicRMW: {
    const auto &rmw = cast<AtomicRMWInst>(inst);
    code = FUNC_CODE_INST_ATOMICRMW;
    pushVT(ops[0]);
    push(ops[1]);
    unsigned op = 0;
    switch (rmw.getOperation()) {
    case AtomicRMWInst::Xchg:
      op = RMW_XCHG;
      break;
    case AtomicRMWInst::Add:
      op = RMW_ADD;
      break;
    case AtomicRMWInst::Sub:
      op = RMW_SUB;
      break;
    case AtomicRMWInst::And:
      op = RMW_AND;
      break;
    case AtomicRMWInst::Nand:
      op = RMW_NAND;
      break;
    case AtomicRMWInst::Or:
      op = RMW_OR;
      break;
    case AtomicRMWInst::Xor:
      op = RMW_XOR;
      break;
    case AtomicRMWInst::Max:
      op = RMW_MAX;
      break;
    case AtomicRMWInst::Min:
      op = RMW_MIN;
      break;
    case AtomicRMWInst::UMax:
      op = RMW_UMAX;
      break;
    default:
      op = RMW_UMIN;
      break;
    }
    vals.push_back(op);
    vals.push_back(rmw.isVolatile());
    vals.push_back(orderingCode(rmw.getOrdering()));
    vals.push_back(scopeCode(rmw.getSyncScopeID()));
    break;
  }
  case Instruction::AtomicCmpXchg: {
    const auto &xchg = cast<AtomicCmpXchgInst>(inst);
    code = FUNC_CODE_INST_CMPXCHG;
    pushVT(ops[0]);
    pushVT(ops[1]);
    push(ops[2]);
    vals.push_back(xchg.isVolatile());
    vals.push_back(orderingCode(xchg.getSuccessOrdering()));
    vals.push_back(scopeCode(xchg.getSyncScopeID()));
    vals.push_back(orderingCode(xchg.getFailureOrdering()));
    vals.push_back(xchg.isWeak());
    break;
  }
  case Instruction::Fence: {
    const auto &fence = cast<FenceInst>(inst);
    code = FUNC_CODE_INST_FENCE;
    vals.push_back(orderingCode(fence.getOrdering()));
    vals.push_back(scopeCode(fence.getSyncScopeID()));
    break;
  }
  default:
    if (Instruction::isCast(inst.getOpcode())) {
      code = FUNC_CODE_INST_CAST;
      if (!pushVT(ops[0]))
        abbrev = FUNCTION_INST_CAST_ABBREV;
      vals.push_back(item.type);
      vals.push_back(castOpcode(inst.getOpcode()));
    } else {
      code = FUNC_CODE_INST_BINOP;
      bool forward = pushVT(ops[0]);
      push(ops[1]);
      vals.push_back(binaryOpcode(inst.getOpcode()));
      uint64_t flags = operatorFlags(cast<Operator>(inst));
      if (!forward)
        abbrev = flags ? FUNCTION_INST_BINOP_FLAGS_ABBREV
                       : FUNCTION_INST_BINOP_ABBREV;
      if (flags)
        vals.push_back(flags);
    }
    break;
  }
  stream.EmitRecord(code, vals, abbrev);
}

void Writer::emitFunction(BitstreamWriter &stream, FunctionPlan &plan) {
  const Function &function = *plan.function;
  stream.EnterSubblock(FUNCTION_BLOCK_ID, 4);
  SmallVector<uint64_t, 1> declare{plan.blocks.size()};
  stream.EmitRecord(FUNC_CODE_DECLAREBLOCKS, declare);
  emitConstants(stream, plan.constants, false);

  unsigned instID = plan.constants.end();
  for (unsigned index : plan.order) {
    const Item &item = plan.items[index];
    emitItem(stream, plan, item, instID);
    if (item.hasValue)
      ++instID;
  }

  // Function symbol table: arguments, instructions, then blocks.
  if (options.writeLocalNames) {
    bool any = any_of(function.args(),
                      [](const Argument &arg) { return arg.hasName(); });
    for (const BasicBlock &block : function) {
      any |= block.hasName();
      for (const Instruction &inst : block)
        any |= inst.hasName();
    }
    if (any) {
      stream.EnterSubblock(VALUE_SYMTAB_BLOCK_ID, 4);
      for (const Argument &arg : function.args())
        if (arg.hasName())
          emitSymbolEntry(stream, false, plan.firstArgID + arg.getArgNo(),
                          arg.getName());
      for (unsigned index : plan.order) {
        const Item &item = plan.items[index];
        if (item.inst && item.hasValue && item.inst->hasName())
          emitSymbolEntry(stream, false, item.valueID, item.inst->getName());
      }
      for (const BasicBlock &block : function)
        if (block.hasName())
          emitSymbolEntry(stream, true, plan.blockIndex.lookup(&block),
                          block.getName());
      stream.ExitBlock();
    }
  }

  // Metadata attachments: function-level pairs, then per instruction
  // [position among all instructions, kind, node...].
  SmallVector<std::pair<unsigned, MDNode *>, 4> mds;
  function.getAllMetadata(mds);
  bool any = !mds.empty();
  for (const Item &item : plan.items)
    if (item.inst && item.inst->hasMetadataOtherThanDebugLoc())
      any = true;
  if (any) {
    stream.EnterSubblock(METADATA_ATTACHMENT_ID, 3);
    SmallVector<uint64_t, 16> record;
    if (!mds.empty()) {
      for (auto &[kind, node] : mds) {
        record.push_back(kind);
        record.push_back(mdIDs.lookup(node));
      }
      stream.EmitRecord(METADATA_ATTACHMENT, record);
    }
    for (unsigned position = 0, e = plan.order.size(); position != e;
         ++position) {
      const Item &item = plan.items[plan.order[position]];
      if (!item.inst)
        continue;
      mds.clear();
      item.inst->getAllMetadataOtherThanDebugLoc(mds);
      if (mds.empty())
        continue;
      record.clear();
      record.push_back(position);
      for (auto &[kind, node] : mds) {
        record.push_back(kind);
        record.push_back(mdIDs.lookup(node));
      }
      stream.EmitRecord(METADATA_ATTACHMENT, record);
    }
    stream.ExitBlock();
  }
  stream.ExitBlock();
}

void Writer::emitModule(BitstreamWriter &stream) {
  emitMagic(stream);
  stream.EnterSubblock(MODULE_BLOCK_ID, 3);
  SmallVector<uint64_t, 1> version{1};
  stream.EmitRecord(MODULE_CODE_VERSION, version);
  emitBlockInfo(stream, types.size());
  emitAttributes(stream);
  emitTypeTable(stream);
  emitModuleInfo(stream);
  emitConstants(stream, moduleConstants, true);
  emitMetadata(stream);
  emitMetadataKinds(stream);
  emitModuleSymbolTable(stream);
  for (FunctionPlan &plan : plans)
    emitFunction(stream, plan);
  stream.ExitBlock();
}

DXILBitcodeStatistics Writer::statistics() const {
  DXILBitcodeStatistics result;
  for (const FunctionPlan &plan : plans)
    for (const Item &item : plan.items)
      if (item.synthetic != Item::NotSynthetic)
        ++result.insertedCasts;
  return result;
}

Error Writer::run(raw_ostream &os) {
  checkModule();
  if (!failed())
    inferPointers();
  if (!failed())
    planGlobals();
  if (!failed())
    for (const Function &function : module)
      functionAttrs[&function] =
          attributeListID(function.getAttributes(), function.arg_size());
  if (!failed())
    planMetadata();
  numModuleValues = moduleConstants.end();
  if (!failed()) {
    for (const Function &function : module) {
      if (function.isDeclaration())
        continue;
      plans.emplace_back();
      planFunction(function, plans.back());
      if (failed())
        break;
    }
  }
  if (failed())
    return createStringError(inconvertibleErrorCode(), error);

  types.freeze();
  SmallVector<char, 0> buffer;
  buffer.reserve(64 * 1024);
  {
    BitstreamWriter stream(buffer);
    emitModule(stream);
  }
  if (failed())
    return createStringError(inconvertibleErrorCode(), error);
  os.write(buffer.data(), buffer.size());
  return Error::success();
}

} // namespace

SmallVector<MDTuple *> getResourceRecords(const Module &module) {
  SmallVector<MDTuple *> result;
  const NamedMDNode *resources = module.getNamedMetadata("dx.resources");
  if (!resources)
    return result;
  for (const MDNode *classes : resources->operands())
    for (const MDOperand &list : classes->operands())
      if (const auto *records = dyn_cast_or_null<MDTuple>(list.get()))
        for (const MDOperand &record : records->operands())
          if (auto *tuple = dyn_cast_or_null<MDTuple>(record.get()))
            if (tuple->getNumOperands() > 1)
              result.push_back(tuple);
  return result;
}

Error writeDXILBitcode(const Module &module, raw_ostream &os,
                       const DXILBitcodeOptions &options,
                       DXILBitcodeStatistics *statistics) {
  Writer writer(module, options);
  if (Error error = writer.run(os))
    return error;
  if (statistics)
    *statistics = writer.statistics();
  return Error::success();
}

} // namespace mlir::hlsl::dxil
