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
    rewriter.replaceOp(op, emitHandle(rewriter, op.getLoc(), ctx, *info,
                                      adaptor.getIndex(),
                                      isNonUniformIndex(op.getIndex())));
    return success();
  }
};

/// A declared ConstantBuffer<T>/TextureBuffer<T> used as a value after
/// hlsl-lower-cbuffer-loads (which reads its members by symbol): the
/// buffer's own handle.
struct ConstantBufferHandleLowering : HLSLPattern<ConstantBufferHandleOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ConstantBufferHandleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const ResourceInfo *info = ctx.resources.lookup(op.getCbuffer());
    if (!info)
      return op.emitError() << "constant buffer '" << op.getCbuffer()
                            << "' has no assigned binding";
    rewriter.replaceOp(op,
                       emitHandle(rewriter, op.getLoc(), ctx, *info, Value()));
    return success();
  }
};

/// `ResourceDescriptorHeap[i]` / `SamplerDescriptorHeap[i]`: the handle of
/// a heap descriptor, annotated with the properties of the type it is taken
/// as.
struct HeapHandleLowering : HLSLPattern<HeapHandleOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(HeapHandleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!ctx.useBindingHandles())
      return op.emitError() << (op.getSampler() ? "SamplerDescriptorHeap"
                                                : "ResourceDescriptorHeap")
                            << " requires shader model 6.6 or later";
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    ResourceType type = op.getHandle().getType();
    // The counter is in the properties when the shader uses it (always for
    // append and consume buffers).
    bool hasCounter =
        type.getKind() == ResourceKind::AppendStructuredBuffer ||
        type.getKind() == ResourceKind::ConsumeStructuredBuffer ||
        llvm::any_of(op->getUsers(), [](Operation *user) {
          auto intrinsic = dyn_cast<IntrinsicOp>(user);
          return intrinsic && (intrinsic.getName() == "IncrementCounter" ||
                               intrinsic.getName() == "DecrementCounter");
        });
    ResourceInfo info;
    describeResource(type, /*attributes=*/nullptr, hasCounter,
                     op->hasAttr("hlsl.globally_coherent"), info);
    Value handle =
        dx.call(rewriter, loc, "createHandleFromHeap", Type(),
                dxil::CreateHandleFromHeap, dx.getHandleType(),
                {adaptor.getIndex(), dx.i1(rewriter, loc, op.getSampler()),
                 dx.i1(rewriter, loc,
                       op.getNonuniform() || isNonUniformIndex(op.getIndex()))},
                dxil::OpAttr::ReadNone);
    rewriter.replaceOp(op, annotateHandle(rewriter, loc, dx, handle, info));
    return success();
  }
};

Value joinWords(OpBuilder &b, Location loc, DXILOpBuilder &dx, Type scalar,
                Value lo, Value hi);

struct CBufferLoadRowLowering : HLSLPattern<CBufferLoadRowOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(CBufferLoadRowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    // A ConstantBuffer<T> or TextureBuffer<T> array element comes with its
    // handle.
    Value handle = adaptor.getHandle();
    bool isTBuffer =
        handle && cast<ResourceType>(op.getHandle().getType()).getKind() ==
                      ResourceKind::TextureBuffer;
    if (!handle) {
      const ResourceInfo *info = ctx.resources.lookup(*op.getCbuffer());
      if (!info)
        return op.emitError() << "constant buffer '" << *op.getCbuffer()
                              << "' has no assigned binding";
      handle = emitHandle(rewriter, loc, ctx, *info, Value());
      isTBuffer = info->cls == ResourceClass::SRV;
    }
    auto vec = cast<VectorType>(op.getType());
    Type element = vec.getElementType();
    SmallVector<Value> scalars;
    if (isTBuffer) {
      // A tbuffer is an SRV: DXC reads its 16-byte rows with bufferLoad as
      // four 32-bit words; 16-bit elements are their halves (low first),
      // 64-bit ones pairs of words (low first).
      unsigned bits = element.getIntOrFloatBitWidth();
      if (bits != 16 && bits != 32 && bits != 64)
        return op.emitError()
               << "not supported yet: " << element << " members of a tbuffer";
      Type i32 = rewriter.getI32Type();
      Type i16 = rewriter.getI16Type();
      Value row =
          dx.call(rewriter, loc, "bufferLoad", i32, dxil::BufferLoad,
                  dx.getResRetType(i32),
                  {handle, adaptor.getRow(), dx.undef(rewriter, loc, i32)},
                  dxil::OpAttr::ReadOnly);
      SmallVector<Value, 4> words;
      for (int64_t i = 0; i < 4; ++i)
        words.push_back(LLVM::ExtractValueOp::create(rewriter, loc, row, i));
      for (int64_t i = 0; i < vec.getNumElements(); ++i) {
        Value scalar;
        if (bits == 64) {
          scalar = joinWords(rewriter, loc, dx, element, words[2 * i],
                             words[2 * i + 1]);
        } else if (bits == 16) {
          Value word = words[i / 2];
          if (i % 2)
            word = LLVM::LShrOp::create(
                rewriter, loc, word,
                LLVM::ConstantOp::create(rewriter, loc, i32,
                                         rewriter.getI32IntegerAttr(16)));
          scalar = LLVM::TruncOp::create(rewriter, loc, i16, word);
        } else {
          scalar = words[i];
        }
        if (scalar.getType() != element)
          scalar = LLVM::BitcastOp::create(rewriter, loc, element, scalar);
        scalars.push_back(scalar);
      }
    } else {
      Value row = dx.call(rewriter, loc, "cbufferLoadLegacy", element,
                          dxil::CBufferLoadLegacy, dx.getCBufRetType(element),
                          {handle, adaptor.getRow()}, dxil::OpAttr::ReadOnly);
      for (int64_t i = 0; i < vec.getNumElements(); ++i)
        scalars.push_back(LLVM::ExtractValueOp::create(rewriter, loc, row, i));
    }
    rewriter.replaceOp(op, vectorize(rewriter, loc, vec, scalars, dx));
    return success();
  }
};

