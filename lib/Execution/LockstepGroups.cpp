//===- LockstepGroups.cpp - groups run barrier to barrier -----------------===//
//
// A group whose lanes meet at barriers (GroupMemoryBarrierWithGroupSync)
// runs in rounds: each round runs every lane that has not finished, one
// after another, from where it stopped to its next barrier or its end. The
// fibers do the same, switching stacks at every barrier; here a lane's
// state lives in frames (LockstepFrames.h) and the code between barriers is
// a region function per place a lane can resume at (the start, or after
// each barrier; loops may hold barriers), which returns where the lane
// stopped. When every lane resumes at the same place, which is what a
// barrier in uniform control flow gives, the round is one loop over the
// lanes calling that region, which the optimizer can vectorize across
// lanes; otherwise each lane's region is picked by a switch.
//
// A value is carried in the frames when some region reaches a use of it
// without passing its definition: checked by dominance in a copy of the
// body that starts where the region does and stops at every barrier.
//
//===----------------------------------------------------------------------===//

#include "LockstepGroups.h"
#include "LockstepFrames.h"

#include "HLSL/Execution/HostLowering.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace mlir::hlsl::exec;

namespace {
/// Where a lane resumes: region k (0, the start, or k - 1's barrier), or
/// nowhere (it has finished).
constexpr uint32_t Finished = ~0u;

/// Frames of more lanes than this go to fibers instead.
constexpr uint64_t MaxFrameBytes = 64u << 20;

/// The definitions some region reaches a use of without passing them.
DenseSet<const Instruction *>
findValuesCrossingBarriers(Function &body, ArrayRef<BasicBlock *> starts,
                           ArrayRef<BasicBlock *> stops) {
  DenseSet<const Instruction *> crossing;
  LLVMContext &context = body.getContext();
  for (BasicBlock *start : starts) {
    ValueToValueMapTy map;
    Function *copy = CloneFunction(&body, map);
    DenseMap<const Value *, const Instruction *> original;
    for (const auto &[from, to] : map)
      if (auto *inst = dyn_cast<Instruction>(from); inst && to)
        original[to] = inst;
    cast<BranchInst>(copy->getEntryBlock().getTerminator())
        ->setSuccessor(0, cast<BasicBlock>(map[start]));
    for (BasicBlock *stop : stops) {
      auto *block = cast<BasicBlock>(map[stop]);
      block->getTerminator()->eraseFromParent();
      new UnreachableInst(context, block);
    }
    DominatorTree dominators(*copy);
    for (BasicBlock &block : *copy) {
      if (!dominators.isReachableFromEntry(&block))
        continue;
      for (Instruction &inst : block)
        for (Use &use : inst.operands()) {
          auto *def = dyn_cast<Instruction>(use.get());
          if (!def || isa<AllocaInst>(def))
            continue;
          if (auto *phi = dyn_cast<PHINode>(&inst);
              phi &&
              !dominators.isReachableFromEntry(phi->getIncomingBlock(use)))
            continue;
          if (!dominators.dominates(def, use))
            crossing.insert(original.lookup(def));
        }
    }
    copy->eraseFromParent();
  }
  return crossing;
}
} // namespace

