//===- ContainerWriter.cpp - Write a DXIL shader container ----------------===//
//
// Every part is built into its own byte vector by a function that mirrors
// the DXC writer of that part (DxilContainerAssembler.cpp); the container is
// then assembled from the list of parts. Layouts and DXC's rules are in
// docs/dxil-reference.md section 4.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/ContainerWriter.h"
#include "HLSL/Target/DXIL/ContainerDigest.h"
#include "HLSL/Target/DXIL/ContainerReader.h"

#include "ViewIDState.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MD5.h"

#include <algorithm>
#include <cassert>

using namespace mlir::hlsl::dxil;
using namespace mlir::hlsl::dxil::detail;

namespace {

//===----------------------------------------------------------------------===//
// Byte output
//===----------------------------------------------------------------------===//

/// Appends little-endian values to a byte vector.
class ByteWriter {
public:
  explicit ByteWriter(std::vector<uint8_t> &buffer) : buffer(buffer) {}

  void u8(uint8_t value) { buffer.push_back(value); }
  void u16(uint16_t value) {
    uint8_t bytes[2];
    llvm::support::endian::write16le(bytes, value);
    buffer.insert(buffer.end(), bytes, bytes + 2);
  }
  void u32(uint32_t value) {
    uint8_t bytes[4];
    llvm::support::endian::write32le(bytes, value);
    buffer.insert(buffer.end(), bytes, bytes + 4);
  }
  void u64(uint64_t value) {
    uint8_t bytes[8];
    llvm::support::endian::write64le(bytes, value);
    buffer.insert(buffer.end(), bytes, bytes + 8);
  }
  void fourCC(const char (&name)[5]) {
    buffer.insert(buffer.end(), name, name + 4);
  }
  void bytes(llvm::ArrayRef<uint8_t> data) {
    buffer.insert(buffer.end(), data.begin(), data.end());
  }
  void chars(llvm::StringRef text) {
    buffer.insert(buffer.end(), text.begin(), text.end());
  }
  void zeros(size_t count) { buffer.insert(buffer.end(), count, 0); }
  void padTo4() { zeros((4 - buffer.size() % 4) % 4); }
  /// Copies `data` as dwords and zero-extends it to `count` dwords.
  void dwordsPadded(llvm::ArrayRef<uint32_t> data, size_t count) {
    assert(data.size() <= count && "table larger than its PSV0 slot");
    for (uint32_t value : data)
      u32(value);
    zeros(4 * (count - data.size()));
  }
  size_t size() const { return buffer.size(); }

private:
  std::vector<uint8_t> &buffer;
};

void store8(std::vector<uint8_t> &buffer, size_t offset, uint8_t value) {
  buffer[offset] = value;
}
void store16(std::vector<uint8_t> &buffer, size_t offset, uint16_t value) {
  llvm::support::endian::write16le(buffer.data() + offset, value);
}
void store32(std::vector<uint8_t> &buffer, size_t offset, uint32_t value) {
  llvm::support::endian::write32le(buffer.data() + offset, value);
}

bool atLeast(const ShaderContainerInfo &info, unsigned major, unsigned minor) {
  return info.validatorMajor > major ||
         (info.validatorMajor == major && info.validatorMinor >= minor);
}

//===----------------------------------------------------------------------===//
// Signature mappings (DxilContainerAssembler.cpp)
//===----------------------------------------------------------------------===//

/// SemanticKindToSystemValue. TessFactor of an isoline domain maps to
/// FinalLineDensityTessfactor here; later rows become FinalLineDetail.
SystemValue getSystemValue(SemanticKind kind, TessellatorDomain domain) {
  switch (kind) {
  case SemanticKind::Arbitrary:
    return SystemValue::Undefined;
  case SemanticKind::VertexID:
    return SystemValue::VertexID;
  case SemanticKind::InstanceID:
    return SystemValue::InstanceID;
  case SemanticKind::Position:
    return SystemValue::Position;
  case SemanticKind::Coverage:
    return SystemValue::Coverage;
  case SemanticKind::InnerCoverage:
    return SystemValue::InnerCoverage;
  case SemanticKind::PrimitiveID:
    return SystemValue::PrimitiveID;
  case SemanticKind::SampleIndex:
    return SystemValue::SampleIndex;
  case SemanticKind::IsFrontFace:
    return SystemValue::IsFrontFace;
  case SemanticKind::RenderTargetArrayIndex:
    return SystemValue::RenderTargetArrayIndex;
  case SemanticKind::ViewPortArrayIndex:
    return SystemValue::ViewPortArrayIndex;
  case SemanticKind::ClipDistance:
    return SystemValue::ClipDistance;
  case SemanticKind::CullDistance:
    return SystemValue::CullDistance;
  case SemanticKind::Barycentrics:
    return SystemValue::Barycentrics;
  case SemanticKind::ShadingRate:
    return SystemValue::ShadingRate;
  case SemanticKind::CullPrimitive:
    return SystemValue::CullPrimitive;
  case SemanticKind::TessFactor:
    switch (domain) {
    case TessellatorDomain::IsoLine:
      return SystemValue::FinalLineDensityTessfactor;
    case TessellatorDomain::Tri:
      return SystemValue::FinalTriEdgeTessfactor;
    case TessellatorDomain::Quad:
      return SystemValue::FinalQuadEdgeTessfactor;
    default:
      return SystemValue::Undefined;
    }
  case SemanticKind::InsideTessFactor:
    switch (domain) {
    case TessellatorDomain::Tri:
      return SystemValue::FinalTriInsideTessfactor;
    case TessellatorDomain::Quad:
      return SystemValue::FinalQuadInsideTessfactor;
    default:
      return SystemValue::Undefined;
    }
  case SemanticKind::Target:
    return SystemValue::Target;
  case SemanticKind::Depth:
    return SystemValue::Depth;
  case SemanticKind::DepthLessEqual:
    return SystemValue::DepthLE;
  case SemanticKind::DepthGreaterEqual:
    return SystemValue::DepthGE;
  default:
    // DXC's default branch: StencilRef, and (asserting) every kind that is
    // never in a program signature.
    return SystemValue::StencilRef;
  }
}

/// CompTypeToSigCompType; validators before 1.5 expect Unknown for i1.
SigComponentType getSigComponentType(ComponentType type,
                                     bool i1ToUnknownCompat) {
  switch (type) {
  case ComponentType::I32:
    return SigComponentType::SInt32;
  case ComponentType::I1:
    return i1ToUnknownCompat ? SigComponentType::Unknown
                             : SigComponentType::UInt32;
  case ComponentType::U32:
    return SigComponentType::UInt32;
  case ComponentType::F32:
    return SigComponentType::Float32;
  case ComponentType::I16:
    return SigComponentType::SInt16;
  case ComponentType::I64:
    return SigComponentType::SInt64;
  case ComponentType::U16:
    return SigComponentType::UInt16;
  case ComponentType::U64:
    return SigComponentType::UInt64;
  case ComponentType::F16:
    return SigComponentType::Float16;
  case ComponentType::F64:
    return SigComponentType::Float64;
  default:
    return SigComponentType::Unknown;
  }
}

/// CompTypeToSigMinPrecision.
MinPrecision getMinPrecision(ComponentType type) {
  switch (type) {
  case ComponentType::I16:
    return MinPrecision::SInt16;
  case ComponentType::U16:
    return MinPrecision::UInt16;
  case ComponentType::F16:
    return MinPrecision::Float16;
  default:
    return MinPrecision::Default;
  }
}

/// DxilSignatureElement::GetColsAsMask.
uint8_t getColsAsMask(const SignatureElement &e) {
  unsigned startCol = e.isAllocated() ? e.startCol : 0;
  return ((1u << e.cols) - 1) << startCol;
}

TessellatorDomain getDomain(const ShaderContainerInfo &info) {
  if (info.stage == ShaderKind::Hull)
    return info.hull.domain;
  if (info.stage == ShaderKind::Domain)
    return info.domain.domain;
  return TessellatorDomain::Undefined;
}

//===----------------------------------------------------------------------===//
// SFI0, ISG1/OSG1/PSG1, HASH, DXIL
//===----------------------------------------------------------------------===//

std::vector<uint8_t> buildFeatureInfo(const ShaderContainerInfo &info) {
  std::vector<uint8_t> part;
  ByteWriter(part).u64(info.featureFlags);
  return part;
}

/// DxilProgramSignatureWriter.
std::vector<uint8_t>
buildProgramSignature(const ShaderContainerInfo &info,
                      const std::vector<SignatureElement> &elements,
                      bool isInput) {
  bool compat14 = !atLeast(info, 1, 5);
  bool compat16 = !atLeast(info, 1, 7);
  TessellatorDomain domain = getDomain(info);

  struct Record {
    uint32_t stream, nameOffset, semanticIndex, systemValue, compType,
        registerIndex;
    uint8_t mask, exclusiveMask;
    uint32_t minPrecision;
  };

  uint32_t recordCount = 0;
  for (const SignatureElement &e : elements)
    if (e.inProgramSignature)
      recordCount += e.getRows();
  const uint32_t headerSize = 8, recordSize = 32;
  uint32_t nextNameOffset = headerSize + recordSize * recordCount;

  // Names of all elements, in element order. Validator 1.7 deduplicates them
  // by content; older validators by element (that is, not at all).
  llvm::StringMap<uint32_t> dedupedOffsets;
  std::vector<llvm::StringRef> names;
  std::vector<uint32_t> elementNameOffsets;
  for (const SignatureElement &e : elements) {
    if (!compat16) {
      auto [it, inserted] =
          dedupedOffsets.try_emplace(e.semanticName, nextNameOffset);
      elementNameOffsets.push_back(it->second);
      if (!inserted)
        continue;
    } else {
      elementNameOffsets.push_back(nextNameOffset);
    }
    names.push_back(e.semanticName);
    nextNameOffset += e.semanticName.size() + 1;
  }

  std::vector<Record> records;
  for (auto [index, e] : llvm::enumerate(elements)) {
    if (!e.inProgramSignature)
      continue;
    Record r = {};
    r.stream = e.outputStream;
    r.nameOffset = elementNameOffsets[index];
    r.systemValue = uint32_t(getSystemValue(e.kind, domain));
    r.compType = uint32_t(getSigComponentType(e.componentType, compat14));
    r.registerIndex = uint32_t(e.startRow);
    r.mask = getColsAsMask(e);
    if (compat14) {
      r.exclusiveMask = isInput ? 0 : uint8_t(~r.mask);
    } else {
      unsigned usage = e.usageMask;
      if (e.isAllocated())
        usage <<= e.startCol;
      r.exclusiveMask = isInput ? usage : (~usage & 0xF);
    }
    r.minPrecision =
        uint32_t(info.useMinPrecision ? getMinPrecision(e.componentType)
                                      : MinPrecision::Default);
    for (uint32_t semanticIndex : e.semanticIndices) {
      r.semanticIndex = semanticIndex;
      records.push_back(r);
      if (e.isAllocated())
        ++r.registerIndex;
      if (r.systemValue == uint32_t(SystemValue::FinalLineDensityTessfactor))
        r.systemValue = uint32_t(SystemValue::FinalLineDetailTessfactor);
    }
  }
  // DXC sorts by (stream, register, name offset) with std::sort, and the
  // validator compares the part with its own serialization byte by byte.
  // Equal keys do occur (elements of one name packed into one register,
  // `F1 : F1` and `float2 f2 : F2` in columns x and yz), and std::sort is not
  // stable: the same comparator applied with std::sort to the same input
  // order (metadata order, one record per row) gives the validator's order.
  std::sort(records.begin(), records.end(),
            [](const Record &a, const Record &b) {
              return std::tie(a.stream, a.registerIndex, a.nameOffset) <
                     std::tie(b.stream, b.registerIndex, b.nameOffset);
            });

  std::vector<uint8_t> part;
  ByteWriter w(part);
  w.u32(recordCount);
  w.u32(headerSize);
  for (const Record &r : records) {
    w.u32(r.stream);
    w.u32(r.nameOffset);
    w.u32(r.semanticIndex);
    w.u32(r.systemValue);
    w.u32(r.compType);
    w.u32(r.registerIndex);
    w.u8(r.mask);
    w.u8(r.exclusiveMask);
    w.u16(0);
    w.u32(r.minPrecision);
  }
  for (llvm::StringRef name : names) {
    w.chars(name);
    w.u8(0);
  }
  assert(part.size() == nextNameOffset && "name offsets out of sync");
  if (!compat16)
    w.padTo4();
  return part;
}

std::vector<uint8_t> buildShaderHash(const ShaderContainerInfo &info) {
  std::vector<uint8_t> part;
  ByteWriter w(part);
  w.u32(0); // DxilShaderHashFlags::None: the hash covers the bitcode only.
  std::array<uint8_t, 16> digest = computeShaderHash(info.bitcode);
  w.bytes(digest);
  return part;
}

/// WriteProgramPart: the DXIL part and, with the reflection module, STAT.
std::vector<uint8_t> buildProgram(const ShaderContainerInfo &info,
                                  llvm::ArrayRef<uint8_t> bitcode) {
  const uint32_t headerSize = 24;
  uint32_t bitcodeSize = bitcode.size();
  uint32_t bitcodeDwords = (bitcodeSize + 3) / 4;
  std::vector<uint8_t> part;
  ByteWriter w(part);
  w.u32(encodeProgramVersion(info.stage, info.shaderModelMajor,
                             info.shaderModelMinor));
  w.u32(headerSize / 4 + bitcodeDwords);
  w.fourCC("DXIL");
  w.u32((info.dxilMajor << 8) | info.dxilMinor);
  w.u32(16); // Bitcode offset, from the 'DXIL' magic.
  w.u32(bitcodeSize);
  w.bytes(bitcode);
  w.padTo4();
  return part;
}

//===----------------------------------------------------------------------===//
// PSV0 (DxilPSVWriter, DxilPipelineStateValidation::ReadOrWrite)
//===----------------------------------------------------------------------===//

uint32_t maskDwordsForVectors(uint32_t vectors) { return (vectors + 7) >> 3; }

uint32_t inputOutputTableDwords(uint32_t inputVectors, uint32_t outputVectors) {
  return maskDwordsForVectors(outputVectors) * inputVectors * 4;
}

/// PSVRuntimeInfo0..3 as DXC fills them; 52 bytes, of which the first
/// getPSVRuntimeInfoSize(version) are written.
std::vector<uint8_t> buildRuntimeInfo(const ShaderContainerInfo &info,
                                      uint32_t entryNameOffset) {
  std::vector<uint8_t> ri(52, 0);
  auto isPosition = [](const SignatureElement &e) {
    return e.kind == SemanticKind::Position;
  };
  bool positionOut = llvm::any_of(info.outputSignature, isPosition);

  switch (info.stage) {
  case ShaderKind::Vertex:
    store8(ri, 0, positionOut);
    break;
  case ShaderKind::Hull:
    store32(ri, 0, info.hull.inputControlPointCount);
    store32(ri, 4, info.hull.outputControlPointCount);
    store32(ri, 8, uint32_t(info.hull.domain));
    store32(ri, 12, info.hull.outputPrimitive);
    break;
  case ShaderKind::Domain:
    store32(ri, 0, info.domain.inputControlPointCount);
    store8(ri, 4, positionOut);
    store32(ri, 8, uint32_t(info.domain.domain));
    break;
  case ShaderKind::Geometry:
    store32(ri, 0, info.geometry.inputPrimitive);
    store32(ri, 4, info.geometry.outputTopology);
    // "This is what runtime expects" (DXC): an empty mask is written as 1.
    store32(ri, 8,
            info.geometry.outputStreamMask ? info.geometry.outputStreamMask
                                           : 1);
    store8(ri, 12, positionOut);
    break;
  case ShaderKind::Pixel: {
    bool depthOutput =
        llvm::any_of(info.outputSignature, [](const SignatureElement &e) {
          return e.kind == SemanticKind::Depth ||
                 e.kind == SemanticKind::DepthLessEqual ||
                 e.kind == SemanticKind::DepthGreaterEqual;
        });
    bool sampleFrequency =
        llvm::any_of(info.inputSignature, [](const SignatureElement &e) {
          return e.interpolation == InterpolationMode::LinearSample ||
                 e.interpolation ==
                     InterpolationMode::LinearNoperspectiveSample ||
                 e.kind == SemanticKind::SampleIndex;
        });
    store8(ri, 0, depthOutput);
    store8(ri, 1, sampleFrequency);
    break;
  }
  case ShaderKind::Mesh:
    store32(ri, 0, info.mesh.groupSharedBytesUsed);
    store32(ri, 4, info.mesh.groupSharedBytesDependentOnViewID);
    store32(ri, 8, info.mesh.payloadSizeInBytes);
    store16(ri, 12, info.mesh.maxOutputVertices);
    store16(ri, 14, info.mesh.maxOutputPrimitives);
    break;
  case ShaderKind::Amplification:
    store32(ri, 0, info.amplification.payloadSizeInBytes);
    break;
  default:
    break;
  }
  uint32_t minWave = 0, maxWave = UINT32_MAX;
  if (info.waveSize) {
    minWave = info.waveSize->min;
    maxWave = info.waveSize->max;
  }
  store32(ri, 16, minWave);
  store32(ri, 20, maxWave);

  // PSVRuntimeInfo1.
  store8(ri, 24, uint8_t(info.stage));
  store8(ri, 25, usesViewID(info));
  unsigned pcVectors = numVectorsUsed(info.patchConstOrPrimSignature, 0);
  if (info.stage == ShaderKind::Geometry)
    store16(ri, 26, info.geometry.maxVertexCount);
  else if (info.stage == ShaderKind::Hull || info.stage == ShaderKind::Domain ||
           info.stage == ShaderKind::Mesh)
    store8(ri, 26, pcVectors);
  if (info.stage == ShaderKind::Mesh)
    store8(ri, 27, info.mesh.outputTopology);
  store8(ri, 28, info.inputSignature.size());
  store8(ri, 29, info.outputSignature.size());
  store8(ri, 30, info.patchConstOrPrimSignature.size());
  store8(ri, 31, numVectorsUsed(info.inputSignature, 0));
  for (unsigned stream = 0; stream < 4; ++stream)
    store8(ri, 32 + stream, numVectorsUsed(info.outputSignature, stream));

  // PSVRuntimeInfo2.
  if (info.numThreads)
    for (unsigned i = 0; i < 3; ++i)
      store32(ri, 36 + 4 * i, (*info.numThreads)[i]);

  // PSVRuntimeInfo3.
  store32(ri, 48, entryNameOffset);
  return ri;
}

/// Builds the string table, the semantic index table and the signature
/// element records the way DxilPSVWriter's constructor does.
class PSVSignatureTables {
public:
  PSVSignatureTables(const ShaderContainerInfo &info) : info(info) {
    strings.push_back('\0'); // Offset 0 is the empty name of system values.
  }

