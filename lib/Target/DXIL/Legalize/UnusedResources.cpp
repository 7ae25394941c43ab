//===- UnusedResources.cpp - Drop resources the final code never uses -----===//
//
// The hlsl dialect drops resources nothing refers to, but a resource whose
// only uses are in code the optimizer deletes (a load whose value is never
// read, a branch folded away) is still declared after LLVM's pipeline. DXC
// declares the resources of the final code only, and applications bind
// what its reflection lists: a root signature without a range for such a
// resource would be refused at pipeline creation if the container declared
// it. Records without a handle creation are dropped and the rest renumbered.
//
//===----------------------------------------------------------------------===//

#include "DXILCalls.h"
#include "HLSL/Target/DXIL/DXILMetadata.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"
#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using mlir::hlsl::dxil::metadata::getInt;
using mlir::hlsl::dxil::metadata::getNode;
using mlir::hlsl::dxil::metadata::getSingle;
using mlir::hlsl::dxil::metadata::getString;

namespace {
/// A resource range as a handle creation names it: by record (class, ID)
/// before shader model 6.6, by binding (class, space, lower bound) from it.
struct UsedRanges {
  DenseSet<std::pair<unsigned, unsigned>> ids;
  DenseSet<std::tuple<unsigned, unsigned, unsigned>> bindings;
  SmallVector<CallInst *> createHandles;
};

/// Nullopt when a handle creation names its range by a computed value.
std::optional<UsedRanges> collectUsedRanges(Module &module) {
  UsedRanges used;
  for (Function &function : module) {
    if (!function.getName().starts_with("dx.op.createHandle"))
      continue;
    for (User *user : function.users()) {
      auto *call = dyn_cast<CallInst>(user);
      if (!call)
        return std::nullopt;
      std::optional<unsigned> opcode = mlir::hlsl::dxil::getDXILOpcode(*call);
      if (opcode == mlir::hlsl::dxil::CreateHandle) {
        auto *cls = dyn_cast<ConstantInt>(call->getArgOperand(1));
        auto *id = dyn_cast<ConstantInt>(call->getArgOperand(2));
        if (!cls || !id)
          return std::nullopt;
        used.ids.insert(
            {unsigned(cls->getZExtValue()), unsigned(id->getZExtValue())});
        used.createHandles.push_back(call);
      } else if (opcode == mlir::hlsl::dxil::CreateHandleFromBinding) {
        std::optional<mlir::hlsl::dxil::ResourceBinding> bind =
            mlir::hlsl::dxil::getConstantBinding(*call);
        if (!bind)
          return std::nullopt;
        used.bindings.insert({unsigned(bind->cls), unsigned(bind->space),
                              unsigned(bind->lower)});
      }
    }
  }
  return used;
}

bool isLibrary(const Module &module) {
  return getString(getSingle(module, "dx.shaderModel"), 0) == "lib";
}
} // namespace

std::vector<std::string>
mlir::hlsl::dropUnusedResourcesForDXIL(Module &module) {
  std::vector<std::string> dropped;
  NamedMDNode *named = module.getNamedMetadata("dx.resources");
  if (!named || named->getNumOperands() != 1 || isLibrary(module))
    return dropped;
  MDNode *lists = named->getOperand(0);
  std::optional<UsedRanges> used = collectUsedRanges(module);
  if (!used || lists->getNumOperands() != 4)
    return dropped;
  LLVMContext &context = module.getContext();
  Type *i32 = Type::getInt32Ty(context);
  // (class, old ID) -> new ID, for the handle creations.
  DenseMap<std::pair<unsigned, unsigned>, unsigned> renumbered;
  SmallVector<Metadata *, 4> newLists;
  bool changed = false, anyLeft = false;
  for (unsigned cls = 0; cls < 4; ++cls) {
    const MDNode *list = getNode(lists, cls);
    SmallVector<Metadata *> kept;
    for (const MDOperand &operand :
         list ? list->operands() : ArrayRef<MDOperand>()) {
      auto *record = dyn_cast_or_null<MDNode>(operand.get());
      std::optional<uint64_t> id = record && record->getNumOperands() > 5
                                       ? getInt(record, 0)
                                       : std::nullopt;
      std::optional<uint64_t> space = id ? getInt(record, 3) : std::nullopt;
      std::optional<uint64_t> lower = id ? getInt(record, 4) : std::nullopt;
      if (!id || !space || !lower)
        return {}; // Not a record this knows: keep everything.
      if (!used->ids.contains({cls, unsigned(*id)}) &&
          !used->bindings.contains({cls, unsigned(*space), unsigned(*lower)})) {
        if (StringRef name = getString(record, 2); !name.empty())
          dropped.push_back(name.str());
        changed = true;
        continue;
      }
      unsigned newId = kept.size();
      renumbered[{cls, unsigned(*id)}] = newId;
      if (newId == *id) {
        kept.push_back(record);
        continue;
      }
      SmallVector<Metadata *> fields(record->op_begin(), record->op_end());
      fields[0] = ConstantAsMetadata::get(ConstantInt::get(i32, newId));
      kept.push_back(MDTuple::get(context, fields));
    }
    anyLeft |= !kept.empty();
    newLists.push_back(kept.empty() ? nullptr : MDTuple::get(context, kept));
  }
  if (!changed)
    return dropped;
  for (CallInst *call : used->createHandles) {
    unsigned cls =
        unsigned(cast<ConstantInt>(call->getArgOperand(1))->getZExtValue());
    unsigned id =
        unsigned(cast<ConstantInt>(call->getArgOperand(2))->getZExtValue());
    call->setArgOperand(2, ConstantInt::get(i32, renumbered.lookup({cls, id})));
  }
  MDNode *replacement = anyLeft ? MDTuple::get(context, newLists) : nullptr;
  // The entry points name the same node.
  if (NamedMDNode *entries = module.getNamedMetadata("dx.entryPoints"))
    for (unsigned i = 0; i < entries->getNumOperands(); ++i) {
      MDNode *entry = entries->getOperand(i);
      if (entry->getNumOperands() < 4 || entry->getOperand(3) != lists)
        continue;
      SmallVector<Metadata *> fields(entry->op_begin(), entry->op_end());
      fields[3] = replacement;
      entries->setOperand(i, MDTuple::get(context, fields));
    }
  if (replacement)
    named->setOperand(0, replacement);
  else
    module.eraseNamedMetadata(named);
  return dropped;
}
