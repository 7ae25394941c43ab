//===- RootSignatureCheck.h - resources against the root signature -*- C++
//-*-===//

#ifndef HLSL_LIB_CONVERSION_HLSLTOLLVM_ROOTSIGNATURECHECK_H
#define HLSL_LIB_CONVERSION_HLSLTOLLVM_ROOTSIGNATURECHECK_H

#include "DXILResources.h"

namespace mlir::hlsl {

/// Checks that the serialized root signature (the RTS0 part's bytes) binds
/// every resource of `resources` for `stage`; each one it does not is an
/// error on the resource's declaration.
LogicalResult checkRootSignature(ModuleOp module, llvm::StringRef rootSignature,
                                 const ResourceTable &resources,
                                 ShaderStage stage);

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_ROOTSIGNATURECHECK_H
