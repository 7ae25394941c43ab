//===- LockstepWaves.cpp - waves run segment by segment
//--------------------===//
//
// A shader whose wave operations every lane executes exactly once, in the
// same order (each in a block that is in no loop and post-dominates the
// entry), does not need a fiber per lane: the lanes of a wave can run the
// code up to the first wave operation one after another, then the
// operation for all of them, then the code up to the next one, and so on.
//
// The lane function is cloned with the wave's frames and the lane's index
// as arguments; every alloca becomes a slot of the frames, and every value
// used beyond the next wave operation is demoted to a slot, so that nothing
// but the frames carries a lane's state from one segment to the next. The
// frames are laid out slot by slot (the slot of lane i at slot base + i *
// slot stride), so that a segment's loop over the lanes reads and writes
// each slot contiguously and can be vectorized. Segment k is a clone that
// starts after wave operation k and returns in front of operation k + 1.
// The wave function loops over the lanes of a wave per segment and runs
// each operation inline (LockstepWaveOps.cpp) or with hlslrt_wave_lockstep.
//
//===----------------------------------------------------------------------===//

#include "LockstepWaves.h"
#include "LockstepWaveOps.h"

#include "HLSL/Execution/HostLowering.h"
#include "HLSL/Execution/RuntimeABI.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace mlir::hlsl::exec;

