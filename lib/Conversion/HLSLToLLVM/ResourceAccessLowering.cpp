//===- ResourceAccessLowering.cpp - handles, buffer and cbuffer access ----===//
//
// Resource handles and the loads, stores and atomics on buffers, textures
// and constant buffers, as DXIL ops of the target's shader model.
//
//===----------------------------------------------------------------------===//

#include "LoweringCommon.h"

#include "HLSL/Dialect/HLSL/Transforms/StructuredLayout.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

struct CreateHandleLowering : HLSLPattern<CreateHandleOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(CreateHandleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const ResourceInfo *info = ctx.resources.lookup(op.getResource());
    if (!info)
      return op.emitError()
             << "resource '" << op.getResource() << "' has no assigned binding";
    rewriter.replaceOp(
        op, emitHandle(rewriter, op.getLoc(), ctx, *info, adaptor.getIndex()));
    return success();
  }
};

struct CBufferLoadRowLowering : HLSLPattern<CBufferLoadRowOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(CBufferLoadRowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    // A ConstantBuffer<T> array element comes with its handle.
    Value handle = adaptor.getHandle();
    if (!handle) {
      const ResourceInfo *info = ctx.resources.lookup(*op.getCbuffer());
      if (!info)
        return op.emitError() << "constant buffer '" << *op.getCbuffer()
                              << "' has no assigned binding";
      handle = emitHandle(rewriter, loc, ctx, *info, Value());
    }
    auto vec = cast<VectorType>(op.getType());
    Type element = vec.getElementType();
    Value row = dx.call(rewriter, loc, "cbufferLoadLegacy", element,
                        dxil::CBufferLoadLegacy, dx.getCBufRetType(element),
                        {handle, adaptor.getRow()}, dxil::OpAttr::ReadOnly);
    SmallVector<Value> scalars;
    for (int64_t i = 0; i < vec.getNumElements(); ++i)
      scalars.push_back(LLVM::ExtractValueOp::create(rewriter, loc, row, i));
    rewriter.replaceOp(op, vectorize(rewriter, loc, vec, scalars, dx));
    return success();
  }
};

/// Coordinates c0..c2 of an access, per resource kind.
SmallVector<Value, 3> getCoordinates(OpBuilder &b, Location loc,
                                     ResourceKind kind, Value index,
                                     Value offset, DXILOpBuilder &dx) {
  Type i32 = b.getI32Type();
  Value undef = dx.undef(b, loc, i32);
  if (isTexture(kind)) {
    SmallVector<Value, 3> coords = scalarize(b, loc, index, dx);
    while (coords.size() < 3)
      coords.push_back(undef);
    return coords;
  }
  if (isStructuredBuffer(kind))
    return {index, offset, undef};
  return {index, undef, undef};
}

/// Alignment argument of raw buffer accesses: the scalar size.
int64_t getAlignment(Type scalar) {
  return std::max<int64_t>(scalar.getIntOrFloatBitWidth() / 8, 1);
}

