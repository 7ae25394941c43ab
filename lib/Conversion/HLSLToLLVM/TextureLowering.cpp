//===- TextureLowering.cpp - texture methods to DXIL ops ------------------===//

#include "IntrinsicLowering.h"

#include "HLSL/Dialect/HLSL/Transforms/StructuredLayout.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::hlsl;

SmallVector<Value> IntrinsicLowering::zeroOffsets(OpBuilder &b, Location loc,
                                                  ResourceKind kind) const {
  unsigned dims = 0;
  switch (kind) {
  case ResourceKind::Texture1D:
  case ResourceKind::Texture1DArray:
    dims = 1;
    break;
  case ResourceKind::Texture2D:
  case ResourceKind::Texture2DArray:
    dims = 2;
    break;
  case ResourceKind::Texture3D:
    dims = 3;
    break;
  default:
    break;
  }
  return SmallVector<Value>(dims, ctx.dx.i32(b, loc, 0));
}

/// An immediate LOD bias clamped to [-16, 15.99], the validator's range
/// (DXC clamps it); a computed one as it is.
static Value clampImmediateBias(OpBuilder &b, Location loc, Value bias) {
  FloatAttr constant;
  if (!matchPattern(bias, m_Constant<FloatAttr>(&constant)))
    return bias;
  double clamped = std::clamp(constant.getValueAsDouble(), -16.0, 15.99);
  if (clamped == constant.getValueAsDouble())
    return bias;
  return LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                  b.getF32FloatAttr(float(clamped)));
}

