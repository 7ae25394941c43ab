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
// The `fast` flags are set after the optimizer. LLVM's own fast-math flags
// would let today's LLVM fold an operation on a NaN constant (`x * NaN`
// from `asfloat(0x7fc00000)`) or on an uninitialized value to poison, and
// a shader output computed from poison is not written at all; DXC's LLVM
// 3.7 never did that. So during the optimizer, non-precise arithmetic
// carries only `nsz` (which folds nothing to poison, and tells the folds
// below which arithmetic is not precise), and the identities DXC's `fast`
// arithmetic folds that do not depend on the order of operations are
// folded here: `x * 0` is 0, `x - x` is 0, `0 / x` is 0, `x / x` is 1,
// `x + -x` is 0 (an input only such a product read is then not read at
// all, as in DXC's signature). No reassociation or reciprocals: the values
// a shader computes stay those of the operations it wrote. What values
// declared `precise` are computed from carries no flag at all
// (PreciseValues.cpp), nor does anything with -Gis.
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
#include "llvm/IR/PatternMatch.h"

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

MDNode *mlir::hlsl::getDXPreciseNode(LLVMContext &context) {
  return MDNode::get(context, ConstantAsMetadata::get(ConstantInt::get(
                                  Type::getInt32Ty(context), 1)));
}

bool mlir::hlsl::isPreciseOperationForDXIL(const CallInst &call,
                                           bool native16BitTypes) {
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
  // With values declared precise, what is not computed for them is marked
  // (comparisons and negations too): only that becomes fast.
  bool perValue = hasPreciseValueMarkersForDXIL(module);
  SmallPtrSet<Instruction *, 16> precise;
  if (perValue)
    precise = findPreciseComputationsForDXIL(module);
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      if (!isa<FPMathOperator>(inst) || precise.contains(&inst))
        continue;
      if (isRefactorableArithmetic(inst)
              ? perValue || !isa<FCmpInst>(inst)
              : perValue && inst.getOpcode() == Instruction::FNeg)
        inst.setHasNoSignedZeros(true);
    }
}

/// The value DXC's `fast` arithmetic folds `inst` to, or null.
static Constant *foldFastIdentity(const Instruction &inst) {
  using namespace llvm::PatternMatch;
  Value *lhs = inst.getOperand(0), *rhs = inst.getOperand(1);
  auto constant = [&](double value) {
    return ConstantFP::get(inst.getType(), value);
  };
  switch (inst.getOpcode()) {
  case Instruction::FMul:
    if (match(lhs, m_AnyZeroFP()) || match(rhs, m_AnyZeroFP()))
      return constant(0.0);
    return nullptr;
  case Instruction::FSub:
    return lhs == rhs ? constant(0.0) : nullptr;
  case Instruction::FAdd:
    if (match(lhs, m_FNeg(m_Specific(rhs))) ||
        match(rhs, m_FNeg(m_Specific(lhs))))
      return constant(0.0);
    return nullptr;
  case Instruction::FDiv:
    if (match(lhs, m_AnyZeroFP()))
      return constant(0.0);
    return lhs == rhs ? constant(1.0) : nullptr;
  case Instruction::FRem:
    return match(lhs, m_AnyZeroFP()) ? constant(0.0) : nullptr;
  default:
    return nullptr;
  }
}

bool mlir::hlsl::foldFastArithmeticForDXIL(Function &func) {
  bool changed = false;
  for (Instruction &inst : llvm::make_early_inc_range(instructions(func))) {
    if (!isa<BinaryOperator>(inst) || !isa<FPMathOperator>(inst) ||
        !inst.hasNoSignedZeros())
      continue;
    if (Constant *folded = foldFastIdentity(inst)) {
      inst.replaceAllUsesWith(folded);
      inst.eraseFromParent();
      changed = true;
    }
  }
  return changed;
}

void mlir::hlsl::setFastMathFlagsForDXIL(Module &module, bool precise,
                                         bool native16BitTypes) {
  bool perValue = takePerValuePrecisionForDXIL(module);
  MDNode *preciseNode = getDXPreciseNode(module.getContext());
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      if (precise) {
        if (auto *call = dyn_cast<CallInst>(&inst);
            call && isPreciseOperationForDXIL(*call, native16BitTypes))
          call->setMetadata("dx.precise", preciseNode);
        continue;
      }
      if (isRefactorableArithmetic(inst) &&
          (!perValue || inst.hasNoSignedZeros()))
        inst.setFast(true);
    }
}
