//===- HLSLToLLVM.cpp - hlsl dialect to LLVM dialect with DXIL ops --------===//

#include "DXILOpBuilder.h"
#include "DXILResources.h"

#include "HLSL/Conversion/Passes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/StructuredLayout.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSwitch.h"

#include <set>

namespace mlir::hlsl {
#define GEN_PASS_DEF_CONVERTHLSLTOLLVMPASS
#include "HLSL/Conversion/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {

/// What every pattern needs: the dx.op builder, the bindings and the target.
struct LoweringContext {
  DXILOpBuilder dx;
  ResourceTable resources;
  unsigned smMinor = 6;
  ShaderStage stage = ShaderStage::Compute;
  bool useBindingHandles() const { return smMinor >= 6; }
  /// Thread groups exist (group sync and groupshared fences are allowed).
  bool hasThreadGroups() const {
    return stage == ShaderStage::Compute || stage == ShaderStage::Mesh ||
           stage == ShaderStage::Amplification ||
           stage == ShaderStage::Library;
  }
};

/// Creates the handle of element `relIndex` of a declaration's range.
Value emitHandle(OpBuilder &b, Location loc, LoweringContext &ctx,
                 const ResourceInfo &info, Value relIndex) {
  DXILOpBuilder &dx = ctx.dx;
  Value index = dx.i32(b, loc, info.lowerBound);
  if (relIndex)
    index = LLVM::AddOp::create(b, loc, index, relIndex);
  if (!ctx.useBindingHandles())
    return dx.call(b, loc, "createHandle", Type(), dxil::CreateHandle,
                   dx.getHandleType(),
                   {dx.i8(b, loc, unsigned(info.cls)),
                    dx.i32(b, loc, info.rangeId), index, dx.i1(b, loc, false)},
                   dxil::OpAttr::ReadOnly);
  Value bind = LLVM::UndefOp::create(b, loc, dx.getResBindType());
  uint32_t upper = info.size ? uint32_t(info.lowerBound + *info.size - 1)
                             : UINT32_MAX;
  bind = LLVM::InsertValueOp::create(b, loc, bind,
                                     dx.i32(b, loc, info.lowerBound),
                                     ArrayRef<int64_t>{0});
  bind = LLVM::InsertValueOp::create(b, loc, bind, dx.i32(b, loc, upper), 1);
  bind = LLVM::InsertValueOp::create(b, loc, bind, dx.i32(b, loc, info.space),
                                     2);
  bind = LLVM::InsertValueOp::create(b, loc, bind,
                                     dx.i8(b, loc, unsigned(info.cls)), 3);
  Value handle = dx.call(b, loc, "createHandleFromBinding", Type(),
                         dxil::CreateHandleFromBinding, dx.getHandleType(),
                         {bind, index, dx.i1(b, loc, false)},
                         dxil::OpAttr::ReadNone);
  Value props = LLVM::UndefOp::create(b, loc, dx.getResourcePropertiesType());
  props = LLVM::InsertValueOp::create(
      b, loc, props, dx.i32(b, loc, int32_t(info.properties[0])),
      ArrayRef<int64_t>{0});
  props = LLVM::InsertValueOp::create(
      b, loc, props, dx.i32(b, loc, int32_t(info.properties[1])), 1);
  return dx.call(b, loc, "annotateHandle", Type(), dxil::AnnotateHandle,
                 dx.getHandleType(), {handle, props}, dxil::OpAttr::ReadNone);
}

/// Scalars of a value: itself, or the elements of a vector.
SmallVector<Value> scalarize(OpBuilder &b, Location loc, Value value,
                             DXILOpBuilder &dx) {
  auto vec = dyn_cast<VectorType>(value.getType());
  if (!vec)
    return {value};
  SmallVector<Value> result;
  for (int64_t i = 0; i < vec.getNumElements(); ++i)
    result.push_back(
        LLVM::ExtractElementOp::create(b, loc, value, dx.i32(b, loc, i)));
  return result;
}

Value vectorize(OpBuilder &b, Location loc, Type type, ArrayRef<Value> scalars,
                DXILOpBuilder &dx) {
  if (!isa<VectorType>(type))
    return scalars.front();
  Value result = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, s] : llvm::enumerate(scalars))
    result = LLVM::InsertElementOp::create(b, loc, result, s, dx.i32(b, loc, i));
  return result;
}

