//===- InstructionMetadata.cpp - the instruction metadata DXIL knows -------===//
//
// DXC's validator accepts a few metadata kinds on instructions (loop hints,
// tbaa, range, noalias scopes and DXIL's own dx.*) and, in a loop's
// metadata, one unroll property of three (full, disable, count N). LLVM's
// optimizer adds others (branch weights, `llvm.loop.peeled.count`,
// `llvm.loop.mustprogress`, access groups...), which the validator rejects
// as malformed. They carry no meaning for the driver: they are dropped.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {
/// The loop's metadata as DXIL allows it: itself and at most its first
/// unroll property; null when the loop has no unroll property.
MDNode *legalLoopMetadata(MDNode *loop) {
  if (!loop || loop->getNumOperands() == 0 || loop->getOperand(0) != loop)
    return nullptr;
  for (unsigned i = 1; i < loop->getNumOperands(); ++i) {
    auto *property = dyn_cast_or_null<MDNode>(loop->getOperand(i).get());
    if (!property || property->getNumOperands() == 0)
      continue;
    auto *name = dyn_cast_or_null<MDString>(property->getOperand(0).get());
    if (!name)
      continue;
    StringRef kind = name->getString();
    bool valid = ((kind == "llvm.loop.unroll.full" ||
                   kind == "llvm.loop.unroll.disable") &&
                  property->getNumOperands() == 1) ||
                 (kind == "llvm.loop.unroll.count" &&
                  property->getNumOperands() == 2 &&
                  mdconst::dyn_extract_or_null<ConstantInt>(
                      property->getOperand(1)));
    if (!valid)
      continue;
    if (loop->getNumOperands() == 2)
      return loop; // already in DXIL's form
    LLVMContext &context = loop->getContext();
    MDNode *node =
        MDNode::getDistinct(context, {nullptr, property});
    node->replaceOperandWith(0, node);
    return node;
  }
  return nullptr;
}
} // namespace

void mlir::hlsl::legalizeInstructionMetadataForDXIL(Module &module) {
  LLVMContext &context = module.getContext();
  unsigned allowed[] = {LLVMContext::MD_tbaa, LLVMContext::MD_range,
                        LLVMContext::MD_noalias, LLVMContext::MD_alias_scope};
  SmallVector<unsigned> dxilKinds;
  for (StringRef name :
       {"dx.controlflow.hints", "dx.precise", "dx.nonuniform"})
    dxilKinds.push_back(context.getMDKindID(name));
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      if (!inst.hasMetadataOtherThanDebugLoc())
        continue;
      SmallVector<std::pair<unsigned, MDNode *>, 4> nodes;
      inst.getAllMetadataOtherThanDebugLoc(nodes);
      for (auto &[kind, node] : nodes) {
        if (kind == LLVMContext::MD_loop) {
          inst.setMetadata(kind, legalLoopMetadata(node));
          continue;
        }
        if (!llvm::is_contained(allowed, kind) &&
            !llvm::is_contained(dxilKinds, kind))
          inst.setMetadata(kind, nullptr);
      }
    }
}