std::optional<uint64_t> mlir::hlsl::exec::buildLockstepGroupFunction(
    Module &module, Function &lane, StringRef syncCallee,
    std::array<uint32_t, 3> numThreads) {
  auto cloned = cloneLaneWithCuts(lane, module.getFunction(syncCallee),
                                  "hlsl.run.group.body");
  if (!cloned)
    return std::nullopt;
  auto [body, barriers] = std::move(*cloned);
  auto giveUp = [&, body = body]() -> std::optional<uint64_t> {
    body->eraseFromParent();
    return std::nullopt;
  };
  uint32_t lanes = numThreads[0] * numThreads[1] * numThreads[2];

  // Each barrier gets a block of its own; region k + 1 starts after
  // barrier k.
  SmallVector<BasicBlock *> starts = {separateEntryAllocas(*body)};
  SmallVector<BasicBlock *> stops;
  for (CallInst *barrier : barriers) {
    BasicBlock *callBlock = SplitBlock(barrier->getParent(), barrier);
    starts.push_back(SplitBlock(callBlock, barrier->getNextNode()));
    stops.push_back(callBlock);
  }

  DenseSet<const Instruction *> crossing =
      findValuesCrossingBarriers(*body, starts, stops);
  carryAcrossCuts(*body, [&](const Use &use) {
    auto *def = cast<Instruction>(use.get());
    auto *user = cast<Instruction>(use.getUser());
    const BasicBlock *at = user->getParent();
    if (auto *phi = dyn_cast<PHINode>(user))
      at = phi->getIncomingBlock(use);
    return crossing.contains(def) && at != def->getParent();
  });

  DenseMap<const Value *, FrameSlot> slots;
  std::optional<uint64_t> slotBytes = layOutFrameSlots(
      *body, lanes, [](AllocaInst &) { return std::nullopt; }, slots);
  if (!slotBytes || *slotBytes > MaxFrameBytes)
    return giveUp();
  // Where each lane resumes: an i32 per lane after the slots.
  uint64_t resumeBase = *slotBytes;
  uint64_t frameBytes = alignTo(resumeBase + 4 * uint64_t(lanes), 64);

  LLVMContext &context = module.getContext();
  Type *i32 = Type::getInt32Ty(context);
  SmallVector<Function *> regions;
  for (auto [k, start] : llvm::enumerate(starts))
    regions.push_back(cloneSegment(
        *body, ("hlsl.run.group.region" + Twine(k)).str(), start, stops, i32,
        [&](unsigned barrier) { return ConstantInt::get(i32, barrier + 1); },
        ConstantInt::get(i32, Finished)));
  body->eraseFromParent();

  // void group(GroupContext *group, i8 *frames)
  IRBuilder<> b(context);
  Type *ptr = PointerType::get(context, 0);
  Function *function = Function::Create(
      FunctionType::get(Type::getVoidTy(context), {ptr, ptr}, false),
      GlobalValue::ExternalLinkage, HostLockstepGroupFunctionName, module);
  function->addParamAttr(1, Attribute::NoAlias);
  Value *group = function->getArg(0), *frames = function->getArg(1);
  auto block = [&](StringRef name) {
    return BasicBlock::Create(context, name, function);
  };
  auto resumeOf = [&](Value *index) {
    return b.CreateInBoundsGEP(
        b.getInt8Ty(), frames,
        b.CreateAdd(
            b.getInt64(resumeBase),
            b.CreateMul(b.CreateZExt(index, b.getInt64Ty()), b.getInt64(4))));
  };
  // for (i = 0; i < lanes; ++i) body(i), from the current block; returns
  // the block after the loop.
  auto laneLoop = [&](StringRef name, function_ref<void(Value *)> body) {
    BasicBlock *before = b.GetInsertBlock();
    BasicBlock *loop = block(name), *after = block(name.str() + ".done");
    b.CreateBr(loop);
    b.SetInsertPoint(loop);
    PHINode *index = b.CreatePHI(i32, 2, "lane");
    index->addIncoming(b.getInt32(0), before);
    body(index);
    Value *next = b.CreateAdd(index, b.getInt32(1));
    index->addIncoming(next, b.GetInsertBlock());
    b.CreateCondBr(b.CreateICmpULT(next, b.getInt32(lanes)), loop, after);
    b.SetInsertPoint(after);
  };
  auto runRegion = [&](unsigned k, Value *index) {
    SmallVector<Value *, 6> args = {group};
    Value *ids[3];
    threadIdOfLane(b, index, numThreads, ids);
    args.append(std::begin(ids), std::end(ids));
    args.push_back(frames);
    args.push_back(index);
    b.CreateStore(b.CreateCall(regions[k], args), resumeOf(index));
  };

  b.SetInsertPoint(block("entry"));
  laneLoop("init", [&](Value *index) {
    b.CreateStore(b.getInt32(0), resumeOf(index));
  });
  BasicBlock *round = block("round"), *exit = block("exit");
  b.CreateBr(round);
  // Whether every lane resumes where lane 0 does.
  b.SetInsertPoint(round);
  Value *first = b.CreateLoad(i32, resumeOf(b.getInt32(0)), "first");
  Value *allSame = nullptr;
  laneLoop("scan", [&](Value *index) {
    PHINode *same = b.CreatePHI(b.getInt1Ty(), 2, "same");
    same->addIncoming(b.getTrue(), round);
    allSame = b.CreateAnd(
        same, b.CreateICmpEQ(b.CreateLoad(i32, resumeOf(index)), first));
    same->addIncoming(allSame, b.GetInsertBlock());
  });
  BasicBlock *uniform = block("uniform"), *mixed = block("mixed");
  b.CreateCondBr(allSame, uniform, mixed);
  // All at region k: one loop over the lanes calling it.
  b.SetInsertPoint(uniform);
  SwitchInst *pick = b.CreateSwitch(first, exit, regions.size());
  for (unsigned k = 0; k < regions.size(); ++k) {
    BasicBlock *start = block("uniform.region" + std::to_string(k));
    pick->addCase(b.getInt32(k), start);
    b.SetInsertPoint(start);
    laneLoop("uniform.lanes" + std::to_string(k),
             [&](Value *index) { runRegion(k, index); });
    b.CreateBr(round);
  }
  // Lanes at different places (or some finished): each its own region.
  b.SetInsertPoint(mixed);
  laneLoop("mixed.lanes", [&](Value *index) {
    BasicBlock *next = block("mixed.next");
    SwitchInst *own = b.CreateSwitch(b.CreateLoad(i32, resumeOf(index)), next,
                                     regions.size());
    for (unsigned k = 0; k < regions.size(); ++k) {
      BasicBlock *run = block("mixed.region" + std::to_string(k));
      own->addCase(b.getInt32(k), run);
      b.SetInsertPoint(run);
      runRegion(k, index);
      b.CreateBr(next);
    }
    b.SetInsertPoint(next);
  });
  b.CreateBr(round);
  b.SetInsertPoint(exit);
  b.CreateRetVoid();
  return frameBytes;
}
