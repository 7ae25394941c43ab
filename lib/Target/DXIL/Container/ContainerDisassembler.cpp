//===- ContainerDisassembler.cpp - Print DXIL containers ------------------===//
//
// Prints what parseDXContainer decoded, part by part in file order. The
// container is parsed completely before anything is printed, so malformed
// input produces an error and no output.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/ContainerDigest.h"
#include "HLSL/Target/DXIL/ContainerInfo.h"
#include "HLSL/Target/DXIL/ContainerReader.h"

#include "llvm/Support/Endian.h"

#include "ContainerReaderUtil.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir::hlsl::dxil;
using namespace mlir::hlsl::dxil::detail;

namespace {

/// `name` if it is known, else `unknown (N)`.
std::string nameOr(llvm::StringRef name, uint64_t value) {
  if (!name.empty())
    return name.str();
  return ("unknown (" + llvm::Twine(value) + ")").str();
}

std::string shaderKindName(unsigned kind) {
  return nameOr(kind < 256 ? stringifyShaderKind(ShaderKind(kind)) : "", kind);
}

/// A component mask as `xyzw` with `-` for absent components, plus the
/// bits above the fourth in hex if any.
std::string formatMask(unsigned mask) {
  std::string text;
  const char names[] = "xyzw";
  for (unsigned i = 0; i < 4; ++i)
    text += (mask & (1u << i)) ? names[i] : '-';
  if (mask & ~0xFu)
    text += llvm::formatv(" (0x{0:x-2})", mask).str();
  return text;
}

/// Whether the header digest is the validator's (signed), a sentinel, or
/// something a runtime would reject.
llvm::StringRef describeDigest(llvm::StringRef container,
                               llvm::ArrayRef<uint8_t> digest) {
  if (llvm::all_of(digest, [](uint8_t b) { return b == 0; }))
    return "not signed";
  if (llvm::all_of(digest, [](uint8_t b) { return b == 1; }))
    return "BYPASS";
  if (llvm::all_of(digest, [](uint8_t b) { return b == 2; }))
    return "PREVIEW_BYPASS";
  return hasValidDigest(llvm::arrayRefFromStringRef(container))
             ? "signed"
             : "does not match the contents";
}

std::string formatDigest(llvm::ArrayRef<uint8_t> digest) {
  return llvm::toHex(digest, /*LowerCase=*/true);
}

std::string formatRegister(uint32_t reg) {
  return reg == UINT32_MAX ? std::string("none") : std::to_string(reg);
}

std::string formatBool(unsigned value) {
  if (value == 0)
    return "no";
  if (value == 1)
    return "yes";
  return ("yes (" + llvm::Twine(value) + ")").str();
}

llvm::StringRef featureFlagName(unsigned bit, llvm::StringRef &description) {
  switch (bit) {
#define SHADER_FEATURE_FLAG(Num, DxilModuleNum, Val, Str)                      \
  case Num:                                                                    \
    description = Str;                                                         \
    return #Val;
#include "llvm/BinaryFormat/DXContainerConstants.def"
  }
  description = "";
  return "";
}

void printFeatureFlags(llvm::raw_ostream &os, uint64_t flags) {
  os << llvm::formatv("  flags: 0x{0:x-16}\n", flags);
  for (unsigned bit = 0; bit < 64; ++bit) {
    if (!(flags & (1ull << bit)))
      continue;
    llvm::StringRef description;
    llvm::StringRef name = featureFlagName(bit, description);
    if (name.empty() || name == "NextUnusedBit")
      os << "    bit " << bit << ": unknown\n";
    else
      os << "    bit " << bit << ": " << name << " (" << description << ")\n";
  }
}

void printSignature(llvm::raw_ostream &os, const ProgramSignature &sig,
                    llvm::StringRef exclusiveMaskName) {
  os << "  elements: " << sig.records.size() << "\n";
  for (auto [i, r] : llvm::enumerate(sig.records)) {
    os << "    [" << i << "] name " << r.semanticName << ", index "
       << r.semanticIndex << ", register " << formatRegister(r.registerIndex)
       << ", mask " << formatMask(r.mask) << ", " << exclusiveMaskName << " "
       << formatMask(r.exclusiveMask) << ", system value "
       << nameOr(stringifySystemValue(SystemValue(r.systemValue)),
                 r.systemValue)
       << ", type "
       << nameOr(stringifySigComponentType(SigComponentType(r.componentType)),
                 r.componentType)
       << ", stream " << r.stream << ", min precision "
       << nameOr(stringifyMinPrecision(MinPrecision(r.minPrecision)),
                 r.minPrecision)
       << "\n";
  }
}

void printPSVElements(llvm::raw_ostream &os, llvm::StringRef sigName,
                      const std::vector<PSVSignatureRecord> &elements) {
  for (auto [i, e] : llvm::enumerate(elements)) {
    os << "    " << sigName << " [" << i << "] name '" << e.semanticName
       << "', indices";
    for (uint32_t index : e.semanticIndices)
      os << " " << index;
    os << ", rows " << unsigned(e.rows) << ", cols " << unsigned(e.cols);
    if (e.allocated)
      os << ", start row " << unsigned(e.startRow) << ", start col "
         << unsigned(e.startCol);
    else
      os << ", not allocated";
    os << ", kind "
       << nameOr(stringifySemanticKind(SemanticKind(e.semanticKind)),
                 e.semanticKind)
       << ", type "
       << nameOr(stringifySigComponentType(SigComponentType(e.componentType)),
                 e.componentType)
       << ", interpolation "
       << nameOr(stringifyInterpolationMode(
                     InterpolationMode(e.interpolationMode)),
                 e.interpolationMode)
       << ", stream " << unsigned(e.outputStream) << ", dynamic mask "
       << formatMask(e.dynamicIndexMask) << "\n";
  }
}

void printDwords(llvm::raw_ostream &os, llvm::StringRef title,
                 const std::vector<uint32_t> &dwords) {
  os << "  " << title << ": " << dwords.size() << " dwords";
  for (size_t i = 0; i < dwords.size(); ++i) {
    if (i % 8 == 0)
      os << "\n   ";
    os << llvm::formatv(" {0:x-8}", dwords[i]);
  }
  os << "\n";
}

uint32_t stageU32(const PSVInfo &psv, unsigned offset) {
  return uint32_t(psv.stageInfo[offset]) |
         (uint32_t(psv.stageInfo[offset + 1]) << 8) |
         (uint32_t(psv.stageInfo[offset + 2]) << 16) |
         (uint32_t(psv.stageInfo[offset + 3]) << 24);
}
uint16_t stageU16(const PSVInfo &psv, unsigned offset) {
  return uint16_t(psv.stageInfo[offset] | (psv.stageInfo[offset + 1] << 8));
}

void printPSV(llvm::raw_ostream &os, const PSVInfo &psv,
              std::optional<unsigned> programKind) {
  os << "  runtime info: " << psv.runtimeInfoSize << " bytes (version "
     << psv.version << ")\n";
  // PSV v0 has no stage byte; fall back on the program header's kind.
  std::optional<unsigned> stage;
  if (psv.version >= 1)
    stage = psv.shaderStage;
  else
    stage = programKind;
  os << "  stage: " << (stage ? shaderKindName(*stage) : "unknown") << "\n";

  auto domainName = [](uint32_t value) {
    return nameOr(stringifyTessellatorDomain(TessellatorDomain(value)), value);
  };
  switch (stage ? *stage : ~0u) {
  case unsigned(ShaderKind::Vertex):
    os << "  output position present: " << formatBool(psv.stageInfo[0]) << "\n";
    break;
  case unsigned(ShaderKind::Hull):
    os << "  input control points: " << stageU32(psv, 0) << "\n"
       << "  output control points: " << stageU32(psv, 4) << "\n"
       << "  tessellator domain: " << domainName(stageU32(psv, 8)) << "\n"
       << "  tessellator output primitive: " << stageU32(psv, 12) << "\n";
    break;
  case unsigned(ShaderKind::Domain):
    os << "  input control points: " << stageU32(psv, 0) << "\n"
       << "  output position present: " << formatBool(psv.stageInfo[4]) << "\n"
       << "  tessellator domain: " << domainName(stageU32(psv, 8)) << "\n";
    break;
  case unsigned(ShaderKind::Geometry):
    os << "  input primitive: " << stageU32(psv, 0) << "\n"
       << "  output topology: " << stageU32(psv, 4) << "\n"
       << "  output stream mask: " << stageU32(psv, 8) << "\n"
       << "  output position present: " << formatBool(psv.stageInfo[12])
       << "\n";
    break;
  case unsigned(ShaderKind::Pixel):
    os << "  depth output: " << formatBool(psv.stageInfo[0]) << "\n"
       << "  sample frequency: " << formatBool(psv.stageInfo[1]) << "\n";
    break;
  case unsigned(ShaderKind::Mesh):
    os << "  group shared bytes: " << stageU32(psv, 0) << "\n"
       << "  group shared bytes dependent on view ID: " << stageU32(psv, 4)
       << "\n"
       << "  payload bytes: " << stageU32(psv, 8) << "\n"
       << "  max output vertices: " << stageU16(psv, 12) << "\n"
       << "  max output primitives: " << stageU16(psv, 14) << "\n";
    break;
  case unsigned(ShaderKind::Amplification):
    os << "  payload bytes: " << stageU32(psv, 0) << "\n";
    break;
  case unsigned(ShaderKind::Compute):
    break;
  default:
    os << "  stage info: "
       << formatDigest(llvm::ArrayRef<uint8_t>(psv.stageInfo)) << "\n";
    break;
  }
  os << "  wave lane count: " << psv.minimumWaveLaneCount << " to "
     << psv.maximumWaveLaneCount << "\n";

  if (psv.version >= 1) {
    os << "  uses view ID: " << formatBool(psv.usesViewID) << "\n";
    switch (psv.shaderStage) {
    case unsigned(ShaderKind::Geometry):
      os << "  max vertex count: "
         << (psv.geometryData[0] | (psv.geometryData[1] << 8)) << "\n";
      break;
    case unsigned(ShaderKind::Hull):
    case unsigned(ShaderKind::Domain):
      os << "  patch constant vectors: " << unsigned(psv.geometryData[0])
         << "\n";
      break;
    case unsigned(ShaderKind::Mesh):
      os << "  primitive vectors: " << unsigned(psv.geometryData[0]) << "\n"
         << "  mesh output topology: " << unsigned(psv.geometryData[1]) << "\n";
      break;
    default:
      break;
    }
    os << "  signature elements: " << unsigned(psv.sigInputElements)
       << " input, " << unsigned(psv.sigOutputElements) << " output, "
       << unsigned(psv.sigPatchConstOrPrimElements)
       << " patch constant or primitive\n";
    os << "  signature vectors: " << unsigned(psv.sigInputVectors) << " input, "
       << unsigned(psv.sigOutputVectors[0]) << " "
       << unsigned(psv.sigOutputVectors[1]) << " "
       << unsigned(psv.sigOutputVectors[2]) << " "
       << unsigned(psv.sigOutputVectors[3]) << " output\n";
  }
  if (psv.version >= 2)
    os << "  numthreads: " << psv.numThreads[0] << ", " << psv.numThreads[1]
       << ", " << psv.numThreads[2] << "\n";
  if (psv.version >= 3)
    os << "  entry function: '" << psv.entryFunctionName << "'\n";

  os << "  resources: " << psv.resources.size();
  if (!psv.resources.empty())
    os << ", " << psv.resourceRecordSize << " bytes each";
  os << "\n";
  for (auto [i, r] : llvm::enumerate(psv.resources)) {
    os << "    [" << i << "] "
       << nameOr(stringifyPSVResourceType(PSVResourceType(r.type)), r.type)
       << ", space " << r.space << ", registers " << r.lowerBound << " to ";
    if (r.upperBound == UINT32_MAX)
      os << "unbounded";
    else
      os << r.upperBound;
    if (r.kind)
      os << ", kind "
         << nameOr(stringifyResourceKind(ResourceKind(*r.kind)), *r.kind);
    if (r.flags) {
      os << ", flags ";
      if (*r.flags == 0)
        os << "none";
      else if (*r.flags == PSVResourceFlagUsedByAtomic64)
        os << "UsedByAtomic64";
      else
        os << llvm::formatv("0x{0:x-8}", *r.flags);
    }
    os << "\n";
  }
  if (psv.version == 0) {
    if (psv.trailingBytes)
      os << "  trailing bytes: " << psv.trailingBytes << "\n";
    return;
  }

  os << "  string table: " << psv.stringTable.size() << " bytes\n";
  os << "  semantic index table: " << psv.semanticIndexTable.size()
     << " entries";
  for (uint32_t index : psv.semanticIndexTable)
    os << " " << index;
  os << "\n";
  if (psv.signatureElementSize) {
    os << "  signature element size: " << psv.signatureElementSize << "\n";
    printPSVElements(os, "input", psv.inputElements);
    printPSVElements(os, "output", psv.outputElements);
    printPSVElements(os, "patch constant or primitive",
                     psv.patchConstOrPrimElements);
  }
  for (unsigned s = 0; s < 4; ++s)
    if (!psv.viewIDOutputMasks[s].empty())
      printDwords(os, ("view ID output mask, stream " + llvm::Twine(s)).str(),
                  psv.viewIDOutputMasks[s]);
  if (!psv.viewIDPatchConstOrPrimMask.empty())
    printDwords(os, "view ID patch constant or primitive mask",
                psv.viewIDPatchConstOrPrimMask);
  for (unsigned s = 0; s < 4; ++s)
    if (!psv.inputToOutputTables[s].empty())
      printDwords(os, ("input to output table, stream " + llvm::Twine(s)).str(),
                  psv.inputToOutputTables[s]);
  if (!psv.inputToPatchConstTable.empty())
    printDwords(os, "input to patch constant table",
                psv.inputToPatchConstTable);
  if (!psv.patchConstToOutputTable.empty())
    printDwords(os, "patch constant to output table",
                psv.patchConstToOutputTable);
  if (psv.trailingBytes)
    os << "  trailing bytes: " << psv.trailingBytes << "\n";
}

void printProgramHeader(llvm::raw_ostream &os, const ProgramHeader &program) {
  unsigned kind = program.getShaderKind();
  llvm::StringRef prefix =
      kind < 256 ? getShaderKindProfilePrefix(ShaderKind(kind)) : "";
  os << "  program version: ";
  if (!prefix.empty())
    os << prefix << "_" << program.getMajor() << "_" << program.getMinor();
  else
    os << "kind " << kind << ", " << program.getMajor() << "."
       << program.getMinor();
  os << llvm::formatv(" (0x{0:x-8})\n", program.programVersion);
  os << "  program size: " << program.sizeInDwords << " dwords\n";
  os << "  DXIL version: " << ((program.dxilVersion >> 8) & 0xFF) << "."
     << (program.dxilVersion & 0xFF) << "\n";
  os << "  bitcode: offset " << program.bitcodeOffset << ", "
     << program.bitcodeSize << " bytes\n";
}

/// The RTS0 part (a serialized root signature, versions 1.0 to 1.2).
void printRootSignature(llvm::raw_ostream &os, llvm::StringRef data) {
  auto word = [&](uint64_t offset) { return readWordAt(data, offset); };
  auto version = word(0), count = word(4), offset = word(8),
       samplers = word(12), samplersOffset = word(16), flags = word(20);
  if (!version || !count || !offset || !samplers || !samplersOffset || !flags) {
    os << "  (malformed: shorter than its header)\n";
    return;
  }
  if (*version < 1 || *version > 3) {
    os << "  version: unknown (" << *version << ")\n";
    return;
  }
  os << "  version: 1." << (*version - 1) << "\n";
  os << llvm::formatv("  flags: {0:x}\n", *flags);
  static const char *visibilities[] = {"all",           "vertex",   "hull",
                                       "domain",        "geometry", "pixel",
                                       "amplification", "mesh"};
  static const char *rangeTypes[] = {"SRV", "UAV", "CBV", "Sampler"};
  auto visibility = [&](uint32_t v) -> std::string {
    return v < 8 ? visibilities[v] : ("visibility " + llvm::Twine(v)).str();
  };
  for (uint32_t i = 0; i < *count; ++i) {
    uint64_t header = *offset + 12ull * i;
    auto type = word(header), vis = word(header + 4), at = word(header + 8);
    if (!type || !vis || !at) {
      os << "  (malformed parameter " << i << ")\n";
      return;
    }
    os << "  [" << i << "] ";
    switch (*type) {
    case 0: {
      auto ranges = word(*at), rangesOffset = word(*at + 4);
      if (!ranges || !rangesOffset) {
        os << "(malformed table)\n";
        return;
      }
      os << "descriptor table, " << visibility(*vis) << ", " << *ranges
         << " ranges\n";
      uint32_t size = *version == 1 ? 20 : 24;
      for (uint32_t r = 0; r < *ranges; ++r) {
        uint64_t range = *rangesOffset + uint64_t(size) * r;
        auto rangeType = word(range), num = word(range + 4),
             base = word(range + 8), space = word(range + 12);
        auto rangeFlags =
            *version == 1 ? std::optional<uint32_t>(0) : word(range + 16);
        auto tableOffset = word(range + size - 4);
        if (!rangeType || !num || !base || !space || !rangeFlags ||
            !tableOffset) {
          os << "      (malformed range)\n";
          return;
        }
        os << "      " << (*rangeType < 4 ? rangeTypes[*rangeType] : "?")
           << " base " << *base << ", space " << *space << ", count ";
        if (*num == UINT32_MAX)
          os << "unbounded";
        else
          os << *num;
        os << llvm::formatv(", flags {0:x}, offset ", *rangeFlags);
        if (*tableOffset == UINT32_MAX)
          os << "append";
        else
          os << *tableOffset;
        os << "\n";
      }
      break;
    }
    case 1: {
      auto reg = word(*at), space = word(*at + 4), num = word(*at + 8);
      if (!reg || !space || !num) {
        os << "(malformed constants)\n";
        return;
      }
      os << "root constants b" << *reg << ", space " << *space << ", " << *num
         << " values, " << visibility(*vis) << "\n";
      break;
    }
    case 2:
    case 3:
    case 4: {
      auto reg = word(*at), space = word(*at + 4);
      auto descriptorFlags =
          *version == 1 ? std::optional<uint32_t>(0) : word(*at + 8);
      if (!reg || !space || !descriptorFlags) {
        os << "(malformed descriptor)\n";
        return;
      }
      static const char *kinds[] = {"CBV b", "SRV t", "UAV u"};
      os << "root " << kinds[*type - 2] << *reg << ", space " << *space
         << llvm::formatv(", flags {0:x}, ", *descriptorFlags)
         << visibility(*vis) << "\n";
      break;
    }
    default:
      os << "parameter type " << *type << "\n";
      break;
    }
  }
  uint32_t samplerSize = *version >= 3 ? 56 : 52;
  for (uint32_t i = 0; i < *samplers; ++i) {
    uint64_t at = *samplersOffset + uint64_t(samplerSize) * i;
    auto filter = word(at), reg = word(at + 40), space = word(at + 44),
         vis = word(at + 48);
    if (!filter || !reg || !space || !vis) {
      os << "  (malformed static sampler " << i << ")\n";
      return;
    }
    os << "  static sampler s" << *reg << ", space " << *space
       << llvm::formatv(", filter {0:x}, ", *filter) << visibility(*vis)
       << "\n";
  }
}

} // namespace

