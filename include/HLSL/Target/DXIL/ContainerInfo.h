//===- ContainerInfo.h - What goes into a DXIL shader container -*- C++ -*-===//
//
// ShaderContainerInfo describes everything a non-library DXIL container holds,
// independent of how the shader was compiled: the stage and versions, the
// entry's state (numthreads, tessellation, geometry and mesh state), the SFI0
// feature word, the DXIL signatures, the resource bindings and the bitcode.
// The container writer (ContainerWriter.h) derives every part from it the way
// DXC's DxilContainerAssembler derives them from a DxilModule, so the fields
// here are the DXIL-level facts (signature elements as in the `!dx.entryPoints`
// signature metadata, resources as in `!dx.resources`), not part bytes.
//
// The numeric values of the enums are the ones DXIL and the container formats
// store; see docs/dxil-reference.md sections 2, 3.4, 4.4 and 4.6.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_CONTAINERINFO_H
#define HLSL_TARGET_DXIL_CONTAINERINFO_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace hlsl {
namespace dxil {

/// DXIL::ShaderKind. Also the kind in the program version and PSV's
/// ShaderStage byte. The container writer supports the graphics stages,
/// compute, mesh and amplification; the others exist so that the reader can
/// name them.
enum class ShaderKind : uint8_t {
#define SHADER_KIND(Name, Value, Prefix) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// The four register classes (t, u, b, s) of a resource binding.
enum class ResourceClass : uint8_t {
#define RESOURCE_CLASS(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// DXIL::ResourceKind, the shape of a resource; PSV's ResKind uses the same
/// values.
enum class ResourceKind : uint32_t {
#define RESOURCE_KIND(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// PSVResourceType, the resource type of a PSV0 binding record. The writer
/// derives it from the class, kind and counter of a ResourceBinding.
enum class PSVResourceType : uint32_t {
#define PSV_RESOURCE_TYPE(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// PSVResourceFlag bits of a PSV0 (v2+) binding record.
enum PSVResourceFlags : uint32_t {
  PSVResourceFlagNone = 0,
  /// A UAV used by 64-bit atomics.
  PSVResourceFlagUsedByAtomic64 = 1,
};

/// DXIL::SemanticKind: how a signature element is interpreted.
enum class SemanticKind : uint8_t {
#define SEMANTIC_KIND(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// DXIL::ComponentType (the element type of a signature element).
enum class ComponentType : uint8_t {
#define COMPONENT_TYPE(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// DXIL::InterpolationMode.
enum class InterpolationMode : uint8_t {
#define INTERPOLATION_MODE(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// DxilProgramSigCompType: the component type stored in ISG1/OSG1/PSG1
/// records and in PSV signature elements.
enum class SigComponentType : uint32_t {
#define SIG_COMPONENT_TYPE(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// DxilProgramSigSemantic (D3D_NAME): the system value of an ISG1/OSG1/PSG1
/// record.
enum class SystemValue : uint32_t {
#define SYSTEM_VALUE(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// DxilProgramSigMinPrecision.
enum class MinPrecision : uint32_t {
#define MIN_PRECISION(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// DXIL::TessellatorDomain.
enum class TessellatorDomain : uint32_t {
#define TESSELLATOR_DOMAIN(Name, Value) Name = Value,
#include "HLSL/Target/DXIL/ContainerEnums.def"
};

/// Printable names: the enumerator spelling (`Compute`, `StructuredBuffer`),
/// or an empty string for a value outside the enumeration.
llvm::StringRef stringifyShaderKind(ShaderKind kind);
llvm::StringRef stringifyResourceClass(ResourceClass cls);
llvm::StringRef stringifyResourceKind(ResourceKind kind);
llvm::StringRef stringifyPSVResourceType(PSVResourceType type);
llvm::StringRef stringifySemanticKind(SemanticKind kind);
llvm::StringRef stringifyComponentType(ComponentType type);
llvm::StringRef stringifyInterpolationMode(InterpolationMode mode);
llvm::StringRef stringifySigComponentType(SigComponentType type);
llvm::StringRef stringifySystemValue(SystemValue value);
llvm::StringRef stringifyMinPrecision(MinPrecision precision);
llvm::StringRef stringifyTessellatorDomain(TessellatorDomain domain);

/// The profile prefix of a shader kind (`cs`, `ps`, `lib`, ...).
llvm::StringRef getShaderKindProfilePrefix(ShaderKind kind);

/// Inverse of the functions above (enumerator spelling; for shader kinds the
/// profile prefix is accepted too).
std::optional<ShaderKind> symbolizeShaderKind(llvm::StringRef name);
std::optional<ResourceClass> symbolizeResourceClass(llvm::StringRef name);
std::optional<ResourceKind> symbolizeResourceKind(llvm::StringRef name);
std::optional<SemanticKind> symbolizeSemanticKind(llvm::StringRef name);
std::optional<ComponentType> symbolizeComponentType(llvm::StringRef name);
std::optional<InterpolationMode>
symbolizeInterpolationMode(llvm::StringRef name);
std::optional<TessellatorDomain>
symbolizeTessellatorDomain(llvm::StringRef name);

/// One element of a DXIL signature, as in the `!dx.entryPoints` signature
/// records (docs/dxil-reference.md §3.4). The container records are derived
/// from it: ISG1/OSG1/PSG1 get one record per row (register = start row + row,
/// mask = `cols` bits from `startCol`, system value from `kind`, min precision
/// from `componentType` unless native 16-bit types are used), PSV0 one record
/// per element.
struct SignatureElement {
  std::string semanticName;
  /// One semantic index per row; the element has that many rows.
  llvm::SmallVector<uint32_t, 1> semanticIndices = {0};
  SemanticKind kind = SemanticKind::Arbitrary;
  ComponentType componentType = ComponentType::F32;
  InterpolationMode interpolation = InterpolationMode::Undefined;
  /// Columns, 1-4.
  uint8_t cols = 1;
  /// Packed location; both -1 for an element that is not allocated (for
  /// example SV_Depth, which is NotPacked).
  int32_t startRow = -1;
  int32_t startCol = -1;
  /// Components actually read (inputs) or written (outputs), relative to the
  /// element's first column (metadata tag 3).
  uint8_t usageMask = 0;
  /// Components that are dynamically indexed (metadata tag 2).
  uint8_t dynamicIndexMask = 0;
  /// Geometry-shader output stream, 0-3.
  uint8_t outputStream = 0;
  /// False for elements whose semantic interpretation is NotInSig or NA:
  /// they are in PSV0 but get no ISG1/OSG1/PSG1 record.
  bool inProgramSignature = true;