template <typename Op>
struct HLSLPattern : OpConversionPattern<Op> {
  HLSLPattern(const TypeConverter &converter, MLIRContext *context,
              LoweringContext &ctx, PatternBenefit benefit = 1)
      : OpConversionPattern<Op>(converter, context, benefit), ctx(ctx) {}
  LoweringContext &ctx;
};

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
      return op.emitError() << "resource '" << op.getResource()
                            << "' has no assigned binding";
    rewriter.replaceOp(op, emitHandle(rewriter, op.getLoc(), ctx, *info,
                                      adaptor.getIndex()));
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
    int64_t count =
        isa<VectorType>(resultType) ? cast<VectorType>(resultType).getNumElements()
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
      ret = dx.call(rewriter, loc, "rawBufferLoad", scalar,
                    dxil::RawBufferLoad, dx.getResRetType(scalar),
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
      result = dx.call(rewriter, loc, "atomicBinOp", type, dxil::AtomicBinOp,
                       type,
                       {adaptor.getHandle(),
                        dx.i32(rewriter, loc, unsigned(op.getKind())), c[0],
                        c[1], c[2], adaptor.getValue()},
                       dxil::OpAttr::None);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Intrinsics
//===----------------------------------------------------------------------===//

struct IntrinsicLowering : HLSLPattern<IntrinsicOp> {
  using HLSLPattern::HLSLPattern;

  /// The DXIL op of a derivative intrinsic; plain ddx/ddy are the coarse
  /// ones, as in DXC.
  static std::optional<unsigned> getDerivativeOpcode(StringRef name) {
    return llvm::StringSwitch<std::optional<unsigned>>(name)
        .Cases({"ddx", "ddx_coarse"}, dxil::DerivCoarseX)
        .Cases({"ddy", "ddy_coarse"}, dxil::DerivCoarseY)
        .Case("ddx_fine", dxil::DerivFineX)
        .Case("ddy_fine", dxil::DerivFineY)
        .Default(std::nullopt);
  }

  /// Derivatives (and sampling that computes them) need pixel quads.
  LogicalResult checkQuadStage(Operation *op, StringRef name) const {
    if (ctx.stage == ShaderStage::Compute || ctx.stage == ShaderStage::Mesh ||
        ctx.stage == ShaderStage::Amplification)
      return op->emitError()
             << "not supported yet: '" << name
             << "' outside pixel shaders (compute, mesh and amplification "
                "shaders have derivatives from shader model 6.6)";
    if (ctx.stage != ShaderStage::Pixel && ctx.stage != ShaderStage::Library)
      return op->emitError() << "'" << name
                             << "' is only allowed in pixel shaders";
    return success();
  }

  /// Quad shuffles (QuadOp, QuadReadLaneAt) need lanes grouped in quads:
  /// pixel shaders and the thread-group stages; the validator rejects them
  /// elsewhere.
  LogicalResult checkQuadShuffleStage(Operation *op, StringRef name) const {
    switch (ctx.stage) {
    case ShaderStage::Pixel:
    case ShaderStage::Compute:
    case ShaderStage::Mesh:
    case ShaderStage::Amplification:
    case ShaderStage::Library:
      return success();
    default:
      return op->emitError() << "'" << name
                             << "' is only allowed in pixel, compute, mesh "
                                "and amplification shaders";
    }
  }

  /// DXIL's derivative ops have only half and float overloads.
  LogicalResult checkDerivative(Operation *op, StringRef name,
                                Type type) const {
    if (failed(checkQuadStage(op, name)))
      return failure();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF16() && !element.isF32())
      return op->emitError() << "'" << name
                             << "' takes half or float values, not " << type;
    return success();
  }

  /// Applies a one-operand DXIL op to every element.
  Value elementwise(ConversionPatternRewriter &b, Location loc, StringRef cls,
                    unsigned opcode, Value value, Type resultElement) const {
    SmallVector<Value> results;
    for (Value s : scalarize(b, loc, value, ctx.dx))
      results.push_back(ctx.dx.call(b, loc, cls, s.getType(), opcode,
                                    resultElement ? resultElement : s.getType(),
                                    {s}, dxil::OpAttr::ReadNone));
    return vectorize(b, loc, getResultType(value.getType(), resultElement),
                     results, ctx.dx);
  }

  /// `type` with its elements replaced by `resultElement` (if given).
  static Type getResultType(Type type, Type resultElement) {
    if (!resultElement)
      return type;
    if (auto vec = dyn_cast<VectorType>(type))
      return VectorType::get(vec.getShape(), resultElement);
    return resultElement;
  }

  /// firstbithigh: DXIL's FirstbitHi/SHi count from the most significant
  /// bit; HLSL counts from the least significant one (-1 stays -1), so the
  /// result is converted as DXC does: r == -1 ? -1 : width - 1 - r.
  Value firstBitHigh(ConversionPatternRewriter &b, Location loc,
                     unsigned opcode, Value value) const {
    SmallVector<Value> results;
    Type i32 = b.getI32Type();
    for (Value s : scalarize(b, loc, value, ctx.dx)) {
      Value fromTop = ctx.dx.call(b, loc, "unaryBits", s.getType(), opcode, i32,
                                  {s}, dxil::OpAttr::ReadNone);
      Value none = ctx.dx.i32(b, loc, -1);
      Value highest = ctx.dx.i32(
          b, loc, int64_t(s.getType().getIntOrFloatBitWidth()) - 1);
      Value fromBottom = LLVM::SubOp::create(b, loc, highest, fromTop);
      Value notFound =
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, fromTop, none);
      results.push_back(
          LLVM::SelectOp::create(b, loc, notFound, none, fromBottom));
    }
    return vectorize(b, loc, getResultType(value.getType(), i32), results,
                     ctx.dx);
  }

  LogicalResult
  matchAndRewrite(IntrinsicOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef name = op.getName();
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    ValueRange args = adaptor.getArgs();
    auto barrier = [&](unsigned mode) -> LogicalResult {
      if (!ctx.hasThreadGroups() &&
          (mode & (dxil::BarrierSyncThreadGroup | dxil::BarrierTGSMFence)))
        return op.emitError()
               << "'" << name
               << "' is only allowed in compute, mesh and amplification "
                  "shaders";
      dx.call(rewriter, loc, "barrier", Type(), dxil::Barrier, Type(),
              {dx.i32(rewriter, loc, mode)}, dxil::OpAttr::Convergent);
      rewriter.eraseOp(op);
      return success();
    };
    // Barrier modes: SyncThreadGroup 1, UAVFenceGlobal 2,
    // UAVFenceThreadGroup 4, TGSMFence 8.
    if (name == "GroupMemoryBarrier")
      return barrier(8);
    if (name == "GroupMemoryBarrierWithGroupSync")
      return barrier(9);
    if (name == "DeviceMemoryBarrier")
      return barrier(2);
    if (name == "DeviceMemoryBarrierWithGroupSync")
      return barrier(3);
    if (name == "AllMemoryBarrier")
      return barrier(10);
    if (name == "AllMemoryBarrierWithGroupSync")
      return barrier(11);

    auto systemValue = [&](StringRef cls, unsigned opcode) {
      Type type = getTypeConverter()->convertType(op.getType(0));
      SmallVector<Value> scalars;
      unsigned count =
          isa<VectorType>(type) ? cast<VectorType>(type).getNumElements() : 1;
      for (unsigned i = 0; i < count; ++i)
        scalars.push_back(dx.call(rewriter, loc, cls, rewriter.getI32Type(),
                                  opcode, rewriter.getI32Type(),
                                  {dx.i32(rewriter, loc, i)},
                                  dxil::OpAttr::ReadNone));
      rewriter.replaceOp(op, vectorize(rewriter, loc, type, scalars, dx));
      return success();
    };
    if (name == "DispatchThreadID")
      return systemValue("threadId", dxil::ThreadId);
    if (name == "GroupID")
      return systemValue("groupId", dxil::GroupId);
    if (name == "GroupThreadID")
      return systemValue("threadIdInGroup", dxil::ThreadIdInGroup);
    if (name == "GroupIndex") {
      rewriter.replaceOp(op, dx.call(rewriter, loc, "flattenedThreadIdInGroup",
                                     rewriter.getI32Type(),
                                     dxil::FlattenedThreadIdInGroup,
                                     rewriter.getI32Type(), {},
                                     dxil::OpAttr::ReadNone));
      return success();
    }

    // Groupshared atomics are LLVM atomics on addrspace(3).
    if (name.starts_with("Interlocked") && !args.empty() &&
        isa<LLVM::LLVMPointerType>(args[0].getType())) {
      bool isSigned = false;
      if (auto attr = op->getAttrOfType<BoolAttr>("hlsl.signed"))
        isSigned = attr.getValue();
      Value ptr = args[0];
      if (name == "InterlockedCompareExchange" ||
          name == "InterlockedCompareStore") {
        auto cmpxchg = LLVM::AtomicCmpXchgOp::create(
            rewriter, loc, ptr, args[1], args[2],
            LLVM::AtomicOrdering::seq_cst, LLVM::AtomicOrdering::seq_cst);
        if (args.size() > 3) {
          Value old = LLVM::ExtractValueOp::create(rewriter, loc, cmpxchg,
                                                   ArrayRef<int64_t>{0});
          LLVM::StoreOp::create(rewriter, loc, old, args[3]);
        }
        rewriter.eraseOp(op);
        return success();
      }
      std::optional<LLVM::AtomicBinOp> bin =
          llvm::StringSwitch<std::optional<LLVM::AtomicBinOp>>(name)
              .Case("InterlockedAdd", LLVM::AtomicBinOp::add)
              .Case("InterlockedAnd", LLVM::AtomicBinOp::_and)
              .Case("InterlockedOr", LLVM::AtomicBinOp::_or)
              .Case("InterlockedXor", LLVM::AtomicBinOp::_xor)
              .Case("InterlockedMin", isSigned ? LLVM::AtomicBinOp::min
                                               : LLVM::AtomicBinOp::umin)
              .Case("InterlockedMax", isSigned ? LLVM::AtomicBinOp::max
                                               : LLVM::AtomicBinOp::umax)
              .Case("InterlockedExchange", LLVM::AtomicBinOp::xchg)
              .Default(std::nullopt);
      if (!bin)
        return op.emitError() << "not supported yet: " << name
                              << " on groupshared memory";
      auto rmw = LLVM::AtomicRMWOp::create(rewriter, loc, *bin, ptr, args[1],
                                           LLVM::AtomicOrdering::seq_cst);
      if (args.size() > 2)
        LLVM::StoreOp::create(rewriter, loc, rmw.getResult(), args[2]);
      rewriter.eraseOp(op);
      return success();
    }

    if (name == "dot" && args.size() == 2) {
      SmallVector<Value> a = scalarize(rewriter, loc, args[0], dx);
      SmallVector<Value> b = scalarize(rewriter, loc, args[1], dx);
      Type element = a.front().getType();
      if (isa<FloatType>(element) && a.size() >= 2 && a.size() <= 4) {
        SmallVector<Value> operands(a);
        operands.append(b);
        unsigned opcode = a.size() == 2   ? dxil::Dot2
                          : a.size() == 3 ? dxil::Dot3
                                          : dxil::Dot4;
        rewriter.replaceOp(op, dx.call(rewriter, loc,
                                       "dot" + std::to_string(a.size()),
                                       element, opcode, element, operands,
                                       dxil::OpAttr::ReadNone));
        return success();
      }
      // Integer (and one-component) dot products: multiply and add, as DXC.
      Value sum;
      for (auto [x, y] : llvm::zip(a, b)) {
        Value product = isa<FloatType>(element)
                            ? Value(LLVM::FMulOp::create(rewriter, loc, x, y))
                            : Value(LLVM::MulOp::create(rewriter, loc, x, y));
        sum = !sum ? product
                   : isa<FloatType>(element)
                         ? Value(LLVM::FAddOp::create(rewriter, loc, sum, product))
                         : Value(LLVM::AddOp::create(rewriter, loc, sum, product));
      }
      rewriter.replaceOp(op, sum);
      return success();
    }
    if (name == "saturate" && args.size() == 1) {
      rewriter.replaceOp(op, elementwise(rewriter, loc, "unary",
                                         dxil::Saturate, args[0], Type()));
      return success();
    }
    if (name == "frac" && args.size() == 1) {
      rewriter.replaceOp(op, elementwise(rewriter, loc, "unary", dxil::Frc,
                                         args[0], Type()));
      return success();
    }
    if (std::optional<unsigned> opcode = getDerivativeOpcode(name);
        (opcode || name == "fwidth") && args.size() == 1) {
      if (failed(checkDerivative(op, name, args[0].getType())))
        return failure();
      if (opcode) {
        rewriter.replaceOp(op, elementwise(rewriter, loc, "unary", *opcode,
                                           args[0], Type()));
        return success();
      }
      // fwidth(x) = abs(ddx(x)) + abs(ddy(x)), with the coarse forms (DXC).
      Value dx = elementwise(rewriter, loc, "unary", dxil::DerivCoarseX,
                             args[0], Type());
      Value dy = elementwise(rewriter, loc, "unary", dxil::DerivCoarseY,
                             args[0], Type());
      rewriter.replaceOp(op, LLVM::FAddOp::create(
                                 rewriter, loc,
                                 LLVM::FAbsOp::create(rewriter, loc, dx),
                                 LLVM::FAbsOp::create(rewriter, loc, dy)));
      return success();
    }
    if (name == "reversebits" && args.size() == 1) {
      rewriter.replaceOp(op, elementwise(rewriter, loc, "unary", dxil::Bfrev,
                                         args[0], Type()));
      return success();
    }
    if ((name == "firstbithigh" || name == "firstbitlow") && args.size() == 1) {
      bool isSigned = false;
      if (auto attr = op->getAttrOfType<BoolAttr>("hlsl.signed"))
        isSigned = attr.getValue();
      unsigned opcode = name == "firstbitlow" ? dxil::FirstbitLo
                        : isSigned            ? dxil::FirstbitSHi
                                              : dxil::FirstbitHi;
      rewriter.replaceOp(
          op, opcode == dxil::FirstbitLo
                  ? elementwise(rewriter, loc, "unaryBits", opcode, args[0],
                                rewriter.getI32Type())
                  : firstBitHigh(rewriter, loc, opcode, args[0]));
      return success();
    }
    if ((name == "any" || name == "all") && args.size() == 1) {
      // any/all compare every element with zero and combine.
      Value result;
      for (Value s : scalarize(rewriter, loc, args[0], dx)) {
        Value isSet;
        if (s.getType().isInteger(1))
          isSet = s;
        else if (isa<FloatType>(s.getType()))
          isSet = LLVM::FCmpOp::create(
              rewriter, loc, LLVM::FCmpPredicate::une, s,
              LLVM::ConstantOp::create(rewriter, loc, s.getType(),
                                       rewriter.getFloatAttr(s.getType(), 0)));
        else
          isSet = LLVM::ICmpOp::create(
              rewriter, loc, LLVM::ICmpPredicate::ne, s,
              LLVM::ConstantOp::create(rewriter, loc, s.getType(),
                                       rewriter.getIntegerAttr(s.getType(), 0)));
        result = !result ? isSet
                 : name == "any"
                     ? Value(LLVM::OrOp::create(rewriter, loc, result, isSet))
                     : Value(LLVM::AndOp::create(rewriter, loc, result, isSet));
      }
      rewriter.replaceOp(op, result);
      return success();
    }
    if (name == "NonUniformResourceIndex" && args.size() == 1) {
      rewriter.replaceOp(op, args[0]);
      return success();
    }
    if ((name == "IncrementCounter" || name == "DecrementCounter") &&
        args.size() == 1) {
      bool inc = name == "IncrementCounter";
      rewriter.replaceOp(op, dx.call(rewriter, loc, "bufferUpdateCounter",
                                     Type(), dxil::BufferUpdateCounter,
                                     rewriter.getI32Type(),
                                     {args[0], dx.i8(rewriter, loc, inc ? 1 : -1)},
                                     dxil::OpAttr::None));
      return success();
    }
    if (name == "discard" || name == "clip") {
      if (ctx.stage != ShaderStage::Pixel && ctx.stage != ShaderStage::Library)
        return op.emitError() << "'" << name
                              << "' is only allowed in pixel shaders";
      // clip(x) discards when any component is negative.
      Value condition = dx.i1(rewriter, loc, true);
      if (name == "clip") {
        condition = Value();
        for (Value s : scalarize(rewriter, loc, args[0], dx)) {
          Value zero = LLVM::ConstantOp::create(
              rewriter, loc, s.getType(), rewriter.getFloatAttr(s.getType(), 0));
          Value negative = LLVM::FCmpOp::create(
              rewriter, loc, LLVM::FCmpPredicate::olt, s, zero);
          condition = condition
                          ? Value(LLVM::OrOp::create(rewriter, loc, condition,
                                                     negative))
                          : negative;
        }
      }
      dx.call(rewriter, loc, "discard", Type(), dxil::Discard, Type(),
              {condition}, dxil::OpAttr::None);
      rewriter.eraseOp(op);
      return success();
    }
    // These compute derivatives (for the mip level).
    if (llvm::is_contained({"Sample", "SampleBias", "SampleCmp",
                            "CalculateLevelOfDetail",
                            "CalculateLevelOfDetailUnclamped"},
                           name) &&
        failed(checkQuadStage(op, name)))
      return failure();
    if (name.starts_with("Gather") && name != "GatherCmp" && args.size() == 5)
      return op.emitError() << "not supported yet: the status argument of '"
                            << name << "'";
    if (Value result = lowerTexture(op, name, args, rewriter)) {
      rewriter.replaceOp(op, result);
      return success();
    }
    if (name == "GetDimensions")
      return lowerGetDimensions(op, args, rewriter);
    if (name == "mul" && args.size() == 2) {
      Value result = lowerMul(op, args[0], args[1], rewriter);
      if (!result)
        return op.emitError() << "not supported yet: mul of "
                              << op.getArgs()[0].getType() << " and "
                              << op.getArgs()[1].getType();
      rewriter.replaceOp(op, result);
      return success();
    }
    if (name == "transpose" && args.size() == 1) {
      auto matrix = dyn_cast<MatrixType>(op.getArgs()[0].getType());
      if (!matrix)
        return op.emitError() << "not supported yet: transpose of "
                              << op.getArgs()[0].getType();
      SmallVector<Value> in = scalarize(rewriter, loc, args[0], dx), out;
      for (unsigned c = 0; c < matrix.getColumns(); ++c)
        for (unsigned r = 0; r < matrix.getRows(); ++r)
          out.push_back(in[r * matrix.getColumns() + c]);
      rewriter.replaceOp(op, vectorize(rewriter, loc, args[0].getType(), out, dx));
      return success();
    }
    if ((name == "f16tof32" || name == "f32tof16") && args.size() == 1) {
      bool toFloat = name == "f16tof32";
      SmallVector<Value> results;
      for (Value s : scalarize(rewriter, loc, args[0], dx))
        results.push_back(dx.call(
            rewriter, loc, toFloat ? "legacyF16ToF32" : "legacyF32ToF16",
            Type(), toFloat ? 131 : 130,
            toFloat ? Type(rewriter.getF32Type()) : Type(rewriter.getI32Type()),
            {s}, dxil::OpAttr::ReadNone));
      Type type = getTypeConverter()->convertType(op.getType(0));
      rewriter.replaceOp(op, vectorize(rewriter, loc, type, results, dx));
      return success();
    }
    if (name == "asdouble" && args.size() == 2) {
      // MakeDouble(lo, hi) per component.
      SmallVector<Value> low = scalarize(rewriter, loc, args[0], dx);
      SmallVector<Value> high = scalarize(rewriter, loc, args[1], dx);
      if (low.size() != high.size())
        return op.emitError() << "asdouble operands differ in size";
      Type f64 = rewriter.getF64Type();
      SmallVector<Value> results;
      for (auto [lo, hi] : llvm::zip(low, high))
        results.push_back(dx.call(rewriter, loc, "makeDouble", f64, dxil::MakeDouble, f64,
                                  {lo, hi}, dxil::OpAttr::ReadNone));
      Type type = getTypeConverter()->convertType(op.getType(0));
      rewriter.replaceOp(op, vectorize(rewriter, loc, type, results, dx));
      return success();
    }
    if (name == "splitdouble" && args.size() == 3 &&
        isa<LLVM::LLVMPointerType>(args[1].getType()) &&
        isa<LLVM::LLVMPointerType>(args[2].getType())) {
      // asuint(double, out lo, out hi): SplitDouble per component.
      SmallVector<Value> low, high;
      Type f64 = rewriter.getF64Type();
      for (Value d : scalarize(rewriter, loc, args[0], dx)) {
        Value pair = dx.call(rewriter, loc, "splitDouble", f64, dxil::SplitDouble,
                             dx.getSplitDoubleType(), {d},
                             dxil::OpAttr::ReadNone);
        low.push_back(LLVM::ExtractValueOp::create(rewriter, loc, pair, 0));
        high.push_back(LLVM::ExtractValueOp::create(rewriter, loc, pair, 1));
      }
      Type i32 = rewriter.getI32Type();
      Type type = i32;
      if (auto vec = dyn_cast<VectorType>(args[0].getType()))
        type = VectorType::get(vec.getShape(), i32);
      LLVM::StoreOp::create(rewriter, loc,
                            vectorize(rewriter, loc, type, low, dx), args[1]);
      LLVM::StoreOp::create(rewriter, loc,
                            vectorize(rewriter, loc, type, high, dx), args[2]);
      rewriter.eraseOp(op);
      return success();
    }
    if (isWaveIntrinsic(name))
      return lowerWave(op, name, args, rewriter);
    return op.emitError() << "not supported yet: intrinsic '" << name
                          << "' in the DXIL lowering";
  }

  /// The offsets of a sample or gather without an offset argument: 0 for
  /// each coordinate the texture kind takes an offset in (none for cubes),
  /// as DXC writes them; the unused ones stay undef.
  SmallVector<Value> zeroOffsets(OpBuilder &b, Location loc,
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

  /// Texture Sample*/Load methods; null if `name` is none of them.
  Value lowerTexture(IntrinsicOp op, StringRef name, ValueRange args,
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
    auto finish = [&](Value ret) {
      SmallVector<Value> scalars;
      for (unsigned i = 0; i < count; ++i)
        scalars.push_back(LLVM::ExtractValueOp::create(b, loc, ret, i));
      return vectorize(b, loc, resultType, scalars, dx);
    };
    Value handle = args[0];
    if (name == "Load") {
      // Load(int3 xy+mip) on SRVs; RW textures have no mip level.
      SmallVector<Value> coords = scalarize(b, loc, args[1], dx);
      Value mip = dx.undef(b, loc, i32);
      if (getResourceClass(resource.getKind()) == ResourceClass::SRV) {
        mip = coords.back();
        coords.pop_back();
      }
      SmallVector<Value> offsets =
          args.size() > 2 ? scalarize(b, loc, args[2], dx) : SmallVector<Value>();
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
            .Default(std::nullopt);
    if (!opcode || args.size() < 3)
      return {};
    Value sampler = args[1];
    SmallVector<Value> coords = pad(scalarize(b, loc, args[2], dx), 4, f32);
    // Extra operands after the coordinates, per method: (bias|lod|cmp) or
    // (ddx, ddy), then an optional integer offset and a clamp.
    unsigned fixed = *opcode == 60 ? 0 : *opcode == 63 ? 2 : 1;
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
      operands.push_back(extra[0]);
      operands.push_back(clamp ? clamp : noClamp);
      break;
    case 62:
    case 65:
      operands.push_back(extra[0]);
      break;
    case 63: {
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
                        .Default("sampleCmpLevelZero");
    return finish(dx.call(b, loc, cls, scalar, *opcode,
                          dx.getResRetType(scalar), operands,
                          dxil::OpAttr::ReadOnly));
  }

  /// Gather, GatherRed/Green/Blue/Alpha and GatherCmp: TextureGather(Cmp)
  /// of one channel (Gather and GatherCmp read red), with up to four
  /// coordinates and two offsets.
  template <typename Finish, typename Pad>
  Value lowerGather(IntrinsicOp op, StringRef name, ValueRange args,
                    ConversionPatternRewriter &b, Type resultType,
                    Finish &finish, Pad &pad) const {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    std::optional<int32_t> channel =
        llvm::StringSwitch<std::optional<int32_t>>(name)
            .Cases({"Gather", "GatherRed", "GatherCmp"}, 0)
            .Case("GatherGreen", 1)
            .Case("GatherBlue", 2)
            .Case("GatherAlpha", 3)
            .Default(std::nullopt);
    bool compare = name == "GatherCmp";
    unsigned fixed = compare ? 4 : 3; // texture, sampler, location[, cmp]
    if (!channel || args.size() < fixed || args.size() > fixed + 1)
      return {};
    Type f32 = b.getF32Type(), i32 = b.getI32Type();
    Type scalar = getElementTypeOrSelf(resultType);
    SmallVector<Value> operands = {args[0], args[1]};
    operands.append(pad(scalarize(b, loc, args[2], dx), 4, f32));
    SmallVector<Value> offsets;
    if (args.size() > fixed)
      offsets = scalarize(b, loc, args[fixed], dx);
    else
      offsets = zeroOffsets(
          b, loc, cast<ResourceType>(op.getArgs()[0].getType()).getKind());
    operands.append(pad(offsets, 2, i32));
    operands.push_back(dx.i32(b, loc, *channel));
    if (compare)
      operands.push_back(args[3]);
    return finish(dx.call(
        b, loc, compare ? "textureGatherCmp" : "textureGather", scalar,
        compare ? dxil::TextureGatherCmp : dxil::TextureGather,
        dx.getResRetType(scalar), operands, dxil::OpAttr::ReadOnly));
  }

  /// GetDimensions(out w[, out h[, out d]]...) of buffers and textures.
  LogicalResult lowerGetDimensions(IntrinsicOp op, ValueRange args,
                                   ConversionPatternRewriter &b) const {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    auto resource = dyn_cast<ResourceType>(op.getArgs()[0].getType());
    if (!resource)
      return op.emitError() << "not supported yet: GetDimensions here";
    ResourceKind kind = resource.getKind();
    // Textures take the mip level first when the method has one; we support
    // the forms without it (w, h[, d]).
    SmallVector<Value> outputs(args.begin() + 1, args.end());
    Value dims = dx.call(b, loc, "getDimensions", Type(), dxil::GetDimensions,
                         dx.getDimensionsType(),
                         {args[0], isTexture(kind) ? dx.i32(b, loc, 0)
                                                   : dx.undef(b, loc, b.getI32Type())},
                         dxil::OpAttr::ReadOnly);
    for (auto [i, out] : llvm::enumerate(outputs)) {
      if (!isa<LLVM::LLVMPointerType>(out.getType()))
        return op.emitError() << "not supported yet: this GetDimensions form";
      Value value;
      if (isStructuredBuffer(kind) && i == 1) {
        // The stride of a structured buffer is known statically.
        value = dx.i32(b, loc, getStructuredLayout(resource.getValueType()).size);
      } else {
        value = LLVM::ExtractValueOp::create(b, loc, dims, int64_t(i));
      }
      Type target = getTypeConverter()->convertType(
          cast<PointerType>(op.getArgs()[i + 1].getType()).getPointee());
      if (target && target.isF32())
        value = LLVM::UIToFPOp::create(b, loc, target, value);
      LLVM::StoreOp::create(b, loc, value, out);
    }
    b.eraseOp(op);
    return success();
  }

  Value lowerMul(IntrinsicOp op, Value a, Value c,
                 ConversionPatternRewriter &b) const {
    Location loc = op.getLoc();
    Type ta = op.getArgs()[0].getType(), tc = op.getArgs()[1].getType();
    auto ma = dyn_cast<MatrixType>(ta), mc = dyn_cast<MatrixType>(tc);
    SmallVector<Value> x = scalarize(b, loc, a, ctx.dx);
    SmallVector<Value> y = scalarize(b, loc, c, ctx.dx);
    Type element = x.front().getType();
    bool isFloat = isa<FloatType>(element);
    auto mulAdd = [&](Value sum, Value p, Value q) -> Value {
      Value product = isFloat ? Value(LLVM::FMulOp::create(b, loc, p, q))
                              : Value(LLVM::MulOp::create(b, loc, p, q));
      if (!sum)
        return product;
      return isFloat ? Value(LLVM::FAddOp::create(b, loc, sum, product))
                     : Value(LLVM::AddOp::create(b, loc, sum, product));
    };
    Type resultType = getTypeConverter()->convertType(op.getType(0));
    SmallVector<Value> out;
    if (!ma && mc) { // row vector times matrix
      for (unsigned j = 0; j < mc.getColumns(); ++j) {
        Value sum;
        for (unsigned i = 0; i < mc.getRows(); ++i)
          sum = mulAdd(sum, x[i], y[i * mc.getColumns() + j]);
        out.push_back(sum);
      }
    } else if (ma && !mc) { // matrix times column vector
      for (unsigned i = 0; i < ma.getRows(); ++i) {
        Value sum;
        for (unsigned j = 0; j < ma.getColumns(); ++j)
          sum = mulAdd(sum, x[i * ma.getColumns() + j], y[j]);
        out.push_back(sum);
      }
    } else if (ma && mc) {
      for (unsigned i = 0; i < ma.getRows(); ++i)
        for (unsigned j = 0; j < mc.getColumns(); ++j) {
          Value sum;
          for (unsigned k = 0; k < ma.getColumns(); ++k)
            sum = mulAdd(sum, x[i * ma.getColumns() + k],
                         y[k * mc.getColumns() + j]);
          out.push_back(sum);
        }
    } else if (x.size() == y.size() && !isa<VectorType>(resultType)) {
      Value sum;
      for (auto [p, q] : llvm::zip(x, y))
        sum = mulAdd(sum, p, q);
      out.push_back(sum);
    } else if (x.size() == 1 || y.size() == 1) { // scalar scaling
      SmallVector<Value> &v = x.size() == 1 ? y : x;
      Value s = x.size() == 1 ? x[0] : y[0];
      for (Value e : v)
        out.push_back(mulAdd(Value(), s, e));
    } else {
      return {};
    }
    if (out.size() == 1 && !isa<VectorType>(resultType))
      return out[0];
    return vectorize(b, loc, resultType, out, ctx.dx);
  }

  LogicalResult lowerWave(IntrinsicOp op, StringRef name, ValueRange args,
                          ConversionPatternRewriter &b) const {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    Type i32 = b.getI32Type(), i1 = b.getI1Type();
    auto replace = [&](Value v) {
      b.replaceOp(op, v);
      return success();
    };
    auto voidOp = [&](StringRef cls, unsigned opcode, Type result,
                      ValueRange operands, Type overload = Type()) {
      return dx.call(b, loc, cls, overload, opcode, result, operands,
                     dxil::OpAttr::None);
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
      auto four = LLVM::LLVMStructType::getIdentified(b.getContext(),
                                                      "dx.types.fouri32");
      if (!four.isInitialized())
        (void)four.setBody({i32, i32, i32, i32}, false);
      Value ret = voidOp("waveActiveBallot", 116, four, {args[0]});
      SmallVector<Value> parts;
      for (int64_t i = 0; i < 4; ++i)
        parts.push_back(LLVM::ExtractValueOp::create(b, loc, ret, i));
      return replace(vectorize(b, loc, getTypeConverter()->convertType(op.getType(0)),
                               parts, dx));
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
      if (failed(checkQuadShuffleStage(op, name)))
        return failure();
      return perElement([&](Value s) {
        bool isBool = s.getType().isInteger(1);
        Value value = isBool ? Value(LLVM::ZExtOp::create(b, loc, i32, s)) : s;
        Type type = value.getType();
        Value result =
            quadKind ? voidOp("quadOp", 123, type,
                              {value, dx.i8(b, loc, *quadKind)}, type)
                     : voidOp("quadReadLaneAt", 122, type, {value, args[1]},
                              type);
        if (!isBool)
          return result;
        return Value(LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                          result, dx.i32(b, loc, 0)));
      });
    }
    return op.emitError() << "not supported yet: intrinsic '" << name
                          << "' in the DXIL lowering";
  }
};

/// isnan/isinf/isfinite: DXIL's IsNaN/IsInf/IsFinite per element.
template <typename MathOp, unsigned Opcode>
struct SpecialFloatLowering : HLSLPattern<MathOp> {
  using HLSLPattern<MathOp>::HLSLPattern;
  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = this->ctx.dx;
    SmallVector<Value> results;
    for (Value s : scalarize(rewriter, loc, adaptor.getOperand(), dx))
      results.push_back(dx.call(rewriter, loc, "isSpecialFloat", s.getType(),
                                Opcode, rewriter.getI1Type(), {s},
                                dxil::OpAttr::ReadNone));
    rewriter.replaceOp(op, vectorize(rewriter, loc, op.getType(), results, dx));
    return success();
  }
};

