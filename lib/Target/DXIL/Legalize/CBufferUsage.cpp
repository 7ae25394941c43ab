//===- CBufferUsage.cpp - which constant buffer members the code reads ----===//
//
// The reflection data marks the members of a constant buffer that the
// shader reads (field annotation tag 9 of !dx.typeAnnotations; D3D12Reflect
// reports it as D3D_SVF_USED). As in DXC, it is computed from the final
// code: every component a cbufferLoadLegacy (or a tbuffer's bufferLoad)
// result is read at marks the member whose offset is the last one at or
// before that byte. A row computed at run time counts at its constant part
// (the smallest row it can be). Buffers with one member report no usage
// per member: they are used if they are bound at all.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "HLSL/Target/DXIL/DXILMetadata.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "DXILCalls.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>
#include <set>

using namespace llvm;
using namespace mlir::hlsl::dxil;
using namespace mlir::hlsl::dxil::metadata;

namespace {
constexpr unsigned FieldOffsetTag = 3, UsedTag = 9;
constexpr unsigned CBVClass = 2, SRVClass = 0;

/// (resource class, range id) for createHandle, (class, space, lower bound)
/// for createHandleFromBinding: enough to find the !dx.resources record.
struct HandleKey {
  unsigned cls;
  std::optional<uint64_t> rangeId;
  uint64_t space = 0, lowerBound = 0;
};

std::optional<HandleKey> getHandleKey(const Value *handle) {
  const auto *call = dyn_cast<CallInst>(handle);
  std::optional<unsigned> opcode = call ? getDXILOpcode(*call) : std::nullopt;
  if (opcode == AnnotateHandle)
    return getHandleKey(call->getArgOperand(1));
  if (opcode == CreateHandle) {
    auto *cls = dyn_cast<ConstantInt>(call->getArgOperand(1));
    auto *range = dyn_cast<ConstantInt>(call->getArgOperand(2));
    if (!cls || !range)
      return std::nullopt;
    return HandleKey{unsigned(cls->getZExtValue()), range->getZExtValue()};
  }
  if (std::optional<ResourceBinding> bind = getConstantBinding(*call))
    return HandleKey{unsigned(bind->cls), std::nullopt, bind->space,
                     bind->lower};
  return std::nullopt;
}

/// The constant part of a row computed at run time (DXC's GetCBOffset).
uint64_t getConstantRow(const Value *row,
                        DenseMap<const Value *, uint64_t> &seen) {
  if (auto it = seen.find(row); it != seen.end())
    return it->second;
  seen[row] = 0;
  uint64_t result = 0;
  if (const auto *c = dyn_cast<ConstantInt>(row)) {
    result = c->getZExtValue();
  } else if (const auto *op = dyn_cast<BinaryOperator>(row)) {
    uint64_t lhs = getConstantRow(op->getOperand(0), seen);
    uint64_t rhs = getConstantRow(op->getOperand(1), seen);
    if (op->getOpcode() == Instruction::Add)
      result = lhs + rhs;
    else if (op->getOpcode() == Instruction::Or)
      result = lhs | rhs;
  } else if (const auto *select = dyn_cast<SelectInst>(row)) {
    result = std::min(getConstantRow(select->getTrueValue(), seen),
                      getConstantRow(select->getFalseValue(), seen));
  } else if (const auto *phi = dyn_cast<PHINode>(row)) {
    result = UINT64_MAX;
    for (const Value *incoming : phi->incoming_values())
      result = std::min(result, getConstantRow(incoming, seen));
  }
  seen[row] = result;
  return result;
}

/// The struct of a constant buffer's symbol (an undef of it, or of arrays
/// of it).
StructType *getSymbolStruct(const MDNode *record) {
  auto *symbol = dyn_cast_or_null<ConstantAsMetadata>(record->getOperand(1));
  if (!symbol)
    return nullptr;
  Type *type = symbol->getType();
  while (auto *array = dyn_cast<ArrayType>(type))
    type = array->getElementType();
  return dyn_cast<StructType>(type);
}

/// The field annotation with tag 9 set to `used` (after the tags DXC
/// writes before it, before the ones it writes after).
MDNode *withUsed(LLVMContext &context, const MDNode *field, bool used) {
  SmallVector<Metadata *> tags;
  bool placed = !used;
  Metadata *usedTag = ConstantAsMetadata::get(
      ConstantInt::get(Type::getInt32Ty(context), UsedTag));
  Metadata *trueValue = ConstantAsMetadata::get(ConstantInt::getTrue(context));
  for (unsigned i = 0; i + 1 < field->getNumOperands(); i += 2) {
    std::optional<uint64_t> tag = getInt(field, i);
    if (tag == UsedTag)
      continue;
    if (!placed && tag && *tag > UsedTag) {
      tags.append({usedTag, trueValue});
      placed = true;
    }
    tags.append({field->getOperand(i).get(), field->getOperand(i + 1).get()});
  }
  if (!placed)
    tags.append({usedTag, trueValue});
  return MDNode::get(context, tags);
}
} // namespace

