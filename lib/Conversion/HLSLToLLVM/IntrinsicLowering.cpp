//===- IntrinsicLowering.cpp - HLSL intrinsics to DXIL ops ----------------===//

#include "IntrinsicLowering.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;

std::optional<unsigned> IntrinsicLowering::getDerivativeOpcode(StringRef name) {
  return llvm::StringSwitch<std::optional<unsigned>>(name)
      .Cases({"ddx", "ddx_coarse"}, dxil::DerivCoarseX)
      .Cases({"ddy", "ddy_coarse"}, dxil::DerivCoarseY)
      .Case("ddx_fine", dxil::DerivFineX)
      .Case("ddy_fine", dxil::DerivFineY)
      .Default(std::nullopt);
}

LogicalResult IntrinsicLowering::requireShaderModel(Operation *op,
                                                    StringRef name,
                                                    unsigned minor) const {
  if (ctx.smMinor >= minor)
    return success();
  return op->emitError() << "'" << name << "' requires shader model 6." << minor
                         << " or later";
}

LogicalResult IntrinsicLowering::checkDerivative(Operation *op, StringRef name,
                                                 Type type) const {
  Type element = getElementTypeOrSelf(type);
  if (!element.isF16() && !element.isF32())
    return op->emitError() << "'" << name
                           << "' takes half or float values, not " << type;
  return success();
}

Value IntrinsicLowering::elementwise(ConversionPatternRewriter &b, Location loc,
                                     StringRef cls, unsigned opcode,
                                     Value value, Type resultElement) const {
  SmallVector<Value> results;
  for (Value s : scalarize(b, loc, value, ctx.dx))
    results.push_back(ctx.dx.call(b, loc, cls, s.getType(), opcode,
                                  resultElement ? resultElement : s.getType(),
                                  {s}, dxil::OpAttr::ReadNone));
  return vectorize(b, loc, getResultType(value.getType(), resultElement),
                   results, ctx.dx);
}

Type IntrinsicLowering::getResultType(Type type, Type resultElement) {
  if (!resultElement)
    return type;
  if (auto vec = dyn_cast<VectorType>(type))
    return VectorType::get(vec.getShape(), resultElement);
  return resultElement;
}