/// Coordinates c0..c2 of an access, per resource kind.
/// A multisampled texture's index may end with the sample index
/// (`t.sample[s][pos]`): it goes to `sample` when given (null otherwise).
SmallVector<Value, 3> getCoordinates(OpBuilder &b, Location loc,
                                     ResourceKind kind, Value index,
                                     Value offset, DXILOpBuilder &dx,
                                     Value *sample = nullptr) {
  Type i32 = b.getI32Type();
  Value undef = dx.undef(b, loc, i32);
  if (isTexture(kind)) {
    SmallVector<Value, 3> coords = scalarize(b, loc, index, dx);
    if (sample)
      *sample = isMultisampled(kind) && coords.size() > getSubscriptRank(kind)
                    ? coords.pop_back_val()
                    : Value();
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

/// A 64-bit value of type `scalar` (f64 or i64) from its low and high
/// 32-bit words.
Value joinWords(OpBuilder &b, Location loc, DXILOpBuilder &dx, Type scalar,
                Value lo, Value hi) {
  if (scalar.isF64())
    return dx.call(b, loc, "makeDouble", scalar, dxil::MakeDouble, scalar,
                   {lo, hi}, dxil::OpAttr::ReadNone);
  Type i64 = b.getI64Type();
  Value low = LLVM::ZExtOp::create(b, loc, i64, lo);
  Value high = LLVM::ShlOp::create(
      b, loc, LLVM::ZExtOp::create(b, loc, i64, hi),
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(32)));
  return LLVM::OrOp::create(b, loc, low, high);
}

/// The low and high 32-bit words of a 64-bit value.
std::pair<Value, Value> splitWords(OpBuilder &b, Location loc,
                                   DXILOpBuilder &dx, Value v) {
  Type scalar = v.getType();
  if (scalar.isF64()) {
    Value pair = dx.call(b, loc, "splitDouble", scalar, dxil::SplitDouble,
                         dx.getSplitDoubleType(), {v}, dxil::OpAttr::ReadNone);
    return {LLVM::ExtractValueOp::create(b, loc, pair, 0),
            LLVM::ExtractValueOp::create(b, loc, pair, 1)};
  }
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value high = LLVM::LShrOp::create(
      b, loc, v,
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(32)));
  return {LLVM::TruncOp::create(b, loc, i32, v),
          LLVM::TruncOp::create(b, loc, i32, high)};
}

/// Loads and stores on untyped (raw and structured) buffers at the
/// target's shader model, as DXC writes them: rawBufferLoad/Store from 6.2,
/// bufferLoad/Store before (32-bit values only); 64-bit values as pairs of
/// i32 words below 6.3, where the raw ops have no 64-bit overloads; at
/// most four words per op.
class UntypedBufferAccess {
public:
  UntypedBufferAccess(OpBuilder &b, Location loc, LoweringContext &ctx,
                      ResourceKind kind, Value handle, Value c0, Value c1,
                      Type scalar)
      : b(b), loc(loc), ctx(ctx), dx(ctx.dx), handle(handle), c0(c0), c1(c1),
        scalar(scalar), structured(isStructuredBuffer(kind)),
        split(scalar.getIntOrFloatBitWidth() == 64 && ctx.smMinor < 3) {}