/// [unroll(N)] / [loop] on a loop's back edge become LLVM loop metadata:
/// unroll fully (N = 0) or N times, or do not unroll.
LLVM::LoopAnnotationAttr getLoopAnnotation(Operation *op) {
  MLIRContext *context = op->getContext();
  Builder b(context);
  LLVM::LoopUnrollAttr unroll;
  if (auto count = op->getAttrOfType<IntegerAttr>("hlsl.unroll")) {
    if (count.getInt() == 0)
      unroll = LLVM::LoopUnrollAttr::get(context, {}, {}, {}, b.getBoolAttr(true),
                                         {}, {}, {});
    else
      unroll = LLVM::LoopUnrollAttr::get(context, {},
                                         b.getI32IntegerAttr(count.getInt()),
                                         {}, {}, {}, {}, {});
  } else if (op->hasAttr("hlsl.loop")) {
    unroll = LLVM::LoopUnrollAttr::get(context, b.getBoolAttr(true), {}, {},
                                       {}, {}, {}, {});
  } else {
    return {};
  }
  return LLVM::LoopAnnotationAttr::get(context, {}, {}, {}, unroll, {}, {}, {},
                                       {}, {}, {}, {}, {}, {}, {}, {});
}

struct HintedBranchLowering : HLSLPattern<cf::BranchOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(cf::BranchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::LoopAnnotationAttr annotation = getLoopAnnotation(op);
    if (!annotation)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::BrOp>(op, adaptor.getDestOperands(),
                                            annotation, op.getDest());
    return success();
  }
};

