//===- ForcedUnrolls.cpp - [unroll] loops the optimizer could not unroll --===//
//
// `[unroll]` without a count asks for every iteration to be unrolled; when
// the trip count is not known at compile time the loop stays a loop. DXC
// refuses that ("Could not unroll loop"), only warning in its fxc
// compatibility mode (-HV 2016). LLVM's own "loop not unrolled" warning is
// replaced by the same diagnostic here. A loop whose exits depend on
// constants only (an exit after a constant number of iterations, which DXC
// unrolls with early exits; a bound DXC finds by running the iterations)
// stays a loop when LLVM cannot unroll it, with a warning at most.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
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

/// Whether `value` is the counter (a header phi) of a loop enclosing `loop`
/// that stays a loop (`[loop] for (i..) [unroll] for (j <= i)`: a bound of
/// the inner loop that follows from it changes at run time).
static bool isEnclosingLoopCounter(const Value *value, const Loop &loop) {
  const auto *phi = dyn_cast<PHINode>(value);
  if (!phi)
    return false;
  for (const Loop *outer = loop.getParentLoop(); outer;
       outer = outer->getParentLoop())
    if (outer->getHeader() == phi->getParent())
      return true;
  return false;
}

/// Whether `value` is computed from a value `isSource` accepts.
static bool dependsOn(const Value *value,
                      function_ref<bool(const Value *)> isSource) {
  SmallVector<const Value *> worklist{value};
  SmallPtrSet<const Value *, 32> seen;
  while (!worklist.empty()) {
    const Value *v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (isSource(v))
      return true;
    if (const auto *inst = dyn_cast<Instruction>(v))
      for (const Value *operand : inst->operands())
        worklist.push_back(operand);
  }
  return false;
}

/// The conditions of the branches that leave the loop, with their blocks.
static SmallVector<std::pair<BasicBlock *, const Value *>>
getExitConditions(const Loop &loop) {
  SmallVector<BasicBlock *> exiting;
  loop.getExitingBlocks(exiting);
  SmallVector<std::pair<BasicBlock *, const Value *>> conditions;
  for (BasicBlock *block : exiting)
    if (const auto *branch = dyn_cast<BranchInst>(block->getTerminator()))
      if (branch->isConditional())
        conditions.push_back({block, branch->getCondition()});
  return conditions;
}

/// Whether the loop's exits depend on values only known at run time: a
/// load, a DXIL operation (inputs, buffer and cbuffer reads), a function
/// argument, the counter of an enclosing loop.
static bool hasRunTimeBound(const Loop &loop) {
  return llvm::any_of(getExitConditions(loop), [&](auto exit) {
    return dependsOn(exit.second, [&](const Value *v) {
      return isa<Argument, LoadInst, CallInst>(v) ||
             isEnclosingLoopCounter(v, loop);
    });
  });
}

/// Whether one of the loop's exits is taken after a small constant number
/// of iterations at most (`j < n && j < 4`), not counting a bound that only
/// follows from an enclosing loop's counter.
static bool hasSmallConstantExit(ScalarEvolution &evolution, Loop &loop) {
  return llvm::any_of(getExitConditions(loop), [&](auto exit) {
    const auto *bound = dyn_cast<SCEVConstant>(evolution.getExitCount(
        &loop, exit.first, ScalarEvolution::ConstantMaximum));
    return bound && bound->getAPInt().ule(4096) &&
           !dependsOn(exit.second, [&](const Value *v) {
             return isEnclosingLoopCounter(v, loop);
           });
  });
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
      // A loop with an exit after a small constant number of iterations
      // (`j < n && j < 4`) is one DXC unrolls with early exits; LLVM's
      // unroller does not, and the loop stays a loop, which is valid. (A
      // bound of up to 4096 iterations, the full unroll limit
      // optimizeForDXIL sets.) A bound that only follows from an outer
      // loop (`j <= i` in a [loop] over i < 3) is none: DXC cannot unroll
      // that loop either.
      if (hasSmallConstantExit(evolution, *loop))
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
