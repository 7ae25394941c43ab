//===- FastMathFlags.cpp - DXIL's precise and non-precise arithmetic ------===//
//
// In DXIL, floating-point arithmetic is IEEE-strict only where the code says
// so: fadd, fsub, fmul, fdiv, frem and fcmp without `fast` flags are
// precise, and a call that computes a precise value carries
// `!dx.precise !{i32 1}`; everything else the driver may refactor (fuse
// into mad, reassociate). DXC marks every operation of a shader `fast`
// except those that contribute to a `precise` value (or all precise with
// -Gis). Code without `fast` flags would be precise throughout and slower on
// every driver.
//
// The `fast` flags are set after the optimizer. Before it, the arithmetic
// of a non-precise shader gets only `nnan nsz`: the folds DXC's optimizer
// makes with its `fast` flags that do not depend on the order of
// operations (`x * 0` is 0, `x + 0` is x, `x - x` is 0; an input only such
// a product read is then not read at all, as in DXC's signature). No
// reassociation or reciprocals: the values a shader computes stay those
// of the operations it wrote. Precision is decided per shader rather than
// per value: a shader that declares anything precise is compiled precise
// throughout.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

/// Whether `inst` is arithmetic DXIL marks `fast` unless precise. NaN
/// tests (`fcmp uno`/`ord`) stay exact: `fast` would let a driver fold
/// them away.
static bool isRefactorableArithmetic(const Instruction &inst) {
  switch (inst.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
    return true;
  case Instruction::FCmp: {
    CmpInst::Predicate predicate = cast<FCmpInst>(inst).getPredicate();
    return predicate != CmpInst::FCMP_UNO && predicate != CmpInst::FCMP_ORD;
  }
  default:
    return false;
  }
}

/// Whether `call` is a DXIL operation computing a floating-point value that
/// may be marked precise: DXIL forbids the mark on minimum-precision
/// values (INSTR.MINPRECISIONNOTPRECISE), which are DXIL's `half` without
/// native 16-bit types.
static bool isPreciseCandidate(const CallInst &call, bool native16BitTypes) {
  const Function *callee = call.getCalledFunction();
  if (!callee || !callee->getName().starts_with("dx.op.") ||
      !call.getType()->isFloatingPointTy())
    return false;
  if (native16BitTypes)
    return true;
  if (call.getType()->isHalfTy())
    return false;
  for (const Value *operand : call.args())
    if (operand->getType()->isHalfTy())
      return false;
  return true;
}

void mlir::hlsl::allowFastMathFoldsForDXIL(Module &module) {
  for (Function &func : module)
    for (Instruction &inst : instructions(func))
      // (An operation on an uninitialized value stays IEEE: with `nnan` it
      // would fold to poison, and the output it reaches would be unwritten.)
      if (isa<FPMathOperator>(inst) && isRefactorableArithmetic(inst) &&
          !isa<FCmpInst>(inst) &&
          llvm::none_of(inst.operands(),
                        [](const Use &use) { return isa<UndefValue>(use); })) {
        inst.setHasNoNaNs(true);
        inst.setHasNoSignedZeros(true);
      }
}

void mlir::hlsl::setFastMathFlagsForDXIL(Module &module, bool precise,
                                         bool native16BitTypes) {
  LLVMContext &context = module.getContext();
  MDNode *preciseNode = MDNode::get(
      context,
      ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(context), 1)));
  unsigned preciseKind = context.getMDKindID("dx.precise");
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      if (precise) {
        if (auto *call = dyn_cast<CallInst>(&inst);
            call && isPreciseCandidate(*call, native16BitTypes))
          call->setMetadata(preciseKind, preciseNode);
        continue;
      }
      if (isRefactorableArithmetic(inst))
        inst.setFast(true);
    }
}
