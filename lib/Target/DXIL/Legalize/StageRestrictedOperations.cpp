//===- StageRestrictedOperations.cpp - operations the stage may not use ---===//
//
// Derivatives, implicit-LOD sampling, discard and the quad operations exist
// in some stages only, and DXC's validator refuses them on the final code:
// a vertex shader whose `Sample` result nothing uses compiles. The lowering
// marks the DXIL operations of an intrinsic the stage may not call with the
// reason (`hlsl.stage_error` metadata); the error is the first of them the
// optimizer keeps, at its location.
//
// The optimizer drops metadata it does not know when it merges two equal
// calls (GVN keeps one without it), and the location of calls it hoists
// out of both arms of a branch. Every call of a DXIL operation is equally
// misplaced in the shader's stage, so the operations marked before the
// optimizer are recorded with their reason and first location, and a kept
// call of one of them is the error even without its mark (at the recorded
// location if it lost its own).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using mlir::hlsl::dxil::kStageErrorName;

/// The reason a call's mark holds, if it has one.
static std::optional<StringRef> getMarkedReason(const Instruction &inst,
                                                unsigned kind) {
  const MDNode *node = inst.getMetadata(kind);
  if (!node || node->getNumOperands() != 1)
    return std::nullopt;
  if (auto *reason = dyn_cast_or_null<MDString>(node->getOperand(0).get()))
    return reason->getString();
  return std::nullopt;
}

void mlir::hlsl::recordStageRestrictedOperationsForDXIL(Module &module) {
  unsigned kind = module.getContext().getMDKindID(kStageErrorName);
  LLVMContext &context = module.getContext();
  Type *i32 = Type::getInt32Ty(context);
  DenseSet<unsigned> recordedOpcodes;
  NamedMDNode *recorded = nullptr;
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      auto *call = dyn_cast<CallInst>(&inst);
      std::optional<unsigned> opcode =
          call ? dxil::getDXILOpcode(*call) : std::nullopt;
      MDNode *mark = opcode ? call->getMetadata(kind) : nullptr;
      if (!mark || !recordedOpcodes.insert(*opcode).second)
        continue;
      if (!recorded)
        recorded = module.getOrInsertNamedMetadata(kStageErrorName);
      recorded->addOperand(MDNode::get(
          context, {ConstantAsMetadata::get(ConstantInt::get(i32, *opcode)),
                    mark->getOperand(0).get(), call->getDebugLoc().get()}));
    }
}

Error mlir::hlsl::reportStageRestrictedOperationsForDXIL(Module &module) {
  unsigned kind = module.getContext().getMDKindID(kStageErrorName);
  NamedMDNode *recorded = module.getNamedMetadata(kStageErrorName);
  if (!recorded)
    return Error::success();
  struct Recorded {
    StringRef reason;
    const DILocation *location;
  };
  DenseMap<unsigned, Recorded> byOpcode;
  for (const MDNode *entry : recorded->operands()) {
    auto *opcode = mdconst::dyn_extract<ConstantInt>(entry->getOperand(0));
    auto *reason = dyn_cast<MDString>(entry->getOperand(1).get());
    if (opcode && reason)
      byOpcode.try_emplace(
          opcode->getZExtValue(),
          Recorded{reason->getString(),
                   dyn_cast_or_null<DILocation>(entry->getOperand(2).get())});
  }
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      auto *call = dyn_cast<CallInst>(&inst);
      std::optional<unsigned> opcode =
          call ? dxil::getDXILOpcode(*call) : std::nullopt;
      if (!opcode)
        continue;
      auto it = byOpcode.find(*opcode);
      if (it == byOpcode.end())
        continue;
      StringRef reason =
          getMarkedReason(*call, kind).value_or(it->second.reason);
      const DILocation *location = call->getDebugLoc().get();
      if (!location || location->getLine() == 0)
        location = it->second.location;
      return createStringError(inconvertibleErrorCode(),
                               Twine(dxil::describeLocation(location)) +
                                   reason);
    }
  // (No mark is left: each is on a call of a recorded operation.)
  recorded->eraseFromParent();
  return Error::success();
}
