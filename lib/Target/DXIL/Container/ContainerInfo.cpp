//===- ContainerInfo.cpp - Names and checks for ShaderContainerInfo -------===//
//
// Enum names and verifyShaderContainerInfo, which rejects every container
// description the writer cannot turn into a container the validator would
// accept for reasons visible at this level (versions that do not go
// together, a stage without its mandatory state, signature elements that do
// not fit the register file, resource classes that do not match their kind).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/ContainerInfo.h"

#include "ViewIDState.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir::hlsl::dxil;

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

llvm::StringRef mlir::hlsl::dxil::stringifyShaderKind(ShaderKind kind) {
  switch (kind) {
#define SHADER_KIND(Name, Value, Prefix)                                       \
  case ShaderKind::Name:                                                       \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef mlir::hlsl::dxil::getShaderKindProfilePrefix(ShaderKind kind) {
  switch (kind) {
#define SHADER_KIND(Name, Value, Prefix)                                       \
  case ShaderKind::Name:                                                       \
    return Prefix;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

std::optional<ShaderKind>
mlir::hlsl::dxil::symbolizeShaderKind(llvm::StringRef name) {
#define SHADER_KIND(Name, Value, Prefix)                                       \
  if (name == #Name || name == Prefix)                                         \
    return ShaderKind::Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  return std::nullopt;
}

llvm::StringRef mlir::hlsl::dxil::stringifyResourceClass(ResourceClass value) {
  switch (value) {
#define RESOURCE_CLASS(Name, Value)                                            \
  case ResourceClass::Name:                                                    \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef mlir::hlsl::dxil::stringifyResourceKind(ResourceKind value) {
  switch (value) {
#define RESOURCE_KIND(Name, Value)                                             \
  case ResourceKind::Name:                                                     \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef
mlir::hlsl::dxil::stringifyPSVResourceType(PSVResourceType value) {
  switch (value) {
#define PSV_RESOURCE_TYPE(Name, Value)                                         \
  case PSVResourceType::Name:                                                  \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef mlir::hlsl::dxil::stringifySemanticKind(SemanticKind value) {
  switch (value) {
#define SEMANTIC_KIND(Name, Value)                                             \
  case SemanticKind::Name:                                                     \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef mlir::hlsl::dxil::stringifyComponentType(ComponentType value) {
  switch (value) {
#define COMPONENT_TYPE(Name, Value)                                            \
  case ComponentType::Name:                                                    \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef
mlir::hlsl::dxil::stringifyInterpolationMode(InterpolationMode value) {
  switch (value) {
#define INTERPOLATION_MODE(Name, Value)                                        \
  case InterpolationMode::Name:                                                \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef
mlir::hlsl::dxil::stringifySigComponentType(SigComponentType value) {
  switch (value) {
#define SIG_COMPONENT_TYPE(Name, Value)                                        \
  case SigComponentType::Name:                                                 \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef mlir::hlsl::dxil::stringifySystemValue(SystemValue value) {
  switch (value) {
#define SYSTEM_VALUE(Name, Value)                                              \
  case SystemValue::Name:                                                      \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef mlir::hlsl::dxil::stringifyMinPrecision(MinPrecision value) {
  switch (value) {
#define MIN_PRECISION(Name, Value)                                             \
  case MinPrecision::Name:                                                     \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

llvm::StringRef
mlir::hlsl::dxil::stringifyTessellatorDomain(TessellatorDomain value) {
  switch (value) {
#define TESSELLATOR_DOMAIN(Name, Value)                                        \
  case TessellatorDomain::Name:                                                \
    return #Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  }
  return "";
}

std::optional<ResourceClass>
mlir::hlsl::dxil::symbolizeResourceClass(llvm::StringRef name) {
#define RESOURCE_CLASS(Name, Value)                                            \
  if (name == #Name)                                                           \
    return ResourceClass::Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  return std::nullopt;
}

std::optional<ResourceKind>
mlir::hlsl::dxil::symbolizeResourceKind(llvm::StringRef name) {
#define RESOURCE_KIND(Name, Value)                                             \
  if (name == #Name)                                                           \
    return ResourceKind::Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  return std::nullopt;
}

std::optional<SemanticKind>
mlir::hlsl::dxil::symbolizeSemanticKind(llvm::StringRef name) {
#define SEMANTIC_KIND(Name, Value)                                             \
  if (name == #Name)                                                           \
    return SemanticKind::Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  return std::nullopt;
}

std::optional<ComponentType>
mlir::hlsl::dxil::symbolizeComponentType(llvm::StringRef name) {
#define COMPONENT_TYPE(Name, Value)                                            \
  if (name == #Name)                                                           \
    return ComponentType::Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  return std::nullopt;
}

std::optional<InterpolationMode>
mlir::hlsl::dxil::symbolizeInterpolationMode(llvm::StringRef name) {
#define INTERPOLATION_MODE(Name, Value)                                        \
  if (name == #Name)                                                           \
    return InterpolationMode::Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  return std::nullopt;
}

std::optional<TessellatorDomain>
mlir::hlsl::dxil::symbolizeTessellatorDomain(llvm::StringRef name) {
#define TESSELLATOR_DOMAIN(Name, Value)                                        \
  if (name == #Name)                                                           \
    return TessellatorDomain::Name;
#include "HLSL/Target/DXIL/ContainerEnums.def"
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

namespace {

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

bool isSupportedStage(ShaderKind kind) {
  switch (kind) {
  case ShaderKind::Pixel:
  case ShaderKind::Vertex:
  case ShaderKind::Geometry:
  case ShaderKind::Hull:
  case ShaderKind::Domain:
  case ShaderKind::Compute:
  case ShaderKind::Mesh:
  case ShaderKind::Amplification:
    return true;
  default:
    return false;
  }
}

bool hasNumThreads(ShaderKind kind) {
  return kind == ShaderKind::Compute || kind == ShaderKind::Mesh ||
         kind == ShaderKind::Amplification;
}

/// Module-level SFI0 bits (docs §3.7).
constexpr uint64_t SFI0MinimumPrecision = 1ull << 4;
constexpr uint64_t SFI0NativeLowPrecision = 1ull << 18;
/// Bits 0-32 are defined (LLVM 22's DXContainerConstants.def).
constexpr uint64_t SFI0KnownBits = (1ull << 33) - 1;

llvm::Error verifyElement(const ShaderContainerInfo &info,
                          llvm::StringRef sigName, unsigned index,
                          const SignatureElement &e, bool isGSOutput) {
  auto elementError = [&](const llvm::Twine &message) {
    return fail(sigName + " signature element " + llvm::Twine(index) + " ('" +
                e.semanticName + "'): " + message);
  };
  if (e.semanticName.empty())
    return fail(sigName + " signature element " + llvm::Twine(index) +
                " has an empty semantic name");
  if (e.semanticName.find('\0') != std::string::npos)
    return elementError("semantic name contains a NUL character");
  unsigned rows = e.getRows();
  if (rows == 0 || rows > 32)
    return elementError("has " + llvm::Twine(rows) +
                        " rows (semantic indices); expected 1 to 32");
  if (e.cols == 0 || e.cols > 4)
    return elementError("has " + llvm::Twine(unsigned(e.cols)) +
                        " columns; expected 1 to 4");
  if (stringifySemanticKind(e.kind).empty())
    return elementError("invalid semantic kind " +
                        llvm::Twine(unsigned(e.kind)));
  if (stringifyComponentType(e.componentType).empty() ||
      e.componentType == ComponentType::Invalid)
    return elementError("invalid component type " +
                        llvm::Twine(unsigned(e.componentType)));
  if (stringifyInterpolationMode(e.interpolation).empty())
    return elementError("invalid interpolation mode " +
                        llvm::Twine(unsigned(e.interpolation)));
  if (e.isAllocated() != (e.startCol >= 0))
    return elementError("start row " + llvm::Twine(e.startRow) +
                        " and start column " + llvm::Twine(e.startCol) +
                        " must both be -1 (not allocated) or both be set");
  if (e.startRow < -1 || e.startCol < -1)
    return elementError("negative start row or column");
  if (e.isAllocated()) {
    if (e.startRow + rows > 32)
      return elementError("rows " + llvm::Twine(e.startRow) + " to " +
                          llvm::Twine(e.startRow + rows - 1) +
                          " exceed the 32 signature registers");
    if (e.startCol + e.cols > 4)
      return elementError("columns " + llvm::Twine(e.startCol) + " to " +
                          llvm::Twine(e.startCol + e.cols - 1) +
                          " exceed the 4 register components");
  }
  unsigned colMask = (1u << e.cols) - 1;
  if (e.usageMask & ~colMask)
    return elementError("usage mask " + llvm::Twine(unsigned(e.usageMask)) +
                        " has bits beyond its " +
                        llvm::Twine(unsigned(e.cols)) + " columns");
  if (e.dynamicIndexMask > 0xF)
    return elementError("dynamic index mask " +
                        llvm::Twine(unsigned(e.dynamicIndexMask)) +
                        " is not a 4-bit mask");
  if (e.outputStream > 3)
    return elementError("output stream " +
                        llvm::Twine(unsigned(e.outputStream)) +
                        " is out of range (0 to 3)");
  if (e.outputStream != 0 && !isGSOutput)
    return elementError("only geometry-shader outputs have a non-zero "
                        "output stream");
  if (e.kind == SemanticKind::TessFactor ||
      e.kind == SemanticKind::InsideTessFactor) {
    TessellatorDomain domain =
        info.stage == ShaderKind::Hull ? info.hull.domain : info.domain.domain;
    if (info.stage != ShaderKind::Hull && info.stage != ShaderKind::Domain)
      return elementError("tessellation factors only exist in hull and "
                          "domain shaders");
    if (domain == TessellatorDomain::Undefined)
      return elementError("tessellation factors need a tessellator domain");
    if (e.kind == SemanticKind::InsideTessFactor &&
        domain == TessellatorDomain::IsoLine)
      return elementError("an isoline domain has no inside tessellation "
                          "factor");
  }
  return llvm::Error::success();
}

llvm::Error verifySignature(const ShaderContainerInfo &info,
                            llvm::StringRef sigName,
                            const std::vector<SignatureElement> &elements,
                            bool isGSOutput) {
  if (elements.size() > 255)
    return fail(sigName + " signature has " + llvm::Twine(elements.size()) +
                " elements; PSV0 counts at most 255");
  for (auto [index, element] : llvm::enumerate(elements))
    if (llvm::Error err =
            verifyElement(info, sigName, index, element, isGSOutput))
      return err;
  return llvm::Error::success();
}

bool isTextureOrBufferKind(ResourceKind kind) {
  switch (kind) {
  case ResourceKind::Texture1D:
  case ResourceKind::Texture2D:
  case ResourceKind::Texture2DMS:
  case ResourceKind::Texture3D:
  case ResourceKind::TextureCube:
  case ResourceKind::Texture1DArray:
  case ResourceKind::Texture2DArray:
  case ResourceKind::Texture2DMSArray:
  case ResourceKind::TextureCubeArray:
  case ResourceKind::TypedBuffer:
  case ResourceKind::RawBuffer:
  case ResourceKind::StructuredBuffer:
    return true;
  default:
    return false;
  }
}

llvm::Error verifyResource(unsigned index, const ResourceBinding &r) {
  auto resourceError = [&](const llvm::Twine &message) {
    return fail("resource " + llvm::Twine(index) + ": " + message);
  };
  llvm::StringRef className = stringifyResourceClass(r.resourceClass);
  llvm::StringRef kindName = stringifyResourceKind(r.kind);
  if (className.empty())
    return resourceError("invalid resource class " +
                         llvm::Twine(unsigned(r.resourceClass)));
  if (kindName.empty())
    return resourceError("invalid resource kind " +
                         llvm::Twine(unsigned(r.kind)));
  bool kindMatches = false;
  switch (r.resourceClass) {
  case ResourceClass::CBuffer:
    kindMatches = r.kind == ResourceKind::CBuffer;
    break;
  case ResourceClass::Sampler:
    kindMatches = r.kind == ResourceKind::Sampler;
    break;
  case ResourceClass::SRV:
    kindMatches = isTextureOrBufferKind(r.kind) ||
                  r.kind == ResourceKind::TBuffer ||
                  r.kind == ResourceKind::RTAccelerationStructure;
    break;
  case ResourceClass::UAV:
    kindMatches = isTextureOrBufferKind(r.kind) ||
                  r.kind == ResourceKind::FeedbackTexture2D ||
                  r.kind == ResourceKind::FeedbackTexture2DArray;
    break;
  }
  if (!kindMatches)
    return resourceError(className + " cannot have resource kind " + kindName);
  if (r.upperBound < r.lowerBound)
    return resourceError("upper bound " + llvm::Twine(r.upperBound) +
                         " is below the lower bound " +
                         llvm::Twine(r.lowerBound));
  if (r.hasCounter && !(r.resourceClass == ResourceClass::UAV &&
                        r.kind == ResourceKind::StructuredBuffer))
    return resourceError("only structured UAVs have a counter");
  if (r.flags & ~uint32_t(PSVResourceFlagUsedByAtomic64))
    return resourceError(
        llvm::formatv("unknown PSV resource flags {0:x}", r.flags).str());
  if ((r.flags & PSVResourceFlagUsedByAtomic64) &&
      r.resourceClass != ResourceClass::UAV)
    return resourceError("only UAVs can be UsedByAtomic64");
  return llvm::Error::success();
}

} // namespace

llvm::Error mlir::hlsl::dxil::checkWritableStage(ShaderKind stage) {
  if (isSupportedStage(stage))
    return llvm::Error::success();
  return fail("not supported yet: containers of shader kind " +
              stringifyShaderKind(stage) +
              " (only non-library graphics, compute, mesh and amplification "
              "shaders can be written)");
}

llvm::Error
mlir::hlsl::dxil::verifyShaderContainerInfo(const ShaderContainerInfo &info) {
  // Stage and versions.
  llvm::StringRef stageName = stringifyShaderKind(info.stage);
  if (stageName.empty())
    return fail("invalid shader kind " + llvm::Twine(unsigned(info.stage)));
  // Lower case for messages: "compute shaders need numthreads".
  std::string stageText = stageName.lower();
  if (llvm::Error error = checkWritableStage(info.stage))
    return error;
  if (info.shaderModelMajor != 6 || info.shaderModelMinor > 8)
    return fail("shader model " + llvm::Twine(info.shaderModelMajor) + "." +
                llvm::Twine(info.shaderModelMinor) +
                " is not supported (6.0 to 6.8)");
  if ((info.stage == ShaderKind::Mesh ||
       info.stage == ShaderKind::Amplification) &&
      info.shaderModelMinor < 5)
    return fail(stageText + " shaders need shader model 6.5 or later");
  if (info.dxilMajor != 1 || info.dxilMinor != info.shaderModelMinor)
    return fail("DXIL version " + llvm::Twine(info.dxilMajor) + "." +
                llvm::Twine(info.dxilMinor) + " does not match shader model " +
                llvm::Twine(info.shaderModelMajor) + "." +
                llvm::Twine(info.shaderModelMinor) + " (expected 1." +
                llvm::Twine(info.shaderModelMinor) + ")");
  if (info.validatorMajor != 1 || info.validatorMinor > 8)
    return fail("validator version " + llvm::Twine(info.validatorMajor) + "." +
                llvm::Twine(info.validatorMinor) +
                " is not supported (1.0 to 1.8)");
  if (info.validatorMinor < info.dxilMinor)
    return fail("validator version 1." + llvm::Twine(info.validatorMinor) +
                " cannot validate DXIL 1." + llvm::Twine(info.dxilMinor));
  if (info.entryName.empty())
    return fail("the entry function name is empty");
  if (info.entryName.find('\0') != std::string::npos)
    return fail("the entry function name contains a NUL character");

  // Entry state.
  if (hasNumThreads(info.stage)) {
    if (!info.numThreads)
      return fail(stageText + " shaders need numthreads");
    const auto &n = *info.numThreads;
    std::string text = llvm::formatv("({0}, {1}, {2})", n[0], n[1], n[2]);
    if (n[0] == 0 || n[1] == 0 || n[2] == 0)
      return fail("numthreads " + text + " has a zero dimension");
    uint64_t total = uint64_t(n[0]) * n[1] * n[2];
    if (info.stage == ShaderKind::Compute) {
      if (n[0] > 1024 || n[1] > 1024 || n[2] > 64)
        return fail("numthreads " + text +
                    " exceeds the compute limits (1024, 1024, 64)");
      if (total > 1024)
        return fail("numthreads " + text + " has " + llvm::Twine(total) +
                    " threads; at most 1024 are allowed");
    } else if (total > 128) {
      return fail("numthreads " + text + " has " + llvm::Twine(total) +
                  " threads; " + stageText + " shaders allow at most 128");
    }
  } else if (info.numThreads) {
    return fail("numthreads is only valid for compute, mesh and "
                "amplification shaders, not " +
                stageText);
  }
  if (info.waveSize) {
    if (info.stage != ShaderKind::Compute)
      return fail("a wave size is only valid for compute shaders");
    if (info.waveSize->min == 0 || info.waveSize->max < info.waveSize->min)
      return fail("invalid wave size range " + llvm::Twine(info.waveSize->min) +
                  " to " + llvm::Twine(info.waveSize->max));
  }
  if (info.stage == ShaderKind::Hull &&
      info.hull.domain == TessellatorDomain::Undefined)
    return fail("hull shaders need a tessellator domain");
  if (info.stage == ShaderKind::Domain &&
      info.domain.domain == TessellatorDomain::Undefined)
    return fail("domain shaders need a tessellator domain");
  if (stringifyTessellatorDomain(info.hull.domain).empty() ||
      stringifyTessellatorDomain(info.domain.domain).empty())
    return fail("invalid tessellator domain");
  if (info.stage == ShaderKind::Geometry) {
    if (info.geometry.outputStreamMask > 0xF)
      return fail("geometry output stream mask " +
                  llvm::Twine(info.geometry.outputStreamMask) +
                  " has bits beyond the 4 streams");
    if (info.geometry.maxVertexCount > 1024)
      return fail("geometry max vertex count " +
                  llvm::Twine(info.geometry.maxVertexCount) + " exceeds 1024");
  }

  // Feature flags.
  if (info.featureFlags & ~SFI0KnownBits)
    return fail(llvm::formatv("unknown SFI0 feature bits {0:x16}",
                              info.featureFlags & ~SFI0KnownBits)
                    .str());
  bool minPrecision = info.featureFlags & SFI0MinimumPrecision;
  bool nativeLowPrecision = info.featureFlags & SFI0NativeLowPrecision;
  if (minPrecision && nativeLowPrecision)
    return fail("SFI0 sets both MinimumPrecision and NativeLowPrecision");
  if (nativeLowPrecision && info.useMinPrecision)
    return fail("SFI0 sets NativeLowPrecision but the module uses minimum "
                "precision");
  if (minPrecision && !info.useMinPrecision)
    return fail("SFI0 sets MinimumPrecision but the module uses native "
                "16-bit types");

  // Signatures.
  bool noSignatures = info.stage == ShaderKind::Compute ||
                      info.stage == ShaderKind::Amplification;
  if (noSignatures &&
      (!info.inputSignature.empty() || !info.outputSignature.empty() ||
       !info.patchConstOrPrimSignature.empty()))
    return fail(stageText + " shaders have no signature elements");
  bool hasThirdSignature = info.stage == ShaderKind::Hull ||
                           info.stage == ShaderKind::Domain ||
                           info.stage == ShaderKind::Mesh;
  if (!hasThirdSignature && !info.patchConstOrPrimSignature.empty())
    return fail("only hull, domain and mesh shaders have a patch-constant or "
                "primitive signature");
  if (llvm::Error err =
          verifySignature(info, "input", info.inputSignature, false))
    return err;
  if (llvm::Error err = verifySignature(info, "output", info.outputSignature,
                                        info.stage == ShaderKind::Geometry))
    return err;
  if (llvm::Error err = verifySignature(info, "patch-constant/primitive",
                                        info.patchConstOrPrimSignature, false))
    return err;
  if (!info.viewIDState.empty()) {
    if (noSignatures)
      return fail(stageText + " shaders have no view-ID state");
    if (llvm::Error err = detail::checkViewIDState(info))
      return err;
  }

  // Resources.
  for (auto [index, resource] : llvm::enumerate(info.resources))
    if (llvm::Error err = verifyResource(index, resource))
      return err;

  // Bitcode.
  if (info.bitcode.size() < 4 || info.bitcode[0] != 'B' ||
      info.bitcode[1] != 'C' || info.bitcode[2] != 0xC0 ||
      info.bitcode[3] != 0xDE)
    return fail("the bitcode does not start with the LLVM bitcode magic "
                "'BC' 0xC0DE");
  // The container is limited to 2 GiB; leave room for the other parts.
  if (info.bitcode.size() > 0x7F000000u)
    return fail("the bitcode is too large for a container (" +
                llvm::Twine(info.bitcode.size()) + " bytes)");
  return llvm::Error::success();
}
