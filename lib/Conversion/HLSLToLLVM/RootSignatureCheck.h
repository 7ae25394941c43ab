//===- RootSignatureCheck.h - resources against the root signature -*- C++
//-*-===//

#ifndef HLSL_LIB_CONVERSION_HLSLTOLLVM_ROOTSIGNATURECHECK_H
#define HLSL_LIB_CONVERSION_HLSLTOLLVM_ROOTSIGNATURECHECK_H

#include "DXILResources.h"

namespace mlir::hlsl {

/// The resources of `resources` that the serialized root signature (the
/// RTS0 part's bytes) does not bind for `stage`. They are errors only if
/// the final code uses them (DXC checks the resources left after
/// optimization): the DXIL target reports those (hlsl.unbound_resources).
/// Fails on malformed bytes.
FailureOr<SmallVector<UnboundResource>>
findResourcesNotInRootSignature(ModuleOp module, llvm::StringRef rootSignature,
                                const ResourceTable &resources,
                                ShaderStage stage);

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_ROOTSIGNATURECHECK_H