Value IntrinsicLowering::lowerTexture(IntrinsicOp op, StringRef name,
                                      ValueRange args,
                                      ConversionPatternRewriter &b) const {
  if (op.getArgs().empty())
    return {};
  auto resource = dyn_cast<ResourceType>(op.getArgs()[0].getType());
  if (!resource || !isTexture(resource.getKind()) || !op.getResult())
    return {};
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  Type resultType = getTypeConverter()->convertType(op.getType(0));
  Type scalar = getElementTypeOrSelf(resultType);
  unsigned count = isa<VectorType>(resultType)
                       ? cast<VectorType>(resultType).getNumElements()
                       : 1;
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  auto pad = [&](SmallVector<Value> values, unsigned n, Type type) {
    while (values.size() < n)
      values.push_back(dx.undef(b, loc, type));
    values.resize(n);
    return values;
  };
  // `out uint status`, the last operand (see writeLoadStatus).
  Value status;
  if (args.size() > 1 && isa<LLVM::LLVMPointerType>(args.back().getType())) {
    status = args.back();
    args = args.drop_back();
  }
  auto finish = [&](Value ret) {
    if (status)
      writeLoadStatus(b, loc, dx, ret, status);
    SmallVector<Value> scalars;
    for (unsigned i = 0; i < count; ++i)
      scalars.push_back(LLVM::ExtractValueOp::create(b, loc, ret, i));
    return vectorize(b, loc, resultType, scalars, dx);
  };
  Value handle = args[0];
  if (name == "Load") {
    // Load(int3 xy+mip) on SRVs; RW textures have no mip level;
    // multisampled ones take the sample index after the location.
    SmallVector<Value> coords = scalarize(b, loc, args[1], dx);
    Value mip = dx.undef(b, loc, i32);
    unsigned offsetArg = 2;
    if (isMultisampled(resource.getKind())) {
      if (args.size() < 3)
        return {};
      mip = args[2];
      offsetArg = 3;
    } else if (getResourceClass(resource.getKind()) == ResourceClass::SRV) {
      mip = coords.back();
      coords.pop_back();
    }
    SmallVector<Value> offsets = args.size() > offsetArg
                                     ? scalarize(b, loc, args[offsetArg], dx)
                                     : SmallVector<Value>();
    coords = pad(coords, 3, i32);
    offsets = pad(offsets, 3, i32);
    return finish(dx.call(b, loc, "textureLoad", scalar, dxil::TextureLoad,
                          dx.getResRetType(scalar),
                          {handle, mip, coords[0], coords[1], coords[2],
                           offsets[0], offsets[1], offsets[2]},
                          dxil::OpAttr::ReadOnly));
  }
  if (name.starts_with("Gather"))
    return lowerGather(op, name, args, b, resultType, finish, pad);
  if (name == "GetSamplePosition" && args.size() == 2) {
    // Texture2DMSGetSamplePosition(srv, index): { x, y } of the sample.
    Value position =
        dx.call(b, loc, "texture2DMSGetSamplePosition", Type(),
                dxil::Texture2DMSGetSamplePosition, dx.getSamplePosType(),
                {handle, args[1]}, dxil::OpAttr::ReadOnly);
    return vectorize(b, loc, resultType,
                     {LLVM::ExtractValueOp::create(b, loc, position, 0),
                      LLVM::ExtractValueOp::create(b, loc, position, 1)},
                     dx);
  }
  if (name == "CalculateLevelOfDetail" ||
      name == "CalculateLevelOfDetailUnclamped") {
    if (args.size() != 3)
      return {};
    SmallVector<Value> coords = pad(scalarize(b, loc, args[2], dx), 3, f32);
    bool clamped = name == "CalculateLevelOfDetail";
    return dx.call(b, loc, "calculateLOD", f32, dxil::CalculateLOD, f32,
                   {handle, args[1], coords[0], coords[1], coords[2],
                    dx.i1(b, loc, clamped)},
                   dxil::OpAttr::ReadOnly);
  }
  std::optional<unsigned> opcode =
      llvm::StringSwitch<std::optional<unsigned>>(name)
          .Case("Sample", 60)
          .Case("SampleBias", 61)
          .Case("SampleLevel", 62)
          .Case("SampleGrad", 63)
          .Case("SampleCmp", 64)
          .Case("SampleCmpLevelZero", 65)
          .Case("SampleCmpLevel", 224)
          .Case("SampleCmpGrad", 254)
          .Case("SampleCmpBias", 255)
          .Default(std::nullopt);
  if (!opcode || args.size() < 3)
    return {};

  Value sampler = args[1];
  SmallVector<Value> coords = pad(scalarize(b, loc, args[2], dx), 4, f32);
  // Extra operands after the coordinates, per method: (bias|lod|cmp) or
  // (ddx, ddy), then an optional integer offset and a clamp.
  unsigned fixed = *opcode == 60                                         ? 0
                   : (*opcode == 63 || *opcode == 224 || *opcode == 255) ? 2
                   : *opcode == 254                                      ? 3
                                                                         : 1;
  if (args.size() < 3 + fixed)
    return {};
  SmallVector<Value> extra(args.begin() + 3, args.begin() + 3 + fixed);
  SmallVector<Value> rest(args.begin() + 3 + fixed, args.end());
  SmallVector<Value> offsets;
  Value clamp;
  for (Value v : rest) {
    if (isa<IntegerType>(getElementTypeOrSelf(v.getType())) && offsets.empty())
      offsets = scalarize(b, loc, v, dx);
    else if (v.getType().isF32() && !clamp)
      clamp = v;
  }
  if (offsets.empty())
    offsets = zeroOffsets(b, loc, resource.getKind());
  offsets = pad(offsets, 3, i32);
  SmallVector<Value> operands = {handle, sampler};
  operands.append(coords);
  operands.append(offsets);
  // Without a clamp argument the clamp is undef, as DXC writes it: 0.0
  // would clamp a magnified (negative) LOD to 0.
  Value noClamp = dx.undef(b, loc, f32);
  switch (*opcode) {
  case 60:
    operands.push_back(clamp ? clamp : noClamp);
    break;
  case 61:
  case 64:
  case 255: {
    // SampleCmpBias(..., compareValue, bias): the comparison value first.
    if (*opcode == 255)
      operands.push_back(extra[0]);
    Value biasOrCompare = extra[*opcode == 255 ? 1 : 0];
    operands.push_back(*opcode == 64
                           ? biasOrCompare
                           : clampImmediateBias(b, loc, biasOrCompare));
    operands.push_back(clamp ? clamp : noClamp);
    break;
  }
  case 62:
  case 65:
    operands.push_back(extra[0]);
    break;
  case 224:
    // SampleCmpLevel(..., compareValue, lod).
    operands.push_back(extra[0]);
    operands.push_back(extra[1]);
    break;
  case 63:
  case 254: {
    // SampleCmpGrad(..., compareValue, ddx, ddy).
    if (*opcode == 254) {
      operands.push_back(extra.front());
      extra.erase(extra.begin());
    }
    SmallVector<Value> ddx = pad(scalarize(b, loc, extra[0], dx), 3, f32);
    SmallVector<Value> ddy = pad(scalarize(b, loc, extra[1], dx), 3, f32);
    operands.append(ddx);
    operands.append(ddy);
    operands.push_back(clamp ? clamp : noClamp);
    break;
  }
  }
  StringRef cls = llvm::StringSwitch<StringRef>(name)
                      .Case("Sample", "sample")
                      .Case("SampleBias", "sampleBias")
                      .Case("SampleLevel", "sampleLevel")
                      .Case("SampleGrad", "sampleGrad")
                      .Case("SampleCmp", "sampleCmp")
                      .Case("SampleCmpLevel", "sampleCmpLevel")
                      .Case("SampleCmpGrad", "sampleCmpGrad")
                      .Case("SampleCmpBias", "sampleCmpBias")
                      .Default("sampleCmpLevelZero");
  return finish(dx.call(b, loc, cls, scalar, *opcode, dx.getResRetType(scalar),
                        operands, dxil::OpAttr::ReadOnly));
}

