//===- ShaderFlags.h - the shader flags a DXIL module uses ------*- C++ -*-===//
//
// DXIL declares the features a shader uses as a 64-bit word of shader flags
// (the entry point's property 0 in `!dx.entryPoints`; SFI0 derives from it).
// DXC's validator recomputes the word from the final module's instructions,
// resources and signatures and rejects the container when the two differ
// ("Flags must match usage"), so the word is computed here from the legalized
// module by the same rules, not predicted from the source.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_SHADERFLAGS_H
#define HLSL_TARGET_DXIL_SHADERFLAGS_H

#include <cstdint>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::hlsl::dxil {

/// Bits of the shader flags word (DXC's ShaderFlags, in declaration order).
namespace shader_flag {
enum : uint64_t {
  DisableOptimizations = 1ull << 0,
  EnableDoublePrecision = 1ull << 2,
  ForceEarlyDepthStencil = 1ull << 3,
  EnableRawAndStructuredBuffers = 1ull << 4,
  LowPrecisionPresent = 1ull << 5,
  EnableDoubleExtensions = 1ull << 6,
  EnableMSAD = 1ull << 7,
  AllResourcesBound = 1ull << 8,
  ViewportAndRTArrayIndex = 1ull << 9,
  InnerCoverage = 1ull << 10,
  StencilRef = 1ull << 11,
  TiledResources = 1ull << 12,
  UAVLoadAdditionalFormats = 1ull << 13,
  SixtyFourUAVs = 1ull << 15,
  UAVsAtEveryStage = 1ull << 16,
  ROVs = 1ull << 18,
  WaveOps = 1ull << 19,
  Int64Ops = 1ull << 20,
  ViewID = 1ull << 21,
  Barycentrics = 1ull << 22,
  UseNativeLowPrecision = 1ull << 23,
  ShadingRate = 1ull << 24,
  RaytracingTier1_1 = 1ull << 25,
  SamplerFeedback = 1ull << 26,
  AtomicInt64OnTypedResource = 1ull << 27,
  AtomicInt64OnGroupShared = 1ull << 28,
  DerivativesInMeshAndAmpShaders = 1ull << 29,
  ResourceDescriptorHeapIndexing = 1ull << 30,
  SamplerDescriptorHeapIndexing = 1ull << 31,
  AtomicInt64OnHeapResource = 1ull << 32,
  ResMayNotAlias = 1ull << 33,
  AdvancedTextureOps = 1ull << 34,
  WriteableMSAATextures = 1ull << 35,
  SampleCmpGradientOrBias = 1ull << 37,
  ExtendedCommandInfo = 1ull << 38,
};
} // namespace shader_flag

/// The flags that come from compile options rather than from the module's
/// contents; the validator does not recompute them.
constexpr uint64_t DeclaredOnlyShaderFlags =
    shader_flag::DisableOptimizations | shader_flag::ForceEarlyDepthStencil |
    shader_flag::AllResourcesBound | shader_flag::UseNativeLowPrecision;

/// The shader flags `module` uses, as the validator computes them for its
/// validator version (`!dx.valver`), DXIL version and shader model.
/// Declared-only flags are not included.
uint64_t collectShaderFlags(const llvm::Module &module);

/// Sets the entry point's shader flags (property 0 of its `!dx.entryPoints`
/// record, first in the list as DXC writes it, absent when zero) to
/// collectShaderFlags(module) | `declaredOnly`. No-op for a module without
/// an entry point (libraries).
void setShaderFlags(llvm::Module &module, uint64_t declaredOnly);

} // namespace mlir::hlsl::dxil

#endif // HLSL_TARGET_DXIL_SHADERFLAGS_H