Value IntrinsicLowering::firstBitHigh(ConversionPatternRewriter &b,
                                      Location loc, unsigned opcode,
                                      Value value) const {
  SmallVector<Value> results;
  Type i32 = b.getI32Type();
  for (Value s : scalarize(b, loc, value, ctx.dx)) {
    Value fromTop = ctx.dx.call(b, loc, "unaryBits", s.getType(), opcode, i32,
                                {s}, dxil::OpAttr::ReadNone);
    Value none = ctx.dx.i32(b, loc, -1);
    Value highest =
        ctx.dx.i32(b, loc, int64_t(s.getType().getIntOrFloatBitWidth()) - 1);
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
IntrinsicLowering::matchAndRewrite(IntrinsicOp op, OpAdaptor adaptor,
                                   ConversionPatternRewriter &rewriter) const {
  std::optional<std::string> violation = getStageViolation(op, op.getName());
  DXILOpBuilder::StageViolationScope scope(
      ctx.dx, violation ? rewriter.getStringAttr(*violation) : StringAttr());
  return lowerIntrinsic(op, adaptor, rewriter);
}

LogicalResult
IntrinsicLowering::lowerIntrinsic(IntrinsicOp op, OpAdaptor adaptor,
                                  ConversionPatternRewriter &rewriter) const {
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
  // The status word a load writes already holds CheckAccessFullyMapped of
  // the access (TextureLowering, as DXC): the check reads its low bit. DXIL's
  // operation only takes a load's status directly.
  if (name == "CheckAccessFullyMapped" && args.size() == 1) {
    rewriter.replaceOpWithNewOp<LLVM::TruncOp>(op, rewriter.getI1Type(),
                                               args[0]);
    return success();
  }
  if (name == "Barrier" && args.size() == 2)
    return lowerBarrier(op, args, rewriter);
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
    rewriter.replaceOp(
        op, dx.call(rewriter, loc, "flattenedThreadIdInGroup",
                    rewriter.getI32Type(), dxil::FlattenedThreadIdInGroup,
                    rewriter.getI32Type(), {}, dxil::OpAttr::ReadNone));
    return success();
  }

  // Groupshared atomics are LLVM atomics on addrspace(3).
  if (name.starts_with("Interlocked") && !args.empty() &&
      isa<LLVM::LLVMPointerType>(args[0].getType())) {
    bool isSigned = false;
    if (auto attr = op->getAttrOfType<BoolAttr>("hlsl.signed"))
      isSigned = attr.getValue();
    Value ptr = args[0];
    if (args.size() > 1 && args[1].getType().isInteger(64) && ctx.smMinor < 6)
      return op.emitError()
             << "64-bit atomic operations require shader model 6.6 or later";
    // The float exchanges operate on the bits (LLVM 3.7's atomics take
    // integers).
    Type floatType =
        isa<FloatType>(args[1].getType()) ? args[1].getType() : Type();
    auto bits = [&](Value value) -> Value {
      if (!floatType)
        return value;
      return LLVM::BitcastOp::create(
          rewriter, loc,
          rewriter.getIntegerType(floatType.getIntOrFloatBitWidth()), value);
    };
    auto fromBits = [&](Value value) -> Value {
      return floatType
                 ? LLVM::BitcastOp::create(rewriter, loc, floatType, value)
                 : value;
    };
    if (name == "InterlockedCompareExchange" ||
        name == "InterlockedCompareStore") {
      auto cmpxchg = LLVM::AtomicCmpXchgOp::create(
          rewriter, loc, ptr, bits(args[1]), bits(args[2]),
          LLVM::AtomicOrdering::seq_cst, LLVM::AtomicOrdering::seq_cst);
      if (args.size() > 3) {
        Value old = LLVM::ExtractValueOp::create(rewriter, loc, cmpxchg,
                                                 ArrayRef<int64_t>{0});
        LLVM::StoreOp::create(rewriter, loc, fromBits(old), args[3]);
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
            .Case("InterlockedMin",
                  isSigned ? LLVM::AtomicBinOp::min : LLVM::AtomicBinOp::umin)
            .Case("InterlockedMax",
                  isSigned ? LLVM::AtomicBinOp::max : LLVM::AtomicBinOp::umax)
            .Case("InterlockedExchange", LLVM::AtomicBinOp::xchg)
            .Default(std::nullopt);
    if (!bin)
      return op.emitError()
             << "not supported yet: " << name << " on groupshared memory";
    if (floatType && *bin != LLVM::AtomicBinOp::xchg)
      return op.emitError() << "not supported yet: " << name << " of a float";
    auto rmw = LLVM::AtomicRMWOp::create(
        rewriter, loc, *bin, ptr, bits(args[1]), LLVM::AtomicOrdering::seq_cst);
    if (args.size() > 2)
      LLVM::StoreOp::create(rewriter, loc, fromBits(rmw.getResult()), args[2]);
    rewriter.eraseOp(op);
    return success();
  }

  if (name == "mad" && args.size() == 3) {
    // FMad, or IMad/UMad as the operands' signedness says, per element.
    SmallVector<Value> a = scalarize(rewriter, loc, args[0], dx);
    SmallVector<Value> m = scalarize(rewriter, loc, args[1], dx);
    SmallVector<Value> c = scalarize(rewriter, loc, args[2], dx);
    if (a.size() != m.size() || a.size() != c.size())
      return op.emitError() << "mad operands differ in shape";
    Type element = a.front().getType();
    unsigned opcode = getMadOpcode(op, element);
    SmallVector<Value> results;
    for (auto [x, y, z] : llvm::zip(a, m, c))
      results.push_back(dx.call(rewriter, loc, "tertiary", element, opcode,
                                element, {x, y, z}, dxil::OpAttr::ReadNone));
    rewriter.replaceOp(
        op, vectorize(rewriter, loc, args[0].getType(), results, dx));
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
      rewriter.replaceOp(
          op, dx.call(rewriter, loc, "dot" + std::to_string(a.size()), element,
                      opcode, element, operands, dxil::OpAttr::ReadNone));
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
    rewriter.replaceOp(op, elementwise(rewriter, loc, "unary", dxil::Saturate,
                                       args[0], Type()));
    return success();
  }
  if (name == "frac" && args.size() == 1) {
    rewriter.replaceOp(
        op, elementwise(rewriter, loc, "unary", dxil::Frc, args[0], Type()));
    return success();
  }
  if (std::optional<unsigned> opcode = getDerivativeOpcode(name);
      (opcode || name == "fwidth") && args.size() == 1) {
    if (failed(checkDerivative(op, name, args[0].getType())))
      return failure();
    if (opcode) {
      rewriter.replaceOp(
          op, elementwise(rewriter, loc, "unary", *opcode, args[0], Type()));
      return success();
    }
    // fwidth(x) = abs(ddx(x)) + abs(ddy(x)), with the coarse forms (DXC).
    Value dx = elementwise(rewriter, loc, "unary", dxil::DerivCoarseX, args[0],
                           Type());
    Value dy = elementwise(rewriter, loc, "unary", dxil::DerivCoarseY, args[0],
                           Type());
    rewriter.replaceOp(
        op, LLVM::FAddOp::create(rewriter, loc,
                                 LLVM::FAbsOp::create(rewriter, loc, dx),
                                 LLVM::FAbsOp::create(rewriter, loc, dy)));
    return success();
  }
  if (name == "reversebits" && args.size() == 1) {
    rewriter.replaceOp(
        op, elementwise(rewriter, loc, "unary", dxil::Bfrev, args[0], Type()));
    return success();
  }
  if ((name == "firstbithigh" || name == "firstbitlow") && args.size() == 1) {
    bool isSigned = false;
    if (auto attr = op->getAttrOfType<BoolAttr>("hlsl.signed"))
      isSigned = attr.getValue();
    unsigned opcode = name == "firstbitlow" ? dxil::FirstbitLo
                      : isSigned            ? dxil::FirstbitSHi
                                            : dxil::FirstbitHi;
    rewriter.replaceOp(op, opcode == dxil::FirstbitLo
                               ? elementwise(rewriter, loc, "unaryBits", opcode,
                                             args[0], rewriter.getI32Type())
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
    rewriter.replaceOp(op,
                       dx.call(rewriter, loc, "bufferUpdateCounter", Type(),
                               dxil::BufferUpdateCounter, rewriter.getI32Type(),
                               {args[0], dx.i8(rewriter, loc, inc ? 1 : -1)},
                               dxil::OpAttr::None));
    return success();
  }
  if (name == "GetRenderTargetSampleCount") {
    Type i32 = rewriter.getI32Type();
    rewriter.replaceOp(op, dx.call(rewriter, loc, "renderTargetGetSampleCount",
                                   Type(), dxil::RenderTargetGetSampleCount,
                                   i32, {}, dxil::OpAttr::ReadOnly));
    return success();
  }
  if (name == "GetRenderTargetSamplePosition") {
    Value position =
        dx.call(rewriter, loc, "renderTargetGetSamplePosition", Type(),
                dxil::RenderTargetGetSamplePosition, dx.getSamplePosType(),
                {args[0]}, dxil::OpAttr::ReadOnly);
    rewriter.replaceOp(
        op,
        vectorize(rewriter, loc, getTypeConverter()->convertType(op.getType(0)),
                  {LLVM::ExtractValueOp::create(rewriter, loc, position, 0),
                   LLVM::ExtractValueOp::create(rewriter, loc, position, 1)},
                  dx));
    return success();
  }
  if (name == "IsHelperLane") {
    Type i1 = rewriter.getI1Type();
    Value helper;
    if (ctx.stage != ShaderStage::Pixel)
      helper = dx.i1(rewriter, loc, false); // only pixel shaders have helpers
    else if (!ctx.emulateHelperLane)
      helper = dx.call(rewriter, loc, "isHelperLane", i1, dxil::IsHelperLane,
                       i1, {}, dxil::OpAttr::ReadOnly);
    else
      helper = LLVM::TruncOp::create(
          rewriter, loc, i1,
          LLVM::LoadOp::create(rewriter, loc, rewriter.getI32Type(),
                               getHelperLaneFlag(rewriter, loc)));
    rewriter.replaceOp(op, helper);
    return success();
  }
  if (name == "discard" || name == "clip") {
    // clip(x) discards when any component is negative.
    Value condition = dx.i1(rewriter, loc, true);
    if (name == "clip") {
      condition = Value();
      for (Value s : scalarize(rewriter, loc, args[0], dx)) {
        Value zero = LLVM::ConstantOp::create(
            rewriter, loc, s.getType(), rewriter.getFloatAttr(s.getType(), 0));
        Value negative = LLVM::FCmpOp::create(
            rewriter, loc, LLVM::FCmpPredicate::olt, s, zero);
        condition =
            condition
                ? Value(LLVM::OrOp::create(rewriter, loc, condition, negative))
                : negative;
      }
    }
    if (ctx.emulateHelperLane) {
      // A discarded lane goes on as a helper lane.
      Value flag = getHelperLaneFlag(rewriter, loc);
      Type i32 = rewriter.getI32Type();
      Value helper = LLVM::OrOp::create(
          rewriter, loc, LLVM::LoadOp::create(rewriter, loc, i32, flag),
          LLVM::ZExtOp::create(rewriter, loc, i32, condition));
      LLVM::StoreOp::create(rewriter, loc, helper, flag);
    }
    dx.call(rewriter, loc, "discard", Type(), dxil::Discard, Type(),
            {condition}, dxil::OpAttr::None);
    rewriter.eraseOp(op);
    return success();
  }
  if ((name == "SampleCmpLevel" || name == "GatherRaw") &&
      failed(requireShaderModel(op, name, 7)))
    return failure();
  if ((name == "SampleCmpBias" || name == "SampleCmpGrad") &&
      failed(requireShaderModel(op, name, 8)))
    return failure();
  if (name.starts_with("WriteSamplerFeedback"))
    return lowerSamplerFeedback(op, name, args, rewriter);
  if (Value result = lowerTexture(op, name, args, rewriter)) {
    rewriter.replaceOp(op, result);
    return success();
  }
  if (name == "GetDimensions")
    return lowerGetDimensions(op, args, rewriter);
  if (name == "mul" && args.size() == 2) {
    Value result = lowerMul(op, args[0], args[1], rewriter);
    if (!result)
      return op.emitError()
             << "not supported yet: mul of " << op.getArgs()[0].getType()
             << " and " << op.getArgs()[1].getType();
    rewriter.replaceOp(op, result);
    return success();
  }
  if (name == "transpose" && args.size() == 1) {
    auto matrix = dyn_cast<MatrixType>(op.getArgs()[0].getType());
    if (!matrix)
      return op.emitError()
             << "not supported yet: transpose of " << op.getArgs()[0].getType();
    SmallVector<Value> in = scalarize(rewriter, loc, args[0], dx), out;
    for (unsigned c = 0; c < matrix.getColumns(); ++c)
      for (unsigned r = 0; r < matrix.getRows(); ++r)
        out.push_back(in[r * matrix.getColumns() + c]);
    rewriter.replaceOp(op,
                       vectorize(rewriter, loc, args[0].getType(), out, dx));
    return success();
  }
  if ((name == "f16tof32" || name == "f32tof16") && args.size() == 1) {
    bool toFloat = name == "f16tof32";
    SmallVector<Value> results;
    for (Value s : scalarize(rewriter, loc, args[0], dx))
      results.push_back(dx.call(
          rewriter, loc, toFloat ? "legacyF16ToF32" : "legacyF32ToF16", Type(),
          toFloat ? 131 : 130,
          toFloat ? Type(rewriter.getF32Type()) : Type(rewriter.getI32Type()),
          {s}, dxil::OpAttr::ReadNone));
    Type type = getTypeConverter()->convertType(op.getType(0));
    rewriter.replaceOp(op, vectorize(rewriter, loc, type, results, dx));
    return success();
  }
  if (isPackedIntegerIntrinsic(name))
    return lowerPackedInteger(op, name, args, rewriter);
  if (isAttributeEvaluationIntrinsic(name))
    return lowerAttributeEvaluation(op, name, args, rewriter);
  if (isRayQueryIntrinsic(name))
    return lowerRayQuery(op, name, args, rewriter);
  if (name == "asdouble" && args.size() == 2) {
    // MakeDouble(lo, hi) per component.
    SmallVector<Value> low = scalarize(rewriter, loc, args[0], dx);
    SmallVector<Value> high = scalarize(rewriter, loc, args[1], dx);
    if (low.size() != high.size())
      return op.emitError() << "asdouble operands differ in size";
    Type f64 = rewriter.getF64Type();
    SmallVector<Value> results;
    for (auto [lo, hi] : llvm::zip(low, high))
      results.push_back(dx.call(rewriter, loc, "makeDouble", f64,
                                dxil::MakeDouble, f64, {lo, hi},
                                dxil::OpAttr::ReadNone));
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
      Value pair =
          dx.call(rewriter, loc, "splitDouble", f64, dxil::SplitDouble,
                  dx.getSplitDoubleType(), {d}, dxil::OpAttr::ReadNone);
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

unsigned IntrinsicLowering::getMadOpcode(IntrinsicOp op, Type element) {
  if (isa<FloatType>(element))
    return dxil::FMad;
  auto isSigned = op->getAttrOfType<BoolAttr>("hlsl.signed");
  return isSigned && isSigned.getValue() ? dxil::IMad : dxil::UMad;
}

LogicalResult
IntrinsicLowering::lowerBarrier(IntrinsicOp op, ValueRange args,
                                ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  if (failed(requireShaderModel(op, "Barrier", 8)))
    return failure();
  // The validator wants the flags as immediates.
  APInt semantic, memory;
  if (!matchPattern(op.getArgs()[1], m_ConstantInt(&semantic)))
    return op.emitError() << "the semantic flags of 'Barrier' must be "
                             "compile-time constants";
  if (semantic.getZExtValue() & ~uint64_t(7))
    return op.emitError()
           << "invalid semantic flags for 'Barrier': expected 0 or a "
              "combination of GROUP_SYNC, GROUP_SCOPE and DEVICE_SCOPE";
  if (!ctx.hasThreadGroups() && (semantic.getZExtValue() & 3))
    return op.emitError() << "GROUP_SYNC and GROUP_SCOPE need a thread "
                             "group: 'Barrier' with them is only allowed in "
                             "compute, mesh and amplification shaders";
  Value semanticFlags = dx.i32(rewriter, loc, semantic.getZExtValue());
  if (auto resource = dyn_cast<ResourceType>(op.getArgs()[0].getType())) {
    if (resource.getResourceClass() != ResourceClass::UAV)
      return op.emitError() << "'Barrier' on a resource needs a UAV, not "
                            << stringifyResourceKind(resource.getKind());
    dx.call(rewriter, loc, "barrierByMemoryHandle", Type(),
            dxil::BarrierByMemoryHandle, Type(), {args[0], semanticFlags},
            dxil::OpAttr::Convergent);
  } else {
    if (!matchPattern(op.getArgs()[0], m_ConstantInt(&memory)))
      return op.emitError() << "the memory type flags of 'Barrier' must be "
                               "compile-time constants";
    if (memory.getZExtValue() & ~uint64_t(0xF))
      return op.emitError()
             << "invalid memory type flags for 'Barrier': expected 0, "
                "ALL_MEMORY or a combination of UAV_MEMORY, "
                "GROUP_SHARED_MEMORY, NODE_INPUT_MEMORY and "
                "NODE_OUTPUT_MEMORY";
    dx.call(rewriter, loc, "barrierByMemoryType", Type(),
            dxil::BarrierByMemoryType, Type(),
            {dx.i32(rewriter, loc, memory.getZExtValue()), semanticFlags},
            dxil::OpAttr::Convergent);
  }
  rewriter.eraseOp(op);
  return success();
}

Value IntrinsicLowering::lowerMul(IntrinsicOp op, Value a, Value c,
                                  ConversionPatternRewriter &b) const {
  Location loc = op.getLoc();
  Type ta = op.getArgs()[0].getType(), tc = op.getArgs()[1].getType();
  auto ma = dyn_cast<MatrixType>(ta), mc = dyn_cast<MatrixType>(tc);
  SmallVector<Value> x = scalarize(b, loc, a, ctx.dx);
  SmallVector<Value> y = scalarize(b, loc, c, ctx.dx);
  Type element = x.front().getType();
  bool isFloat = isa<FloatType>(element);
  // As DXC: the first product, then FMad (IMad/UMad) chains.
  unsigned madOpcode = getMadOpcode(op, element);
  auto mulAdd = [&](Value sum, Value p, Value q) -> Value {
    if (!sum)
      return isFloat ? Value(LLVM::FMulOp::create(b, loc, p, q))
                     : Value(LLVM::MulOp::create(b, loc, p, q));
    return ctx.dx.call(b, loc, "tertiary", element, madOpcode, element,
                       {p, q, sum}, dxil::OpAttr::ReadNone);
  };
  Type resultType = getTypeConverter()->convertType(op.getType(0));
  SmallVector<Value> out;
  bool aScalar = !ma && !isa<VectorType>(ta);
  bool cScalar = !mc && !isa<VectorType>(tc);
  if (aScalar || cScalar) { // scalar scaling (of a scalar, vector or matrix)
    SmallVector<Value> &v = aScalar ? y : x;
    Value s = aScalar ? x[0] : y[0];
    for (Value e : v)
      out.push_back(mulAdd(Value(), s, e));
  } else if (!ma && mc) { // row vector times matrix
    if (x.size() != mc.getRows())
      return {};
    for (unsigned j = 0; j < mc.getColumns(); ++j) {
      Value sum;
      for (unsigned i = 0; i < mc.getRows(); ++i)
        sum = mulAdd(sum, x[i], y[i * mc.getColumns() + j]);
      out.push_back(sum);
    }
  } else if (ma && !mc) { // matrix times column vector
    if (y.size() != ma.getColumns())
      return {};
    for (unsigned i = 0; i < ma.getRows(); ++i) {
      Value sum;
      for (unsigned j = 0; j < ma.getColumns(); ++j)
        sum = mulAdd(sum, x[i * ma.getColumns() + j], y[j]);
      out.push_back(sum);
    }
  } else if (ma && mc) {
    if (ma.getColumns() != mc.getRows())
      return {};
    for (unsigned i = 0; i < ma.getRows(); ++i)
      for (unsigned j = 0; j < mc.getColumns(); ++j) {
        Value sum;
        for (unsigned k = 0; k < ma.getColumns(); ++k)
          sum = mulAdd(sum, x[i * ma.getColumns() + k],
                       y[k * mc.getColumns() + j]);
        out.push_back(sum);
      }
  } else if (x.size() == y.size()) { // dot product of two vectors
    if ((element.isF16() || element.isF32()) && x.size() >= 2 &&
        x.size() <= 4) {
      SmallVector<Value> operands(x);
      operands.append(y);
      unsigned opcode = x.size() == 2   ? dxil::Dot2
                        : x.size() == 3 ? dxil::Dot3
                                        : dxil::Dot4;
      return ctx.dx.call(b, loc, "dot" + std::to_string(x.size()), element,
                         opcode, element, operands, dxil::OpAttr::ReadNone);
    }
    Value sum;
    for (auto [p, q] : llvm::zip(x, y))
      sum = mulAdd(sum, p, q);
    out.push_back(sum);
  } else {
    return {};
  }
  if (out.size() == 1 && !isa<VectorType>(resultType))
    return out[0];
  return vectorize(b, loc, resultType, out, ctx.dx);
}

namespace {
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
    for (Value s : scalarize(rewriter, loc, adaptor.getOperand(), dx)) {
      // The f16 overloads need shader model 6.9: a half is tested as the
      // float it converts to exactly, as DXC does before 6.9.
      if (s.getType().isF16())
        s = LLVM::FPExtOp::create(rewriter, loc, rewriter.getF32Type(), s);
      results.push_back(dx.call(rewriter, loc, "isSpecialFloat", s.getType(),
                                Opcode, rewriter.getI1Type(), {s},
                                dxil::OpAttr::ReadNone));
    }
    rewriter.replaceOp(op, vectorize(rewriter, loc, op.getType(), results, dx));
    return success();
  }
};

/// rsqrt of halves and floats: DXIL's Rsqrt per element, as DXC emits it
/// (the math lowering would divide by a square root). Doubles, which Rsqrt
/// does not take, keep that division.
struct RsqrtLowering : HLSLPattern<math::RsqrtOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(math::RsqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (!element.isF16() && !element.isF32())
      return failure();
    Location loc = op.getLoc();
    DXILOpBuilder &dx = ctx.dx;
    SmallVector<Value> results;
    for (Value s : scalarize(rewriter, loc, adaptor.getOperand(), dx))
      results.push_back(dx.call(rewriter, loc, "unary", s.getType(),
                                dxil::Rsqrt, s.getType(), {s},
                                dxil::OpAttr::ReadNone));
    rewriter.replaceOp(op, vectorize(rewriter, loc, op.getType(), results, dx));
    return success();
  }
};
} // namespace

void mlir::hlsl::populateIntrinsicPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           LoweringContext &ctx) {
  patterns.add<IntrinsicLowering>(converter, patterns.getContext(), ctx);
  // Before the math dialect's own lowerings of the same ops (fcmp for
  // isnan, fabs and fcmp for isfinite, a division for rsqrt): DXC's DXIL
  // operations.
  patterns.add<SpecialFloatLowering<math::IsNaNOp, 8>,
               SpecialFloatLowering<math::IsInfOp, 9>,
               SpecialFloatLowering<math::IsFiniteOp, 10>,
               SpecialFloatLowering<math::IsNormalOp, 11>, RsqrtLowering>(
      converter, patterns.getContext(), ctx, /*benefit=*/2);
}