  void addElement(const SignatureElement &e) {
    bool compat14 = !atLeast(info, 1, 5);
    uint32_t nameOffset = 0;
    if (e.kind == SemanticKind::Arbitrary && !e.semanticName.empty()) {
      nameOffset = strings.size();
      strings.insert(strings.end(), e.semanticName.begin(),
                     e.semanticName.end());
      strings.push_back('\0');
    }
    // Reuse an existing run of equal semantic indices.
    llvm::ArrayRef<uint32_t> indices = e.semanticIndices;
    uint32_t indexOffset = semanticIndices.size();
    for (size_t offset = 0; offset + indices.size() <= semanticIndices.size();
         ++offset) {
      if (llvm::ArrayRef<uint32_t>(semanticIndices)
              .slice(offset, indices.size())
              .equals(indices)) {
        indexOffset = offset;
        break;
      }
    }
    if (indexOffset == semanticIndices.size())
      semanticIndices.insert(semanticIndices.end(), indices.begin(),
                             indices.end());

    ByteWriter w(elements);
    w.u32(nameOffset);
    w.u32(indexOffset);
    w.u8(e.getRows());
    uint8_t colsAndStart = e.cols & 0xF;
    uint8_t startRow = 0;
    if (e.isAllocated()) {
      colsAndStart |= 0x40 | (e.startCol << 4);
      startRow = e.startRow;
    }
    w.u8(startRow);
    w.u8(colsAndStart);
    w.u8(uint8_t(e.kind));
    w.u8(uint8_t(getSigComponentType(e.componentType, compat14)));
    w.u8(uint8_t(e.interpolation));
    w.u8(((e.outputStream & 0x3) << 4) | (e.dynamicIndexMask & 0xF));
    w.u8(0);
  }

