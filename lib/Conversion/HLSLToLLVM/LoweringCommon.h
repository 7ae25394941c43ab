//===- LoweringCommon.h - shared by the hlsl -> LLVM patterns ---*- C++ -*-===//
//
// The state every conversion pattern of --convert-hlsl-to-llvm reads (the
// dx.op builder, the bindings, the target) and the helpers they share. The
// patterns live in one file per concern: resource accesses, intrinsics,
// textures, wave ops, memory and aggregates (HLSLToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_CONVERSION_HLSLTOLLVM_LOWERINGCOMMON_H
#define HLSL_LIB_CONVERSION_HLSLTOLLVM_LOWERINGCOMMON_H

#include "DXILOpBuilder.h"
#include "DXILResources.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::hlsl {

/// What every pattern needs: the dx.op builder, the bindings and the target.
struct LoweringContext {
  DXILOpBuilder dx;
  ResourceTable resources;
  unsigned smMinor = 6;
  ShaderStage stage = ShaderStage::Compute;
  bool useBindingHandles() const { return smMinor >= 6; }
  /// A pixel shader before 6.6 that calls IsHelperLane: DXIL has no such
  /// operation, so as DXC the lane's helper state is the static
  /// kHelperLaneGlobal, set from the coverage on entry and by discards.
  bool emulateHelperLane = false;
  /// Thread groups exist (group sync and groupshared fences are allowed).
  bool hasThreadGroups() const {
    return stage == ShaderStage::Compute || stage == ShaderStage::Mesh ||
           stage == ShaderStage::Amplification || stage == ShaderStage::Library;
  }
};

/// The i32 global that holds whether the lane is a helper lane (see
/// LoweringContext::emulateHelperLane).
inline constexpr llvm::StringLiteral kHelperLaneGlobal = "dx.ishelper";

/// The address of kHelperLaneGlobal.
Value getHelperLaneFlag(OpBuilder &b, Location loc);

/// Creates the handle of element `relIndex` of a declaration's range;
/// `nonUniform` when the index may differ between a wave's threads.
Value emitHandle(OpBuilder &b, Location loc, LoweringContext &ctx,
                 const ResourceInfo &info, Value relIndex,
                 bool nonUniform = false);

/// `handle` annotated with the resource properties of `info` (SM 6.6).
Value annotateHandle(OpBuilder &b, Location loc, DXILOpBuilder &dx,
                     Value handle, const ResourceInfo &info);

/// Whether a resource index comes from NonUniformResourceIndex (possibly
/// through the arithmetic of array indices).
bool isNonUniformIndex(Value index);

/// Scalars of a value: itself, or the elements of a vector.
SmallVector<Value> scalarize(OpBuilder &b, Location loc, Value value,
                             DXILOpBuilder &dx);

/// The value of `type` made of `scalars` (the scalar itself for a scalar
/// type).
Value vectorize(OpBuilder &b, Location loc, Type type, ArrayRef<Value> scalars,
                DXILOpBuilder &dx);

/// Writes the `out uint status` of a resource load to `status`, as DXC
/// does: whether the access was fully mapped (CheckAccessFullyMapped of
/// the ResRet `ret`'s status word), as 0 or 1.
void writeLoadStatus(OpBuilder &b, Location loc, DXILOpBuilder &dx, Value ret,
                     Value status);

template <typename Op> struct HLSLPattern : OpConversionPattern<Op> {
  HLSLPattern(const TypeConverter &converter, MLIRContext *context,
              LoweringContext &ctx, PatternBenefit benefit = 1)
      : OpConversionPattern<Op>(converter, context, benefit), ctx(ctx) {}
  LoweringContext &ctx;
};

/// Handles, cbuffer rows, buffer and texture loads/stores, atomics.
void populateResourceAccessPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    LoweringContext &ctx);

/// hlsl.intrinsic calls (math, bits, barriers, textures, waves, ...) and
/// the special-float tests.
void populateIntrinsicPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns,
                               LoweringContext &ctx);

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_LOWERINGCOMMON_H