struct HintedCondBranchLowering : HLSLPattern<cf::CondBranchOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(cf::CondBranchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::LoopAnnotationAttr annotation = getLoopAnnotation(op);
    if (!annotation)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::CondBrOp>(
        op, adaptor.getCondition(), adaptor.getTrueDestOperands(),
        adaptor.getFalseDestOperands(), DenseI32ArrayAttr(), annotation,
        op.getTrueDest(), op.getFalseDest());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Memory and aggregates
//===----------------------------------------------------------------------===//

struct VarLowering : HLSLPattern<VarOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(VarOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType =
        getTypeConverter()->convertType(op.getAddr().getType().getPointee());
    if (!elementType)
      return op.emitError() << "not supported yet: local variable of type "
                            << op.getAddr().getType().getPointee();
    // Allocas go to the entry block so that mem2reg/SROA see them.
    OpBuilder::InsertionGuard guard(rewriter);
    Block *entry = &op->getParentRegion()->front();
    rewriter.setInsertionPointToStart(entry);
    Value one = ctx.dx.i32(rewriter, op.getLoc(), 1);
    auto alloca = LLVM::AllocaOp::create(
        rewriter, op.getLoc(), LLVM::LLVMPointerType::get(getContext()),
        elementType, one);
    rewriter.replaceOp(op, alloca);
    return success();
  }
};

