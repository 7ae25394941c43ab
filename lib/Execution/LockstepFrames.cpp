//===- LockstepFrames.cpp - lanes whose state lives in frames -------------===//

#include "LockstepFrames.h"

#include "HLSL/Execution/RuntimeABI.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace mlir::hlsl::exec;

/// A copy of `source` of type `type` (whose leading parameters are
/// `source`'s), named `name`; `map` maps `source`'s values to the copy's
/// and `returns` receives its returns.
static Function *cloneAs(Function &source, FunctionType *type, StringRef name,
                         ValueToValueMapTy &map,
                         SmallVectorImpl<ReturnInst *> &returns) {
  Function *copy = Function::Create(type, GlobalValue::InternalLinkage, name,
                                    source.getParent());
  for (auto [from, to] : llvm::zip(source.args(), copy->args()))
    map[&from] = &to;
  CloneFunctionInto(copy, &source, map,
                    CloneFunctionChangeType::LocalChangesOnly, returns);
  return copy;
}

Function *mlir::hlsl::exec::cloneWithFrames(Function &lane, StringRef name) {
  LLVMContext &context = lane.getContext();
  SmallVector<Type *> params(lane.getFunctionType()->params());
  params.push_back(PointerType::get(context, 0));
  params.push_back(Type::getInt32Ty(context));
  ValueToValueMapTy map;
  SmallVector<ReturnInst *> returns;
  return cloneAs(lane,
                 FunctionType::get(Type::getVoidTy(context), params, false),
                 name, map, returns);
}

std::optional<std::pair<Function *, SmallVector<CallInst *>>>
mlir::hlsl::exec::cloneLaneWithCuts(Function &lane, Function *cut,
                                    StringRef name) {
  if (!cut)
    return std::nullopt;
  for (const Instruction &inst : instructions(lane))
    if (isa<AllocaInst>(inst) && inst.getParent() != &lane.getEntryBlock())
      return std::nullopt;
  Function *body = cloneWithFrames(lane, name);
  SmallVector<CallInst *> calls;
  for (Instruction &inst : instructions(*body))
    if (auto *call = dyn_cast<CallInst>(&inst);
        call && call->getCalledFunction() == cut)
      calls.push_back(call);
  if (calls.empty()) {
    body->eraseFromParent();
    return std::nullopt;
  }
  return std::make_pair(body, std::move(calls));
}

BasicBlock *mlir::hlsl::exec::separateEntryAllocas(Function &body) {
  // (The lowering also puts stores of static variables' initial values in
  // the entry.)
  BasicBlock &entry = body.getEntryBlock();
  SmallVector<AllocaInst *> allocas;
  for (Instruction &inst : entry)
    if (auto *slot = dyn_cast<AllocaInst>(&inst))
      allocas.push_back(slot);
  for (AllocaInst *slot : llvm::reverse(allocas))
    slot->moveBefore(entry.begin());
  BasicBlock::iterator firstCode = entry.begin();
  while (isa<AllocaInst>(*firstCode))
    ++firstCode;
  return SplitBlock(&entry, &*firstCode);
}

void mlir::hlsl::exec::threadIdOfLane(IRBuilder<> &b, Value *index,
                                      const std::array<uint32_t, 3> &numThreads,
                                      Value *id[3]) {
  const uint32_t *n = numThreads.data();
  if (n[1] == 1 && n[2] == 1) {
    id[0] = index;
    id[1] = id[2] = b.getInt32(0);
    return;
  }
  uint32_t plane = n[0] * n[1];
  Value *inPlane = b.CreateURem(index, b.getInt32(plane));
  id[2] = b.CreateUDiv(index, b.getInt32(plane));
  if (!hasQuadLayout2D(n)) {
    id[0] = b.CreateURem(inPlane, b.getInt32(n[0]));
    id[1] = b.CreateUDiv(inPlane, b.getInt32(n[0]));
    return;
  }
  Value *quad = b.CreateLShr(inPlane, b.getInt32(2));
  Value *corner = b.CreateAnd(inPlane, b.getInt32(3));
  uint32_t quadsPerRow = n[0] / 2;
  id[0] =
      b.CreateAdd(b.CreateShl(b.CreateURem(quad, b.getInt32(quadsPerRow)), 1),
                  b.CreateAnd(corner, b.getInt32(1)));
  id[1] =
      b.CreateAdd(b.CreateShl(b.CreateUDiv(quad, b.getInt32(quadsPerRow)), 1),
                  b.CreateLShr(corner, b.getInt32(1)));
}

