//===- PackedIntegerLowering.cpp - packed 8-bit and half intrinsics -------===//
//
// Intrinsics on integers packed four to a uint (and halves two to a dot
// product): dot4add_u8packed/i8packed, dot2add (shader model 6.4), msad4,
// and shader model 6.6's pack_*/unpack_*. Each lowers as DXC lowers it.
//
//===----------------------------------------------------------------------===//

#include "IntrinsicLowering.h"

#include "HLSL/Target/DXIL/DXILOpcodes.h"


using namespace mlir;
using namespace mlir::hlsl;

bool mlir::hlsl::isPackedIntegerIntrinsic(StringRef name) {
  return name == "dot4add_u8packed" || name == "dot4add_i8packed" ||
         name == "dot2add" || name == "msad4" || name.starts_with("pack_") ||
         name.starts_with("unpack_");
}

LogicalResult IntrinsicLowering::lowerPackedInteger(
    IntrinsicOp op, StringRef name, ValueRange args,
    ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  if ((name == "dot4add_u8packed" || name == "dot4add_i8packed" ||
       name == "dot2add") &&
      args.size() == 3) {
    if (failed(requireShaderModel(op, name, 4)))
      return failure();
    if (name == "dot2add") {
      // Dot2AddHalf(acc, ax, ay, bx, by): the operands are native halves.
      SmallVector<Value> a = scalarize(rewriter, loc, args[0], dx);
      SmallVector<Value> c = scalarize(rewriter, loc, args[1], dx);
      if (a.size() != 2 || c.size() != 2 || !a[0].getType().isF16())
        return op.emitError() << "'dot2add' needs half2 operands with native "
                                 "16-bit types (-enable-16bit-types)";
      Type f32 = rewriter.getF32Type();
      rewriter.replaceOp(op, dx.call(rewriter, loc, "dot2AddHalf", f32,
                                     dxil::Dot2AddHalf, f32,
                                     {args[2], a[0], a[1], c[0], c[1]},
                                     dxil::OpAttr::ReadNone));
      return success();
    }
    // Dot4AddI8Packed / Dot4AddU8Packed: (acc, a, b).
    Type i32 = rewriter.getI32Type();
    rewriter.replaceOp(
        op, dx.call(rewriter, loc, "dot4AddPacked", i32,
                    name == "dot4add_i8packed" ? dxil::Dot4AddI8Packed
                                               : dxil::Dot4AddU8Packed,
                    i32, {args[2], args[0], args[1]}, dxil::OpAttr::ReadNone));
    return success();
  }
  if (name.starts_with("pack_") || name.starts_with("unpack_")) {
    if (failed(requireShaderModel(op, name, 6)))
      return failure();
    if (name.starts_with("pack_")) {
      // Pack4x8(mode, x, y, z, w): mode 0 truncates, 1 clamps to [0, 255],
      // 2 to [-128, 127].
      SmallVector<Value> lanes = scalarize(rewriter, loc, args[0], dx);
      if (lanes.size() != 4)
        return op.emitError() << "'" << name << "' expects four components";
      uint8_t mode = name == "pack_clamp_u8"   ? 1
                     : name == "pack_clamp_s8" ? 2
                                               : 0;
      Type i32 = rewriter.getI32Type();
      rewriter.replaceOp(op, dx.call(rewriter, loc, "pack4x8",
                                     lanes[0].getType(), dxil::Pack4x8, i32,
                                     {dx.i8(rewriter, loc, mode), lanes[0],
                                      lanes[1], lanes[2], lanes[3]},
                                     dxil::OpAttr::ReadNone));
      return success();
    }
    // Unpack4x8(mode, packed): mode 1 sign-extends, 0 zero-extends.
    Type type = getTypeConverter()->convertType(op.getType(0));
    auto vector = dyn_cast<VectorType>(type);
    if (!vector || vector.getNumElements() != 4)
      return op.emitError() << "'" << name << "' returns four components";
    Type element = vector.getElementType();
    bool isSigned = name.starts_with("unpack_s");
    Value unpacked = dx.call(rewriter, loc, "unpack4x8", element,
                             dxil::Unpack4x8, dx.getFourType(element),
                             {dx.i8(rewriter, loc, isSigned ? 1 : 0), args[0]},
                             dxil::OpAttr::ReadNone);
    SmallVector<Value> lanes;
    for (int64_t i = 0; i < 4; ++i)
      lanes.push_back(LLVM::ExtractValueOp::create(rewriter, loc, unpacked, i));
    rewriter.replaceOp(op, vectorize(rewriter, loc, type, lanes, dx));
    return success();
  }
  if (name == "msad4" && args.size() == 3) {
    // Window k of the source is bytes k..k+3 of (source.y:source.x): the
    // low word shifted right by 8k with source.y's low bytes inserted on
    // top (Bfi), as DXC forms them; then one Msad per window.
    SmallVector<Value> source = scalarize(rewriter, loc, args[1], dx);
    SmallVector<Value> accum = scalarize(rewriter, loc, args[2], dx);
    if (source.size() != 2 || accum.size() != 4)
      return op.emitError() << "msad4 expects a uint2 source and a uint4 "
                               "accumulator";
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> windows = {source[0]};
    for (unsigned k = 1; k < 4; ++k) {
      Value shifted = LLVM::LShrOp::create(rewriter, loc, source[0],
                                           dx.i32(rewriter, loc, 8 * k));
      windows.push_back(
          dx.call(rewriter, loc, "quaternary", i32, dxil::Bfi, i32,
                  {dx.i32(rewriter, loc, 8 * k),
                   dx.i32(rewriter, loc, 32 - 8 * k), source[1], shifted},
                  dxil::OpAttr::ReadNone));
    }
    SmallVector<Value> results;
    for (unsigned k = 0; k < 4; ++k)
      results.push_back(dx.call(rewriter, loc, "tertiary", i32, dxil::Msad, i32,
                                {args[0], windows[k], accum[k]},
                                dxil::OpAttr::ReadNone));
    Type type = getTypeConverter()->convertType(op.getType(0));
    rewriter.replaceOp(op, vectorize(rewriter, loc, type, results, dx));
    return success();
  }
  return op.emitError() << "not supported yet: intrinsic '" << name << "' with "
                        << args.size() << " operands";
}