struct LoadLowering : HLSLPattern<LoadOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !isa<LLVM::LLVMPointerType>(adaptor.getAddr().getType()))
      return op.emitError() << "not supported yet: loading from "
                            << op.getAddr().getType();
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, type, adaptor.getAddr());
    return success();
  }
};

struct StoreLowering : HLSLPattern<StoreOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<LLVM::LLVMPointerType>(adaptor.getAddr().getType()))
      return op.emitError() << "not supported yet: storing to "
                            << op.getAddr().getType();
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(),
                                               adaptor.getAddr());
    return success();
  }
};

/// GEP index of a struct field in the converted struct (padding is a field
/// too, so indices match).
struct ElementAddrLowering : HLSLPattern<ElementAddrOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ElementAddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type pointee =
        getTypeConverter()->convertType(op.getBase().getType().getPointee());
    if (!pointee || !isa<LLVM::LLVMPointerType>(adaptor.getBase().getType()))
      return op.emitError() << "not supported yet: addressing "
                            << op.getBase().getType();
    if (auto matrix = dyn_cast<MatrixType>(op.getBase().getType().getPointee())) {
      // A local matrix is a flat row-major vector: row r starts at element
      // r * columns.
      Value columns = ctx.dx.i32(rewriter, op.getLoc(), matrix.getColumns());
      Value first =
          LLVM::MulOp::create(rewriter, op.getLoc(), adaptor.getIndex(), columns);
      rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
          op, adaptor.getBase().getType(), matrix.getElementType(),
          adaptor.getBase(), ArrayRef<LLVM::GEPArg>{first},
          LLVM::GEPNoWrapFlags::inbounds);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, adaptor.getBase().getType(), pointee, adaptor.getBase(),
        ArrayRef<LLVM::GEPArg>{0, adaptor.getIndex()},
        LLVM::GEPNoWrapFlags::inbounds);
    return success();
  }
};