template <typename Finish, typename Pad>
Value IntrinsicLowering::lowerGather(IntrinsicOp op, StringRef name,
                                     ValueRange args,
                                     ConversionPatternRewriter &b,
                                     Type resultType, Finish &finish,
                                     Pad &pad) const {
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  std::optional<int32_t> channel =
      llvm::StringSwitch<std::optional<int32_t>>(name)
          .Cases({"Gather", "GatherRed", "GatherCmp", "GatherCmpRed"}, 0)
          .Cases({"GatherGreen", "GatherCmpGreen"}, 1)
          .Cases({"GatherBlue", "GatherCmpBlue"}, 2)
          .Cases({"GatherAlpha", "GatherCmpAlpha"}, 3)
          .Case("GatherRaw", -1)
          .Default(std::nullopt);
  bool compare = name.starts_with("GatherCmp");
  bool raw = name == "GatherRaw";
  unsigned fixed = compare ? 4 : 3; // texture, sampler, location[, cmp]
  // One offset, none, or one per texel.
  unsigned offsetCount = args.size() - fixed;
  if (!channel || args.size() < fixed ||
      (offsetCount > 1 && (offsetCount != 4 || raw)))
    return {};
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  Type scalar = getElementTypeOrSelf(resultType);
  auto gather = [&](ValueRange offsetArg) {
    SmallVector<Value> operands = {args[0], args[1]};
    operands.append(pad(scalarize(b, loc, args[2], dx), 4, f32));
    SmallVector<Value> offsets;
    if (!offsetArg.empty())
      offsets = scalarize(b, loc, offsetArg.front(), dx);
    else
      offsets = zeroOffsets(
          b, loc, cast<ResourceType>(op.getArgs()[0].getType()).getKind());
    operands.append(pad(offsets, 2, i32));
    if (raw)
      return dx.call(b, loc, "textureGatherRaw", scalar, dxil::TextureGatherRaw,
                     dx.getResRetType(scalar), operands,
                     dxil::OpAttr::ReadOnly);
    operands.push_back(dx.i32(b, loc, *channel));
    if (compare)
      operands.push_back(args[3]);
    return dx.call(b, loc, compare ? "textureGatherCmp" : "textureGather",
                   scalar,
                   compare ? dxil::TextureGatherCmp : dxil::TextureGather,
                   dx.getResRetType(scalar), operands, dxil::OpAttr::ReadOnly);
  };
  if (offsetCount != 4)
    return finish(gather(args.drop_front(fixed)));
  // An offset per texel: texel i of the gather at offset i, and the status
  // of the first gather (as DXC does).
  Value result;
  for (unsigned i = 0; i < 4; ++i) {
    Value one = gather(args.slice(fixed + i, 1));
    if (i == 0) {
      result = one;
      continue;
    }
    result = LLVM::InsertValueOp::create(
        b, loc, result, LLVM::ExtractValueOp::create(b, loc, one, i), i);
  }
  return finish(result);
}

