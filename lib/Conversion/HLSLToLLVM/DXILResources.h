//===- DXILResources.h - bindings and DXIL metadata -------------*- C++ -*-===//
//
// What the lowering needs to know about every bound declaration (class,
// registers, range id, DXIL shape and properties) and the DXIL module
// metadata built from it.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_CONVERSION_HLSLTOLLVM_DXILRESOURCES_H
#define HLSL_LIB_CONVERSION_HLSLTOLLVM_DXILRESOURCES_H

#include "DXILOpBuilder.h"
#include "EntrySignature.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::hlsl {

struct ResourceInfo {
  std::string name;
  Operation *decl = nullptr;
  ResourceClass cls = ResourceClass::SRV;
  dxil::ResourceShape shape = dxil::ResourceShape::TypedBuffer;
  uint32_t lowerBound = 0;
  std::optional<uint64_t> size; // nullopt: unbounded
  uint32_t space = 0;
  unsigned rangeId = 0;
  /// The two words of `%dx.types.ResourceProperties`.
  uint32_t properties[2] = {0, 0};
  /// Typed resources: DXIL ComponentType of the element; 0 otherwise.
  unsigned componentType = 0;
  /// A `globallycoherent` UAV: its writes are seen across thread groups.
  bool globallyCoherent = false;
  /// Samples per pixel of a multisampled texture (0: unknown or none).
  unsigned sampleCount = 0;
  /// Structured buffers: element stride; cbuffers: size in bytes.
  uint32_t strideOrSize = 0;
  bool isROV = false;
  bool isSamplerComparison = false;
  /// A UAV whose hidden counter the shader uses.
  bool hasCounter = false;
  /// Feedback textures: DXIL's SamplerFeedbackType.
  unsigned samplerFeedbackKind = 0;
};

/// The class, shape and `%dx.types.ResourceProperties` of a resource of
/// `type` (sample count and norm from the declaration's `attributes`, when
/// there is one).
void describeResource(ResourceType type, Operation *attributes, bool hasCounter,
                      bool globallyCoherent, ResourceInfo &info);

/// Every resource and constant buffer with an assigned register, with range
/// ids numbered per class in declaration order.
class ResourceTable {
public:
  LogicalResult build(ModuleOp module);
  const ResourceInfo *lookup(StringRef name) const {
    auto it = byName.find(name);
    return it == byName.end() ? nullptr : &records[it->second];
  }
  ArrayRef<ResourceInfo> getRecords() const { return records; }

private:
  SmallVector<ResourceInfo> records;
  llvm::StringMap<size_t> byName;
};

/// Shader model, stage and versions the module is compiled for.
struct DXILTarget {
  ShaderStage stage = ShaderStage::Compute;
  unsigned smMajor = 6, smMinor = 6;
  unsigned valMajor = 1, valMinor = 8;
};

/// Reads `hlsl.profile` (e.g. "cs_6_6") and the validator version.
FailureOr<DXILTarget> getDXILTarget(ModuleOp module,
                                    StringRef validatorVersion);

/// A resource the root signature does not bind, and the error that names it
/// (prefixed by the declaration's `file:line:col: `).
struct UnboundResource {
  unsigned cls;
  uint32_t space, lowerBound;
  std::string message;
};

/// Describes !llvm.ident, !dx.version, !dx.valver, !dx.shaderModel,
/// !dx.resources and !dx.entryPoints as the module attribute
/// `hlsl.named_metadata` (see HLSLToLLVMIRTranslation), and the resources
/// the root signature does not bind as !hlsl.unbound_resources (class,
/// space, lower bound, error) for the DXIL target to report if the final
/// code uses them.
LogicalResult attachDXILMetadata(ModuleOp module, const DXILTarget &target,
                                 const ResourceTable &resources,
                                 const EntryInterface *interface,
                                 ArrayRef<UnboundResource> unbound = {});

/// Wave and quad intrinsics: DXIL's wave operations (they set the WaveOps
/// shader flag).
inline bool isWaveIntrinsic(StringRef name) {
  return name.starts_with("Wave") || name.starts_with("Quad");
}

/// DXIL ComponentType of a typed element's scalar (signedness kept).
unsigned getComponentType(Type scalar);
/// DXIL ComponentType of a snorm (`unorm` false) or unorm float of `width`
/// bits: SNormF16/F32/F64 15/13/17, the UNorm ones one more.
unsigned getNormComponentType(unsigned width, bool unorm);

/// A struct type of the resource symbols with its DXIL type annotation
/// (`!dx.typeAnnotations`, read by reflection): the size in a constant
/// buffer, one tag-value list per field (metadata encoding of
/// HLSLToLLVMIRTranslation) and, for structured buffers, the template
/// arguments (null if none).
struct StructAnnotation {
  Type type;
  uint32_t cbufferSize = 0;
  SmallVector<Attribute> fields;
  Attribute templateArgs;
};

/// The pointee types of the records' symbols (see ResourceSymbolTypes.cpp),
/// in record order, and the annotations of the structs they name.
struct ResourceSymbols {
  SmallVector<Type> types;
  SmallVector<StructAnnotation> annotations;
};
ResourceSymbols getResourceSymbols(const ResourceTable &table,
                                   MLIRContext *context);

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_DXILRESOURCES_H