struct FieldAddrLowering : HLSLPattern<FieldAddrOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(FieldAddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type pointee =
        getTypeConverter()->convertType(op.getBase().getType().getPointee());
    if (!pointee || !isa<LLVM::LLVMPointerType>(adaptor.getBase().getType()))
      return op.emitError() << "not supported yet: addressing "
                            << op.getBase().getType();
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, adaptor.getBase().getType(), pointee, adaptor.getBase(),
        ArrayRef<LLVM::GEPArg>{0, int32_t(op.getIndex())},
        LLVM::GEPNoWrapFlags::inbounds);
    return success();
  }
};

struct GlobalLowering : HLSLPattern<GlobalOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(GlobalOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return op.emitError() << "not supported yet: global of type "
                            << op.getType();
    bool groupShared = op.getKind() == GlobalKind::GroupShared;
    auto global = LLVM::GlobalOp::create(
        rewriter, op.getLoc(), type, op.getConstant(),
        LLVM::Linkage::Internal, op.getSymName(), Attribute(),
        /*alignment=*/4, /*addrSpace=*/groupShared ? 3 : 0);
    Region &init = global.getInitializerRegion();
    if (!op.getInit().empty()) {
      // The initializer's ops (and its hlsl.yield) are converted in place.
      rewriter.inlineRegionBefore(op.getInit(), init, init.end());
    } else {
      Block *block = rewriter.createBlock(&init);
      rewriter.setInsertionPointToStart(block);
      // Groupshared memory starts undefined (DXC emits undef); statics
      // without initializer are zero.
      Value value = groupShared
                        ? Value(LLVM::UndefOp::create(rewriter, op.getLoc(), type))
                        : Value(LLVM::ZeroOp::create(rewriter, op.getLoc(), type));
      LLVM::ReturnOp::create(rewriter, op.getLoc(), value);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct YieldLowering : HLSLPattern<YieldOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<LLVM::GlobalOp>(op->getParentOp()))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, adaptor.getValues());
    return success();
  }
};

struct GlobalAddrLowering : HLSLPattern<GlobalAddrOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(GlobalAddrOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getAddr().getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(op, type, op.getGlobal());
    return success();
  }
};

template <typename Op, typename LLVMOp>
struct ValueOpLowering : HLSLPattern<Op> {
  using HLSLPattern<Op>::HLSLPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!type)
      return op.emitError() << "not supported yet: value of type "
                            << op.getType();
    rewriter.replaceOpWithNewOp<LLVMOp>(op, type);
    return success();
  }
};

struct ConstructLowering : HLSLPattern<ConstructOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ConstructOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    if (isa<VectorType>(type)) {
      rewriter.replaceOp(op, vectorize(rewriter, loc, type,
                                       SmallVector<Value>(adaptor.getElements()),
                                       ctx.dx));
      return success();
    }
    Value result = LLVM::UndefOp::create(rewriter, loc, type);
    SmallVector<int64_t> positions;
    if (auto st = dyn_cast<StructType>(op.getType())) {
      for (auto [i, field] : llvm::enumerate(st.getFieldTypes()))
        if (!isa<PaddingType>(field))
          positions.push_back(i);
    } else {
      for (size_t i = 0; i < adaptor.getElements().size(); ++i)
        positions.push_back(i);
    }
    for (auto [position, element] :
         llvm::zip(positions, adaptor.getElements()))
      result = LLVM::InsertValueOp::create(rewriter, loc, result, element,
                                           position);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Dynamic element of an aggregate value: through a stack copy.