  /// The alignment raw buffer accesses promise: a structured buffer's
  /// elements hold their scalars aligned, a byte address is only known to
  /// be a multiple of 4 (DXC's values; 64-bit values were claimed 8-byte
  /// aligned at any multiple of 4).
  int64_t getRawAlignment() const {
    return structured ? getAlignment(scalar)
                      : std::min<int64_t>(getAlignment(scalar), 4);
  }

  /// Where each load writes whether it was fully mapped (see
  /// writeLoadStatus), if anywhere.
  Value status;

  SmallVector<Value> load(int64_t count) {
    Type word = getWordType();
    int64_t words = split ? 2 * count : count;
    SmallVector<Value> loaded;
    for (int64_t first = 0; first < words; first += 4) {
      int64_t n = std::min<int64_t>(4, words - first);
      auto [x0, x1] = getCoordinates(first);
      Value ret = ctx.smMinor >= 2
                      ? dx.call(b, loc, "rawBufferLoad", word,
                                dxil::RawBufferLoad, dx.getResRetType(word),
                                {handle, x0, x1, dx.i8(b, loc, (1 << n) - 1),
                                 dx.i32(b, loc, getRawAlignment())},
                                dxil::OpAttr::ReadOnly)
                      : dx.call(b, loc, "bufferLoad", word, dxil::BufferLoad,
                                dx.getResRetType(word), {handle, x0, x1},
                                dxil::OpAttr::ReadOnly);
      for (int64_t i = 0; i < n; ++i)
        loaded.push_back(LLVM::ExtractValueOp::create(b, loc, ret, i));
      if (status)
        writeLoadStatus(b, loc, dx, ret, status);
    }
    if (!split)
      return loaded;
    SmallVector<Value> values;
    for (int64_t i = 0; i < count; ++i)
      values.push_back(
          joinWords(b, loc, dx, scalar, loaded[2 * i], loaded[2 * i + 1]));
    return values;
  }

  void store(ArrayRef<Value> values) {
    Type word = getWordType();
    SmallVector<Value> words;
    for (Value v : values) {
      if (!split) {
        words.push_back(v);
        continue;
      }
      auto [lo, hi] = splitWords(b, loc, dx, v);
      words.push_back(lo);
      words.push_back(hi);
    }
    for (size_t first = 0; first < words.size(); first += 4) {
      size_t n = std::min<size_t>(4, words.size() - first);
      SmallVector<Value> operands = {handle};
      auto [x0, x1] = getCoordinates(first);
      operands.append({x0, x1});
      for (size_t i = 0; i < 4; ++i)
        operands.push_back(i < n ? words[first + i] : dx.undef(b, loc, word));
      operands.push_back(dx.i8(b, loc, (1 << n) - 1));
      if (ctx.smMinor >= 2) {
        operands.push_back(dx.i32(b, loc, getRawAlignment()));
        dx.call(b, loc, "rawBufferStore", word, dxil::RawBufferStore, Type(),
                operands, dxil::OpAttr::None);
      } else {
        dx.call(b, loc, "bufferStore", word, dxil::BufferStore, Type(),
                operands, dxil::OpAttr::None);
      }
    }
  }

private:
  Type getWordType() const { return split ? b.getI32Type() : scalar; }

  /// The coordinates of the word `first` words after the access's start:
  /// a structured buffer's byte offset is c1, a raw buffer's is c0.
  std::pair<Value, Value> getCoordinates(int64_t first) {
    if (first == 0)
      return {c0, c1};
    int64_t bytes = first * getWordType().getIntOrFloatBitWidth() / 8;
    Value &base = structured ? c1 : c0;
    Value moved = LLVM::AddOp::create(b, loc, base, dx.i32(b, loc, bytes));
    return structured ? std::make_pair(c0, moved) : std::make_pair(moved, c1);
  }

