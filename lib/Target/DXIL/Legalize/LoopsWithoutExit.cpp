//===- LoopsWithoutExit.cpp - Loops the shader writes without an exit -----===//
//
// DXC refuses a shader with a loop that nothing ends (`while (true)`
// without a break or return: the validator's "Loop must have break"); the
// GPU would hang on it. Our optimizer also makes such loops, out of a loop
// whose condition it proves invariant, and those get an exit that is never
// taken (InfiniteLoops.cpp) because DXC's output of them passes. So the
// loops the shader wrote without an exit are found before the optimizer
// changes any loop, once constant branches are known (`while (true)`, and
// after SROA `bool forever = true; while (forever)`), and each gets a call
// of an opaque function with side effects in its header. The optimizer
// deletes the call with the loop when the loop is dead code, as DXC's does;
// one that survives is the error, at the loop.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"

#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

static constexpr StringLiteral kMarkerName = "hlsl.loop.without.exit";

/// The constant `value` is or simplifies to, if any.
static Constant *getConstant(Value *value, const DataLayout &layout) {
  if (auto *constant = dyn_cast<Constant>(value))
    return constant;
  if (auto *inst = dyn_cast<Instruction>(value))
    return dyn_cast_or_null<Constant>(simplifyInstruction(inst, layout));
  return nullptr;
}

/// Whether control can leave `loop`: some edge out of it, except the edges
/// a branch on a constant never takes.
static bool canExit(const Loop &loop, const DataLayout &layout) {
  for (BasicBlock *block : loop.blocks()) {
    Instruction *terminator = block->getTerminator();
    SmallVector<BasicBlock *, 2> taken;
    if (auto *branch = dyn_cast<BranchInst>(terminator);
        branch && branch->isConditional()) {
      if (auto *condition = dyn_cast_or_null<ConstantInt>(
              getConstant(branch->getCondition(), layout)))
        taken.push_back(branch->getSuccessor(condition->isZero() ? 1 : 0));
    } else if (auto *choice = dyn_cast<SwitchInst>(terminator)) {
      if (auto *condition = dyn_cast_or_null<ConstantInt>(
              getConstant(choice->getCondition(), layout)))
        taken.push_back(choice->findCaseValue(condition)->getCaseSuccessor());
    }
    if (taken.empty())
      llvm::append_range(taken, successors(block));
    for (BasicBlock *successor : taken)
      if (!loop.contains(successor))
        return true;
  }
  return false;
}

/// The opaque function whose calls mark the loops: it writes memory
/// nothing else reads, so only code deleted whole loses its call.
static FunctionCallee getMarker(Module &module) {
  FunctionCallee marker = module.getOrInsertFunction(
      kMarkerName, FunctionType::get(Type::getVoidTy(module.getContext()),
                                     /*isVarArg=*/false));
  auto *func = cast<Function>(marker.getCallee());
  func->setDoesNotThrow();
  func->setWillReturn();
  func->setOnlyAccessesInaccessibleMemory();
  return marker;
}

/// The location the error shows for `loop`: the first of its instructions
/// that has one.
static DebugLoc getLoopLocation(const Loop &loop) {
  if (DebugLoc loc = loop.getStartLoc())
    return loc;
  for (BasicBlock *block : loop.blocks())
    for (Instruction &inst : *block)
      if (inst.getDebugLoc())
        return inst.getDebugLoc();
  return DebugLoc();
}

bool mlir::hlsl::markLoopsWithoutExitForDXIL(Function &func) {
  if (func.isDeclaration())
    return false;
  DominatorTree domTree(func);
  LoopInfo loops(domTree);
  const DataLayout &layout = func.getDataLayout();
  bool changed = false;
  for (Loop *loop : loops.getLoopsInPreorder()) {
    if (canExit(*loop, layout))
      continue;
    CallInst *call = CallInst::Create(getMarker(*func.getParent()), "",
                                      loop->getHeader()->getFirstNonPHIIt());
    call->setDebugLoc(getLoopLocation(*loop));
    changed = true;
  }
  return changed;
}

Error mlir::hlsl::reportLoopsWithoutExitForDXIL(Module &module) {
  Function *marker = module.getFunction(kMarkerName);
  if (!marker)
    return Error::success();
  for (User *user : marker->users())
    if (auto *call = dyn_cast<CallInst>(user))
      return createStringError(
          inconvertibleErrorCode(),
          mlir::hlsl::dxil::describeLocation(*call) +
              "loop must have break: this loop never exits (no break, "
              "return or condition ends it), which DXIL does not allow");
  marker->eraseFromParent();
  return Error::success();
}
