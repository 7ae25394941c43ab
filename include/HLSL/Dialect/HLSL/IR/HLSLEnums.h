//===- HLSLEnums.h - hlsl dialect enumerations ------------------*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLENUMS_H
#define HLSL_DIALECT_HLSL_IR_HLSLENUMS_H

#include "mlir/IR/BuiltinAttributes.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOpsEnums.h.inc"

namespace mlir::hlsl {
/// The register letter of a descriptor class: t, u, b or s.
char getRegisterLetter(ResourceClass cls);
/// The descriptor class of a register letter, if it is one.
std::optional<ResourceClass> getRegisterClassForLetter(char letter);
/// The descriptor class a resource kind is bound as.
ResourceClass getResourceClass(ResourceKind kind);
/// Typed buffers and textures (one typed element per index).
bool isTypedResource(ResourceKind kind);
bool isStructuredBuffer(ResourceKind kind);
bool isByteAddressBuffer(ResourceKind kind);
bool isTexture(ResourceKind kind);
/// Texture2DMS and Texture2DMSArray.
bool isMultisampled(ResourceKind kind);
/// FeedbackTexture2D and FeedbackTexture2DArray (sampler feedback maps,
/// written by WriteSamplerFeedback*; no texture methods).
bool isFeedbackTexture(ResourceKind kind);
bool isSampler(ResourceKind kind);
/// Whether a resource of `kind` holds elements of a type of its own (not
/// samplers, byte-address buffers and acceleration structures).
bool hasElementType(ResourceKind kind);
/// ConstantBuffer<T> and TextureBuffer<T>: T read with the constant buffer
/// layout (hlsl.constant_buffer_addr), bound as a CBV or an SRV.
bool isConstantBufferKind(ResourceKind kind);
/// Number of coordinates `operator[]` takes (1 for buffers, 2 for
/// Texture2D/Texture1DArray, ...); 0 if the kind cannot be subscripted.
unsigned getSubscriptRank(ResourceKind kind);
/// The hlsl.intrinsic that reads the compute shader system value
/// `semantic` (spelled in any case): DispatchThreadID, GroupID,
/// GroupThreadID or GroupIndex; empty for any other semantic (a compute
/// shader has no other inputs).
StringRef getComputeSystemValueIntrinsic(StringRef semantic);
} // namespace mlir::hlsl

#endif // HLSL_DIALECT_HLSL_IR_HLSLENUMS_H
