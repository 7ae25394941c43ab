//===- ContainerReader.h - Read and print DXIL containers -------*- C++ -*-===//
//
// A bounds-checked reader for DXContainers, ours and DXC's: it follows the
// part table rather than assuming a layout, decodes SFI0, ISG1/OSG1/PSG1,
// PSV0 (any runtime-info and record size), HASH and the DXIL program header,
// and keeps every other part as an opaque blob. Malformed input (bad magic,
// a part outside the file, a size that disagrees with its contents, a
// truncated PSV0, ...) yields an llvm::Error describing the first problem;
// the reader never reads outside the input.
//
// disassembleDXContainer prints what parseDXContainer found. The DXIL
// module itself is printed by an optional callback, so that a bitcode
// printer can be plugged in without this library depending on it.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_CONTAINERREADER_H
#define HLSL_TARGET_DXIL_CONTAINERREADER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace hlsl {
namespace dxil {

/// One entry of the part table.
struct ContainerPart {
  /// The four-character code, as stored (not necessarily printable).
  std::string name;
  /// Offset of the part header from the start of the container.
  uint32_t offset = 0;
  /// The part data (after the 8-byte part header).
  llvm::StringRef data;
};

/// One ISG1/OSG1/PSG1 record (one signature row).
struct ProgramSignatureRecord {
  uint32_t stream = 0;
  uint32_t nameOffset = 0;
  llvm::StringRef semanticName;
  uint32_t semanticIndex = 0;
  uint32_t systemValue = 0;
  uint32_t componentType = 0;
  uint32_t registerIndex = 0;
  uint8_t mask = 0;
  /// NeverWrites mask for outputs, AlwaysReads mask for inputs.
  uint8_t exclusiveMask = 0;
  uint32_t minPrecision = 0;
};

struct ProgramSignature {
  /// ParamOffset of the part header (8 in every container seen so far).
  uint32_t paramOffset = 0;
  std::vector<ProgramSignatureRecord> records;
};

/// One PSV0 signature element (PSVSignatureElement0).
struct PSVSignatureRecord {
  uint32_t nameOffset = 0;
  llvm::StringRef semanticName;
  uint32_t semanticIndexOffset = 0;
  llvm::SmallVector<uint32_t, 1> semanticIndices;
  uint8_t rows = 0;
  uint8_t startRow = 0;
  uint8_t cols = 0;
  uint8_t startCol = 0;
  bool allocated = false;
  uint8_t semanticKind = 0;
  uint8_t componentType = 0;
  uint8_t interpolationMode = 0;
  uint8_t dynamicIndexMask = 0;
  uint8_t outputStream = 0;
};

/// One PSV0 resource binding record.
struct PSVResourceRecord {
  uint32_t type = 0;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  uint32_t upperBound = 0;
  /// Present when the record is at least 24 bytes (PSV v2+).
  std::optional<uint32_t> kind;
  std::optional<uint32_t> flags;
};

/// The decoded PSV0 part.
struct PSVInfo {
  /// The runtime-info size field and the newest runtime-info version whose
  /// fields it covers (0-3). Fields of newer versions read as zero.
  uint32_t runtimeInfoSize = 0;
  unsigned version = 0;

  /// PSVRuntimeInfo0: the 16-byte stage union and the wave lane counts.
  std::array<uint8_t, 16> stageInfo = {};
  uint32_t minimumWaveLaneCount = 0;
  uint32_t maximumWaveLaneCount = 0;
  /// PSVRuntimeInfo1.
  uint8_t shaderStage = 0;
  uint8_t usesViewID = 0;
  /// The two bytes at offset 26: MaxVertexCount (GS, u16), or
  /// SigPatchConstOrPrimVectors and MeshOutputTopology (u8 each).
  std::array<uint8_t, 2> geometryData = {};
  uint8_t sigInputElements = 0;
  uint8_t sigOutputElements = 0;
  uint8_t sigPatchConstOrPrimElements = 0;
  uint8_t sigInputVectors = 0;
  std::array<uint8_t, 4> sigOutputVectors = {};
  /// PSVRuntimeInfo2.
  std::array<uint32_t, 3> numThreads = {};
  /// PSVRuntimeInfo3.
  uint32_t entryFunctionNameOffset = 0;
  llvm::StringRef entryFunctionName;

  uint32_t resourceRecordSize = 0;
  std::vector<PSVResourceRecord> resources;

  llvm::StringRef stringTable;
  std::vector<uint32_t> semanticIndexTable;
  uint32_t signatureElementSize = 0;
  std::vector<PSVSignatureRecord> inputElements;
  std::vector<PSVSignatureRecord> outputElements;
  std::vector<PSVSignatureRecord> patchConstOrPrimElements;

  /// ViewID and dependency tables (dwords), present as the layout asks.
  std::array<std::vector<uint32_t>, 4> viewIDOutputMasks;
  std::vector<uint32_t> viewIDPatchConstOrPrimMask;
  std::array<std::vector<uint32_t>, 4> inputToOutputTables;
  std::vector<uint32_t> inputToPatchConstTable;
  std::vector<uint32_t> patchConstToOutputTable;