  uint32_t addString(llvm::StringRef text) {
    uint32_t offset = strings.size();
    strings.insert(strings.end(), text.begin(), text.end());
    strings.push_back('\0');
    return offset;
  }

  const ShaderContainerInfo &info;
  std::vector<char> strings;
  std::vector<uint32_t> semanticIndices;
  std::vector<uint8_t> elements;
};

std::vector<uint8_t> buildPSV(const ShaderContainerInfo &info,
                              const ViewIDTables &viewID) {
  unsigned version = getPSVVersion(info.validatorMajor, info.validatorMinor);
  PSVSignatureTables tables(info);
  uint32_t entryNameOffset = 0;
  if (version > 0) {
    for (const SignatureElement &e : info.inputSignature)
      tables.addElement(e);
    for (const SignatureElement &e : info.outputSignature)
      tables.addElement(e);
    for (const SignatureElement &e : info.patchConstOrPrimSignature)
      tables.addElement(e);
    if (version > 2)
      entryNameOffset = tables.addString(info.entryName);
  }

  std::vector<uint8_t> part;
  ByteWriter w(part);
  unsigned runtimeInfoSize = getPSVRuntimeInfoSize(version);
  std::vector<uint8_t> runtimeInfo = buildRuntimeInfo(info, entryNameOffset);
  w.u32(runtimeInfoSize);
  w.bytes(llvm::ArrayRef<uint8_t>(runtimeInfo).take_front(runtimeInfoSize));

  // Resources: CBVs, samplers, SRVs, UAVs, each in module order.
  w.u32(info.resources.size());
  if (!info.resources.empty()) {
    unsigned recordSize = getPSVResourceBindInfoSize(version);
    w.u32(recordSize);
    for (ResourceClass cls : {ResourceClass::CBuffer, ResourceClass::Sampler,
                              ResourceClass::SRV, ResourceClass::UAV}) {
      for (const ResourceBinding &r : info.resources) {
        if (r.resourceClass != cls)
          continue;
        w.u32(uint32_t(getPSVResourceType(r)));
        w.u32(r.space);
        w.u32(r.lowerBound);
        w.u32(r.upperBound);
        if (recordSize >= 24) {
          w.u32(uint32_t(r.kind));
          w.u32(cls == ResourceClass::UAV ? r.flags : 0);
        }
      }
    }
  }
  if (version == 0)
    return part;

  size_t alignedStrings = (tables.strings.size() + 3) & ~size_t(3);
  w.u32(alignedStrings);
  w.chars(llvm::StringRef(tables.strings.data(), tables.strings.size()));
  w.zeros(alignedStrings - tables.strings.size());
  w.u32(tables.semanticIndices.size());
  for (uint32_t index : tables.semanticIndices)
    w.u32(index);
  if (!tables.elements.empty()) {
    w.u32(16); // sizeof(PSVSignatureElement0)
    w.bytes(tables.elements);
  }

  // ViewID masks and dependency tables, sized by signature vectors.
  bool isGS = info.stage == ShaderKind::Geometry;
  bool isHS = info.stage == ShaderKind::Hull;
  bool isDS = info.stage == ShaderKind::Domain;
  bool isMS = info.stage == ShaderKind::Mesh;
  unsigned numStreams = isGS ? 4 : 1;
  unsigned inputVectors = numVectorsUsed(info.inputSignature, 0);
  unsigned pcVectors = (isHS || isDS || isMS)
                           ? numVectorsUsed(info.patchConstOrPrimSignature, 0)
                           : 0;
  std::array<unsigned, 4> outputVectors;
  for (unsigned stream = 0; stream < 4; ++stream)
    outputVectors[stream] = numVectorsUsed(info.outputSignature, stream);

  if (usesViewID(info)) {
    for (unsigned stream = 0; stream < numStreams; ++stream)
      if (outputVectors[stream])
        w.dwordsPadded(viewID.viewIDOutputMasks[stream],
                       maskDwordsForVectors(outputVectors[stream]));
    if ((isHS || isMS) && pcVectors)
      w.dwordsPadded(viewID.viewIDPatchConstOrPrimMask,
                     maskDwordsForVectors(pcVectors));
  }
  for (unsigned stream = 0; stream < numStreams; ++stream)
    if (!isMS && outputVectors[stream] && inputVectors)
      w.dwordsPadded(
          viewID.inputToOutputTables[stream],
          inputOutputTableDwords(inputVectors, outputVectors[stream]));
  if (isHS && pcVectors && inputVectors)
    w.dwordsPadded(viewID.inputToPatchConstTable,
                   inputOutputTableDwords(inputVectors, pcVectors));
  if (isDS && outputVectors[0] && pcVectors)
    w.dwordsPadded(viewID.patchConstToOutputTable,
                   inputOutputTableDwords(pcVectors, outputVectors[0]));
  return part;
}

//===----------------------------------------------------------------------===//
// Container
//===----------------------------------------------------------------------===//

struct Part {
  const char *name;
  std::vector<uint8_t> data;
};

} // namespace

