//===- LockstepWaves.cpp - waves run segment by segment
//--------------------===//
//
// A shader whose wave operations every lane executes exactly once, in the
// same order (each in a block that is in no loop and post-dominates the
// entry), does not need a fiber per lane: the lanes of a wave can run the
// code up to the first wave operation one after another, then the
// operation for all of them, then the code up to the next one, and so on.
//
// The lane function is cloned with a frame pointer argument; every alloca
// becomes a slot of the frame, and every value used beyond the next wave
// operation is demoted to a slot, so that nothing but the frame carries a
// lane's state from one segment to the next. Segment k is a clone that
// starts after wave operation k and returns in front of operation k + 1.
// The wave function loops over the lanes of a wave per segment and runs
// each operation with hlslrt_wave_lockstep on the frames.
//
//===----------------------------------------------------------------------===//

#include "LockstepWaves.h"
#include "LockstepWaveOps.h"

#include "HLSL/Execution/HostLowering.h"

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

/// The lane function with a frame argument: (group, x, y, z, frame).
Function *cloneWithFrame(Function &lane) {
  LLVMContext &context = lane.getContext();
  SmallVector<Type *> params(lane.getFunctionType()->params());
  params.push_back(PointerType::get(context, 0));
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

} // namespace

std::optional<uint64_t>
mlir::hlsl::exec::buildLockstepWaveFunction(Module &module, Function &lane,
                                            StringRef waveCallee) {
  Function *waveFn = module.getFunction(waveCallee);
  if (!waveFn)
    return std::nullopt;
  for (const Instruction &inst : instructions(lane))
    if (isa<AllocaInst>(inst) && inst.getParent() != &lane.getEntryBlock())
      return std::nullopt;

  Function *body = cloneWithFrame(lane);
  auto giveUp = [&]() -> std::optional<uint64_t> {
    body->eraseFromParent();
    return std::nullopt;
  };
  SmallVector<Cut> cuts;
  for (Instruction &inst : instructions(*body))
    if (auto *call = dyn_cast<CallInst>(&inst);
        call && call->getCalledFunction() == waveFn)
      cuts.push_back({call});
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
      for (unsigned i : {2u, 3u, 4u, 5u})
        if (constantOperand(cut.call, i) == ~0u)
          return giveUp();
      if (constantOperand(cut.call, 10) != 0)
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
  llvm::sort(cuts, [&](const Cut &a, const Cut &b) {
    return dominators.dominates(a.callBlock, b.callBlock);
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

  // Allocas become slots of the frame.
  const DataLayout &layout = module.getDataLayout();
  Value *frame = body->getArg(body->arg_size() - 1);
  DenseMap<const Value *, uint64_t> offsets;
  uint64_t frameBytes = 0;
  IRBuilder<> builder(entry.getTerminator());
  for (Instruction &inst : make_early_inc_range(entry)) {
    auto *slot = dyn_cast<AllocaInst>(&inst);
    if (!slot)
      continue;
    std::optional<TypeSize> size = slot->getAllocationSize(layout);
    if (!size || size->isScalable())
      return giveUp();
    frameBytes = alignTo(frameBytes, slot->getAlign());
    offsets[slot] = frameBytes;
    Value *address = builder.CreateConstInBoundsGEP1_64(
        builder.getInt8Ty(), frame, frameBytes, slot->getName());
    frameBytes += size->getFixedValue();
    slot->replaceAllUsesWith(address);
    slot->eraseFromParent();
  }
  frameBytes = alignTo(frameBytes, 16);
  for (Cut &cut : cuts) {
    cut.op.opcode = constantOperand(cut.call, 2);
    cut.op.type = constantOperand(cut.call, 3);
    cut.op.op = constantOperand(cut.call, 4);
    cut.op.sign = constantOperand(cut.call, 5);
    uint64_t *fields[] = {&cut.op.valueOffset, &cut.op.extraOffset,
                          &cut.op.resultOffset};
    for (unsigned i = 0; i < 3; ++i) {
      APInt offset(64, 0);
      Value *base =
          cut.call->getArgOperand(6 + i)->stripAndAccumulateConstantOffsets(
              layout, offset, true);
      if (base != frame)
        return giveUp();
      *fields[i] = offset.getZExtValue();
    }
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

  // void wave(GroupContext *group, const i32 *ids, i32 count, i8 *frames)
  LLVMContext &context = module.getContext();
  Type *ptr = PointerType::get(context, 0);
  Type *i32 = Type::getInt32Ty(context), *i64 = Type::getInt64Ty(context);
  Function *wave = Function::Create(
      FunctionType::get(Type::getVoidTy(context), {ptr, ptr, i32, ptr}, false),
      GlobalValue::ExternalLinkage, HostWaveFunctionName, module);
  FunctionCallee lockstep = module.getOrInsertFunction(
      "hlslrt_wave_lockstep", Type::getVoidTy(context), ptr, i32, i32, i32, i32,
      ptr, i64, i64, i64, i64, i32);
  Value *group = wave->getArg(0), *ids = wave->getArg(1),
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
    Value *laneFrame =
        builder.CreateGEP(builder.getInt8Ty(), frames,
                          builder.CreateMul(builder.CreateZExt(index, i64),
                                            builder.getInt64(frameBytes)));
    SmallVector<Value *, 5> args = {group};
    for (unsigned c = 0; c < 3; ++c)
      args.push_back(builder.CreateLoad(
          i32,
          builder.CreateGEP(
              i32, ids,
              builder.CreateAdd(builder.CreateMul(index, builder.getInt32(3)),
                                builder.getInt32(c)))));
    args.push_back(laneFrame);
    builder.CreateCall(segments[k], args);
    Value *next = builder.CreateAdd(index, builder.getInt32(1));
    index->addIncoming(next, loop);
    builder.CreateCondBr(builder.CreateICmpULT(next, count), loop, after);
    builder.SetInsertPoint(after);
    if (k < cuts.size()) {
      const LockstepWaveOp &op = cuts[k].op;
      if (!emitInlineWaveOp(builder, op, frames, frameBytes, count))
        builder.CreateCall(
            lockstep,
            {group, builder.getInt32(op.opcode), builder.getInt32(op.type),
             builder.getInt32(op.op), builder.getInt32(op.sign), frames,
             builder.getInt64(frameBytes), builder.getInt64(op.valueOffset),
             builder.getInt64(op.extraOffset),
             builder.getInt64(op.resultOffset), count});
      after = builder.GetInsertBlock();
    }
    current = after;
  }
  builder.CreateRetVoid();
  return frameBytes;
}
