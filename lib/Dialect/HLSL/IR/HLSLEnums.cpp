//===- HLSLEnums.cpp - hlsl dialect enumerations --------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLEnums.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOpsEnums.cpp.inc"

using namespace mlir::hlsl;

char mlir::hlsl::getRegisterLetter(ResourceClass cls) {
  switch (cls) {
  case ResourceClass::SRV:
    return 't';
  case ResourceClass::UAV:
    return 'u';
  case ResourceClass::CBV:
    return 'b';
  case ResourceClass::Sampler:
    return 's';
  }
  return '?';
}

std::optional<ResourceClass> mlir::hlsl::getRegisterClassForLetter(char c) {
  switch (c) {
  case 't':
  case 'T':
    return ResourceClass::SRV;
  case 'u':
  case 'U':
    return ResourceClass::UAV;
  case 'b':
  case 'B':
    return ResourceClass::CBV;
  case 's':
  case 'S':
    return ResourceClass::Sampler;
  default:
    return std::nullopt;
  }
}

ResourceClass mlir::hlsl::getResourceClass(ResourceKind kind) {
  switch (kind) {
  case ResourceKind::Buffer:
  case ResourceKind::StructuredBuffer:
  case ResourceKind::ByteAddressBuffer:
  case ResourceKind::Texture1D:
  case ResourceKind::Texture1DArray:
  case ResourceKind::Texture2D:
  case ResourceKind::Texture2DArray:
  case ResourceKind::Texture3D:
  case ResourceKind::TextureCube:
  case ResourceKind::TextureCubeArray:
  case ResourceKind::Texture2DMS:
  case ResourceKind::Texture2DMSArray:
  case ResourceKind::RaytracingAccelerationStructure:
  case ResourceKind::TextureBuffer:
    return ResourceClass::SRV;
  case ResourceKind::RWBuffer:
  case ResourceKind::RasterizerOrderedBuffer:
  case ResourceKind::RWStructuredBuffer:
  case ResourceKind::RasterizerOrderedStructuredBuffer:
  case ResourceKind::AppendStructuredBuffer:
  case ResourceKind::ConsumeStructuredBuffer:
  case ResourceKind::RWByteAddressBuffer:
  case ResourceKind::RasterizerOrderedByteAddressBuffer:
  case ResourceKind::RWTexture1D:
  case ResourceKind::RWTexture1DArray:
  case ResourceKind::RWTexture2D:
  case ResourceKind::RWTexture2DArray:
  case ResourceKind::RWTexture3D:
  case ResourceKind::RasterizerOrderedTexture1D:
  case ResourceKind::RasterizerOrderedTexture1DArray:
  case ResourceKind::RasterizerOrderedTexture2D:
  case ResourceKind::RasterizerOrderedTexture2DArray:
  case ResourceKind::RasterizerOrderedTexture3D:
  case ResourceKind::FeedbackTexture2D:
  case ResourceKind::FeedbackTexture2DArray:
  case ResourceKind::RWTexture2DMS:
  case ResourceKind::RWTexture2DMSArray:
    return ResourceClass::UAV;
  case ResourceKind::SamplerState:
  case ResourceKind::SamplerComparisonState:
    return ResourceClass::Sampler;
  case ResourceKind::ConstantBuffer:
    return ResourceClass::CBV;
  }
  return ResourceClass::SRV;
}

bool mlir::hlsl::isStructuredBuffer(ResourceKind kind) {
  switch (kind) {
  case ResourceKind::StructuredBuffer:
  case ResourceKind::RWStructuredBuffer:
  case ResourceKind::RasterizerOrderedStructuredBuffer:
  case ResourceKind::AppendStructuredBuffer:
  case ResourceKind::ConsumeStructuredBuffer:
    return true;
  default:
    return false;
  }
}

bool mlir::hlsl::isByteAddressBuffer(ResourceKind kind) {
  return kind == ResourceKind::ByteAddressBuffer ||
         kind == ResourceKind::RWByteAddressBuffer ||
         kind == ResourceKind::RasterizerOrderedByteAddressBuffer;
}

