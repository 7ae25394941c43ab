//===- DXContainerSamples.h - Container descriptions for tests --*- C++ -*-===//
//
// ShaderContainerInfo samples shared by the container writer and reader
// tests.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_UNITTESTS_DXCONTAINERSAMPLES_H
#define HLSL_UNITTESTS_DXCONTAINERSAMPLES_H

#include "HLSL/Target/DXIL/ContainerInfo.h"

#include <cstdint>
#include <string>
#include <vector>

namespace samples {

using namespace mlir::hlsl::dxil;

/// 'BC' 0xC0DE and a few more bytes; the writer checks only the magic.
inline std::vector<uint8_t> fakeBitcode(size_t size = 16) {
  std::vector<uint8_t> bitcode = {'B', 'C', 0xC0, 0xDE};
  for (size_t i = 4; i < size; ++i)
    bitcode.push_back(uint8_t(i * 7 + 1));
  bitcode.resize(size);
  return bitcode;
}

/// cs_6_0, [numthreads(64, 1, 1)], no resources.
inline ShaderContainerInfo emptyCompute(unsigned validatorMinor = 8) {
  ShaderContainerInfo info;
  info.stage = ShaderKind::Compute;
  info.validatorMajor = 1;
  info.validatorMinor = validatorMinor;
  info.numThreads = std::array<uint32_t, 3>{64, 1, 1};
  info.bitcode = fakeBitcode(4);
  return info;
}

inline ResourceBinding binding(ResourceClass cls, ResourceKind kind,
                               uint32_t lowerBound, uint32_t upperBound,
                               uint32_t space = 0) {
  ResourceBinding r;
  r.resourceClass = cls;
  r.kind = kind;
  r.lowerBound = lowerBound;
  r.upperBound = upperBound;
  r.space = space;
  return r;
}

/// cs_6_6 with one resource of each class, listed UAV first so that the
/// writer has to reorder them.
inline ShaderContainerInfo computeWithResources(unsigned validatorMinor = 8) {
  ShaderContainerInfo info = emptyCompute(validatorMinor);
  info.shaderModelMinor = 6;
  info.dxilMinor = 6;
  info.numThreads = std::array<uint32_t, 3>{8, 8, 1};
  info.featureFlags = 1ull << 15; // Int64Ops
  ResourceBinding uav =
      binding(ResourceClass::UAV, ResourceKind::StructuredBuffer, 1, 1, 2);
  uav.hasCounter = true;
  uav.flags = PSVResourceFlagUsedByAtomic64;
  info.resources = {
      uav,
      binding(ResourceClass::SRV, ResourceKind::RawBuffer, 0, UINT32_MAX),
      binding(ResourceClass::CBuffer, ResourceKind::CBuffer, 0, 0),
      binding(ResourceClass::Sampler, ResourceKind::Sampler, 3, 4),
  };
  info.bitcode = fakeBitcode(37);
  return info;
}

inline SignatureElement
element(std::string name, SemanticKind kind, ComponentType type, uint8_t cols,
        int32_t startRow, int32_t startCol, uint8_t usageMask,
        InterpolationMode interpolation = InterpolationMode::Undefined) {
  SignatureElement e;
  e.semanticName = std::move(name);
  e.kind = kind;
  e.componentType = type;
  e.cols = cols;
  e.startRow = startRow;
  e.startCol = startCol;
  e.usageMask = usageMask;
  e.interpolation = interpolation;
  return e;
}

/// ps_6_8 like DXC's dumpPSV_PS test: NORMAL (sample), TEXCOORD0
/// (noperspective) in, SV_Target out, with its view-ID state.
inline ShaderContainerInfo pixelShader(unsigned validatorMinor = 8) {
  ShaderContainerInfo info;
  info.stage = ShaderKind::Pixel;
  info.shaderModelMinor = 8;
  info.dxilMinor = 8;
  info.validatorMinor = validatorMinor;
  info.inputSignature = {
      element("NORMAL", SemanticKind::Arbitrary, ComponentType::F32, 3, 0, 0,
              0x7, InterpolationMode::LinearSample),
      element("TEXCOORD", SemanticKind::Arbitrary, ComponentType::F32, 2, 1, 0,
              0x3, InterpolationMode::LinearNoperspective),
  };
  info.outputSignature = {
      element("SV_Target", SemanticKind::Target, ComponentType::F32, 4, 0, 0,
              0xF),
  };
  info.viewIDState = {6, 4, 0xF, 0xF, 0xF, 0, 0xF, 0xF};
  info.resources = {
      binding(ResourceClass::SRV, ResourceKind::Texture2D, 0, 0),
      binding(ResourceClass::Sampler, ResourceKind::Sampler, 0, 0),
      binding(ResourceClass::CBuffer, ResourceKind::CBuffer, 1, 1),
  };
  info.bitcode = fakeBitcode(22);
  return info;
}

/// ds_6_1 on an isoline domain: a two-row patch-constant TessFactor (PSG1),
/// ViewID in use.
inline ShaderContainerInfo domainShader(unsigned validatorMinor = 8) {
  ShaderContainerInfo info;
  info.stage = ShaderKind::Domain;
  info.shaderModelMinor = 1;
  info.dxilMinor = 1;
  info.validatorMinor = validatorMinor;
  info.featureFlags = 1ull << 16; // ViewID
  info.domain.inputControlPointCount = 2;
  info.domain.domain = TessellatorDomain::IsoLine;
  info.inputSignature = {
      element("POS", SemanticKind::Arbitrary, ComponentType::F32, 4, 0, 0, 0xF),
  };
  info.outputSignature = {
      element("SV_Position", SemanticKind::Position, ComponentType::F32, 4, 0,
              0, 0xF, InterpolationMode::LinearNoperspective),
  };
  SignatureElement tess = element("SV_TessFactor", SemanticKind::TessFactor,
                                  ComponentType::F32, 1, 0, 3, 0x1);
  tess.semanticIndices = {0, 1};
  info.patchConstOrPrimSignature = {tess};
  // 4 input scalars; 4 output scalars with a ViewID mask and a 4-row
  // input-to-output table; 8 patch-constant scalars (2 vectors) with an
  // 8-row patch-constant-to-output table.
  info.viewIDState = {4,   4, 0x1, 0x1, 0x2, 0x4, 0x8, 8,
                      0x3, 0, 0,   0,   0,   0,   0,   0xF};
  info.bitcode = fakeBitcode(5);
  return info;
}

} // namespace samples

#endif // HLSL_UNITTESTS_DXCONTAINERSAMPLES_H