llvm::Error
mlir::hlsl::dxil::disassembleDXContainer(llvm::StringRef bytes,
                                         llvm::raw_ostream &os,
                                         const BitcodePrinter &printBitcode) {
  llvm::Expected<ParsedDXContainer> parsed = parseDXContainer(bytes);
  if (!parsed)
    return parsed.takeError();
  const ParsedDXContainer &c = *parsed;

  std::optional<unsigned> programKind;
  if (c.program)
    programKind = c.program->getShaderKind();

  os << "DXContainer\n";
  os << "  size: " << c.fileSize << " bytes\n";
  os << "  version: " << c.versionMajor << "." << c.versionMinor << "\n";
  os << "  digest: " << formatDigest(c.digest) << " ("
     << describeDigest(bytes, c.digest) << ")\n";
  os << "  parts: " << c.parts.size() << "\n";

  for (auto [i, part] : llvm::enumerate(c.parts)) {
    llvm::StringRef name = part.name;
    os << "\npart " << i << ": " << escapeFourCC(name) << ", offset "
       << part.offset << ", " << part.data.size() << " bytes";
    if (name == "SFI0") {
      os << "\n";
      printFeatureFlags(os, *c.featureFlags);
    } else if (name == "ISG1") {
      os << "\n";
      printSignature(os, *c.inputSignature, "always reads");
    } else if (name == "OSG1") {
      os << "\n";
      printSignature(os, *c.outputSignature, "never writes");
    } else if (name == "PSG1") {
      os << "\n";
      // The patch-constant signature is an input of domain shaders.
      bool isInput = programKind == unsigned(ShaderKind::Domain);
      printSignature(os, *c.patchConstOrPrimSignature,
                     isInput ? "always reads" : "never writes");
    } else if (name == "PSV0") {
      os << "\n";
      printPSV(os, *c.psv, programKind);
    } else if (name == "HASH") {
      os << "\n  flags: " << c.hash->flags;
      if (c.hash->flags == 0)
        os << " (None)";
      else if (c.hash->flags == 1)
        os << " (IncludesSource)";
      os << "\n  digest: " << formatDigest(c.hash->digest) << "\n";
    } else if (name == "RTS0") {
      os << "\n";
      printRootSignature(os, part.data);
    } else if (name == "DXIL" || name == "STAT") {
      const ProgramHeader &program =
          name == "DXIL" ? *c.program : *c.reflection;
      llvm::StringRef what =
          name == "DXIL" ? "DXIL module" : "reflection module";
      os << "\n";
      printProgramHeader(os, program);
      if (printBitcode) {
        os << "  ; " << what << ":\n";
        if (llvm::Error err = printBitcode(program.bitcode, os))
          return err;
      } else {
        os << "  ; " << what << " (" << program.bitcode.size()
           << " bytes of bitcode) not printed\n";
      }
    } else {
      os << " (not decoded)\n";
    }
  }
  return llvm::Error::success();
}