namespace {
/// Whether `inst` is computed from the lane function's arguments and
/// constants only, by a few instructions without side effects (reads of
/// the group context are invariant loads).
bool isRecomputable(const Instruction *inst, unsigned depth = 0) {
  if (depth > 8 || isa<PHINode>(inst) || isa<CallBase>(inst) ||
      inst->mayHaveSideEffects() || inst->isTerminator() ||
      isa<AllocaInst>(inst))
    return false;
  if (inst->mayReadFromMemory() &&
      !(isa<LoadInst>(inst) &&
        inst->hasMetadata(LLVMContext::MD_invariant_load)))
    return false;
  for (const Value *operand : inst->operands()) {
    if (isa<Argument>(operand) || isa<Constant>(operand))
      continue;
    auto *def = dyn_cast<Instruction>(operand);
    if (!def || !isRecomputable(def, depth + 1))
      return false;
  }
  return true;
}

/// A copy of recomputable `inst` (isRecomputable) and what it needs, in
/// front of `point`.
Value *recompute(Instruction *inst, Instruction *point) {
  Instruction *copy = inst->clone();
  for (Use &operand : copy->operands())
    if (auto *def = dyn_cast<Instruction>(operand.get()))
      operand.set(recompute(def, point));
  copy->insertBefore(point->getIterator());
  return copy;
}
} // namespace

void mlir::hlsl::exec::carryAcrossCuts(
    Function &body, function_ref<bool(const Use &)> crossesCut) {
  BasicBlock &entry = body.getEntryBlock();
  SmallVector<Instruction *> demoted;
  for (BasicBlock &block : body)
    for (Instruction &inst : block) {
      if (isa<AllocaInst>(inst))
        continue;
      SmallVector<Use *> crossingUses;
      for (Use &use : inst.uses())
        if (isa<Instruction>(use.getUser()) && crossesCut(use))
          crossingUses.push_back(&use);
      if (crossingUses.empty())
        continue;
      if (!isRecomputable(&inst)) {
        demoted.push_back(&inst);
        continue;
      }
      for (Use *use : crossingUses) {
        auto *user = cast<Instruction>(use->getUser());
        Instruction *point = user;
        if (auto *phi = dyn_cast<PHINode>(user))
          point = phi->getIncomingBlock(*use)->getTerminator();
        use->set(recompute(&inst, point));
      }
    }
  for (Instruction *inst : demoted)
    DemoteRegToStack(*inst, false, entry.getTerminator()->getIterator());
}

std::optional<uint64_t> mlir::hlsl::exec::layOutFrameSlots(
    Function &body, uint32_t lanes,
    function_ref<std::optional<SlotSize>(AllocaInst &)> special,
    DenseMap<const Value *, FrameSlot> &slots) {
  const DataLayout &layout = body.getParent()->getDataLayout();
  BasicBlock &entry = body.getEntryBlock();
  for (Instruction &inst : entry)
    if (auto *slot = dyn_cast<AllocaInst>(&inst)) {
      std::optional<TypeSize> size = slot->getAllocationSize(layout);
      if (!size || size->isScalable())
        return std::nullopt;
    }
  Value *frames = body.getArg(body.arg_size() - 2);
  Value *laneIndex = body.getArg(body.arg_size() - 1);
  uint64_t frameBytes = 0;
  IRBuilder<> builder(entry.getTerminator());
  Value *lane64 = builder.CreateZExt(laneIndex, builder.getInt64Ty());
  for (Instruction &inst : make_early_inc_range(entry)) {
    auto *slot = dyn_cast<AllocaInst>(&inst);
    if (!slot)
      continue;
    FrameSlot place;
    place.stride = alignTo(slot->getAllocationSize(layout)->getFixedValue(),
                           slot->getAlign());
    uint64_t bytes = place.stride * lanes;
    if (std::optional<SlotSize> size = special(*slot)) {
      place.stride = size->stride;
      bytes = size->bytes;
    }
    place.base = alignTo(frameBytes, 64);
    frameBytes = place.base + bytes;
    slots[slot] = place;
    Value *address = builder.CreateInBoundsGEP(
        builder.getInt8Ty(), frames,
        builder.CreateAdd(
            builder.getInt64(place.base),
            builder.CreateMul(lane64, builder.getInt64(place.stride))),
        slot->getName());
    slot->replaceAllUsesWith(address);
    slot->eraseFromParent();
  }
  return alignTo(frameBytes, 64);
}

Function *
mlir::hlsl::exec::cloneSegment(Function &body, StringRef name, BasicBlock *from,
                               ArrayRef<BasicBlock *> stops, Type *returnType,
                               function_ref<Value *(unsigned)> stopValue,
                               Value *finished) {
  LLVMContext &context = body.getContext();
  ValueToValueMapTy map;
  SmallVector<ReturnInst *> returns;
  Function *segment =
      cloneAs(body,
              FunctionType::get(returnType, body.getFunctionType()->params(),
                                /*isVarArg=*/false),
              name, map, returns);
  if (finished)
    for (ReturnInst *ret : returns) {
      ReturnInst::Create(context, finished, ret->getIterator());
      ret->eraseFromParent();
    }
  segment->addFnAttr(Attribute::AlwaysInline);
  cast<BranchInst>(segment->getEntryBlock().getTerminator())
      ->setSuccessor(0, cast<BasicBlock>(map[from]));
  for (auto [i, stop] : llvm::enumerate(stops)) {
    auto *copy = cast<BasicBlock>(map[stop]);
    while (!copy->empty())
      copy->back().eraseFromParent();
    ReturnInst::Create(context, stopValue(i), copy);
  }
  removeUnreachableBlocks(*segment);
  return segment;
}