  OpBuilder &b;
  Location loc;
  LoweringContext &ctx;
  DXILOpBuilder &dx;
  Value handle, c0, c1;
  Type scalar;
  bool structured, split;
};

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
    Value sample;
    SmallVector<Value, 3> coords =
        getCoordinates(rewriter, loc, kind, adaptor.getIndex(),
                       adaptor.getOffset(), dx, &sample);
    SmallVector<Value> scalars;
    if (!isTypedResource(kind)) {
      UntypedBufferAccess access(rewriter, loc, ctx, kind, adaptor.getHandle(),
                                 coords[0], coords[1], scalar);
      access.status = adaptor.getStatus();
      scalars = access.load(count);
    } else {
      // Typed resources of 64-bit elements hold them as pairs of 32-bit
      // words (DXC's R32G32_UINT view of a double or a uint64_t).
      bool wide = scalar.getIntOrFloatBitWidth() == 64;
      Type word = wide ? rewriter.getI32Type() : scalar;
      Value ret;
      if (isTexture(kind)) {
        Value undef = dx.undef(rewriter, loc, rewriter.getI32Type());
        // Multisampled textures take the sample index there (sample 0 for
        // `t[pos]`), other SRVs the mip level.
        Value mip = sample ? sample
                    : isMultisampled(kind) ||
                            getResourceClass(kind) == ResourceClass::SRV
                        ? dx.i32(rewriter, loc, 0)
                        : undef;
        ret = dx.call(rewriter, loc, "textureLoad", word, dxil::TextureLoad,
                      dx.getResRetType(word),
                      {adaptor.getHandle(), mip, coords[0], coords[1],
                       coords[2], undef, undef, undef},
                      dxil::OpAttr::ReadOnly);
      } else {
        ret = dx.call(rewriter, loc, "bufferLoad", word, dxil::BufferLoad,
                      dx.getResRetType(word),
                      {adaptor.getHandle(), coords[0], coords[1]},
                      dxil::OpAttr::ReadOnly);
      }
      if (Value status = adaptor.getStatus())
        writeLoadStatus(rewriter, loc, dx, ret, status);
      SmallVector<Value> words;
      for (int64_t i = 0; i < (wide ? 2 * count : count); ++i)
        words.push_back(LLVM::ExtractValueOp::create(rewriter, loc, ret, i));
      if (!wide)
        scalars = words;
      for (int64_t i = 0; wide && i < count; ++i)
        scalars.push_back(joinWords(rewriter, loc, dx, scalar, words[2 * i],
                                    words[2 * i + 1]));
    }
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
    Value sample;
    SmallVector<Value, 3> coords =
        getCoordinates(rewriter, loc, kind, adaptor.getIndex(),
                       adaptor.getOffset(), dx, &sample);
    if (!isTypedResource(kind)) {
      UntypedBufferAccess(rewriter, loc, ctx, kind, adaptor.getHandle(),
                          coords[0], coords[1], scalar)
          .store(values);
      rewriter.eraseOp(op);
      return success();
    }
    // Typed UAV stores write all four components (the validator's rule);
    // the elements the value lacks repeat its first, as in DXC. 64-bit
    // elements are stored as pairs of 32-bit words.
    bool wide = scalar.getIntOrFloatBitWidth() == 64;
    while (values.size() < (wide ? 2u : 4u))
      values.push_back(values.front());
    if (wide) {
      SmallVector<Value> words;
      for (Value v : values) {
        auto [lo, hi] = splitWords(rewriter, loc, dx, v);
        words.append({lo, hi});
      }
      values = std::move(words);
      scalar = rewriter.getI32Type();
    }
    Value mask = dx.i8(rewriter, loc, 0xf);
    if (isMultisampled(kind)) {
      // RWTexture2DMS*: TextureStoreSample (shader model 6.7), sample 0 for
      // `t[pos] = v`.
      if (ctx.smMinor < 7)
        return op.emitError() << "writing a multisampled texture requires "
                                 "shader model 6.7 or later";
      dx.call(rewriter, loc, "textureStoreSample", scalar,
              dxil::TextureStoreSample, Type(),
              {adaptor.getHandle(), coords[0], coords[1], coords[2], values[0],
               values[1], values[2], values[3], mask,
               sample ? sample : dx.i32(rewriter, loc, 0)},
              dxil::OpAttr::None);
      rewriter.eraseOp(op);
      return success();
    }
    if (isTexture(kind))
      dx.call(rewriter, loc, "textureStore", scalar, dxil::TextureStore, Type(),
              {adaptor.getHandle(), coords[0], coords[1], coords[2], values[0],
               values[1], values[2], values[3], mask},
              dxil::OpAttr::None);
    else
      dx.call(rewriter, loc, "bufferStore", scalar, dxil::BufferStore, Type(),
              {adaptor.getHandle(), coords[0], coords[1], values[0], values[1],
               values[2], values[3], mask},
              dxil::OpAttr::None);
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
    if (type.isInteger(64) && ctx.smMinor < 6)
      return op.emitError()
             << "64-bit atomic operations require shader model 6.6 or later";
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
  patterns.add<CreateHandleLowering, ConstantBufferHandleLowering,
               HeapHandleLowering, CBufferLoadRowLowering, BufferLoadLowering,
               BufferStoreLowering, BufferAtomicLowering>(
      converter, patterns.getContext(), ctx);
}
