//===- WaveLowering.cpp - wave and quad intrinsics to DXIL ops ------------===//

#include "IntrinsicLowering.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;

LogicalResult IntrinsicLowering::lowerWave(IntrinsicOp op, StringRef name,
                                           ValueRange args,
                                           ConversionPatternRewriter &b) const {
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  Type i32 = b.getI32Type(), i1 = b.getI1Type();
  auto replace = [&](Value v) {
    b.replaceOp(op, v);
    return success();
  };
  // Operations across lanes are convergent: the optimizer must not make
  // them depend on more control flow (duplicating one into two paths splits
  // its active lanes).
  auto voidOp = [&](StringRef cls, unsigned opcode, Type result,
                    ValueRange operands, Type overload = Type()) {
    return dx.call(b, loc, cls, overload, opcode, result, operands,
                   dxil::OpAttr::Convergent);
  };
  bool isSigned = true;
  if (auto attr = op->getAttrOfType<BoolAttr>("hlsl.signed"))
    isSigned = attr.getValue();
  if (name == "WaveGetLaneIndex")
    return replace(dx.call(b, loc, "waveGetLaneIndex", Type(), 111, i32, {},
                           dxil::OpAttr::ReadNone));
  if (name == "WaveGetLaneCount")
    return replace(dx.call(b, loc, "waveGetLaneCount", Type(), 112, i32, {},
                           dxil::OpAttr::ReadNone));
  if (name == "WaveIsFirstLane")
    return replace(voidOp("waveIsFirstLane", 110, i1, {}));
  if (name == "WaveActiveAnyTrue")
    return replace(voidOp("waveAnyTrue", 113, i1, {args[0]}));
  if (name == "WaveActiveAllTrue")
    return replace(voidOp("waveAllTrue", 114, i1, {args[0]}));
  if (name == "WaveActiveCountBits")
    return replace(voidOp("waveAllOp", 135, i32, {args[0]}));
  if (name == "WavePrefixCountBits")
    return replace(voidOp("wavePrefixOp", 136, i32, {args[0]}));
  if (name == "WaveActiveBallot") {
    Value ret = voidOp("waveActiveBallot", 116, dx.getFourType(i32), {args[0]});
    SmallVector<Value> parts;
    for (int64_t i = 0; i < 4; ++i)
      parts.push_back(LLVM::ExtractValueOp::create(b, loc, ret, i));
    return replace(vectorize(
        b, loc, getTypeConverter()->convertType(op.getType(0)), parts, dx));
  }
  // Element-wise wave operations on scalars and vectors.
  auto perElement = [&](auto build) {
    SmallVector<Value> results;
    for (Value s : scalarize(b, loc, args[0], dx))
      results.push_back(build(s));
    return replace(vectorize(b, loc, args[0].getType(), results, dx));
  };
  std::optional<unsigned> activeOp =
      llvm::StringSwitch<std::optional<unsigned>>(name)
          .Case("WaveActiveSum", 0)
          .Case("WaveActiveProduct", 1)
          .Case("WaveActiveMin", 2)
          .Case("WaveActiveMax", 3)
          .Default(std::nullopt);
  if (activeOp)
    return perElement([&](Value s) {
      unsigned sop = isa<FloatType>(s.getType()) || isSigned ? 0 : 1;
      return voidOp("waveActiveOp", 119, s.getType(),
                    {s, dx.i8(b, loc, *activeOp), dx.i8(b, loc, sop)},
                    s.getType());
    });
  if (name == "WavePrefixSum" || name == "WavePrefixProduct")
    return perElement([&](Value s) {
      unsigned sop = isa<FloatType>(s.getType()) || isSigned ? 0 : 1;
      return voidOp("wavePrefixOp", 121, s.getType(),
                    {s, dx.i8(b, loc, name == "WavePrefixSum" ? 0 : 1),
                     dx.i8(b, loc, sop)},
                    s.getType());
    });
  std::optional<unsigned> bitOp =
      llvm::StringSwitch<std::optional<unsigned>>(name)
          .Case("WaveActiveBitAnd", 0)
          .Case("WaveActiveBitOr", 1)
          .Case("WaveActiveBitXor", 2)
          .Default(std::nullopt);
  if (bitOp)
    return perElement([&](Value s) {
      return voidOp("waveActiveBit", 120, s.getType(),
                    {s, dx.i8(b, loc, *bitOp)}, s.getType());
    });
  if (name == "WaveReadLaneFirst")
    return perElement([&](Value s) {
      return voidOp("waveReadLaneFirst", 118, s.getType(), {s}, s.getType());
    });
  if (name == "WaveReadLaneAt")
    return perElement([&](Value s) {
      return voidOp("waveReadLaneAt", 117, s.getType(), {s, args[1]},
                    s.getType());
    });
  if (name == "WaveActiveAllEqual") {
    // One WaveActiveAllEqual (115) per component: a bool of the operand's
    // shape.
    SmallVector<Value> results;
    for (Value s : scalarize(b, loc, args[0], dx))
      results.push_back(
          voidOp("waveActiveAllEqual", 115, i1, {s}, s.getType()));
    return replace(vectorize(
        b, loc, getTypeConverter()->convertType(op.getType(0)), results, dx));
  }
  // QuadOp (123) of kind ReadAcrossX/Y/Diagonal and QuadReadLaneAt (122),
  // per component. Neither has an i1 overload: bools go through i32.
  std::optional<unsigned> quadKind =
      llvm::StringSwitch<std::optional<unsigned>>(name)
          .Case("QuadReadAcrossX", 0)
          .Case("QuadReadAcrossY", 1)
          .Case("QuadReadAcrossDiagonal", 2)
          .Default(std::nullopt);
  if (quadKind || name == "QuadReadLaneAt") {
    return perElement([&](Value s) {
      bool isBool = s.getType().isInteger(1);
      Value value = isBool ? Value(LLVM::ZExtOp::create(b, loc, i32, s)) : s;
      Type type = value.getType();
      Value result = quadKind ? voidOp("quadOp", 123, type,
                                       {value, dx.i8(b, loc, *quadKind)}, type)
                              : voidOp("quadReadLaneAt", 122, type,
                                       {value, args[1]}, type);
      if (!isBool)
        return result;
      return Value(LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, result,
                                        dx.i32(b, loc, 0)));
    });
  }
  // Shader model 6.5: WaveMatch, the WaveMultiPrefix family.
  if (name == "WaveMatch") {
    if (failed(requireShaderModel(op, name, 5)))
      return failure();
    // One WaveMatch (165) per component; a lane matches when every
    // component does.
    SmallVector<Value> mask;
    for (Value s : scalarize(b, loc, args[0], dx)) {
      // WaveMatch has no i1 overload: DXC matches bools as floats (0 or 1).
      if (s.getType().isInteger(1))
        s = LLVM::UIToFPOp::create(b, loc, b.getF32Type(), s);
      Value ret =
          voidOp("waveMatch", 165, dx.getFourType(i32), {s}, s.getType());
      for (int64_t i = 0; i < 4; ++i) {
        Value word = LLVM::ExtractValueOp::create(b, loc, ret, i);
        mask.size() < 4
            ? mask.push_back(word)
            : (void)(mask[i] = LLVM::AndOp::create(b, loc, mask[i], word));
      }
    }
    return replace(vectorize(
        b, loc, getTypeConverter()->convertType(op.getType(0)), mask, dx));
  }
  std::optional<unsigned> multiPrefix =
      llvm::StringSwitch<std::optional<unsigned>>(name)
          .Case("WaveMultiPrefixSum", 0)
          .Case("WaveMultiPrefixBitAnd", 1)
          .Case("WaveMultiPrefixBitOr", 2)
          .Case("WaveMultiPrefixBitXor", 3)
          .Case("WaveMultiPrefixProduct", 4)
          .Default(std::nullopt);
  if (multiPrefix || name == "WaveMultiPrefixCountBits") {
    if (failed(requireShaderModel(op, name, 5)))
      return failure();
    SmallVector<Value> mask = scalarize(b, loc, args[1], dx);
    if (!multiPrefix)
      return replace(voidOp("waveMultiPrefixBitCount", 167, i32,
                            {args[0], mask[0], mask[1], mask[2], mask[3]}));
    return perElement([&](Value s) {
      // Sums and products say whether they are unsigned; the bit
      // operations have no sign and DXC writes 0 (signed) for them.
      bool isBitOp = *multiPrefix >= 1 && *multiPrefix <= 3;
      unsigned sop = isa<FloatType>(s.getType()) || isSigned || isBitOp ? 0 : 1;
      return voidOp("waveMultiPrefixOp", 166, s.getType(),
                    {s, mask[0], mask[1], mask[2], mask[3],
                     dx.i8(b, loc, *multiPrefix), dx.i8(b, loc, sop)},
                    s.getType());
    });
  }
  if (name == "QuadAny" || name == "QuadAll") {
    bool all = name == "QuadAll";
    if (ctx.smMinor >= 7)
      return replace(voidOp("quadVote", 222, i1,
                            {args[0], dx.i8(b, loc, all ? 1 : 0)}, i1));
    // Before 6.7, as DXC: the lane's condition combined with the other
    // three lanes' (QuadReadAcrossX, Y and Diagonal).
    Value cond = LLVM::SExtOp::create(b, loc, i32, args[0]);
    Value result = cond;
    for (unsigned kind = 0; kind < 3; ++kind) {
      Value other =
          voidOp("quadOp", 123, i32, {cond, dx.i8(b, loc, kind)}, i32);
      result = all ? Value(LLVM::AndOp::create(b, loc, result, other))
                   : Value(LLVM::OrOp::create(b, loc, result, other));
    }
    return replace(LLVM::TruncOp::create(b, loc, i1, result));
  }
  return op.emitError() << "not supported yet: intrinsic '" << name
                        << "' in the DXIL lowering";
}