  unsigned getRows() const { return semanticIndices.size(); }
  bool isAllocated() const { return startRow >= 0; }
};

/// One resource range, as in `!dx.resources`.
struct ResourceBinding {
  ResourceClass resourceClass = ResourceClass::SRV;
  ResourceKind kind = ResourceKind::TypedBuffer;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  /// Last register of the range; UINT32_MAX for an unbounded array.
  uint32_t upperBound = 0;
  /// A structured UAV with a hidden counter (UAVStructuredWithCounter).
  bool hasCounter = false;
  /// PSVResourceFlags; only UAVs may be UsedByAtomic64.
  uint32_t flags = PSVResourceFlagNone;
};

/// Hull-shader state (PSV0 runtime info).
struct HullShaderInfo {
  uint32_t inputControlPointCount = 0;
  uint32_t outputControlPointCount = 0;
  TessellatorDomain domain = TessellatorDomain::Undefined;
  /// DXIL::TessellatorOutputPrimitive.
  uint32_t outputPrimitive = 0;
};

/// Domain-shader state.
struct DomainShaderInfo {
  uint32_t inputControlPointCount = 0;
  TessellatorDomain domain = TessellatorDomain::Undefined;
};

/// Geometry-shader state.
struct GeometryShaderInfo {
  /// DXIL::InputPrimitive.
  uint32_t inputPrimitive = 0;
  /// DXIL::PrimitiveTopology of the streams.
  uint32_t outputTopology = 0;
  /// Active output streams; 0 is written as 1, as DXC does.
  uint32_t outputStreamMask = 0;
  uint32_t maxVertexCount = 0;
};

/// Mesh-shader state.
struct MeshShaderInfo {
  uint32_t groupSharedBytesUsed = 0;
  uint32_t groupSharedBytesDependentOnViewID = 0;
  uint32_t payloadSizeInBytes = 0;
  uint16_t maxOutputVertices = 0;
  uint16_t maxOutputPrimitives = 0;
  /// DXIL::MeshOutputTopology.
  uint8_t outputTopology = 0;
};

/// Amplification-shader state.
struct AmplificationShaderInfo {
  uint32_t payloadSizeInBytes = 0;
};

/// `[WaveSize(min[, max])]` of a compute shader.
struct WaveSizeInfo {
  uint32_t min = 0;
  /// Equal to `min` for a single wave size.
  uint32_t max = 0;
};

struct ShaderContainerInfo {
  ShaderKind stage = ShaderKind::Compute;
  unsigned shaderModelMajor = 6, shaderModelMinor = 0;
  /// `!dx.version`; DXIL 1.N goes with shader model 6.N.
  unsigned dxilMajor = 1, dxilMinor = 0;
  /// `!dx.valver`; selects the PSV0 version, the HASH part, signature
  /// compatibility rules and part alignment.
  unsigned validatorMajor = 1, validatorMinor = 8;
  /// Entry function name, stored in PSV0 from version 3 on.
  std::string entryName = "main";