LogicalResult
IntrinsicLowering::lowerGetDimensions(IntrinsicOp op, ValueRange args,
                                      ConversionPatternRewriter &b) const {
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  auto resource = dyn_cast<ResourceType>(op.getArgs()[0].getType());
  if (!resource)
    return op.emitError() << "not supported yet: GetDimensions here";
  ResourceKind kind = resource.getKind();
  // Textures take the mip level first when the method has one: then the
  // last output is the number of levels (the fourth field of the result).
  bool mipForm =
      isTexture(kind) && args.size() > 1 && isa<IntegerType>(args[1].getType());
  unsigned first = mipForm ? 2 : 1;
  SmallVector<Value> outputs(args.begin() + first, args.end());
  // Multisampled textures have no mip levels; their last output is the
  // number of samples (the fourth field of the result).
  bool multisampled = isMultisampled(kind);
  Value mip = mipForm ? args[1]
              : isTexture(kind) && !multisampled
                  ? dx.i32(b, loc, 0)
                  : dx.undef(b, loc, b.getI32Type());
  Value dims =
      dx.call(b, loc, "getDimensions", Type(), dxil::GetDimensions,
              dx.getDimensionsType(), {args[0], mip}, dxil::OpAttr::ReadOnly);
  for (auto [i, out] : llvm::enumerate(outputs)) {
    if (!isa<LLVM::LLVMPointerType>(out.getType()))
      return op.emitError() << "not supported yet: this GetDimensions form";
    Value value;
    if (isStructuredBuffer(kind) && i == 1) {
      // The stride of a structured buffer is known statically.
      value = dx.i32(b, loc, getStructuredLayout(resource.getValueType()).size);
    } else {
      int64_t field =
          (mipForm || multisampled) && i + 1 == outputs.size() ? 3 : int64_t(i);
      value = LLVM::ExtractValueOp::create(b, loc, dims, field);
    }
    Type target = getTypeConverter()->convertType(
        cast<PointerType>(op.getArgs()[i + first].getType()).getPointee());
    // Each output converts from uint, as DXC converts it (a bool is
    // whether the dimension is nonzero).
    auto integer = dyn_cast_or_null<IntegerType>(target);
    if (isa_and_nonnull<FloatType>(target))
      value = LLVM::UIToFPOp::create(b, loc, target, value);
    else if (integer && integer.getWidth() == 1)
      value = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, value,
                                   dx.i32(b, loc, 0));
    else if (integer && integer.getWidth() < 32)
      value = LLVM::TruncOp::create(b, loc, integer, value);
    else if (integer && integer.getWidth() > 32)
      value = LLVM::ZExtOp::create(b, loc, integer, value);
    else if (target && target != value.getType())
      return op.emitError()
             << "not supported yet: GetDimensions into a " << target;
    LLVM::StoreOp::create(b, loc, value, out);
  }
  b.eraseOp(op);
  return success();
}

LogicalResult
IntrinsicLowering::lowerSamplerFeedback(IntrinsicOp op, StringRef name,
                                        ValueRange args,
                                        ConversionPatternRewriter &b) const {
  auto feedback = dyn_cast<ResourceType>(op.getArgs()[0].getType());
  if (!feedback || !isFeedbackTexture(feedback.getKind()) || args.size() < 4)
    return op.emitError() << "not supported yet: " << name << " on "
                          << op.getArgs()[0].getType();
  if (failed(requireShaderModel(op, name, 5)))
    return failure();
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  Type f32 = b.getF32Type();
  auto padded = [&](Value value, unsigned n) {
    SmallVector<Value> values = scalarize(b, loc, value, dx);
    while (values.size() < n)
      values.push_back(dx.undef(b, loc, f32));
    values.resize(n);
    return values;
  };
  SmallVector<Value> operands = {args[0], args[1], args[2]};
  operands.append(padded(args[3], 4));
  Value noClamp = dx.undef(b, loc, f32);
  unsigned opcode;
  if (name == "WriteSamplerFeedback") {
    opcode = dxil::WriteSamplerFeedback;
    operands.push_back(args.size() > 4 ? args[4] : noClamp);
  } else if (name == "WriteSamplerFeedbackBias") {
    opcode = dxil::WriteSamplerFeedbackBias;
    if (args.size() < 5)
      return op.emitError() << name << " needs a bias";
    operands.push_back(clampImmediateBias(b, loc, args[4]));
    operands.push_back(args.size() > 5 ? args[5] : noClamp);
  } else if (name == "WriteSamplerFeedbackGrad") {
    opcode = dxil::WriteSamplerFeedbackGrad;
    if (args.size() < 6)
      return op.emitError() << name << " needs ddx and ddy";
    operands.append(padded(args[4], 3));
    operands.append(padded(args[5], 3));
    operands.push_back(args.size() > 6 ? args[6] : noClamp);
  } else {
    opcode = dxil::WriteSamplerFeedbackLevel;
    if (args.size() < 5)
      return op.emitError() << name << " needs a level";
    operands.push_back(args[4]);
  }
  StringRef cls =
      llvm::StringSwitch<StringRef>(name)
          .Case("WriteSamplerFeedback", "writeSamplerFeedback")
          .Case("WriteSamplerFeedbackBias", "writeSamplerFeedbackBias")
          .Case("WriteSamplerFeedbackGrad", "writeSamplerFeedbackGrad")
          .Default("writeSamplerFeedbackLevel");
  dx.call(b, loc, cls, Type(), opcode, Type(), operands, dxil::OpAttr::None);
  b.eraseOp(op);
  return success();
}
