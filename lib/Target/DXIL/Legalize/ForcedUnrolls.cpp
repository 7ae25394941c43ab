//===- ForcedUnrolls.cpp - [unroll] loops the optimizer could not unroll --===//
//
// `[unroll]` without a count asks for every iteration to be unrolled; when
// the trip count is not known at compile time the loop stays a loop. DXC
// refuses that ("Could not unroll loop"), only warning in its fxc
// compatibility mode (-HV 2016). LLVM's own "loop not unrolled" warning is
// replaced by the same diagnostic here. A loop whose exits depend on
// constants only (a bounded trip count, which DXC unrolls with early exits;
// a bound DXC finds by running the iterations) stays a loop when LLVM
// cannot unroll it, with a warning at most.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

/// Whether loop metadata `id` asks for a full unroll.
static bool asksFullUnroll(MDNode *id) {
  return id && findOptionMDForLoopID(id, "llvm.loop.unroll.full");
}

/// Whether `value` depends on what is only known at run time: a load, a
/// DXIL operation (inputs, buffer and cbuffer reads), a function argument.
static bool dependsOnRunTimeValues(const Value *value) {
  SmallVector<const Value *> worklist{value};
  SmallPtrSet<const Value *, 32> seen;
  while (!worklist.empty()) {
    const Value *v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (isa<Argument, LoadInst, CallInst>(v))
      return true;
    if (const auto *inst = dyn_cast<Instruction>(v))
      for (const Value *operand : inst->operands())
        worklist.push_back(operand);
  }
  return false;
}

/// Whether the loop's exits depend on values only known at run time.
static bool hasRunTimeBound(const Loop &loop) {
  SmallVector<BasicBlock *> exiting;
  loop.getExitingBlocks(exiting);
  for (BasicBlock *block : exiting)
    if (const auto *branch = dyn_cast<BranchInst>(block->getTerminator()))
      if (branch->isConditional() &&
          dependsOnRunTimeValues(branch->getCondition()))
        return true;
  return false;
}

bool mlir::hlsl::hasForcedUnrollLoops(const Module &module) {
  for (const Function &func : module)
    for (const BasicBlock &block : func)
      if (const Instruction *terminator = block.getTerminator())
        if (asksFullUnroll(terminator->getMetadata(LLVMContext::MD_loop)))
          return true;
  return false;
}

Error mlir::hlsl::checkForcedUnrolls(Module &module, bool warnOnly) {
  const char *message = "Could not unroll loop. Loop bound could not be "
                        "deduced at compile time. Use [unroll(n)] to give an "
                        "explicit count.";
  for (Function &func : module) {
    if (func.isDeclaration())
      continue;
    DominatorTree dominators(func);
    LoopInfo loops(dominators);
    TargetLibraryInfoImpl libraryInfo(module.getTargetTriple());
    TargetLibraryInfo library(libraryInfo);
    AssumptionCache assumptions(func);
    ScalarEvolution evolution(func, library, assumptions, dominators, loops);
    for (Loop *loop : loops.getLoopsInPreorder()) {
      if (!asksFullUnroll(loop->getLoopID()))
        continue;
      // A loop whose trip count has a small known bound (`j < n && j < 4`)
      // is one DXC unrolls with early exits; LLVM's unroller does not, and
      // the loop stays a loop, which is valid. (A bound of up to 4096
      // iterations, the full unroll limit optimizeForDXIL sets.)
      unsigned bound = evolution.getSmallConstantMaxTripCount(loop);
      if (bound != 0 && bound <= 4096)
        continue;
      // A bound computed from constants only (`i * 2 <= high++`) is one
      // DXC finds by running the iterations; LLVM's unroller does not, and
      // the loop stays a loop, with a warning.
      bool warn = warnOnly || !hasRunTimeBound(*loop);
      std::string where;
      for (const Instruction &inst : *loop->getHeader())
        if (!(where = mlir::hlsl::dxil::describeLocation(inst)).empty())
          break;
      if (warn) {
        // `file:line:col: warning: ...`
        StringRef prefix = StringRef(where).drop_back(where.empty() ? 0 : 2);
        WithColor::warning(errs(), prefix.empty() ? "hlsl-translate" : prefix)
            << message << "\n";
        continue;
      }
      return createStringError(inconvertibleErrorCode(),
                               where + message +
                                   " Use '-HV 2016' to treat this as "
                                   "warning.");
    }
  }
  return Error::success();
}