void mlir::hlsl::setCBufferUsageForDXIL(Module &module) {
  NamedMDNode *annotations = module.getNamedMetadata("dx.typeAnnotations");
  const MDNode *resources = getSingle(module, "dx.resources");
  if (!annotations || !resources)
    return;

  // Constant buffers (CBVs and tbuffers) by handle key, with the struct of
  // their symbol.
  struct Buffer {
    unsigned cls;
    uint64_t rangeId, space, lowerBound;
    StructType *type;
  };
  SmallVector<Buffer> buffers;
  for (unsigned cls : {SRVClass, CBVClass}) {
    const MDNode *list = getNode(resources, cls);
    if (!list)
      continue;
    for (const MDOperand &operand : list->operands()) {
      auto *record = dyn_cast_or_null<MDNode>(operand.get());
      if (!record || record->getNumOperands() < 7)
        continue;
      // SRVs: only tbuffers (kind 15).
      if (cls == SRVClass && getInt(record, 6) != 15u)
        continue;
      if (StructType *type = getSymbolStruct(record))
        buffers.push_back({cls, getInt(record, 0).value_or(0),
                           getInt(record, 3).value_or(0),
                           getInt(record, 4).value_or(0), type});
    }
  }
  if (buffers.empty())
    return;
  auto findBuffer = [&](const HandleKey &key) -> const Buffer * {
    for (const Buffer &buffer : buffers)
      if (buffer.cls == key.cls &&
          (key.rangeId ? buffer.rangeId == *key.rangeId
                       : buffer.space == key.space &&
                             buffer.lowerBound == key.lowerBound))
        return &buffer;
    return nullptr;
  };

  // The bytes each buffer's loads read.
  std::map<StructType *, std::set<uint64_t>> readBytes;
  DenseMap<const Value *, uint64_t> seen;
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      auto *call = dyn_cast<CallInst>(&inst);
      std::optional<unsigned> opcode =
          call ? getDXILOpcode(*call) : std::nullopt;
      if ((opcode != CBufferLoadLegacy && opcode != BufferLoad) ||
          call->arg_size() < 3)
        continue;
      std::optional<HandleKey> key = getHandleKey(call->getArgOperand(1));
      const Buffer *buffer = key ? findBuffer(*key) : nullptr;
      if (!buffer)
        continue;
      auto *result = dyn_cast<StructType>(call->getType());
      if (!result || result->getNumElements() == 0)
        continue;
      unsigned bytes = result->getElementType(0)->getPrimitiveSizeInBits() / 8;
      uint64_t row = getConstantRow(call->getArgOperand(2), seen) * 16;
      std::set<uint64_t> &read = readBytes[buffer->type];
      for (const User *user : call->users()) {
        const auto *extract = dyn_cast<ExtractValueInst>(user);
        if (!extract) {
          // Anything else may read every component.
          for (unsigned c = 0; c * bytes < 16; ++c)
            read.insert(row + c * bytes);
          continue;
        }
        unsigned c = extract->getIndices()[0];
        if (c * bytes < 16)
          read.insert(row + c * bytes);
      }
    }

  // Rewrite the struct annotations of the buffers' symbols.
  LLVMContext &context = module.getContext();
  for (unsigned n = 0; n < annotations->getNumOperands(); ++n) {
    MDNode *node = annotations->getOperand(n);
    if (getInt(node, 0) != 0u)
      continue; // function annotations
    SmallVector<Metadata *> operands(node->op_begin(), node->op_end());
    bool changed = false;
    for (unsigned i = 1; i + 1 < operands.size(); i += 2) {
      auto *symbol = dyn_cast_or_null<ConstantAsMetadata>(operands[i]);
      auto *annotation = dyn_cast_or_null<MDNode>(operands[i + 1]);
      if (!symbol || !annotation)
        continue;
      auto *type = dyn_cast<StructType>(symbol->getType());
      if (!type || !llvm::any_of(buffers, [&](const Buffer &buffer) {
            return buffer.type == type;
          }))
        continue;
      // field offset -> annotation operand index.
      std::map<uint64_t, unsigned> byOffset;
      for (unsigned f = 1; f < annotation->getNumOperands(); ++f) {
        const MDNode *field = getNode(annotation, f);
        if (!field || getInt(field, 0) != 6u)
          continue; // template arguments
        for (unsigned t = 0; t + 1 < field->getNumOperands(); t += 2)
          if (getInt(field, t) == FieldOffsetTag)
            byOffset[getInt(field, t + 1).value_or(0)] = f;
      }
      std::set<unsigned> used;
      if (byOffset.size() >= 2)
        for (uint64_t byte : readBytes[type]) {
          auto it = byOffset.upper_bound(byte);
          if (it != byOffset.begin())
            used.insert(std::prev(it)->second);
        }
      SmallVector<Metadata *> fields(annotation->op_begin(),
                                     annotation->op_end());
      for (auto [offset, f] : byOffset)
        fields[f] = withUsed(context, getNode(annotation, f), used.count(f));
      operands[i + 1] = MDNode::get(context, fields);
      changed = true;
    }
    if (changed)
      annotations->setOperand(n, MDNode::get(context, operands));
  }
}
