//===- InfiniteLoops.cpp - Give every loop an exit ------------------------===//
//
// DXIL's validator rejects a loop without an exit (FLOW.DEADLOOP). The
// optimizer makes one out of a loop whose condition it proves invariant,
// such as `while (cbufferValue < input) s += x;`: the condition is tested
// once before the loop, which then never ends. Such a shader hangs when the
// condition holds, in DXC's output as in ours; DXC's output passes the
// validator only because its loop tests the invariant again on every
// iteration. Here the loop gets an exit that is never taken: a branch on
// `true` from a latch to a block that returns. (A loop the shader itself
// wrote without an exit is an error before this: LoopsWithoutExit.cpp.)
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

/// The block every exitless loop of `func` leaves to: it returns (the
/// functions that reach DXIL return void) or is unreachable.
static BasicBlock *getExitBlock(Function &func, BasicBlock *&exit) {
  if (exit)
    return exit;
  exit = BasicBlock::Create(func.getContext(), "loop.never.exits", &func);
  if (func.getReturnType()->isVoidTy())
    ReturnInst::Create(func.getContext(), exit);
  else
    new UnreachableInst(func.getContext(), exit);
  return exit;
}

static bool hasExit(const Loop &loop) {
  SmallVector<BasicBlock *, 4> exits;
  loop.getExitBlocks(exits);
  return !exits.empty();
}

void mlir::hlsl::exitInfiniteLoopsForDXIL(Module &module) {
  for (Function &func : module) {
    if (func.isDeclaration())
      continue;
    DominatorTree domTree(func);
    LoopInfo loops(domTree);
    SmallVector<Loop *> exitless;
    for (Loop *loop : loops.getLoopsInPreorder())
      if (!hasExit(*loop))
        exitless.push_back(loop);
    BasicBlock *exit = nullptr;
    // Inner loops first: an exit of an inner loop leaves the outer loops
    // too.
    for (Loop *loop : llvm::reverse(exitless)) {
      if (hasExit(*loop))
        continue;
      BasicBlock *header = loop->getHeader();
      BasicBlock *latch = nullptr;
      for (BasicBlock *pred : predecessors(header))
        if (loop->contains(pred)) {
          latch = pred;
          break;
        }
      if (!latch)
        continue;
      auto *branch = dyn_cast<BranchInst>(latch->getTerminator());
      if (!branch || branch->isConditional()) {
        latch = SplitEdge(latch, header, &domTree, &loops);
        branch = cast<BranchInst>(latch->getTerminator());
      }
      BranchInst::Create(header, getExitBlock(func, exit),
                         ConstantInt::getTrue(func.getContext()),
                         branch->getIterator());
      branch->eraseFromParent();
    }
  }
}
