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
  /// Structured buffers: element stride; cbuffers: size in bytes.
  uint32_t strideOrSize = 0;
  bool isROV = false;
  bool isSamplerComparison = false;
  /// A UAV whose hidden counter the shader uses.
  bool hasCounter = false;
};

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

/// One element of an input or output signature (one semantic).
struct SignatureElement {
  std::string name;   // without the index: "TEXCOORD"
  unsigned index = 0; // semantic index
  unsigned kind = 0;  // DXIL SemanticKind (0: arbitrary)
  unsigned componentType = 9;
  unsigned interpolation = 0;
  unsigned columns = 1;
  int startRow = 0; // -1: not packed (SV_Depth)
  Type scalarType;  // element type of the value
};

/// The signatures of a graphics entry point, and which elements make up
/// each parameter and the result (several for a struct, in field order).
struct EntryInterface {
  SmallVector<SignatureElement> inputs, outputs;
  SmallVector<SmallVector<unsigned>> argumentElements;
  SmallVector<unsigned> resultElements;
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

/// Describes !llvm.ident, !dx.version, !dx.valver, !dx.shaderModel,
/// !dx.resources and !dx.entryPoints as the module attribute
/// `hlsl.named_metadata` (see HLSLToLLVMIRTranslation).
LogicalResult attachDXILMetadata(ModuleOp module, const DXILTarget &target,
                                 const ResourceTable &resources,
                                 const EntryInterface *interface);

/// Wave and quad intrinsics: DXIL's wave operations (they set the WaveOps
/// shader flag).
inline bool isWaveIntrinsic(StringRef name) {
  return name.starts_with("Wave") || name.starts_with("Quad");
}

/// The pointee types of the records' symbols (see ResourceSymbolTypes.cpp),
/// in record order.
SmallVector<Type> getResourceSymbolTypes(const ResourceTable &table,
                                         MLIRContext *context);

/// Builds the signatures of a vertex or pixel entry point from the
/// semantics on its parameters and result.
FailureOr<EntryInterface> buildEntryInterface(func::FuncOp entry,
                                              ShaderStage stage);

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_DXILRESOURCES_H
