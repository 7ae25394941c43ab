//===- SignatureUsage.cpp - which signature components the code uses -----===//
//
// A signature element's usage mask (metadata tag 3) says which of its
// components the shader reads (inputs) or writes (outputs); its dynamic
// index mask (tag 2) which ones it addresses with a row computed at run
// time. ISG1/OSG1 and PSV0 carry them, and DXC's validator recomputes them
// from the loadInput/storeOutput calls of the final module, so they are set
// here from those calls, after optimization removed the unused ones. The
// same calls show whether each system-value output is written completely,
// which the validator requires.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "HLSL/Target/DXIL/DXILMetadata.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace llvm;
using namespace mlir::hlsl::dxil::metadata;

namespace {
constexpr unsigned LoadInput = 4, StoreOutput = 5;
constexpr unsigned DynamicIndexMaskTag = 2, UsageMaskTag = 3;

struct Usage {
  unsigned mask = 0, dynamicIndexMask = 0;
};

/// The element record with its tags 2 and 3 replaced by `usage` (left out
/// when zero, and the tag list null when empty, as DXC writes it).
MDNode *withUsage(LLVMContext &context, const MDNode *record, Usage usage) {
  SmallVector<Metadata *> tags;
  if (const MDNode *old = getNode(record, 10))
    for (unsigned i = 0; i + 1 < old->getNumOperands(); i += 2) {
      std::optional<uint64_t> tag = getInt(old, i);
      if (tag == DynamicIndexMaskTag || tag == UsageMaskTag)
        continue;
      tags.push_back(old->getOperand(i).get());
      tags.push_back(old->getOperand(i + 1).get());
    }
  Type *i32 = Type::getInt32Ty(context);
  auto add = [&](unsigned tag, unsigned value) {
    if (!value)
      return;
    tags.push_back(ConstantAsMetadata::get(ConstantInt::get(i32, tag)));
    tags.push_back(ConstantAsMetadata::get(ConstantInt::get(i32, value)));
  };
  add(DynamicIndexMaskTag, usage.dynamicIndexMask);
  add(UsageMaskTag, usage.mask);
  SmallVector<Metadata *> operands(record->op_begin(), record->op_end());
  operands[10] = tags.empty() ? nullptr : MDNode::get(context, tags);
  return MDNode::get(context, operands);
}

/// (input or output, element id) -> the components the module's
/// loadInput/storeOutput calls read or write.
using Usages = std::map<std::pair<bool, uint64_t>, Usage>;

Usages collectUsages(const Module &module) {
  Usages usages;
  for (const Function &func : module)
    for (const Instruction &inst : instructions(func)) {
      const auto *call = dyn_cast<CallInst>(&inst);
      if (!call || !call->getCalledFunction() ||
          !call->getCalledFunction()->getName().starts_with("dx.op.") ||
          call->arg_size() < 4)
        continue;
      auto *opcode = dyn_cast<ConstantInt>(call->getArgOperand(0));
      if (!opcode || (opcode->getZExtValue() != LoadInput &&
                      opcode->getZExtValue() != StoreOutput))
        continue;
      auto *id = dyn_cast<ConstantInt>(call->getArgOperand(1));
      auto *col = dyn_cast<ConstantInt>(call->getArgOperand(3));
      if (!id || !col || col->getZExtValue() > 3)
        continue;
      Usage &usage =
          usages[{opcode->getZExtValue() == StoreOutput, id->getZExtValue()}];
      unsigned bit = 1u << col->getZExtValue();
      usage.mask |= bit;
      if (!isa<ConstantInt>(call->getArgOperand(2)))
        usage.dynamicIndexMask |= bit;
    }
  return usages;
}

/// The validator's Sm.UndefinedOutput and Sm.CompletePosition: a
/// system-value output other than a render target is written in every
/// component, on some path (an out parameter never assigned leaves it
/// unwritten). The error is at the entry's line.
Error verifyWritten(const MDNode *entry, const MDNode *record, Usage usage) {
  constexpr uint64_t ArbitraryKind = 0, TargetKind = 16;
  std::optional<uint64_t> kind = getInt(record, 3);
  std::optional<uint64_t> columns = getInt(record, 7);
  if (!kind || !columns || *kind == ArbitraryKind || *kind == TargetKind)
    return Error::success();
  unsigned required = (1u << *columns) - 1;
  if ((usage.mask & required) == required)
    return Error::success();
  std::string location;
  if (const auto *function =
          mdconst::dyn_extract_or_null<Function>(entry->getOperand(0)))
    if (const DISubprogram *program = function->getSubprogram()) {
      SmallString<128> path(program->getDirectory());
      sys::path::append(path, program->getFilename());
      location = (path + ":" + Twine(program->getLine()) + ":1: ").str();
    }
  std::string components;
  for (unsigned c = 0; c < *columns; ++c)
    components += (usage.mask >> c) & 1 ? "xyzw"[c] : '-';
  StringRef name;
  if (const auto *text = dyn_cast_or_null<MDString>(record->getOperand(1)))
    name = text->getString();
  return createStringError(
      inconvertibleErrorCode(),
      location + "the system-value output '" + name +
          "' is not written in every component (written: " + components +
          "); the entry point must write all of it");
}
} // namespace

Error mlir::hlsl::setSignatureUsageForDXIL(Module &module) {
  NamedMDNode *entries = module.getNamedMetadata("dx.entryPoints");
  if (!entries || entries->getNumOperands() == 0)
    return Error::success();
  Usages usages = collectUsages(module);
  LLVMContext &context = module.getContext();
  for (unsigned e = 0; e < entries->getNumOperands(); ++e) {
    MDNode *entry = entries->getOperand(e);
    const MDNode *signatures = getNode(entry, 2);
    if (!signatures)
      continue;
    SmallVector<Metadata *> lists(signatures->op_begin(), signatures->op_end());
    for (unsigned list = 0; list < 2 && list < lists.size(); ++list) {
      const MDNode *elements = getNode(signatures, list);
      if (!elements)
        continue;
      SmallVector<Metadata *> records;
      for (const MDOperand &operand : elements->operands()) {
        auto *record = dyn_cast_or_null<MDNode>(operand.get());
        if (!record || record->getNumOperands() < 11) {
          records.push_back(operand.get());
          continue;
        }
        uint64_t id = getInt(record, 0).value_or(~0ull);
        Usage usage = usages[{list == 1, id}];
        if (list == 1)
          if (Error error = verifyWritten(entry, record, usage))
            return error;
        records.push_back(withUsage(context, record, usage));
      }
      lists[list] = MDNode::get(context, records);
    }
    SmallVector<Metadata *> operands(entry->op_begin(), entry->op_end());
    operands[2] = MDNode::get(context, lists);
    entries->setOperand(e, MDNode::get(context, operands));
  }
  return Error::success();
}