Value extractDynamic(ConversionPatternRewriter &b, Location loc, Value array,
                     Value index, Type elementType, LoweringContext &ctx,
                     Value insertValue = Value()) {
  Value one = ctx.dx.i32(b, loc, 1);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value slot = LLVM::AllocaOp::create(b, loc, ptrType, array.getType(), one);
  LLVM::StoreOp::create(b, loc, array, slot);
  Value element = LLVM::GEPOp::create(b, loc, ptrType, array.getType(), slot,
                                      ArrayRef<LLVM::GEPArg>{0, index});
  if (insertValue) {
    LLVM::StoreOp::create(b, loc, insertValue, element);
    return LLVM::LoadOp::create(b, loc, array.getType(), slot);
  }
  return LLVM::LoadOp::create(b, loc, elementType, element);
}

std::optional<int64_t> getConstant(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

struct ArrayExtractLowering : HLSLPattern<ArrayExtractOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ArrayExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (std::optional<int64_t> index = getConstant(op.getIndex()))
      rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(op, adaptor.getArray(),
                                                        *index);
    else
      rewriter.replaceOp(op, extractDynamic(rewriter, op.getLoc(),
                                            adaptor.getArray(),
                                            adaptor.getIndex(), type, ctx));
    return success();
  }
};

struct ArrayInsertLowering : HLSLPattern<ArrayInsertOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ArrayInsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::optional<int64_t> index = getConstant(op.getIndex()))
      rewriter.replaceOpWithNewOp<LLVM::InsertValueOp>(
          op, adaptor.getArray(), adaptor.getValue(), *index);
    else
      rewriter.replaceOp(op, extractDynamic(rewriter, op.getLoc(),
                                            adaptor.getArray(),
                                            adaptor.getIndex(), Type(), ctx,
                                            adaptor.getValue()));
    return success();
  }
};

struct FieldExtractLowering : HLSLPattern<FieldExtractOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(FieldExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(op, adaptor.getInput(),
                                                      op.getIndex());
    return success();
  }
};

struct FieldInsertLowering : HLSLPattern<FieldInsertOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(FieldInsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::InsertValueOp>(
        op, adaptor.getInput(), adaptor.getValue(), op.getIndex());
    return success();
  }
};

/// Matrices are row-major vectors as values whatever their memory order.
struct MatrixCastLowering : HLSLPattern<MatrixCastOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(MatrixCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getInput());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The entry's system-value parameters become intrinsics (lowered to
/// dx.op.threadId & co.); the entry takes no parameters in DXIL.
LogicalResult makeSystemValuesExplicit(func::FuncOp func) {
  if (func.isExternal())
    return success();
  auto stage = func->getAttrOfType<ShaderStageAttr>(
      HLSLDialect::getShaderAttrName());
  Block &entry = func.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto semantic = func.getArgAttrOfType<StringAttr>(
        i, HLSLDialect::getSemanticAttrName());
    std::string name = semantic ? semantic.getValue().upper() : "";
    StringRef intrinsic = llvm::StringSwitch<StringRef>(name)
                              .Case("SV_DISPATCHTHREADID", "DispatchThreadID")
                              .Case("SV_GROUPID", "GroupID")
                              .Case("SV_GROUPTHREADID", "GroupThreadID")
                              .Case("SV_GROUPINDEX", "GroupIndex")
                              .Default("");
    if (intrinsic.empty() || !stage ||
        stage.getValue() != ShaderStage::Compute)
      return func.emitError() << "not supported yet: entry parameter "
                              << (semantic ? semantic.getValue()
                                           : "without a semantic")
                              << " of a compute shader in the DXIL lowering";
    BlockArgument arg = entry.getArgument(i);
    // DXIL reads these as i32 components: SV_GroupIndex is one uint, the
    // IDs are uint, uint2 or uint3 (Clang lets 64-bit vectors through).
    Type type = arg.getType();
    auto vector = dyn_cast<VectorType>(type);
    Type element = vector ? vector.getElementType() : type;
    bool valid = element.isInteger(32) &&
                 (intrinsic == "GroupIndex"
                      ? !vector
                      : !vector || (vector.getRank() == 1 &&
                                    vector.getNumElements() <= 3));
    if (!valid)
      return emitError(arg.getLoc())
             << semantic.getValue() << " must be "
             << (intrinsic == "GroupIndex" ? "a uint" : "a uint, uint2 or uint3")
             << ", not " << type;
    auto value = IntrinsicOp::create(builder, func.getLoc(), arg.getType(),
                                     builder.getStringAttr(intrinsic),
                                     ValueRange());
    arg.replaceAllUsesWith(value.getResult());
  }
  if (func.getNumResults() != 0)
    return func.emitError() << "not supported yet: entry results (outputs) "
                               "in the DXIL lowering";
  unsigned count = func.getNumArguments();
  BitVector all(count, true);
  if (failed(func.eraseArguments(all)))
    return failure();
  return success();
}

/// The converted graphics entry reads its parameters with loadInput and
/// writes its result with storeOutput, one component at a time, and takes
/// no parameters and returns nothing itself.
LogicalResult lowerSignatureAccess(LLVM::LLVMFuncOp func,
                                   const EntryInterface &interface,
                                   DXILOpBuilder &dx) {
  if (!func || func.isExternal())
    return success();
  MLIRContext *context = func.getContext();
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = func.getLoc();
  Type i32 = b.getI32Type();
  auto loadElement = [&](const SignatureElement &e, unsigned id,
                         Type type) -> Value {
    SmallVector<Value> components;
    for (unsigned c = 0; c < e.columns; ++c)
      components.push_back(dx.call(b, loc, "loadInput", e.scalarType, 4,
                                   e.scalarType,
                                   {dx.i32(b, loc, id), dx.i32(b, loc, 0),
                                    dx.i8(b, loc, c), dx.undef(b, loc, i32)},
                                   dxil::OpAttr::ReadNone));
    return vectorize(b, loc, type, components, dx);
  };
  for (auto [argIndex, ids] : llvm::enumerate(interface.argumentElements)) {
    BlockArgument arg = entry.getArgument(argIndex);
    Value value;
    if (auto st = dyn_cast<LLVM::LLVMStructType>(arg.getType())) {
      value = LLVM::UndefOp::create(b, loc, st);
      for (auto [field, id] : llvm::enumerate(ids))
        value = LLVM::InsertValueOp::create(
            b, loc, value,
            loadElement(interface.inputs[id], id, st.getBody()[field]),
            int64_t(field));
    } else {
      value = loadElement(interface.inputs[ids.front()], ids.front(),
                          arg.getType());
    }
    arg.replaceAllUsesWith(value);
  }
  entry.eraseArguments(0, entry.getNumArguments());
  // Outputs: every return stores the returned value.
  SmallVector<LLVM::ReturnOp> returns;
  func.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
  for (LLVM::ReturnOp ret : returns) {
    OpBuilder rb(ret);
    if (ret.getNumOperands() == 1) {
      Value result = ret.getOperand(0);
      auto storeElement = [&](unsigned id, Value value) {
        const SignatureElement &e = interface.outputs[id];
        SmallVector<Value> components = scalarize(rb, loc, value, dx);
        for (auto [c, component] : llvm::enumerate(components))
          dx.call(rb, loc, "storeOutput", e.scalarType, 5, Type(),
                  {dx.i32(rb, loc, id), dx.i32(rb, loc, 0),
                   dx.i8(rb, loc, c), component},
                  dxil::OpAttr::None);
      };
      if (isa<LLVM::LLVMStructType>(result.getType())) {
        for (auto [field, id] : llvm::enumerate(interface.resultElements))
          storeElement(id, LLVM::ExtractValueOp::create(rb, loc, result,
                                                        int64_t(field)));
      } else if (!interface.resultElements.empty()) {
        storeElement(interface.resultElements.front(), result);
      }
    }
    LLVM::ReturnOp::create(rb, ret.getLoc(), ValueRange());
    ret.erase();
  }
  func.setFunctionType(LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(context), {}));
  func.setArgAttrsAttr(ArrayAttr());
  func.setResAttrsAttr(ArrayAttr());
  return success();
}