unsigned mlir::hlsl::dxil::getPSVVersion(unsigned validatorMajor,
                                         unsigned validatorMinor) {
  auto below = [&](unsigned major, unsigned minor) {
    return validatorMajor < major ||
           (validatorMajor == major && validatorMinor < minor);
  };
  if (below(1, 1))
    return 0;
  if (below(1, 6))
    return 1;
  if (below(1, 8))
    return 2;
  return 3;
}

unsigned mlir::hlsl::dxil::getPSVRuntimeInfoSize(unsigned psvVersion) {
  static const unsigned sizes[] = {24, 36, 48, 52};
  return sizes[std::min(psvVersion, 3u)];
}

unsigned mlir::hlsl::dxil::getPSVResourceBindInfoSize(unsigned psvVersion) {
  return psvVersion >= 2 ? 24 : 16;
}

uint32_t mlir::hlsl::dxil::encodeProgramVersion(ShaderKind kind, unsigned major,
                                                unsigned minor) {
  return (uint32_t(kind) << 16) | ((major & 0xF) << 4) | (minor & 0xF);
}

PSVResourceType
mlir::hlsl::dxil::getPSVResourceType(const ResourceBinding &binding) {
  bool isUAV = binding.resourceClass == ResourceClass::UAV;
  switch (binding.kind) {
  case ResourceKind::Sampler:
    return PSVResourceType::Sampler;
  case ResourceKind::CBuffer:
    return PSVResourceType::CBV;
  case ResourceKind::StructuredBuffer:
    if (!isUAV)
      return PSVResourceType::SRVStructured;
    return binding.hasCounter ? PSVResourceType::UAVStructuredWithCounter
                              : PSVResourceType::UAVStructured;
  case ResourceKind::RTAccelerationStructure:
    return PSVResourceType::SRVRaw;
  case ResourceKind::RawBuffer:
    return isUAV ? PSVResourceType::UAVRaw : PSVResourceType::SRVRaw;
  default:
    return isUAV ? PSVResourceType::UAVTyped : PSVResourceType::SRVTyped;
  }
}

