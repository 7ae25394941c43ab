//===- FoldDXILOperations.cpp - DXIL operations on constants --------------===//
//
// The lowering calls DXIL operations directly for what LLVM has no
// intrinsic for (firstbithigh, mad, saturate, ...); LLVM's optimizer knows
// nothing about those calls and leaves them on constants. DXC folds them:
// `firstbithigh(0x1000ull)` is 12 in its code, without a 64-bit operation
// (and the Int64Ops flag it would need). This folds the integer bit and
// arithmetic operations, saturate/mad/fma, rounding, min/max and dot
// products on constant operands, and the transcendental functions on
// finite ones (computed in double precision with the host's libm, as DXC
// does), inside LLVM's pipeline (after each instruction combining), so
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

#include <cmath>

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

/// `function` of a finite `x`, computed in double precision as DXC folds
/// it (with the host's libm) and rounded to x's type; nullopt for NaN and
/// infinities, which DXC leaves to the driver.
std::optional<APFloat> foldWithHost(double (*function)(double),
                                    const APFloat &x) {
  if (!x.isFinite())
    return std::nullopt;
  APFloat wide = x;
  bool losesInfo;
  wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  APFloat result(function(wide.convertToDouble()));
  result.convert(x.getSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
  return result;
}

std::optional<APFloat> roundToIntegral(const APFloat &x,
                                       APFloat::roundingMode mode) {
  APFloat result = x;
  result.roundToIntegral(mode);
  return result;
}

/// The dot product of the two halves of `args`, finite operands only, as
/// DXC folds it (each product and sum rounded).
std::optional<APFloat> foldDot(ArrayRef<APFloat> args) {
  if (args.empty() ||
      llvm::any_of(args, [](const APFloat &arg) { return !arg.isFinite(); }))
    return std::nullopt;
  unsigned size = args.size() / 2;
  APFloat sum = APFloat::getZero(args[0].getSemantics());
  for (unsigned i = 0; i < size; ++i) {
    APFloat product = args[i];
    product.multiply(args[size + i], APFloat::rmNearestTiesToEven);
    sum.add(product, APFloat::rmNearestTiesToEven);
  }
  return sum;
}

/// The value of `opcode` on constant floating operands, if it folds.
std::optional<APFloat> foldFloat(unsigned opcode, ArrayRef<APFloat> args) {
  switch (opcode) {
  case FAbs:
    return abs(args[0]);
  case Cos:
    return foldWithHost(std::cos, args[0]);
  case Sin:
    return foldWithHost(std::sin, args[0]);
  case Tan:
    return foldWithHost(std::tan, args[0]);
  case Acos:
    return foldWithHost(std::acos, args[0]);
  case Asin:
    return foldWithHost(std::asin, args[0]);
  case Atan:
    return foldWithHost(std::atan, args[0]);
  case Hcos:
    return foldWithHost(std::cosh, args[0]);
  case Hsin:
    return foldWithHost(std::sinh, args[0]);
  case Htan:
    return foldWithHost(std::tanh, args[0]);
  case Exp:
    return foldWithHost(std::exp2, args[0]);
  case Log:
    return foldWithHost(std::log2, args[0]);
  case Sqrt:
    return foldWithHost(std::sqrt, args[0]);
  case Rsqrt:
    return foldWithHost([](double x) { return 1.0 / std::sqrt(x); }, args[0]);
  case Frc:
    // x - floor(x), as the operation computes it: DXC folds the fraction
    // of a negative constant to |modf(x)| instead (frac(-0.25) is 0.25 in
    // its code and 0.75 on the GPU).
    return foldWithHost([](double x) { return x - std::floor(x); }, args[0]);
  case RoundNe:
    return roundToIntegral(args[0], APFloat::rmNearestTiesToEven);
  case RoundNi:
    return roundToIntegral(args[0], APFloat::rmTowardNegative);
  case RoundPi:
    return roundToIntegral(args[0], APFloat::rmTowardPositive);
  case RoundZ:
    return roundToIntegral(args[0], APFloat::rmTowardZero);
  case FMax:
    return maxnum(args[0], args[1]);
  case FMin:
    return minnum(args[0], args[1]);
  case Dot2:
  case Dot3:
  case Dot4:
    return foldDot(args);
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
