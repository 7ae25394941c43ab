//===- IntrinsicStageRules.cpp - which stages may call which intrinsic ----===//
//
// Derivatives, sampling with an implicit level of detail, discard and the
// quad operations exist in some stages only. DXC's validator checks that
// on the final code, so a vertex shader whose `Sample` the optimizer
// deletes compiles. The lowering therefore only names the violation here:
// the DXIL operations of a misplaced intrinsic carry the message
// (DXILOpBuilder's stage violation), and the DXIL legalization reports
// those that survive the optimizer (StageRestrictedOperations.cpp).
//
//===----------------------------------------------------------------------===//

#include "IntrinsicLowering.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// What an intrinsic needs of the stage.
enum class StageRule {
  /// Quads of lanes for derivatives: pixel shaders, and from shader model
  /// 6.6 compute, mesh and amplification shaders whose groups form quads.
  Derivatives,
  /// Pixel shaders only.
  PixelOnly,
  /// Lanes grouped in quads: pixel shaders and the thread-group stages.
  QuadShuffle,
};
} // namespace

static std::optional<StageRule> getStageRule(StringRef name) {
  return llvm::StringSwitch<std::optional<StageRule>>(name)
      .Cases({"ddx", "ddy", "ddx_coarse", "ddy_coarse", "ddx_fine", "ddy_fine",
              "fwidth"},
             StageRule::Derivatives)
      .Cases({"Sample", "SampleBias", "SampleCmp", "SampleCmpBias",
              "CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped"},
             StageRule::Derivatives)
      .Cases({"discard", "clip", "GetRenderTargetSampleCount",
              "GetRenderTargetSamplePosition"},
             StageRule::PixelOnly)
      // DXC's validator refuses the implicit-LOD feedback writes outside
      // pixel shaders even where 6.6 gives compute shaders derivatives.
      .Cases({"WriteSamplerFeedback", "WriteSamplerFeedbackBias"},
             StageRule::PixelOnly)
      .Cases({"QuadReadAcrossX", "QuadReadAcrossY", "QuadReadAcrossDiagonal",
              "QuadReadLaneAt", "QuadAny", "QuadAll"},
             StageRule::QuadShuffle)
      .Default(std::nullopt);
}

/// Why the thread groups of `func` give `name` no derivatives, if they do
/// not: shader model 6.6 gives compute, mesh and amplification shaders
/// derivatives over quads of threads, four consecutive ones in 1D groups,
/// 2x2 blocks otherwise.
static std::optional<std::string>
getGroupDerivativeViolation(Operation *op, StringRef name, unsigned smMinor) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (smMinor < 6) {
    os << "'" << name
       << "' needs shader model 6.6 or later in compute, mesh and "
          "amplification shaders (derivatives)";
    return message;
  }
  auto func = op->getParentOfType<FunctionOpInterface>();
  auto threads = func
                     ? func->getAttrOfType<DenseI32ArrayAttr>("hlsl.numthreads")
                     : DenseI32ArrayAttr();
  if (!threads || threads.size() != 3)
    return std::nullopt;
  ArrayRef<int32_t> n = threads.asArrayRef();
  bool linear = n[1] == 1 && n[2] == 1 && n[0] % 4 == 0;
  bool planar = n[0] % 2 == 0 && n[1] % 2 == 0;
  if (linear || planar)
    return std::nullopt;
  os << "'" << name << "' needs quads of threads: numthreads (" << n[0] << ", "
     << n[1] << ", " << n[2]
     << ") must be 1D with X a multiple of 4, or have X and Y both multiples "
        "of 2";
  return message;
}

std::optional<std::string>
IntrinsicLowering::getStageViolation(IntrinsicOp op, StringRef name) const {
  std::optional<StageRule> rule = getStageRule(name);
  if (!rule || ctx.stage == ShaderStage::Pixel ||
      ctx.stage == ShaderStage::Library)
    return std::nullopt;
  bool threadGroups = ctx.stage == ShaderStage::Compute ||
                      ctx.stage == ShaderStage::Mesh ||
                      ctx.stage == ShaderStage::Amplification;
  switch (*rule) {
  case StageRule::Derivatives:
    if (threadGroups)
      return getGroupDerivativeViolation(op, name, ctx.smMinor);
    break;
  case StageRule::PixelOnly:
    break;
  case StageRule::QuadShuffle:
    if (threadGroups)
      return std::nullopt;
    return ("'" + name +
            "' is only allowed in pixel, compute, mesh and amplification "
            "shaders")
        .str();
  }
  if (name.starts_with("WriteSamplerFeedback"))
    return ("'" + name +
            "' is only valid in pixel shaders (it computes derivatives)")
        .str();
  return ("'" + name + "' is only allowed in pixel shaders").str();
}