  /// Bytes after the last table (0 for DXC's and our containers).
  uint32_t trailingBytes = 0;
};

/// The DXIL part's program header and bitcode.
struct ProgramHeader {
  uint32_t programVersion = 0;
  uint32_t sizeInDwords = 0;
  uint32_t dxilVersion = 0;
  uint32_t bitcodeOffset = 0;
  uint32_t bitcodeSize = 0;
  llvm::StringRef bitcode;

  unsigned getShaderKind() const { return programVersion >> 16; }
  unsigned getMajor() const { return (programVersion >> 4) & 0xF; }
  unsigned getMinor() const { return programVersion & 0xF; }
};

struct ShaderHashInfo {
  uint32_t flags = 0;
  std::array<uint8_t, 16> digest = {};
};

/// Everything parseDXContainer decodes. StringRefs point into the input.
struct ParsedDXContainer {
  std::array<uint8_t, 16> digest = {};
  uint16_t versionMajor = 0, versionMinor = 0;
  uint32_t fileSize = 0;
  std::vector<ContainerPart> parts;

  std::optional<uint64_t> featureFlags;
  std::optional<ProgramSignature> inputSignature;
  std::optional<ProgramSignature> outputSignature;
  std::optional<ProgramSignature> patchConstOrPrimSignature;
  std::optional<PSVInfo> psv;
  std::optional<ShaderHashInfo> hash;
  std::optional<ProgramHeader> program;
  /// The STAT part: the module with its reflection metadata and without
  /// function bodies, in the DXIL part's program format.
  std::optional<ProgramHeader> reflection;

  /// The first part called `name`, if any.
  const ContainerPart *findPart(llvm::StringRef name) const {
    for (const ContainerPart &part : parts)
      if (part.name == name)
        return &part;
    return nullptr;
  }
};

/// One root parameter of an RTS0 part: its type (0 descriptor table, 1 root
/// constants, 2/3/4 CBV/SRV/UAV root descriptor), visibility and, for
/// constants and descriptors, the register it binds.
struct RootParameterInfo {
  uint32_t type = 0;
  uint32_t visibility = 0;
  uint32_t shaderRegister = 0;
  uint32_t registerSpace = 0;
  /// Root constants: the number of 32-bit values.
  uint32_t num32BitValues = 0;
  /// A descriptor table's ranges.
  struct Range {
    /// 0 SRV, 1 UAV, 2 CBV, 3 sampler.
    uint32_t type = 0;
    /// UINT32_MAX: unbounded.
    uint32_t numDescriptors = 0;
    uint32_t baseShaderRegister = 0;
    uint32_t registerSpace = 0;
    /// Version 1.1 and later; 0 before.
    uint32_t flags = 0;
    /// UINT32_MAX: appended after the previous range.
    uint32_t offsetInDescriptors = 0;
  };
  std::vector<Range> ranges;
};

/// Decodes the parameters of an RTS0 part (versions 1.0 to 1.2).
llvm::Expected<std::vector<RootParameterInfo>>
parseRootParameters(llvm::StringRef rts0);

/// One static sampler of an RTS0 part: D3D12_STATIC_SAMPLER_DESC's fields
/// (D3D12's encodings of the filter, address modes, comparison function and
/// border colour).
struct StaticSamplerInfo {
  uint32_t filter = 0;
  uint32_t addressU = 0, addressV = 0, addressW = 0;
  float mipLODBias = 0;
  uint32_t maxAnisotropy = 0;
  uint32_t comparisonFunc = 0;
  uint32_t borderColor = 0;
  float minLOD = 0, maxLOD = 0;
  uint32_t shaderRegister = 0, registerSpace = 0, visibility = 0;
};

/// Decodes the static samplers of an RTS0 part.
llvm::Expected<std::vector<StaticSamplerInfo>>
parseStaticSamplers(llvm::StringRef rts0);

/// Parses and checks a container. Unknown parts are kept as blobs.
llvm::Expected<ParsedDXContainer> parseDXContainer(llvm::StringRef bytes);

/// Prints the DXIL module of the DXIL part; `bitcode` is exactly the
/// BitcodeSize bytes the program header points at.
using BitcodePrinter =
    std::function<llvm::Error(llvm::StringRef bitcode, llvm::raw_ostream &os)>;

/// Prints the container header and every part. Nothing is printed when the
/// container is malformed. Without a `printBitcode` callback the DXIL part
/// ends with a note that the module is not printed.
llvm::Error disassembleDXContainer(llvm::StringRef bytes, llvm::raw_ostream &os,
                                   const BitcodePrinter &printBitcode = {});

} // namespace dxil
} // namespace hlsl
} // namespace mlir

#endif // HLSL_TARGET_DXIL_CONTAINERREADER_H
