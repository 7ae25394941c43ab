//===- HLSLToLLVMIRTranslation.h - hlsl attributes to LLVM IR ---*- C++ -*-===//

#ifndef HLSL_TARGET_LLVMIR_HLSLTOLLVMIRTRANSLATION_H
#define HLSL_TARGET_LLVMIR_HLSLTOLLVMIRTRANSLATION_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
namespace hlsl {
/// Lets the LLVM IR translation turn the module attribute
/// `hlsl.named_metadata` into named metadata (upstream's LLVM dialect has no
/// general named metadata).
void registerHLSLDialectTranslation(DialectRegistry &registry);
void registerHLSLDialectTranslation(MLIRContext &context);
} // namespace hlsl
} // namespace mlir

#endif // HLSL_TARGET_LLVMIR_HLSLTOLLVMIRTRANSLATION_H
