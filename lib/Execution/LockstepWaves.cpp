//===- LockstepWaves.cpp - waves run segment by segment -------------------===//
//
// A shader whose wave operations every lane executes exactly once, in the
// same order (each in a block that is in no loop and post-dominates the
// entry), does not need a fiber per lane: the lanes of a wave can run the
// code up to the first wave operation one after another, then the
// operation for all of them, then the code up to the next one, and so on.
//
// The lane function is cloned with the wave's frames and the lane's index
// as arguments. Wave operations whose operands are known at the one before
// them move next to it (a cut runs several operations), and WaveIsFirstLane
// becomes `lane == 0`. Every alloca becomes a slot of the frames; a value
// used beyond the next cut is computed again there if it depends on the
// lane's arguments alone (thread ids), else demoted to a slot, so that
// nothing but the frames carries a lane's state from one segment to the
// next. The frames are laid out slot by slot (the slot of lane i at slot
// base + i * slot stride; one slot for the wave's uniform results), so that
// a segment's loop over the lanes reads and writes each slot contiguously
// and can be vectorized. Segment k is a clone that starts after cut k and
// returns in front of cut k + 1. The wave function loops over the lanes of
// a wave per segment (lane 0 first and alone where the segment compares the
// lane index) and runs each operation inline (LockstepWaveOps.cpp) or with
// hlslrt_wave_lockstep.
//
//===----------------------------------------------------------------------===//

#include "LockstepWaves.h"
#include "LockstepFrames.h"
#include "LockstepWaveOps.h"

#include "HLSL/Execution/HostLowering.h"
#include "HLSL/Execution/RuntimeABI.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
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
namespace dxil = mlir::hlsl::dxil;

namespace {

/// Wave operations that run between the same two segments: the block that
/// holds only their calls, the block after it, and where their operands
/// live in the frame.
struct Cut {
  SmallVector<CallInst *, 2> calls;
  BasicBlock *callBlock = nullptr, *next = nullptr;
  SmallVector<LockstepWaveOp, 2> ops;
};

uint32_t constantOperand(CallInst *call, unsigned i) {
  auto *value = dyn_cast<ConstantInt>(call->getArgOperand(i));
  return value ? uint32_t(value->getZExtValue()) : ~0u;
}

/// Whether `value` can be computed at `point`: it dominates `point`, or it
/// is an instruction without memory access or side effects whose operands
/// can be. The instructions to move in front of `point` are added to
/// `toMove`, operands first.
bool isAvailableAt(Value *value, Instruction *point, DominatorTree &dominators,
                   SmallVectorImpl<Instruction *> &toMove, unsigned depth = 0) {
  auto *inst = dyn_cast<Instruction>(value);
  if (!inst || dominators.dominates(inst, point) ||
      llvm::is_contained(toMove, inst))
    return true;
  if (depth > 16 || isa<PHINode>(inst) || inst->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(inst))
    return false;
  for (Value *operand : inst->operands())
    if (!isAvailableAt(operand, point, dominators, toMove, depth + 1))
      return false;
  toMove.push_back(inst);
  return true;
}

/// The stores that write `slot` (an operand slot of wave call `call`) and
/// the addresses they write through; false if anything else uses the slot.
bool collectOperandStores(Value *slot, CallInst *call,
                          SmallVectorImpl<Instruction *> &addresses,
                          SmallVectorImpl<Instruction *> &stores) {
  bool sharedWithCall = false;
  size_t storesBefore = stores.size();
  for (User *user : slot->users()) {
    if (user == call)
      continue;
    if (isa<CallInst>(user)) {
      // The slot of an operation without that operand: nobody writes it.
      sharedWithCall = true;
      continue;
    }
    if (auto *store = dyn_cast<StoreInst>(user);
        store && store->getPointerOperand() == slot) {
      stores.push_back(store);
      continue;
    }
    auto *address = dyn_cast<GetElementPtrInst>(user);
    if (!address || !address->hasAllConstantIndices())
      return false;
    addresses.push_back(address);
    if (!collectOperandStores(address, call, addresses, stores))
      return false;
  }
  return !sharedWithCall || stores.size() == storesBefore;
}

/// Moves wave call `call` to the end of `cut` (in front of the code after
/// its last call) if its operands can be computed there; the stores of its
/// operands and what they need move in front of the cut's first call.
/// Wave operations touch no memory but their own slots, and every lane
/// executes each once, so the results are the same.
bool joinCut(Cut &cut, CallInst *call, DominatorTree &dominators) {
  SmallVector<Instruction *> addresses, stores;
  for (unsigned i : {wave_arg::Value, wave_arg::Extra}) {
    auto *slot = dyn_cast<AllocaInst>(call->getArgOperand(i));
    if (!slot || !collectOperandStores(slot, call, addresses, stores))
      return false;
  }
  Instruction *point = cut.calls.front();
  SmallVector<Instruction *> toMove;
  for (Instruction *inst : stores)
    if (!isAvailableAt(cast<StoreInst>(inst)->getValueOperand(), point,
                       dominators, toMove))
      return false;
  for (ArrayRef<Instruction *> group : {toMove, addresses, stores})
    for (Instruction *inst : group)
      inst->moveBefore(point->getIterator());
  call->moveAfter(cut.calls.back());
  cut.calls.push_back(call);
  return true;
}

} // namespace