bool mlir::hlsl::isTexture(ResourceKind kind) {
  return (kind >= ResourceKind::Texture1D &&
          kind <= ResourceKind::RWTexture3D) ||
         isMultisampled(kind) ||
         (kind >= ResourceKind::RasterizerOrderedTexture1D &&
          kind <= ResourceKind::RasterizerOrderedTexture3D);
}

bool mlir::hlsl::isMultisampled(ResourceKind kind) {
  return kind == ResourceKind::Texture2DMS ||
         kind == ResourceKind::Texture2DMSArray ||
         kind == ResourceKind::RWTexture2DMS ||
         kind == ResourceKind::RWTexture2DMSArray;
}

bool mlir::hlsl::isFeedbackTexture(ResourceKind kind) {
  return kind == ResourceKind::FeedbackTexture2D ||
         kind == ResourceKind::FeedbackTexture2DArray;
}

bool mlir::hlsl::isConstantBufferKind(ResourceKind kind) {
  return kind == ResourceKind::ConstantBuffer ||
         kind == ResourceKind::TextureBuffer;
}

bool mlir::hlsl::hasElementType(ResourceKind kind) {
  return !isSampler(kind) && !isByteAddressBuffer(kind) &&
         kind != ResourceKind::RaytracingAccelerationStructure;
}

bool mlir::hlsl::isSampler(ResourceKind kind) {
  return kind == ResourceKind::SamplerState ||
         kind == ResourceKind::SamplerComparisonState;
}

bool mlir::hlsl::isTypedResource(ResourceKind kind) {
  return kind == ResourceKind::Buffer || kind == ResourceKind::RWBuffer ||
         kind == ResourceKind::RasterizerOrderedBuffer || isTexture(kind);
}

unsigned mlir::hlsl::getSubscriptRank(ResourceKind kind) {
  switch (kind) {
  case ResourceKind::Buffer:
  case ResourceKind::RWBuffer:
  case ResourceKind::RasterizerOrderedBuffer:
  case ResourceKind::StructuredBuffer:
  case ResourceKind::RWStructuredBuffer:
  case ResourceKind::RasterizerOrderedStructuredBuffer:
  case ResourceKind::Texture1D:
  case ResourceKind::RWTexture1D:
  case ResourceKind::RasterizerOrderedTexture1D:
    return 1;
  case ResourceKind::Texture1DArray:
  case ResourceKind::RWTexture1DArray:
  case ResourceKind::Texture2D:
  case ResourceKind::RWTexture2D:
  case ResourceKind::Texture2DMS:
  case ResourceKind::RWTexture2DMS:
  case ResourceKind::RasterizerOrderedTexture1DArray:
  case ResourceKind::RasterizerOrderedTexture2D:
    return 2;
  case ResourceKind::Texture2DArray:
  case ResourceKind::RWTexture2DArray:
  case ResourceKind::Texture3D:
  case ResourceKind::RWTexture3D:
  case ResourceKind::Texture2DMSArray:
  case ResourceKind::RWTexture2DMSArray:
  case ResourceKind::RasterizerOrderedTexture2DArray:
  case ResourceKind::RasterizerOrderedTexture3D:
    return 3;
  default:
    // Cube maps are sampled, byte-address buffers are read with Load, and
    // append/consume buffers only through Append/Consume.
    return 0;
  }
}

mlir::StringRef mlir::hlsl::getComputeSystemValueIntrinsic(StringRef semantic) {
  static constexpr std::pair<StringRef, StringRef> intrinsics[] = {
      {"SV_DispatchThreadID", "DispatchThreadID"},
      {"SV_GroupID", "GroupID"},
      {"SV_GroupThreadID", "GroupThreadID"},
      {"SV_GroupIndex", "GroupIndex"}};
  for (auto [name, intrinsic] : intrinsics)
    if (semantic.equals_insensitive(name))
      return intrinsic;
  return {};
}