struct BufferLoadLowering : HLSLPattern<BufferLoadOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    ResourceKind kind = op.getHandle().getType().getKind();
    Type resultType = op.getType();
    Type scalar = getElementTypeOrSelf(resultType);
    int64_t count = isa<VectorType>(resultType)
                        ? cast<VectorType>(resultType).getNumElements()
                        : 1;
    SmallVector<Value, 3> coords = getCoordinates(
        rewriter, loc, kind, adaptor.getIndex(), adaptor.getOffset(), dx);
    Value ret;
    if (isTexture(kind)) {
      Value undef = dx.undef(rewriter, loc, rewriter.getI32Type());
      Value mip = getResourceClass(kind) == ResourceClass::UAV
                      ? undef
                      : dx.i32(rewriter, loc, 0);
      ret = dx.call(rewriter, loc, "textureLoad", scalar, dxil::TextureLoad,
                    dx.getResRetType(scalar),
                    {adaptor.getHandle(), mip, coords[0], coords[1], coords[2],
                     undef, undef, undef},
                    dxil::OpAttr::ReadOnly);
    } else if (isTypedResource(kind)) {
      ret = dx.call(rewriter, loc, "bufferLoad", scalar, dxil::BufferLoad,
                    dx.getResRetType(scalar),
                    {adaptor.getHandle(), coords[0], coords[1]},
                    dxil::OpAttr::ReadOnly);
    } else {
      ret = dx.call(rewriter, loc, "rawBufferLoad", scalar, dxil::RawBufferLoad,
                    dx.getResRetType(scalar),
                    {adaptor.getHandle(), coords[0], coords[1],
                     dx.i8(rewriter, loc, (1 << count) - 1),
                     dx.i32(rewriter, loc, getAlignment(scalar))},
                    dxil::OpAttr::ReadOnly);
    }
    SmallVector<Value> scalars;
    for (int64_t i = 0; i < count; ++i)
      scalars.push_back(LLVM::ExtractValueOp::create(rewriter, loc, ret, i));
    rewriter.replaceOp(op, vectorize(rewriter, loc, resultType, scalars, dx));
    return success();
  }
};

struct BufferStoreLowering : HLSLPattern<BufferStoreOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    ResourceKind kind = op.getHandle().getType().getKind();
    Value value = adaptor.getValue();
    Type scalar = getElementTypeOrSelf(value.getType());
    SmallVector<Value> values = scalarize(rewriter, loc, value, dx);
    int64_t count = values.size();
    while (values.size() < 4)
      values.push_back(dx.undef(rewriter, loc, scalar));
    Value mask = dx.i8(rewriter, loc, (1 << count) - 1);
    SmallVector<Value, 3> coords = getCoordinates(
        rewriter, loc, kind, adaptor.getIndex(), adaptor.getOffset(), dx);
    if (isTexture(kind)) {
      dx.call(rewriter, loc, "textureStore", scalar, dxil::TextureStore, Type(),
              {adaptor.getHandle(), coords[0], coords[1], coords[2], values[0],
               values[1], values[2], values[3], mask},
              dxil::OpAttr::None);
    } else if (isTypedResource(kind)) {
      dx.call(rewriter, loc, "bufferStore", scalar, dxil::BufferStore, Type(),
              {adaptor.getHandle(), coords[0], coords[1], values[0], values[1],
               values[2], values[3], mask},
              dxil::OpAttr::None);
    } else {
      dx.call(rewriter, loc, "rawBufferStore", scalar, dxil::RawBufferStore,
              Type(),
              {adaptor.getHandle(), coords[0], coords[1], values[0], values[1],
               values[2], values[3], mask,
               dx.i32(rewriter, loc, getAlignment(scalar))},
              dxil::OpAttr::None);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct BufferAtomicLowering : HLSLPattern<BufferAtomicOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(BufferAtomicOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    ResourceKind kind = op.getHandle().getType().getKind();
    Type type = op.getType();
    SmallVector<Value, 3> c = getCoordinates(
        rewriter, loc, kind, adaptor.getIndex(), adaptor.getOffset(), dx);
    Value result;
    if (adaptor.getCompare())
      result = dx.call(rewriter, loc, "atomicCompareExchange", type,
                       dxil::AtomicCompareExchange, type,
                       {adaptor.getHandle(), c[0], c[1], c[2],
                        adaptor.getCompare(), adaptor.getValue()},
                       dxil::OpAttr::None);
    else
      result = dx.call(
          rewriter, loc, "atomicBinOp", type, dxil::AtomicBinOp, type,
          {adaptor.getHandle(), dx.i32(rewriter, loc, unsigned(op.getKind())),
           c[0], c[1], c[2], adaptor.getValue()},
          dxil::OpAttr::None);
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::hlsl::populateResourceAccessPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                LoweringContext &ctx) {
  patterns.add<CreateHandleLowering, CBufferLoadRowLowering, BufferLoadLowering,
               BufferStoreLowering, BufferAtomicLowering>(
      converter, patterns.getContext(), ctx);
}