struct ConvertHLSLToLLVM
    : hlsl::impl::ConvertHLSLToLLVMPassBase<ConvertHLSLToLLVM> {
  using Base::Base;

  /// Groupshared memory is limited to 32 KiB per thread group (28 KiB for
  /// mesh shaders), as DXC's validator checks; the variable that goes past
  /// the limit gets the error. Sizes use the structured-buffer layout,
  /// which matches DXIL's for the scalar, vector and array types
  /// groupshared variables have.
  static LogicalResult checkGroupSharedSize(ModuleOp module,
                                            ShaderStage stage) {
    int64_t limit = stage == ShaderStage::Mesh ? 28672 : 32768;
    int64_t total = 0;
    for (auto global : module.getOps<GlobalOp>()) {
      if (global.getKind() != GlobalKind::GroupShared)
        continue;
      StructuredLayout layout = getStructuredLayout(global.getType());
      total = llvm::alignTo(total, std::max<int64_t>(layout.alignment, 1));
      total = layout.size > limit ? limit + 1 : total + layout.size;
      if (total > limit)
        return global.emitError()
               << "groupshared variables take "
               << (layout.size > limit ? layout.size : total)
               << " bytes with '" << global.getSymName()
               << "', more than the " << limit
               << " bytes a thread group can share";
    }
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    LoweringContext ctx{DXILOpBuilder(module), ResourceTable(), 6};
    FailureOr<DXILTarget> target = getDXILTarget(module, validatorVersion);
    if (failed(target))
      return signalPassFailure();
    ctx.smMinor = target->smMinor;
    ctx.stage = target->stage;
    if (failed(checkGroupSharedSize(module, target->stage)))
      return signalPassFailure();
    if (failed(ctx.resources.build(module)))
      return signalPassFailure();
    // Graphics entry points read and write signature elements; compute
    // entry points read system values.
    std::optional<EntryInterface> interface;
    std::string graphicsEntry;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!func->hasAttr(HLSLDialect::getEntryAttrName()))
        continue;
      auto stage = func->getAttrOfType<ShaderStageAttr>(
          HLSLDialect::getShaderAttrName());
      if (stage && (stage.getValue() == ShaderStage::Vertex ||
                    stage.getValue() == ShaderStage::Pixel)) {
        FailureOr<EntryInterface> built =
            buildEntryInterface(func, stage.getValue());
        if (failed(built))
          return signalPassFailure();
        interface = std::move(*built);
        graphicsEntry = func.getSymName().str();
      } else if (failed(makeSystemValuesExplicit(func))) {
        return signalPassFailure();
      }
    }
    // The metadata describes declarations the conversion erases.
    if (failed(attachDXILMetadata(module, *target, ctx.resources,
                                  interface ? &*interface : nullptr)))
      return signalPassFailure();

    LowerToLLVMOptions options(context);
    LLVMTypeConverter converter(context, options);
    DXILOpBuilder &dx = ctx.dx;
    converter.addConversion([&](ResourceType) -> Type {
      return dx.getHandleType();
    });
    converter.addConversion([&](PointerType type) -> std::optional<Type> {
      switch (type.getAddressSpace()) {
      case AddressSpace::Function:
      case AddressSpace::Static:
        return LLVM::LLVMPointerType::get(context, 0);
      case AddressSpace::GroupShared:
        return LLVM::LLVMPointerType::get(context, 3);
      default:
        return Type();
      }
    });
    converter.addConversion([&](ArrayType type) -> std::optional<Type> {
      Type element = converter.convertType(type.getElementType());
      if (!element || type.isUnbounded())
        return Type();
      return LLVM::LLVMArrayType::get(element, type.getSize());
    });
    converter.addConversion([&](MatrixType type) -> Type {
      return VectorType::get({int64_t(type.getNumElements())},
                             type.getElementType());
    });
    converter.addConversion([&](PaddingType type) -> Type {
      return LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                      type.getSize());
    });
    converter.addConversion([&](StructType type) -> std::optional<Type> {
      SmallVector<Type> fields;
      for (Type field : type.getFieldTypes()) {
        Type converted = converter.convertType(field);
        if (!converted)
          return Type();
        fields.push_back(converted);
      }
      return LLVM::LLVMStructType::getLiteral(context, fields);
    });

    RewritePatternSet patterns(context);
    patterns.add<CreateHandleLowering, CBufferLoadRowLowering,
                 BufferLoadLowering, BufferStoreLowering, BufferAtomicLowering,
                 IntrinsicLowering, VarLowering, LoadLowering, StoreLowering,
                 ElementAddrLowering, FieldAddrLowering, GlobalLowering,
                 YieldLowering, GlobalAddrLowering,
                 ValueOpLowering<UndefOp, LLVM::UndefOp>,
                 ValueOpLowering<ZeroOp, LLVM::ZeroOp>, ConstructLowering,
                 ArrayExtractLowering, ArrayInsertLowering,
                 FieldExtractLowering, FieldInsertLowering,
                 MatrixCastLowering, SpecialFloatLowering<math::IsNaNOp, 8>,
                 SpecialFloatLowering<math::IsInfOp, 9>,
                 SpecialFloatLowering<math::IsFiniteOp, 10>>(converter,
                                                             context, ctx);
    // Loop hints must win over the upstream branch conversion.
    patterns.add<HintedBranchLowering, HintedCondBranchLowering>(
        converter, context, ctx, /*benefit=*/2);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    populateVectorToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget conversionTarget(*context);
    conversionTarget.addLegalOp<ModuleOp>();
    conversionTarget.addIllegalDialect<HLSLDialect>();
    conversionTarget.addLegalOp<ResourceOp, CBufferOp, CBufferMemberOp>();
    // A pattern that refuses an op has said why ("not supported yet: ...");
    // the framework's "failed to legalize operation" that follows at the
    // same place repeats it in internal terms, so it is dropped. The
    // framework may also try a refused pattern again (vector operands of
    // converted block arguments): the same error at the same place is shown
    // once.
    DenseSet<Location> explained;
    std::set<std::pair<const void *, std::string>> shown;
    ScopedDiagnosticHandler dropRepeats(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      std::string message = diag.str();
      if (StringRef(message).starts_with("failed to legalize operation") &&
          explained.contains(diag.getLocation()))
        return success();
      explained.insert(diag.getLocation());
      if (!shown.emplace(diag.getLocation().getAsOpaquePointer(), message)
               .second)
        return success();
      return failure();
    });
    if (failed(applyFullConversion(module, conversionTarget,
                                   std::move(patterns))))
      return signalPassFailure();

    if (interface)
      if (failed(lowerSignatureAccess(
              module.lookupSymbol<LLVM::LLVMFuncOp>(graphicsEntry), *interface,
              ctx.dx)))
        return signalPassFailure();

    // Declarations that only described bindings are gone from the IR (the
    // metadata keeps them).
    for (Operation &op : llvm::make_early_inc_range(*module.getBody()))
      if (isa<ResourceOp, CBufferOp>(op))
        op.erase();
  }
};
} // namespace