std::array<uint8_t, 16>
mlir::hlsl::dxil::computeShaderHash(llvm::ArrayRef<uint8_t> bitcode) {
  llvm::MD5 md5;
  md5.update(bitcode);
  llvm::MD5::MD5Result result = md5.final();
  std::array<uint8_t, 16> digest;
  std::copy(result.begin(), result.end(), digest.begin());
  return digest;
}

llvm::Expected<std::vector<uint8_t>>
mlir::hlsl::dxil::extractRootSignatureContainer(
    llvm::ArrayRef<uint8_t> container, bool sign) {
  llvm::Expected<ParsedDXContainer> parsed = parseDXContainer(llvm::StringRef(
      reinterpret_cast<const char *>(container.data()), container.size()));
  if (!parsed)
    return parsed.takeError();
  for (const ContainerPart &part : parsed->parts) {
    if (part.name != "RTS0")
      continue;
    std::vector<uint8_t> out;
    ByteWriter w(out);
    w.fourCC("DXBC");
    w.zeros(16);
    w.u16(1);
    w.u16(0);
    w.u32(uint32_t(32 + 4 + 8 + part.data.size())); // File size.
    w.u32(1);                                       // One part...
    w.u32(36);                                      // ...after the header.
    w.fourCC("RTS0");
    w.u32(uint32_t(part.data.size()));
    w.bytes(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(part.data.data()), part.data.size()));
    if (sign)
      if (llvm::Error error = signContainer(out))
        return std::move(error);
    return out;
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "the entry has no root signature");
}

