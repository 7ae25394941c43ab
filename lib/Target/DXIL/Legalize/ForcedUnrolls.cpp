//===- ForcedUnrolls.cpp - [unroll] loops the optimizer could not unroll --===//
//
// `[unroll]` without a count asks for every iteration to be unrolled; when
// the trip count is not known at compile time the loop stays a loop. DXC
// refuses that ("Could not unroll loop"), only warning in its fxc
// compatibility mode (-HV 2016). LLVM's own "loop not unrolled" warning is
// replaced by the same diagnostic here. (A loop with a bounded trip count,
// which DXC unrolls with early exits and LLVM leaves a loop, stays one.)
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"

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
static bool asksFullUnroll(const MDNode *id) {
  if (!id)
    return false;
  for (const MDOperand &operand : id->operands()) {
    const auto *node = dyn_cast<MDNode>(operand.get());
    if (!node || node->getNumOperands() == 0)
      continue;
    if (const auto *name = dyn_cast<MDString>(node->getOperand(0)))
      if (name->getString() == "llvm.loop.unroll.full")
        return true;
  }
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
      std::string where;
      for (const Instruction &inst : *loop->getHeader())
        if (!(where = mlir::hlsl::dxil::describeLocation(inst)).empty())
          break;
      if (warnOnly) {
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
