//===- FoldDXILOperations.cpp - DXIL operations on constants --------------===//
//
// The lowering calls DXIL operations directly for what LLVM has no
// intrinsic for (firstbithigh, mad, saturate, ...); LLVM's optimizer knows
// nothing about those calls and leaves them on constants. DXC folds them:
// `firstbithigh(0x1000ull)` is 12 in its code, without a 64-bit operation
// (and the Int64Ops flag it would need). This folds the integer bit and
// arithmetic operations and the floating saturate/mad/fma on constant
// operands, inside LLVM's pipeline (after each instruction combining), so
// that what they feed folds too.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace mlir::hlsl::dxil;

namespace {
/// The value of `opcode` on constant integer operands, if it folds.
std::optional<APInt> foldInteger(unsigned opcode, ArrayRef<APInt> args,
                                 unsigned resultBits) {
  auto position = [&](unsigned bit) {
    return APInt(resultBits, bit, /*isSigned=*/true);
  };
  auto none = [&] { return APInt::getAllOnes(resultBits); };
  switch (opcode) {
  case Countbits:
    return position(args[0].popcount());
  case FirstbitLo:
    return args[0].isZero() ? none() : position(args[0].countr_zero());
  case FirstbitHi:
    // Counted from the most significant bit.
    return args[0].isZero() ? none() : position(args[0].countl_zero());
  case FirstbitSHi: {
    // The first bit from the top that differs from the sign.
    APInt magnitude = args[0].isNegative() ? ~args[0] : args[0];
    return magnitude.isZero() ? none() : position(magnitude.countl_zero());
  }
  case Bfrev:
    return args[0].reverseBits();
  case IMax:
    return APIntOps::smax(args[0], args[1]);
  case IMin:
    return APIntOps::smin(args[0], args[1]);
  case UMax:
    return APIntOps::umax(args[0], args[1]);
  case UMin:
    return APIntOps::umin(args[0], args[1]);
  case IMad:
  case UMad:
    return args[0] * args[1] + args[2];
  default:
    return std::nullopt;
  }
}

/// The value of `opcode` on constant floating operands, if it folds.
std::optional<APFloat> foldFloat(unsigned opcode, ArrayRef<APFloat> args) {
  switch (opcode) {
  case Saturate: {
    // NaN saturates to 0.
    const APFloat &x = args[0];
    APFloat zero = APFloat::getZero(x.getSemantics());
    APFloat one(x.getSemantics(), 1);
    if (x.isNaN() || x.compare(zero) != APFloat::cmpGreaterThan)
      return zero;
    return x.compare(one) == APFloat::cmpGreaterThan ? one : x;
  }
  case FMad: {
    APFloat product = args[0];
    product.multiply(args[1], APFloat::rmNearestTiesToEven);
    product.add(args[2], APFloat::rmNearestTiesToEven);
    return product;
  }
  case Fma: {
    APFloat result = args[0];
    result.fusedMultiplyAdd(args[1], args[2], APFloat::rmNearestTiesToEven);
    return result;
  }
  default:
    return std::nullopt;
  }
}

/// The constant `call` computes, if its operands are constants it folds.
Constant *foldCall(CallInst &call) {
  std::optional<unsigned> opcode = getDXILOpcode(call);
  if (!opcode || call.arg_size() < 2)
    return nullptr;
  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;
  for (unsigned i = 1; i < call.arg_size(); ++i) {
    Value *arg = call.getArgOperand(i);
    if (auto *constant = dyn_cast<ConstantInt>(arg))
      ints.push_back(constant->getValue());
    else if (auto *constant = dyn_cast<ConstantFP>(arg))
      floats.push_back(constant->getValueAPF());
    else
      return nullptr;
  }
  Type *type = call.getType();
  if (floats.empty() && type->isIntegerTy()) {
    std::optional<APInt> value =
        foldInteger(*opcode, ints, type->getIntegerBitWidth());
    return value && value->getBitWidth() == type->getIntegerBitWidth()
               ? ConstantInt::get(type, *value)
               : nullptr;
  }
  if (ints.empty() && type->isFloatingPointTy()) {
    std::optional<APFloat> value = foldFloat(*opcode, floats);
    return value ? ConstantFP::get(type, *value) : nullptr;
  }
  return nullptr;
}
} // namespace

bool mlir::hlsl::foldDXILOperations(Function &func) {
  bool changed = false;
  for (Instruction &inst : make_early_inc_range(instructions(func))) {
    auto *call = dyn_cast<CallInst>(&inst);
    if (!call)
      continue;
    if (Constant *value = foldCall(*call)) {
      call->replaceAllUsesWith(value);
      call->eraseFromParent();
      changed = true;
    }
  }
  return changed;
}