std::vector<uint8_t>
mlir::hlsl::dxil::buildReflectionPart(const ShaderContainerInfo &info) {
  std::vector<uint8_t> program = buildProgram(info, info.reflectionBitcode);
  std::vector<uint8_t> part;
  ByteWriter w(part);
  w.fourCC("STAT");
  w.u32(program.size());
  w.bytes(program);
  return part;
}

llvm::Error mlir::hlsl::dxil::buildDXContainer(const ShaderContainerInfo &info,
                                               std::vector<uint8_t> &out) {
  out.clear();
  if (llvm::Error err = verifyShaderContainerInfo(info))
    return err;
  llvm::Expected<ViewIDTables> viewID = splitViewIDState(info);
  if (!viewID)
    return viewID.takeError();

  std::vector<Part> parts;
  parts.push_back({"SFI0", buildFeatureInfo(info)});
  parts.push_back(
      {"ISG1", buildProgramSignature(info, info.inputSignature, true)});
  parts.push_back(
      {"OSG1", buildProgramSignature(info, info.outputSignature, false)});
  if (!info.patchConstOrPrimSignature.empty())
    parts.push_back(
        {"PSG1",
         buildProgramSignature(info, info.patchConstOrPrimSignature,
                               /*isInput=*/info.stage == ShaderKind::Domain)});
  parts.push_back({"PSV0", buildPSV(info, *viewID)});
  if (!info.rootSignature.empty())
    parts.push_back({"RTS0", info.rootSignature});
  if (!info.reflectionBitcode.empty())
    parts.push_back({"STAT", buildProgram(info, info.reflectionBitcode)});
  if (atLeast(info, 1, 5))
    parts.push_back({"HASH", buildShaderHash(info)});
  parts.push_back({"DXIL", buildProgram(info, info.bitcode)});

  const uint64_t headerSize = 32 + 4 * parts.size();
  uint64_t totalSize = headerSize;
  for (const Part &part : parts) {
    assert((!atLeast(info, 1, 7) || part.data.size() % 4 == 0) &&
           "validator 1.7 requires 4-byte aligned parts");
    totalSize += 8 + part.data.size();
  }
  if (totalSize > 0x80000000u)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the container would be " +
                                       llvm::Twine(totalSize) +
                                       " bytes; the limit is 2 GiB");

  out.reserve(totalSize);
  ByteWriter w(out);
  w.fourCC("DXBC");
  w.zeros(16); // Digest: zero, the container is not signed.
  w.u16(1);
  w.u16(0);
  w.u32(totalSize);
  w.u32(parts.size());
  uint64_t offset = headerSize;
  for (const Part &part : parts) {
    w.u32(offset);
    offset += 8 + part.data.size();
  }
  for (const Part &part : parts) {
    out.insert(out.end(), part.name, part.name + 4);
    w.u32(part.data.size());
    w.bytes(part.data);
  }
  assert(out.size() == totalSize && "container size out of sync");
  return llvm::Error::success();
}

llvm::Error mlir::hlsl::dxil::writeDXContainer(const ShaderContainerInfo &info,
                                               llvm::raw_ostream &os) {
  std::vector<uint8_t> bytes;
  if (llvm::Error err = buildDXContainer(info, bytes))
    return err;
  os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return llvm::Error::success();
}