std::optional<uint64_t> mlir::hlsl::exec::buildLockstepWaveFunction(
    Module &module, Function &lane, StringRef waveCallee,
    std::array<uint32_t, 3> numThreads, uint32_t waveSize) {
  Function *waveFn = module.getFunction(waveCallee);
  auto cloned = cloneLaneWithCuts(lane, waveFn, "hlsl.run.wave.body");
  if (!cloned)
    return std::nullopt;
  auto [body, calls] = std::move(*cloned);
  auto giveUp = [&, body = body]() -> std::optional<uint64_t> {
    body->eraseFromParent();
    return std::nullopt;
  };
  Value *laneArg = body->getArg(body->arg_size() - 1);

  // Every wave operation once per lane: in no loop, on every path. The
  // calls lie on every path, so dominance orders them (strictly).
  SmallVector<Cut> cuts;
  {
    DominatorTree dominators(*body);
    PostDominatorTree postDominators(*body);
    LoopInfo loops(dominators);
    for (CallInst *call : calls) {
      BasicBlock *block = call->getParent();
      if (loops.getLoopFor(block) ||
          !postDominators.dominates(block, &body->getEntryBlock()))
        return giveUp();
      for (unsigned i :
           {wave_arg::Opcode, wave_arg::Type, wave_arg::Op, wave_arg::Sign})
        if (constantOperand(call, i) == ~0u)
          return giveUp();
      if (constantOperand(call, wave_arg::Depth) != 0)
        return giveUp();
    }
    // WaveIsFirstLane is lane 0 (every lane of the wave takes part): a
    // compare, not a wave operation.
    llvm::erase_if(calls, [&](CallInst *call) {
      auto *result =
          dyn_cast<AllocaInst>(call->getArgOperand(wave_arg::Result));
      if (constantOperand(call, wave_arg::Opcode) != dxil::WaveIsFirstLane ||
          !result || !llvm::all_of(result->users(), [&](User *user) {
            return user == call || isa<LoadInst>(user);
          }))
        return false;
      for (User *user : make_early_inc_range(result->users()))
        if (auto *load = dyn_cast<LoadInst>(user)) {
          IRBuilder<> b(load);
          load->replaceAllUsesWith(b.CreateZExtOrTrunc(
              b.CreateICmpEQ(laneArg, b.getInt32(0)), load->getType()));
          load->eraseFromParent();
        }
      call->eraseFromParent();
      return true;
    });
    llvm::sort(calls, [&](CallInst *a, CallInst *b) {
      return a != b && dominators.dominates(a, b);
    });
    // A wave operation whose operands are known at the one before it runs
    // right after it: one segment less.
    for (CallInst *call : calls) {
      if (!cuts.empty() && joinCut(cuts.back(), call, dominators))
        continue;
      Cut cut;
      cut.calls.push_back(call);
      cuts.push_back(std::move(cut));
    }
  }

  // Each cut's calls get a block of their own.
  BasicBlock *start = separateEntryAllocas(*body);
  for (Cut &cut : cuts) {
    cut.callBlock =
        SplitBlock(cut.calls.front()->getParent(), cut.calls.front());
    cut.next = SplitBlock(cut.callBlock, cut.calls.back()->getNextNode());
  }
  DominatorTree dominators(*body);

  // Segment of a block: how many cuts lie before it.
  DenseMap<const BasicBlock *, unsigned> segment;
  for (BasicBlock &block : *body) {
    unsigned index = 0;
    for (const Cut &cut : cuts)
      index += dominators.dominates(cut.next, &block);
    segment[&block] = index;
  }
  carryAcrossCuts(*body, [&](const Use &use) {
    auto *user = cast<Instruction>(use.getUser());
    const BasicBlock *at = user->getParent();
    if (auto *phi = dyn_cast<PHINode>(user))
      at = phi->getIncomingBlock(use);
    return segment.lookup(at) !=
           segment.lookup(cast<Instruction>(use.get())->getParent());
  });
  // A segment that compares the lane index (WaveIsFirstLane) runs lane 0
  // before its loop over the others, where the compare is then known.
  SmallVector<bool> peelFirstLane(cuts.size() + 1, false);
  for (User *user : laneArg->users())
    if (auto *compare = dyn_cast<ICmpInst>(user))
      peelFirstLane[segment.lookup(compare->getParent())] = true;

  // The operand, extra words and result of each wave operation are
  // allocas of the lowering. An operation run inline writes only its
  // result's bytes: its result slot is no wider.
  SmallVector<std::array<AllocaInst *, 3>> operandSlots;
  DenseMap<const AllocaInst *, InlineWaveOpResult> resultSlots;
  for (Cut &cut : cuts)
    for (CallInst *call : cut.calls) {
      LockstepWaveOp op;
      op.opcode = constantOperand(call, wave_arg::Opcode);
      op.type = constantOperand(call, wave_arg::Type);
      op.op = constantOperand(call, wave_arg::Op);
      op.sign = constantOperand(call, wave_arg::Sign);
      cut.ops.push_back(op);
      std::array<AllocaInst *, 3> operands;
      for (unsigned i = 0; i < 3; ++i)
        if (!(operands[i] = dyn_cast<AllocaInst>(
                  call->getArgOperand(wave_arg::Value + i))))
          return giveUp();
      operandSlots.push_back(operands);
      if (std::optional<InlineWaveOpResult> result = getInlineWaveOpResult(op))
        resultSlots[operands[2]] = *result;
    }

  // Allocas become slots of the frames: `waveSize` lanes' copies of each,
  // one after another.
  DenseMap<const Value *, FrameSlot> slots;
  std::optional<uint64_t> frameBytes = layOutFrameSlots(
      *body, waveSize,
      [&](AllocaInst &slot) -> std::optional<SlotSize> {
        auto it = resultSlots.find(&slot);
        if (it == resultSlots.end())
          return std::nullopt;
        // Its users are the call and loads of the result.
        const InlineWaveOpResult &result = it->second;
        for (User *user : slot.users())
          if (auto *load = dyn_cast<LoadInst>(user))
            load->setAlignment(std::min(
                load->getAlign(), commonAlignment(Align(64), result.bytes)));
        if (result.uniform)
          return SlotSize{0, result.bytes};
        return SlotSize{result.bytes, result.bytes * waveSize};
      },
      slots);
  if (!frameBytes)
    return giveUp();
  {
    unsigned i = 0;
    for (Cut &cut : cuts)
      for (LockstepWaveOp &op : cut.ops) {
        const std::array<AllocaInst *, 3> &operands = operandSlots[i++];
        op.value = slots.lookup(operands[0]);
        op.extra = slots.lookup(operands[1]);
        op.result = slots.lookup(operands[2]);
      }
  }

  // Segment k: from the block after operation k (the start for k = 0) to
  // the return in front of operation k + 1.
  SmallVector<Function *> segments;
  for (unsigned k = 0; k <= cuts.size(); ++k) {
    ArrayRef<BasicBlock *> stops;
    if (k < cuts.size())
      stops = cuts[k].callBlock;
    segments.push_back(cloneSegment(
        *body, ("hlsl.run.wave.segment" + Twine(k)).str(),
        k == 0 ? start : cuts[k - 1].next, stops,
        Type::getVoidTy(module.getContext()),
        [](unsigned) -> Value * { return nullptr; }, nullptr));
  }
  body->eraseFromParent();

  // void wave(GroupContext *group, i32 firstLane, i32 count, i8 *frames):
  // per segment, a loop over the lanes, then the wave operation.
  LLVMContext &context = module.getContext();
  IRBuilder<> builder(context);
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
  // Groups of whole waves: every wave has all its lanes, and the loops over
  // them a known trip count.
  if (uint64_t(numThreads[0]) * numThreads[1] * numThreads[2] % waveSize == 0)
    count = builder.getInt32(waveSize);
  BasicBlock *current = BasicBlock::Create(context, "entry", wave);
  builder.SetInsertPoint(current);
  for (unsigned k = 0; k < segments.size(); ++k) {
    auto callSegment = [&](Value *index) {
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
    };
    BasicBlock *loop = BasicBlock::Create(context, "segment", wave);
    BasicBlock *after = BasicBlock::Create(context, "after", wave);
    uint32_t firstInLoop = 0;
    if (peelFirstLane[k]) {
      BasicBlock *first = BasicBlock::Create(context, "segment.lane0", wave);
      builder.CreateCondBr(builder.CreateICmpEQ(count, builder.getInt32(0)),
                           after, first);
      builder.SetInsertPoint(first);
      callSegment(builder.getInt32(0));
      current = first;
      firstInLoop = 1;
    }
    builder.CreateCondBr(
        builder.CreateICmpULE(count, builder.getInt32(firstInLoop)), after,
        loop);
    builder.SetInsertPoint(loop);
    PHINode *index = builder.CreatePHI(i32, 2, "lane");
    index->addIncoming(builder.getInt32(firstInLoop), current);
    callSegment(index);
    Value *next = builder.CreateAdd(index, builder.getInt32(1));
    index->addIncoming(next, loop);
    builder.CreateCondBr(builder.CreateICmpULT(next, count), loop, after);
    builder.SetInsertPoint(after);
    if (k < cuts.size()) {
      for (const LockstepWaveOp &op : cuts[k].ops)
        if (!emitInlineWaveOp(builder, op, frames, count))
          builder.CreateCall(
              lockstep,
              {group, builder.getInt32(op.opcode), builder.getInt32(op.type),
               builder.getInt32(op.op), builder.getInt32(op.sign), frames,
               builder.getInt64(op.value.base),
               builder.getInt64(op.value.stride),
               builder.getInt64(op.extra.base),
               builder.getInt64(op.extra.stride),
               builder.getInt64(op.result.base),
               builder.getInt64(op.result.stride), count});
      after = builder.GetInsertBlock();
    }
    current = after;
  }
  builder.CreateRetVoid();
  return *frameBytes;
}
