//===- ContainerReader.cpp - Parse DXIL containers ------------------------===//
//
// Every read goes through PartReader, which checks the bounds of the part it
// reads before touching a byte, with 64-bit arithmetic for sizes computed
// from counts in the input. Layouts: docs/dxil-reference.md section 4.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/ContainerReader.h"
#include "HLSL/Target/DXIL/ContainerInfo.h"

#include "ContainerReaderUtil.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"

#include <algorithm>
#include <cstring>

using namespace mlir::hlsl::dxil;
using namespace mlir::hlsl::dxil::detail;

std::string mlir::hlsl::dxil::detail::escapeFourCC(llvm::StringRef name) {
  std::string result;
  for (unsigned char c : name) {
    if (c >= 0x20 && c < 0x7F && c != '\\' && c != '\'') {
      result += c;
    } else {
      static const char hex[] = "0123456789ABCDEF";
      result += "\\x";
      result += hex[c >> 4];
      result += hex[c & 0xF];
    }
  }
  return result;
}

namespace {

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

uint16_t read16(const char *p) { return llvm::support::endian::read16le(p); }
uint32_t read32(const char *p) { return llvm::support::endian::read32le(p); }
uint64_t read64(const char *p) { return llvm::support::endian::read64le(p); }

/// Sequential, bounds-checked reads from one part.
class PartReader {
public:
  PartReader(llvm::StringRef part, llvm::StringRef partName)
      : data(part), partName(partName) {}