  /// `[numthreads(x, y, z)]`; required for compute, mesh and amplification
  /// shaders, absent otherwise.
  std::optional<std::array<uint32_t, 3>> numThreads;
  /// `[WaveSize]`; compute shaders only.
  std::optional<WaveSizeInfo> waveSize;

  /// The SFI0 word (DxilShaderFeatureInfo, docs §3.7): the feature bits
  /// derived from the module's shader flags. Its ViewID bit (16) also sets
  /// PSV0's UsesViewID.
  uint64_t featureFlags = 0;
  /// False when native 16-bit types are enabled (`-enable-16bit-types`);
  /// then 16-bit signature elements have no minimum precision.
  bool useMinPrecision = true;

  HullShaderInfo hull;
  DomainShaderInfo domain;
  GeometryShaderInfo geometry;
  MeshShaderInfo mesh;
  AmplificationShaderInfo amplification;

  /// The DXIL signatures. The third one is the patch-constant signature for
  /// hull and domain shaders and the primitive signature for mesh shaders.
  std::vector<SignatureElement> inputSignature;
  std::vector<SignatureElement> outputSignature;
  std::vector<SignatureElement> patchConstOrPrimSignature;

  /// The serialized `!dx.viewIdState` dwords (docs §3.6); copied into the
  /// PSV0 ViewID masks and dependency tables. Empty means all-zero tables.
  std::vector<uint32_t> viewIDState;

  /// The resource ranges in module order. PSV0 lists CBVs, then samplers,
  /// then SRVs, then UAVs, each group in this order.
  std::vector<ResourceBinding> resources;

  /// The DXIL (LLVM 3.7) bitcode, starting with 'BC' 0xC0DE.
  std::vector<uint8_t> bitcode;

  /// The RTS0 part (a serialized root signature); empty means none.
  std::vector<uint8_t> rootSignature;

  /// The reflection module's bitcode (the STAT part: the module without
  /// function bodies, with the metadata D3D12Reflect reads). Empty means
  /// no STAT part.
  std::vector<uint8_t> reflectionBitcode;
};

/// Fails for shader kinds the writer has no container layout for (libraries).
llvm::Error checkWritableStage(ShaderKind stage);

/// Checks that `info` describes a container the writer supports and that its
/// fields agree with each other. The message names the offending field.
llvm::Error verifyShaderContainerInfo(const ShaderContainerInfo &info);

} // namespace dxil
} // namespace hlsl
} // namespace mlir

#endif // HLSL_TARGET_DXIL_CONTAINERINFO_H