namespace {

/// One wave operation: the block that holds only its call, the block after
/// it, and where its operands live in the frame.
struct Cut {
  CallInst *call;
  BasicBlock *callBlock = nullptr, *next = nullptr;
  LockstepWaveOp op;
};

uint32_t constantOperand(CallInst *call, unsigned i) {
  auto *value = dyn_cast<ConstantInt>(call->getArgOperand(i));
  return value ? uint32_t(value->getZExtValue()) : ~0u;
}

/// The lane function with the frames and the lane's index as arguments:
/// (group, x, y, z, frames, lane).
Function *cloneWithFrames(Function &lane) {
  LLVMContext &context = lane.getContext();
  SmallVector<Type *> params(lane.getFunctionType()->params());
  params.push_back(PointerType::get(context, 0));
  params.push_back(Type::getInt32Ty(context));
  auto *type = FunctionType::get(Type::getVoidTy(context), params, false);
  Function *body = Function::Create(type, GlobalValue::InternalLinkage,
                                    "hlsl.run.wave.body", lane.getParent());
  ValueToValueMapTy map;
  for (auto [from, to] : llvm::zip(lane.args(), body->args()))
    map[&from] = &to;
  SmallVector<ReturnInst *> returns;
  CloneFunctionInto(body, &lane, map, CloneFunctionChangeType::LocalChangesOnly,
                    returns);
  return body;
}

/// laneThreadId (RuntimeABI.h) in IR: the thread-in-group id of the
/// group's lane `index`.
void threadIdOfLane(IRBuilder<> &b, Value *index,
                    const std::array<uint32_t, 3> &numThreads, Value *id[3]) {
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

} // namespace

std::optional<uint64_t> mlir::hlsl::exec::buildLockstepWaveFunction(
    Module &module, Function &lane, StringRef waveCallee,
    std::array<uint32_t, 3> numThreads, uint32_t waveSize) {
  Function *waveFn = module.getFunction(waveCallee);
  if (!waveFn)
    return std::nullopt;
  for (const Instruction &inst : instructions(lane))
    if (isa<AllocaInst>(inst) && inst.getParent() != &lane.getEntryBlock())
      return std::nullopt;

  Function *body = cloneWithFrames(lane);
  auto giveUp = [&]() -> std::optional<uint64_t> {
    body->eraseFromParent();
    return std::nullopt;
  };
  SmallVector<Cut> cuts;
  for (Instruction &inst : instructions(*body))
    if (auto *call = dyn_cast<CallInst>(&inst);
        call && call->getCalledFunction() == waveFn)
      cuts.push_back({call, nullptr, nullptr, {}});
  if (cuts.empty())
    return giveUp();

  // Every wave operation once per lane: in no loop, on every path.
  {
    DominatorTree dominators(*body);
    PostDominatorTree postDominators(*body);
    LoopInfo loops(dominators);
    for (Cut &cut : cuts) {
      BasicBlock *block = cut.call->getParent();
      if (loops.getLoopFor(block) ||
          !postDominators.dominates(block, &body->getEntryBlock()))
        return giveUp();
      for (unsigned i :
           {wave_arg::Opcode, wave_arg::Type, wave_arg::Op, wave_arg::Sign})
        if (constantOperand(cut.call, i) == ~0u)
          return giveUp();
      if (constantOperand(cut.call, wave_arg::Depth) != 0)
        return giveUp();
    }
  }

  // The entry keeps the allocas alone (the lowering also puts stores of
  // static variables' initial values there); each call gets a block of
  // its own.
  BasicBlock &entry = body->getEntryBlock();
  SmallVector<AllocaInst *> allocas;
  for (Instruction &inst : entry)
    if (auto *slot = dyn_cast<AllocaInst>(&inst))
      allocas.push_back(slot);
  for (AllocaInst *slot : llvm::reverse(allocas))
    slot->moveBefore(entry.begin());
  BasicBlock::iterator firstCode = entry.begin();
  while (isa<AllocaInst>(*firstCode))
    ++firstCode;
  BasicBlock *start = SplitBlock(&entry, &*firstCode);
  for (Cut &cut : cuts) {
    cut.callBlock = SplitBlock(cut.call->getParent(), cut.call);
    cut.next = SplitBlock(cut.callBlock, cut.call->getNextNode());
  }
  DominatorTree dominators(*body);
  // The calls lie on every path, so dominance orders them (strictly).
  llvm::sort(cuts, [&](const Cut &a, const Cut &b) {
    return a.callBlock != b.callBlock &&
           dominators.dominates(a.callBlock, b.callBlock);
  });

  // Segment of a block: how many wave operations lie before it.
  DenseMap<const BasicBlock *, unsigned> segment;
  for (BasicBlock &block : *body) {
    unsigned index = 0;
    for (const Cut &cut : cuts)
      index += dominators.dominates(cut.next, &block);
    segment[&block] = index;
  }
  SmallVector<Instruction *> crossing;
  for (BasicBlock &block : *body)
    for (Instruction &inst : block) {
      if (isa<AllocaInst>(inst))
        continue;
      for (User *user : inst.users())
        if (auto *use = dyn_cast<Instruction>(user);
            use && segment.lookup(use->getParent()) != segment[&block]) {
          crossing.push_back(&inst);
          break;
        }
    }
  for (Instruction *inst : crossing)
    DemoteRegToStack(*inst, false, entry.getTerminator()->getIterator());

  // The operand, extra words and result of each wave operation are
  // allocas of the lowering.
  SmallVector<std::array<AllocaInst *, 3>> operandSlots;
  for (Cut &cut : cuts) {
    cut.op.opcode = constantOperand(cut.call, wave_arg::Opcode);
    cut.op.type = constantOperand(cut.call, wave_arg::Type);
    cut.op.op = constantOperand(cut.call, wave_arg::Op);
    cut.op.sign = constantOperand(cut.call, wave_arg::Sign);
    std::array<AllocaInst *, 3> operands;
    for (unsigned i = 0; i < 3; ++i)
      if (!(operands[i] = dyn_cast<AllocaInst>(
                cut.call->getArgOperand(wave_arg::Value + i))))
        return giveUp();
    operandSlots.push_back(operands);
  }

  // Allocas become slots of the frames: `waveSize` lanes' copies of each,
  // one after another.
  const DataLayout &layout = module.getDataLayout();
  Value *bodyFrames = body->getArg(body->arg_size() - 2);
  Value *laneIndex = body->getArg(body->arg_size() - 1);
  DenseMap<const Value *, FrameSlot> slots;
  uint64_t frameBytes = 0;
  IRBuilder<> builder(entry.getTerminator());
  Value *lane64 = builder.CreateZExt(laneIndex, builder.getInt64Ty());
  for (Instruction &inst : make_early_inc_range(entry)) {
    auto *slot = dyn_cast<AllocaInst>(&inst);
    if (!slot)
      continue;
    std::optional<TypeSize> size = slot->getAllocationSize(layout);
    if (!size || size->isScalable())
      return giveUp();
    FrameSlot place;
    place.stride = alignTo(size->getFixedValue(), slot->getAlign());
    place.base = alignTo(frameBytes, 64);
    frameBytes = place.base + place.stride * waveSize;
    slots[slot] = place;
    Value *address = builder.CreateInBoundsGEP(
        builder.getInt8Ty(), bodyFrames,
        builder.CreateAdd(
            builder.getInt64(place.base),
            builder.CreateMul(lane64, builder.getInt64(place.stride))),
        slot->getName());
    slot->replaceAllUsesWith(address);
    slot->eraseFromParent();
  }
  frameBytes = alignTo(frameBytes, 64);
  for (auto [cut, operands] : llvm::zip(cuts, operandSlots)) {
    cut.op.value = slots.lookup(operands[0]);
    cut.op.extra = slots.lookup(operands[1]);
    cut.op.result = slots.lookup(operands[2]);
  }

  // Segment k: from the block after operation k (the start for k = 0) to
  // the return in front of operation k + 1.
  SmallVector<Function *> segments;
  for (unsigned k = 0; k <= cuts.size(); ++k) {
    ValueToValueMapTy map;
    Function *clone = CloneFunction(body, map);
    clone->setName("hlsl.run.wave.segment" + Twine(k));
    clone->addFnAttr(Attribute::AlwaysInline);
    auto *from = cast<BasicBlock>(map[k == 0 ? start : cuts[k - 1].next]);
    cast<BranchInst>(clone->getEntryBlock().getTerminator())
        ->setSuccessor(0, from);
    if (k < cuts.size()) {
      auto *stop = cast<BasicBlock>(map[cuts[k].callBlock]);
      while (!stop->empty())
        stop->back().eraseFromParent();
      ReturnInst::Create(module.getContext(), stop);
    }
    removeUnreachableBlocks(*clone);
    segments.push_back(clone);
  }
  body->eraseFromParent();

  // void wave(GroupContext *group, i32 firstLane, i32 count, i8 *frames):
  // per segment, a loop over the lanes, then the wave operation.
  LLVMContext &context = module.getContext();
  Type *ptr = PointerType::get(context, 0);
  Type *i32 = Type::getInt32Ty(context), *i64 = Type::getInt64Ty(context);
  Function *wave = Function::Create(
      FunctionType::get(Type::getVoidTy(context), {ptr, i32, i32, ptr}, false),
      GlobalValue::ExternalLinkage, HostWaveFunctionName, module);
  FunctionCallee lockstep = module.getOrInsertFunction(
      "hlslrt_wave_lockstep", Type::getVoidTy(context), ptr, i32, i32, i32, i32,
      ptr, i64, i64, i64, i64, i64, i64, i32);
  // The frames are the wave function's own memory: no resource aliases it.
  wave->addParamAttr(3, Attribute::NoAlias);
  Value *group = wave->getArg(0), *firstLane = wave->getArg(1),
        *count = wave->getArg(2), *frames = wave->getArg(3);
  BasicBlock *current = BasicBlock::Create(context, "entry", wave);
  builder.SetInsertPoint(current);
  for (unsigned k = 0; k < segments.size(); ++k) {
    BasicBlock *loop = BasicBlock::Create(context, "segment", wave);
    BasicBlock *after = BasicBlock::Create(context, "after", wave);
    builder.CreateCondBr(builder.CreateICmpEQ(count, builder.getInt32(0)),
                         after, loop);
    builder.SetInsertPoint(loop);
    PHINode *index = builder.CreatePHI(i32, 2, "lane");
    index->addIncoming(builder.getInt32(0), current);
    SmallVector<Value *, 6> args = {group};
    Value *ids[3];
    threadIdOfLane(builder,
                   builder.CreateAdd(firstLane, index, "", /*HasNUW=*/true,
                                     /*HasNSW=*/true),
                   numThreads, ids);
    args.append(std::begin(ids), std::end(ids));
    args.push_back(frames);
    args.push_back(index);
    builder.CreateCall(segments[k], args);
    Value *next = builder.CreateAdd(index, builder.getInt32(1));
    index->addIncoming(next, loop);
    builder.CreateCondBr(builder.CreateICmpULT(next, count), loop, after);
    builder.SetInsertPoint(after);
    if (k < cuts.size()) {
      const LockstepWaveOp &op = cuts[k].op;
      if (!emitInlineWaveOp(builder, op, frames, count))
        builder.CreateCall(
            lockstep,
            {group, builder.getInt32(op.opcode), builder.getInt32(op.type),
             builder.getInt32(op.op), builder.getInt32(op.sign), frames,
             builder.getInt64(op.value.base), builder.getInt64(op.value.stride),
             builder.getInt64(op.extra.base), builder.getInt64(op.extra.stride),
             builder.getInt64(op.result.base),
             builder.getInt64(op.result.stride), count});
      after = builder.GetInsertBlock();
    }
    current = after;
  }
  builder.CreateRetVoid();
  return frameBytes;
}