  /// Takes `size` bytes or fails with a "truncated" error naming `what`.
  llvm::Error take(uint64_t size, llvm::StringRef &out,
                   const llvm::Twine &what) {
    if (size > data.size() - pos)
      return fail(partName + " part is truncated: " + what + " needs " +
                  llvm::Twine(size) + " bytes at offset " + llvm::Twine(pos) +
                  ", but the part has " + llvm::Twine(data.size()) + " bytes");
    out = data.substr(pos, size);
    pos += size;
    return llvm::Error::success();
  }
  llvm::Error u32(uint32_t &value, const llvm::Twine &what) {
    llvm::StringRef bytes;
    if (llvm::Error err = take(4, bytes, what))
      return err;
    value = read32(bytes.data());
    return llvm::Error::success();
  }
  /// Reads `count` dwords.
  llvm::Error dwords(uint64_t count, std::vector<uint32_t> &out,
                     const llvm::Twine &what) {
    llvm::StringRef bytes;
    if (llvm::Error err = take(count * 4, bytes, what))
      return err;
    out.resize(count);
    for (uint64_t i = 0; i < count; ++i)
      out[i] = read32(bytes.data() + 4 * i);
    return llvm::Error::success();
  }
  uint64_t remaining() const { return data.size() - pos; }

private:
  llvm::StringRef data;
  llvm::StringRef partName;
  uint64_t pos = 0;
};

/// A NUL-terminated string at `offset` of `table`. An offset of 0 into an
/// empty table is the empty string (DXC's PSVStringTable::Get does the same).
llvm::Error readString(llvm::StringRef table, uint32_t offset,
                       llvm::StringRef &out, const llvm::Twine &what,
                       const llvm::Twine &tableName) {
  if (offset == 0 && table.empty()) {
    out = "";
    return llvm::Error::success();
  }
  if (offset >= table.size())
    return fail(what + " offset " + llvm::Twine(offset) + " is outside " +
                tableName + " (" + llvm::Twine(table.size()) + " bytes)");
  size_t end = table.find('\0', offset);
  if (end == llvm::StringRef::npos)
    return fail(what + " at offset " + llvm::Twine(offset) + " of " +
                tableName + " is not NUL-terminated");
  out = table.slice(offset, end);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Parts
//===----------------------------------------------------------------------===//

llvm::Error parseFeatureInfo(llvm::StringRef data, ParsedDXContainer &result) {
  if (data.size() != 8)
    return fail("SFI0 part has " + llvm::Twine(data.size()) +
                " bytes, expected 8");
  result.featureFlags = read64(data.data());
  return llvm::Error::success();
}

llvm::Error parseHash(llvm::StringRef data, ParsedDXContainer &result) {
  if (data.size() != 20)
    return fail("HASH part has " + llvm::Twine(data.size()) +
                " bytes, expected 20");
  ShaderHashInfo hash;
  hash.flags = read32(data.data());
  std::copy(data.begin() + 4, data.end(), hash.digest.begin());
  result.hash = hash;
  return llvm::Error::success();
}

llvm::Error parseSignature(llvm::StringRef data, llvm::StringRef partName,
                           ProgramSignature &sig) {
  if (data.size() < 8)
    return fail(partName + " part has " + llvm::Twine(data.size()) +
                " bytes, too small for its 8-byte header");
  uint32_t count = read32(data.data());
  sig.paramOffset = read32(data.data() + 4);
  uint64_t end = uint64_t(sig.paramOffset) + uint64_t(count) * 32;
  if (end > data.size())
    return fail(partName + " part: " + llvm::Twine(count) +
                " elements at offset " + llvm::Twine(sig.paramOffset) +
                " extend past the end of the part (" +
                llvm::Twine(data.size()) + " bytes)");
  sig.records.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    const char *p = data.data() + sig.paramOffset + 32 * i;
    ProgramSignatureRecord &r = sig.records[i];
    r.stream = read32(p);
    r.nameOffset = read32(p + 4);
    r.semanticIndex = read32(p + 8);
    r.systemValue = read32(p + 12);
    r.componentType = read32(p + 16);
    r.registerIndex = read32(p + 20);
    r.mask = p[24];
    r.exclusiveMask = p[25];
    r.minPrecision = read32(p + 28);
    if (llvm::Error err =
            readString(data, r.nameOffset, r.semanticName,
                       partName + " part: element " + llvm::Twine(i) + " name",
                       "the part"))
      return err;
  }
  return llvm::Error::success();
}

llvm::Error parseProgram(llvm::StringRef data, llvm::StringRef partName,
                         ProgramHeader &program) {
  if (data.size() < 24)
    return fail(partName + " part has " + llvm::Twine(data.size()) +
                " bytes, too small for its 24-byte program header");
  program.programVersion = read32(data.data());
  program.sizeInDwords = read32(data.data() + 4);
  llvm::StringRef magic = data.substr(8, 4);
  program.dxilVersion = read32(data.data() + 12);
  program.bitcodeOffset = read32(data.data() + 16);
  program.bitcodeSize = read32(data.data() + 20);
  if (magic != "DXIL")
    return fail(partName + " part: bad program magic '" + escapeFourCC(magic) +
                "', expected 'DXIL'");
  if (uint64_t(program.sizeInDwords) * 4 > data.size())
    return fail(partName + " part: program size " +
                llvm::Twine(program.sizeInDwords) + " dwords exceeds the " +
                llvm::Twine(data.size()) + "-byte part");
  if (program.bitcodeOffset < 16)
    return fail(partName + " part: bitcode offset " +
                llvm::Twine(program.bitcodeOffset) +
                " points into the program header");
  // The bitcode offset is measured from the 'DXIL' magic at offset 8.
  uint64_t bitcodeStart = 8 + uint64_t(program.bitcodeOffset);
  if (bitcodeStart + program.bitcodeSize > data.size())
    return fail(partName + " part: bitcode (offset " +
                llvm::Twine(program.bitcodeOffset) + ", " +
                llvm::Twine(program.bitcodeSize) +
                " bytes) extends past the end of the part (" +
                llvm::Twine(data.size()) + " bytes)");
  program.bitcode = data.substr(bitcodeStart, program.bitcodeSize);
  return llvm::Error::success();
}

/// Reads `count` PSV signature elements of `stride` bytes.
llvm::Error parsePSVElements(llvm::StringRef bytes, unsigned count,
                             uint32_t stride, const PSVInfo &psv,
                             llvm::StringRef sigName,
                             std::vector<PSVSignatureRecord> &out) {
  out.resize(count);
  for (unsigned i = 0; i < count; ++i) {
    const char *p = bytes.data() + uint64_t(stride) * i;
    PSVSignatureRecord &e = out[i];
    e.nameOffset = read32(p);
    e.semanticIndexOffset = read32(p + 4);
    e.rows = p[8];
    e.startRow = p[9];
    uint8_t colsAndStart = p[10];
    e.cols = colsAndStart & 0xF;
    e.startCol = (colsAndStart >> 4) & 0x3;
    e.allocated = colsAndStart & 0x40;
    e.semanticKind = p[11];
    e.componentType = p[12];
    e.interpolationMode = p[13];
    e.dynamicIndexMask = p[14] & 0xF;
    e.outputStream = (p[14] >> 4) & 0x3;
    std::string what = ("PSV0 " + sigName + " element " + llvm::Twine(i)).str();
    if (llvm::Error err =
            readString(psv.stringTable, e.nameOffset, e.semanticName,
                       what + " name", "the string table"))
      return err;
    uint64_t end = uint64_t(e.semanticIndexOffset) + e.rows;
    if (end > psv.semanticIndexTable.size())
      return fail(what + ": semantic indices " +
                  llvm::Twine(e.semanticIndexOffset) + " to " +
                  llvm::Twine(end) + " are outside the semantic index table (" +
                  llvm::Twine(psv.semanticIndexTable.size()) + " entries)");
    e.semanticIndices.assign(psv.semanticIndexTable.begin() +
                                 e.semanticIndexOffset,
                             psv.semanticIndexTable.begin() + end);
  }
  return llvm::Error::success();
}

uint32_t maskDwordsForVectors(uint32_t vectors) { return (vectors + 7) >> 3; }

llvm::Error parsePSV(llvm::StringRef data, ParsedDXContainer &result) {
  PSVInfo psv;
  PartReader r(data, "PSV0");
  if (llvm::Error err = r.u32(psv.runtimeInfoSize, "the runtime info size"))
    return err;
  if (psv.runtimeInfoSize < 24)
    return fail("PSV0 part: runtime info size " +
                llvm::Twine(psv.runtimeInfoSize) +
                " is smaller than the 24 bytes of version 0");
  llvm::StringRef runtimeInfo;
  if (llvm::Error err =
          r.take(psv.runtimeInfoSize, runtimeInfo, "the runtime info"))
    return err;
  psv.version = psv.runtimeInfoSize >= 52   ? 3
                : psv.runtimeInfoSize >= 48 ? 2
                : psv.runtimeInfoSize >= 36 ? 1
                                            : 0;
  // Decode from a zero-extended copy so that absent fields read as zero.
  char ri[52] = {};
  std::copy_n(runtimeInfo.begin(), std::min<size_t>(runtimeInfo.size(), 52),
              ri);
  std::copy_n(ri, 16, psv.stageInfo.begin());
  psv.minimumWaveLaneCount = read32(ri + 16);
  psv.maximumWaveLaneCount = read32(ri + 20);
  psv.shaderStage = ri[24];
  psv.usesViewID = ri[25];
  psv.geometryData = {uint8_t(ri[26]), uint8_t(ri[27])};
  psv.sigInputElements = ri[28];
  psv.sigOutputElements = ri[29];
  psv.sigPatchConstOrPrimElements = ri[30];
  psv.sigInputVectors = ri[31];
  for (unsigned i = 0; i < 4; ++i)
    psv.sigOutputVectors[i] = ri[32 + i];
  for (unsigned i = 0; i < 3; ++i)
    psv.numThreads[i] = read32(ri + 36 + 4 * i);
  psv.entryFunctionNameOffset = read32(ri + 48);

  uint32_t resourceCount = 0;
  if (llvm::Error err = r.u32(resourceCount, "the resource count"))
    return err;
  if (resourceCount > 0) {
    if (llvm::Error err =
            r.u32(psv.resourceRecordSize, "the resource record size"))
      return err;
    if (psv.resourceRecordSize < 16)
      return fail("PSV0 part: resource record size " +
                  llvm::Twine(psv.resourceRecordSize) +
                  " is smaller than 16 bytes");
    llvm::StringRef records;
    if (llvm::Error err =
            r.take(uint64_t(resourceCount) * psv.resourceRecordSize, records,
                   llvm::Twine(resourceCount) + " resource records of " +
                       llvm::Twine(psv.resourceRecordSize) + " bytes"))
      return err;
    psv.resources.resize(resourceCount);
    for (uint32_t i = 0; i < resourceCount; ++i) {
      const char *p = records.data() + uint64_t(psv.resourceRecordSize) * i;
      PSVResourceRecord &res = psv.resources[i];
      res.type = read32(p);
      res.space = read32(p + 4);
      res.lowerBound = read32(p + 8);
      res.upperBound = read32(p + 12);
      if (psv.resourceRecordSize >= 24) {
        res.kind = read32(p + 16);
        res.flags = read32(p + 20);
      }
    }
  }

  if (psv.version == 0) {
    psv.trailingBytes = r.remaining();
    result.psv = std::move(psv);
    return llvm::Error::success();
  }

  uint32_t stringTableSize = 0;
  if (llvm::Error err = r.u32(stringTableSize, "the string table size"))
    return err;
  if (stringTableSize % 4 != 0)
    return fail("PSV0 part: string table size " + llvm::Twine(stringTableSize) +
                " is not a multiple of 4");
  if (llvm::Error err =
          r.take(stringTableSize, psv.stringTable, "the string table"))
    return err;
  uint32_t semanticIndexCount = 0;
  if (llvm::Error err =
          r.u32(semanticIndexCount, "the semantic index table size"))
    return err;
  if (llvm::Error err =
          r.dwords(semanticIndexCount, psv.semanticIndexTable,
                   llvm::Twine(semanticIndexCount) + " semantic indices"))
    return err;

  unsigned elementCount = unsigned(psv.sigInputElements) +
                          psv.sigOutputElements +
                          psv.sigPatchConstOrPrimElements;
  if (elementCount > 0) {
    if (llvm::Error err =
            r.u32(psv.signatureElementSize, "the signature element size"))
      return err;
    if (psv.signatureElementSize < 16)
      return fail("PSV0 part: signature element size " +
                  llvm::Twine(psv.signatureElementSize) +
                  " is smaller than 16 bytes");
    llvm::StringRef elements;
    if (llvm::Error err =
            r.take(uint64_t(elementCount) * psv.signatureElementSize, elements,
                   llvm::Twine(elementCount) + " signature elements of " +
                       llvm::Twine(psv.signatureElementSize) + " bytes"))
      return err;
    uint64_t stride = psv.signatureElementSize;
    if (llvm::Error err = parsePSVElements(elements, psv.sigInputElements,
                                           psv.signatureElementSize, psv,
                                           "input", psv.inputElements))
      return err;
    if (llvm::Error err =
            parsePSVElements(elements.drop_front(stride * psv.sigInputElements),
                             psv.sigOutputElements, psv.signatureElementSize,
                             psv, "output", psv.outputElements))
      return err;
    if (llvm::Error err = parsePSVElements(
            elements.drop_front(stride * (unsigned(psv.sigInputElements) +
                                          psv.sigOutputElements)),
            psv.sigPatchConstOrPrimElements, psv.signatureElementSize, psv,
            "patch-constant/primitive", psv.patchConstOrPrimElements))
      return err;
  }
  if (psv.version >= 3)
    if (llvm::Error err = readString(
            psv.stringTable, psv.entryFunctionNameOffset, psv.entryFunctionName,
            "PSV0 entry function name", "the string table"))
      return err;

  // ViewID masks and dependency tables (ReadOrWrite).
  auto stage = ShaderKind(psv.shaderStage);
  bool isGS = stage == ShaderKind::Geometry;
  bool isHS = stage == ShaderKind::Hull;
  bool isDS = stage == ShaderKind::Domain;
  bool isMS = stage == ShaderKind::Mesh;
  unsigned numStreams = isGS ? 4 : 1;
  uint8_t pcVectors = (isHS || isDS || isMS) ? psv.geometryData[0] : 0;
  uint8_t inputVectors = psv.sigInputVectors;
  auto ioDwords = [](uint32_t in, uint32_t out) {
    return uint64_t(maskDwordsForVectors(out)) * in * 4;
  };
  if (psv.usesViewID) {
    for (unsigned s = 0; s < numStreams; ++s)
      if (psv.sigOutputVectors[s])
        if (llvm::Error err =
                r.dwords(maskDwordsForVectors(psv.sigOutputVectors[s]),
                         psv.viewIDOutputMasks[s],
                         "the ViewID mask of output stream " + llvm::Twine(s)))
          return err;
    if ((isHS || isMS) && pcVectors)
      if (llvm::Error err = r.dwords(
              maskDwordsForVectors(pcVectors), psv.viewIDPatchConstOrPrimMask,
              "the ViewID patch-constant/primitive mask"))
        return err;
  }
  for (unsigned s = 0; s < numStreams; ++s)
    if (!isMS && psv.sigOutputVectors[s] && inputVectors)
      if (llvm::Error err =
              r.dwords(ioDwords(inputVectors, psv.sigOutputVectors[s]),
                       psv.inputToOutputTables[s],
                       "the input-to-output table of stream " + llvm::Twine(s)))
        return err;
  if (isHS && pcVectors && inputVectors)
    if (llvm::Error err = r.dwords(ioDwords(inputVectors, pcVectors),
                                   psv.inputToPatchConstTable,
                                   "the input-to-patch-constant table"))
      return err;
  if (isDS && psv.sigOutputVectors[0] && pcVectors)
    if (llvm::Error err = r.dwords(ioDwords(pcVectors, psv.sigOutputVectors[0]),
                                   psv.patchConstToOutputTable,
                                   "the patch-constant-to-output table"))
      return err;

  psv.trailingBytes = r.remaining();
  result.psv = std::move(psv);
  return llvm::Error::success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Container
//===----------------------------------------------------------------------===//

llvm::Expected<ParsedDXContainer>
mlir::hlsl::dxil::parseDXContainer(llvm::StringRef bytes) {
  ParsedDXContainer result;
  if (bytes.size() < 32)
    return fail("file is too small for a DXContainer header (" +
                llvm::Twine(bytes.size()) + " bytes, need 32)");
  llvm::StringRef magic = bytes.substr(0, 4);
  if (magic != "DXBC")
    return fail("bad magic '" + escapeFourCC(magic) + "', expected 'DXBC'");
  std::copy_n(bytes.begin() + 4, 16, result.digest.begin());
  result.versionMajor = read16(bytes.data() + 20);
  result.versionMinor = read16(bytes.data() + 22);
  result.fileSize = read32(bytes.data() + 24);
  uint32_t partCount = read32(bytes.data() + 28);
  if (result.versionMajor != 1)
    return fail("unsupported container version " +
                llvm::Twine(result.versionMajor) + "." +
                llvm::Twine(result.versionMinor));
  if (result.fileSize > bytes.size())
    return fail("the header says the container has " +
                llvm::Twine(result.fileSize) + " bytes, but the file has " +
                llvm::Twine(bytes.size()));
  if (result.fileSize < bytes.size())
    return fail("the file has " + llvm::Twine(bytes.size()) +
                " bytes, but the header says the container has " +
                llvm::Twine(result.fileSize));
  uint64_t tableEnd = 32 + uint64_t(partCount) * 4;
  if (tableEnd > bytes.size())
    return fail("the part offset table (" + llvm::Twine(partCount) +
                " parts) extends past the end of the file (" +
                llvm::Twine(bytes.size()) + " bytes)");

  uint64_t previousEnd = tableEnd;
  for (uint32_t i = 0; i < partCount; ++i) {
    uint32_t offset = read32(bytes.data() + 32 + 4 * i);
    if (offset < tableEnd)
      return fail("part " + llvm::Twine(i) + " offset " + llvm::Twine(offset) +
                  " points into the container header");
    if (uint64_t(offset) + 8 > bytes.size())
      return fail("part " + llvm::Twine(i) + " offset " + llvm::Twine(offset) +
                  " is outside the file (" + llvm::Twine(bytes.size()) +
                  " bytes)");
    if (offset < previousEnd)
      return fail("part " + llvm::Twine(i) + " at offset " +
                  llvm::Twine(offset) + " overlaps the previous part");
    ContainerPart part;
    part.name = bytes.substr(offset, 4).str();
    part.offset = offset;
    uint32_t size = read32(bytes.data() + offset + 4);
    uint64_t end = uint64_t(offset) + 8 + size;
    if (end > bytes.size())
      return fail("part " + llvm::Twine(i) + " '" + escapeFourCC(part.name) +
                  "' (offset " + llvm::Twine(offset) + ", " +
                  llvm::Twine(size) +
                  " bytes) extends past the end of the file (" +
                  llvm::Twine(bytes.size()) + " bytes)");
    part.data = bytes.substr(offset + 8, size);
    previousEnd = end;
    result.parts.push_back(std::move(part));
  }

  // Decode the known parts; each may appear once.
  for (auto [i, part] : llvm::enumerate(result.parts)) {
    llvm::StringRef name = part.name;
    bool known = name == "SFI0" || name == "ISG1" || name == "OSG1" ||
                 name == "PSG1" || name == "PSV0" || name == "HASH" ||
                 name == "DXIL" || name == "STAT";
    if (!known)
      continue;
    for (size_t j = 0; j < i; ++j)
      if (result.parts[j].name == name)
        return fail("duplicate '" + name + "' part (parts " + llvm::Twine(j) +
                    " and " + llvm::Twine(i) + ")");
    auto decode = [&, name = name, &part = part]() -> llvm::Error {
      if (name == "SFI0")
        return parseFeatureInfo(part.data, result);
      if (name == "PSV0")
        return parsePSV(part.data, result);
      if (name == "HASH")
        return parseHash(part.data, result);
      if (name == "DXIL" || name == "STAT") {
        ProgramHeader program;
        if (llvm::Error err = parseProgram(part.data, name, program))
          return err;
        (name == "DXIL" ? result.program : result.reflection) = program;
        return llvm::Error::success();
      }
      ProgramSignature sig;
      if (llvm::Error err = parseSignature(part.data, name, sig))
        return err;
      std::optional<ProgramSignature> &slot =
          name == "ISG1"   ? result.inputSignature
          : name == "OSG1" ? result.outputSignature
                           : result.patchConstOrPrimSignature;
      slot = std::move(sig);
      return llvm::Error::success();
    };
    if (llvm::Error err = decode())
      return std::move(err);
  }
  return result;
}

namespace {
llvm::Error malformedRootSignature(const llvm::Twine &what) {
  return fail("malformed RTS0 part: " + what);
}

/// The RTS0 header's version (1.0 to 1.2 are 1 to 3) and the count and
/// offset of one of its tables, at `countOffset` and the word after it.
struct RootSignatureTable {
  uint32_t version, count, offset;
};

llvm::Expected<RootSignatureTable>
readRootSignatureTable(llvm::StringRef rts0, unsigned countOffset) {
  std::optional<uint32_t> version = readWordAt(rts0, 0),
                          count = readWordAt(rts0, countOffset),
                          offset = readWordAt(rts0, countOffset + 4);
  if (!version || !count || !offset)
    return malformedRootSignature("shorter than its header");
  if (*version < 1 || *version > 3)
    return malformedRootSignature("unknown version " + llvm::Twine(*version));
  return RootSignatureTable{*version, *count, *offset};
}
} // namespace

llvm::Expected<std::vector<RootParameterInfo>>
mlir::hlsl::dxil::parseRootParameters(llvm::StringRef rts0) {
  auto word = [&](uint64_t offset) { return readWordAt(rts0, offset); };
  llvm::Expected<RootSignatureTable> table = readRootSignatureTable(rts0, 4);
  if (!table)
    return table.takeError();
  std::vector<RootParameterInfo> parameters;
  for (uint32_t i = 0; i < table->count; ++i) {
    uint64_t header = table->offset + 12ull * i;
    std::optional<uint32_t> type = word(header), visibility = word(header + 4),
                            at = word(header + 8);
    if (!type || !visibility || !at)
      return malformedRootSignature("parameter " + llvm::Twine(i) +
                                    " is outside the part");
    RootParameterInfo info;
    info.type = *type;
    info.visibility = *visibility;
    if (*type >= 1 && *type <= 4) {
      std::optional<uint32_t> reg = word(*at), space = word(*at + 4);
      if (!reg || !space)
        return malformedRootSignature("parameter " + llvm::Twine(i) +
                                      " is outside the part");
      info.shaderRegister = *reg;
      info.registerSpace = *space;
      if (*type == 1) {
        std::optional<uint32_t> values = word(*at + 8);
        if (!values)
          return malformedRootSignature("parameter " + llvm::Twine(i) +
                                        " is outside the part");
        info.num32BitValues = *values;
      }
    } else if (*type == 0) {
      std::optional<uint32_t> count = word(*at), rangesAt = word(*at + 4);
      if (!count || !rangesAt)
        return malformedRootSignature("parameter " + llvm::Twine(i) +
                                      " is outside the part");
      // Version 1.0 ranges have no flags word.
      uint64_t size = table->version == 1 ? 20 : 24;
      for (uint32_t r = 0; r < *count; ++r) {
        uint64_t at = *rangesAt + size * r;
        std::optional<uint32_t> rangeType = word(at), num = word(at + 4),
                                base = word(at + 8), space = word(at + 12),
                                flags = size == 20 ? 0u : word(at + 16),
                                offset = word(at + size - 4);
        if (!rangeType || !num || !base || !space || !flags || !offset)
          return malformedRootSignature("range " + llvm::Twine(r) +
                                        " of parameter " + llvm::Twine(i) +
                                        " is outside the part");
        info.ranges.push_back(
            {*rangeType, *num, *base, *space, *flags, *offset});
      }
    } else {
      return malformedRootSignature("parameter " + llvm::Twine(i) +
                                    " has unknown type " + llvm::Twine(*type));
    }
    parameters.push_back(info);
  }
  return parameters;
}

llvm::Expected<std::vector<StaticSamplerInfo>>
mlir::hlsl::dxil::parseStaticSamplers(llvm::StringRef rts0) {
  llvm::Expected<RootSignatureTable> table = readRootSignatureTable(rts0, 12);
  if (!table)
    return table.takeError();
  // Version 1.2 adds a flags word to each sampler.
  uint64_t size = table->version >= 3 ? 56 : 52;
  std::vector<StaticSamplerInfo> samplers;
  for (uint32_t i = 0; i < table->count; ++i) {
    uint64_t at = table->offset + size * i;
    if (at + 52 > rts0.size())
      return malformedRootSignature("static sampler " + llvm::Twine(i) +
                                    " is outside the part");
    auto get = [&](unsigned field) {
      return read32(rts0.data() + at + 4 * field);
    };
    auto getFloat = [&](unsigned field) {
      uint32_t bits = get(field);
      float value;
      std::memcpy(&value, &bits, 4);
      return value;
    };
    StaticSamplerInfo info;
    info.filter = get(0);
    info.addressU = get(1);
    info.addressV = get(2);
    info.addressW = get(3);
    info.mipLODBias = getFloat(4);
    info.maxAnisotropy = get(5);
    info.comparisonFunc = get(6);
    info.borderColor = get(7);
    info.minLOD = getFloat(8);
    info.maxLOD = getFloat(9);
    info.shaderRegister = get(10);
    info.registerSpace = get(11);
    info.visibility = get(12);
    samplers.push_back(info);
  }
  return samplers;
}
