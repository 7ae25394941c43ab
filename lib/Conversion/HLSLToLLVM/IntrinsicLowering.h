//===- IntrinsicLowering.h - HLSL intrinsics to DXIL ops --------*- C++ -*-===//
//
// One pattern lowers every hlsl.intrinsic call; its parts live by concern:
// IntrinsicLowering.cpp (math, bits, barriers, atomics, conversions, mul),
// TextureLowering.cpp (sampling, gathers, loads, GetDimensions) and
// WaveLowering.cpp (wave and quad ops), PackedIntegerLowering.cpp,
// AttributeEvaluationLowering.cpp and RayQueryLowering.cpp; which stages
// may call which intrinsic is IntrinsicStageRules.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_CONVERSION_HLSLTOLLVM_INTRINSICLOWERING_H
#define HLSL_LIB_CONVERSION_HLSLTOLLVM_INTRINSICLOWERING_H

#include "LoweringCommon.h"

namespace mlir::hlsl {

struct IntrinsicLowering : HLSLPattern<IntrinsicOp> {
  using HLSLPattern::HLSLPattern;

  /// The DXIL op of a derivative intrinsic; plain ddx/ddy are the coarse
  /// ones, as in DXC.
  static std::optional<unsigned> getDerivativeOpcode(StringRef name);

  /// Why the shader's stage may not call `name` (derivatives, sampling
  /// that computes them, discard, quad operations), if it may not
  /// (IntrinsicStageRules.cpp). Not an error yet: DXC's validator only
  /// refuses the operations the optimizer keeps.
  std::optional<std::string> getStageViolation(IntrinsicOp op,
                                               StringRef name) const;
  /// Fails with "'name' requires shader model 6.<minor> or later" below it.
  LogicalResult requireShaderModel(Operation *op, StringRef name,
                                   unsigned minor) const;

  /// DXIL's derivative ops have only half and float overloads.
  LogicalResult checkDerivative(Operation *op, StringRef name, Type type) const;

  /// Applies a one-operand DXIL op to every element.
  Value elementwise(ConversionPatternRewriter &b, Location loc, StringRef cls,
                    unsigned opcode, Value value, Type resultElement) const;

  /// `type` with its elements replaced by `resultElement` (if given).
  static Type getResultType(Type type, Type resultElement);

  /// firstbithigh: DXIL's FirstbitHi/SHi count from the most significant
  /// bit; HLSL counts from the least significant one (-1 stays -1), so the
  /// result is converted as DXC does: r == -1 ? -1 : width - 1 - r.
  Value firstBitHigh(ConversionPatternRewriter &b, Location loc,
                     unsigned opcode, Value value) const;

  /// Lowers the intrinsic; the DXIL operations of one its stage does not
  /// allow carry the violation (DXILOpBuilder::StageViolationScope).
  LogicalResult
  matchAndRewrite(IntrinsicOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override;

  LogicalResult lowerIntrinsic(IntrinsicOp op, OpAdaptor adaptor,
                               ConversionPatternRewriter &rewriter) const;

  /// The offsets of a sample or gather without an offset argument: 0 for
  /// each coordinate the texture kind takes an offset in (none for cubes),
  /// as DXC writes them; the unused ones stay undef.
  SmallVector<Value> zeroOffsets(OpBuilder &b, Location loc,
                                 ResourceKind kind) const;

  /// Texture Sample*/Load methods; null if `name` is none of them.
  Value lowerTexture(IntrinsicOp op, StringRef name, ValueRange args,
                     ConversionPatternRewriter &b) const;

  /// WriteSamplerFeedback(Bias|Grad|Level) of a feedback texture: the
  /// feedback map, the texture and sampler it describes, the location
  /// (with array slice), then bias, gradients or level and the clamp.
  LogicalResult lowerSamplerFeedback(IntrinsicOp op, StringRef name,
                                     ValueRange args,
                                     ConversionPatternRewriter &b) const;

  /// Gather, GatherRed/Green/Blue/Alpha and GatherCmp: TextureGather(Cmp)
  /// of one channel (Gather and GatherCmp read red), with up to four
  /// coordinates and two offsets.
  template <typename Finish, typename Pad>
  Value lowerGather(IntrinsicOp op, StringRef name, ValueRange args,
                    ConversionPatternRewriter &b, Type resultType,
                    Finish &finish, Pad &pad) const;

  /// GetDimensions(out w[, out h[, out d]]...) of buffers and textures.
  LogicalResult lowerGetDimensions(IntrinsicOp op, ValueRange args,
                                   ConversionPatternRewriter &b) const;

  /// FMad for floats; IMad or UMad for integers, as the intrinsic's
  /// `hlsl.signed` says (mad, mul).
  static unsigned getMadOpcode(IntrinsicOp op, Type element);

  /// Barrier(memoryTypeFlags or UAV, semanticFlags) of shader model 6.8:
  /// BarrierByMemoryType or BarrierByMemoryHandle, flags as immediates.
  LogicalResult lowerBarrier(IntrinsicOp op, ValueRange args,
                             ConversionPatternRewriter &b) const;

  Value lowerMul(IntrinsicOp op, Value a, Value c,
                 ConversionPatternRewriter &b) const;

  LogicalResult lowerWave(IntrinsicOp op, StringRef name, ValueRange args,
                          ConversionPatternRewriter &b) const;

  /// dot4add_*, dot2add, msad4, pack_*, unpack_* (PackedIntegerLowering.cpp).
  LogicalResult lowerPackedInteger(IntrinsicOp op, StringRef name,
                                   ValueRange args,
                                   ConversionPatternRewriter &b) const;

  /// EvaluateAttribute*, GetAttributeAtVertex: placeholders that DXIL
  /// legalization resolves (AttributeEvaluationLowering.cpp).
  LogicalResult lowerAttributeEvaluation(IntrinsicOp op, StringRef name,
                                         ValueRange args,
                                         ConversionPatternRewriter &b) const;

  /// RayQuery_* (RayQueryLowering.cpp): inline ray tracing.
  LogicalResult lowerRayQuery(IntrinsicOp op, StringRef name, ValueRange args,
                              ConversionPatternRewriter &b) const;
};

/// Whether lowerRayQuery handles `name`.
bool isRayQueryIntrinsic(StringRef name);

/// Whether lowerPackedInteger handles `name`.
bool isPackedIntegerIntrinsic(StringRef name);

/// Whether lowerAttributeEvaluation handles `name`.
bool isAttributeEvaluationIntrinsic(StringRef name);

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_INTRINSICLOWERING_H
