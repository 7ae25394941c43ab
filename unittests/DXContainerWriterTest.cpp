//===- DXContainerWriterTest.cpp - DXIL container writer tests ------------===//
//
// Checks the container writer's layout (part order, offsets, sizes, padding,
// PSV0 sizes per version, the HASH digest) against numbers derived by hand
// from docs/dxil-reference.md section 4, and cross-checks the output with
// LLVM 22's own DXContainer parser (llvm::object::DXContainer).
//
//===----------------------------------------------------------------------===//

#include "DXContainerSamples.h"

#include "HLSL/Target/DXIL/ContainerReader.h"
#include "HLSL/Target/DXIL/ContainerWriter.h"

#include "llvm/Object/DXContainer.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <map>
#include <optional>
#include <string>

using namespace mlir::hlsl::dxil;
using namespace samples;

namespace {

uint32_t read32(const std::vector<uint8_t> &bytes, size_t offset) {
  return llvm::support::endian::read32le(bytes.data() + offset);
}

std::vector<uint8_t> build(const ShaderContainerInfo &info) {
  std::vector<uint8_t> bytes;
  llvm::Error err = buildDXContainer(info, bytes);
  EXPECT_FALSE(bool(err)) << llvm::toString(std::move(err));
  return bytes;
}

std::string buildError(const ShaderContainerInfo &info) {
  std::vector<uint8_t> bytes;
  llvm::Error err = buildDXContainer(info, bytes);
  EXPECT_TRUE(bytes.empty());
  if (!err)
    return "<no error>";
  return llvm::toString(std::move(err));
}

/// A part as the header's offset table gives it, decoded by hand.
struct RawPart {
  std::string name;
  uint32_t offset;
  uint32_t size;
};

std::vector<RawPart> rawParts(const std::vector<uint8_t> &bytes) {
  std::vector<RawPart> parts;
  uint32_t count = read32(bytes, 28);
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t offset = read32(bytes, 32 + 4 * i);
    parts.push_back(
        {std::string(bytes.begin() + offset, bytes.begin() + offset + 4),
         offset, read32(bytes, offset + 4)});
  }
  return parts;
}

std::optional<RawPart> findPart(const std::vector<RawPart> &parts,
                                llvm::StringRef name) {
  for (const RawPart &part : parts)
    if (part.name == name)
      return part;
  return std::nullopt;
}

std::string partNames(const std::vector<RawPart> &parts) {
  std::string names;
  for (const RawPart &part : parts)
    names += (names.empty() ? "" : " ") + part.name;
  return names;
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

TEST(DXContainerWriter, EmptyComputeLayout) {
  std::vector<uint8_t> bytes = build(emptyCompute());
  // Header: 'DXBC', zero digest, version 1.0.
  ASSERT_GE(bytes.size(), 32u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "DXBC");
  for (size_t i = 4; i < 20; ++i)
    EXPECT_EQ(bytes[i], 0) << "digest byte " << i;
  EXPECT_EQ(llvm::support::endian::read16le(bytes.data() + 20), 1);
  EXPECT_EQ(llvm::support::endian::read16le(bytes.data() + 22), 0);
  EXPECT_EQ(read32(bytes, 24), bytes.size());

  std::vector<RawPart> parts = rawParts(bytes);
  EXPECT_EQ(partNames(parts), "SFI0 ISG1 OSG1 PSV0 HASH DXIL");
  // Offsets: the first part follows the 6-entry offset table; each part
  // follows the previous one's 8-byte header and data.
  const std::map<std::string, std::pair<uint32_t, uint32_t>> expected = {
      {"SFI0", {56, 8}},   {"ISG1", {72, 8}},   {"OSG1", {88, 8}},
      {"PSV0", {104, 76}}, {"HASH", {188, 20}}, {"DXIL", {216, 28}},
  };
  for (const RawPart &part : parts) {
    EXPECT_EQ(part.offset, expected.at(part.name).first) << part.name;
    EXPECT_EQ(part.size, expected.at(part.name).second) << part.name;
  }
  EXPECT_EQ(bytes.size(), 216u + 8 + 28);

  // An empty signature is {ParamCount 0, ParamOffset 8}.
  EXPECT_EQ(read32(bytes, 72 + 8), 0u);
  EXPECT_EQ(read32(bytes, 72 + 12), 8u);
  // The DXIL program header.
  size_t dxil = 216 + 8;
  EXPECT_EQ(read32(bytes, dxil), 0x00050060u); // cs_6_0
  EXPECT_EQ(read32(bytes, dxil + 4), 7u);      // 6 + 1 dword of bitcode
  EXPECT_EQ(std::string(bytes.begin() + dxil + 8, bytes.begin() + dxil + 12),
            "DXIL");
  EXPECT_EQ(read32(bytes, dxil + 12), 0x100u); // DXIL 1.0
  EXPECT_EQ(read32(bytes, dxil + 16), 16u);
  EXPECT_EQ(read32(bytes, dxil + 20), 4u);
}

TEST(DXContainerWriter, EmptyComputePSV0Bytes) {
  // docs §4.6 worked example: 4 + 52 + 4 + 4 + 8 ("\0main\0" padded) + 4.
  std::vector<uint8_t> bytes = build(emptyCompute());
  std::optional<RawPart> psv = findPart(rawParts(bytes), "PSV0");
  ASSERT_TRUE(psv);
  size_t p = psv->offset + 8;
  EXPECT_EQ(read32(bytes, p), 52u);
  EXPECT_EQ(read32(bytes, p + 4 + 16), 0u);         // min wave lanes
  EXPECT_EQ(read32(bytes, p + 4 + 20), UINT32_MAX); // max wave lanes
  EXPECT_EQ(bytes[p + 4 + 24], 5);                  // ShaderStage = Compute
  EXPECT_EQ(read32(bytes, p + 4 + 36), 64u);        // NumThreadsX
  EXPECT_EQ(read32(bytes, p + 4 + 40), 1u);
  EXPECT_EQ(read32(bytes, p + 4 + 44), 1u);
  EXPECT_EQ(read32(bytes, p + 4 + 48), 1u); // "main" at offset 1
  EXPECT_EQ(read32(bytes, p + 56), 0u);     // ResourceCount
  EXPECT_EQ(read32(bytes, p + 60), 8u);     // StringTableSize
  EXPECT_EQ(std::string(bytes.begin() + p + 64, bytes.begin() + p + 72),
            std::string("\0main\0\0\0", 8));
  EXPECT_EQ(read32(bytes, p + 72), 0u); // SemanticIndexTableEntries
}

TEST(DXContainerWriter, PSV0SizePerValidatorVersion) {
  struct Case {
    unsigned validatorMinor;
    unsigned psvVersion;
    uint32_t emptySize;     // empty CS
    uint32_t resourcesSize; // computeWithResources (4 resources)
  };
  // v0: size + runtime info + count (+ stride + records).
  // v1+: + string table size + table ("\0" -> 4, v3 "\0main\0" -> 8)
  //      + semantic index count.
  const Case cases[] = {
      {0, 0, 4 + 24 + 4, 4 + 24 + 4 + 4 + 4 * 16},
      {1, 1, 4 + 36 + 4 + 4 + 4 + 4, 4 + 36 + 4 + 4 + 4 * 16 + 12},
      {5, 1, 4 + 36 + 4 + 4 + 4 + 4, 4 + 36 + 4 + 4 + 4 * 16 + 12},
      {6, 2, 4 + 48 + 4 + 4 + 4 + 4, 4 + 48 + 4 + 4 + 4 * 24 + 12},
      {7, 2, 4 + 48 + 4 + 4 + 4 + 4, 4 + 48 + 4 + 4 + 4 * 24 + 12},
      {8, 3, 4 + 52 + 4 + 4 + 8 + 4, 4 + 52 + 4 + 4 + 4 * 24 + 16},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE("validator 1." + std::to_string(c.validatorMinor));
    EXPECT_EQ(getPSVVersion(1, c.validatorMinor), c.psvVersion);

    std::vector<uint8_t> empty = build(emptyCompute(c.validatorMinor));
    std::optional<RawPart> psv = findPart(rawParts(empty), "PSV0");
    ASSERT_TRUE(psv);
    EXPECT_EQ(psv->size, c.emptySize);
    EXPECT_EQ(read32(empty, psv->offset + 8),
              getPSVRuntimeInfoSize(c.psvVersion));

    ShaderContainerInfo info = computeWithResources(c.validatorMinor);
    info.shaderModelMinor = info.dxilMinor = 0; // validator 1.0 needs DXIL 1.0
    std::vector<uint8_t> withResources = build(info);
    psv = findPart(rawParts(withResources), "PSV0");
    ASSERT_TRUE(psv);
    EXPECT_EQ(psv->size, c.resourcesSize);
    size_t recordSize =
        read32(withResources,
               psv->offset + 8 + 4 + getPSVRuntimeInfoSize(c.psvVersion) + 4);
    EXPECT_EQ(recordSize, getPSVResourceBindInfoSize(c.psvVersion));
  }
}

TEST(DXContainerWriter, HashPartOnlyFromValidator15) {
  EXPECT_EQ(partNames(rawParts(build(emptyCompute(4)))),
            "SFI0 ISG1 OSG1 PSV0 DXIL");
  EXPECT_EQ(partNames(rawParts(build(emptyCompute(5)))),
            "SFI0 ISG1 OSG1 PSV0 HASH DXIL");
}

TEST(DXContainerWriter, PatchConstantSignaturePart) {
  EXPECT_EQ(partNames(rawParts(build(domainShader()))),
            "SFI0 ISG1 OSG1 PSG1 PSV0 HASH DXIL");
}

TEST(DXContainerWriter, ShaderHashIsMD5OfTheBitcode) {
  // md5sum of the 4 bytes 'B' 'C' 0xC0 0xDE.
  const uint8_t expected[16] = {0x0b, 0x40, 0xfc, 0x86, 0x50, 0xd9, 0x0f, 0xa2,
                                0xe9, 0xfd, 0x5c, 0xad, 0xc8, 0xea, 0xaa, 0xce};
  std::array<uint8_t, 16> digest = computeShaderHash(fakeBitcode(4));
  EXPECT_TRUE(std::equal(digest.begin(), digest.end(), expected));

  std::vector<uint8_t> bytes = build(emptyCompute());
  std::optional<RawPart> hash = findPart(rawParts(bytes), "HASH");
  ASSERT_TRUE(hash);
  EXPECT_EQ(read32(bytes, hash->offset + 8), 0u); // flags: None
  EXPECT_TRUE(std::equal(bytes.begin() + hash->offset + 12,
                         bytes.begin() + hash->offset + 28, expected));

  // The digest covers the bitcode only, not the DXIL part's padding: a
  // 5-byte bitcode hashes like md5sum of those 5 bytes.
  // printf 'BC\xc0\xde\x1d' | md5sum
  std::vector<uint8_t> five = fakeBitcode(5);
  ASSERT_EQ(five[4], 0x1d);
  const uint8_t expectedFive[16] = {0x31, 0x55, 0x6c, 0x33, 0x46, 0x96,
                                    0x81, 0x35, 0xf0, 0x19, 0xea, 0x99,
                                    0x6a, 0x1e, 0x05, 0x00};
  digest = computeShaderHash(five);
  EXPECT_TRUE(std::equal(digest.begin(), digest.end(), expectedFive));
}

TEST(DXContainerWriter, BitcodePaddingAndAlignment) {
  for (size_t size = 4; size <= 12; ++size) {
    SCOPED_TRACE("bitcode size " + std::to_string(size));
    ShaderContainerInfo info = pixelShader();
    info.bitcode = fakeBitcode(size);
    std::vector<uint8_t> bytes = build(info);
    std::vector<RawPart> parts = rawParts(bytes);
    for (const RawPart &part : parts) {
      EXPECT_EQ(part.offset % 4, 0u) << part.name;
      EXPECT_EQ(part.size % 4, 0u) << part.name;
    }
    std::optional<RawPart> dxil = findPart(parts, "DXIL");
    ASSERT_TRUE(dxil);
    size_t padded = (size + 3) / 4 * 4;
    EXPECT_EQ(dxil->size, 24 + padded);
    EXPECT_EQ(read32(bytes, dxil->offset + 8 + 4), 6 + padded / 4);
    EXPECT_EQ(read32(bytes, dxil->offset + 8 + 20), size);
    for (size_t i = size; i < padded; ++i)
      EXPECT_EQ(bytes[dxil->offset + 8 + 24 + i], 0);
    EXPECT_EQ(dxil->offset + 8 + dxil->size, bytes.size());
  }
}

TEST(DXContainerWriter, Deterministic) {
  for (const ShaderContainerInfo &info :
       {computeWithResources(), pixelShader(), domainShader()})
    EXPECT_EQ(build(info), build(info));
}

TEST(DXContainerWriter, WriteToStream) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ASSERT_FALSE(bool(writeDXContainer(pixelShader(), os)));
  std::vector<uint8_t> bytes = build(pixelShader());
  EXPECT_EQ(text, std::string(bytes.begin(), bytes.end()));

  // Nothing is written on error.
  std::string failed;
  llvm::raw_string_ostream failedOS(failed);
  ShaderContainerInfo bad = emptyCompute();
  bad.numThreads.reset();
  llvm::Error err = writeDXContainer(bad, failedOS);
  EXPECT_TRUE(bool(err));
  llvm::consumeError(std::move(err));
  EXPECT_TRUE(failed.empty());
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

/// The 32-byte ISG1/OSG1/PSG1 records of a part.
struct SigRecord {
  uint32_t stream, nameOffset, index, systemValue, compType, reg;
  uint8_t mask, exclusive;
  uint32_t minPrecision;
  std::string name;
};

std::vector<SigRecord> sigRecords(const std::vector<uint8_t> &bytes,
                                  const RawPart &part) {
  std::vector<SigRecord> records;
  size_t base = part.offset + 8;
  uint32_t count = read32(bytes, base);
  for (uint32_t i = 0; i < count; ++i) {
    size_t p = base + read32(bytes, base + 4) + 32 * i;
    SigRecord r;
    r.stream = read32(bytes, p);
    r.nameOffset = read32(bytes, p + 4);
    r.index = read32(bytes, p + 8);
    r.systemValue = read32(bytes, p + 12);
    r.compType = read32(bytes, p + 16);
    r.reg = read32(bytes, p + 20);
    r.mask = bytes[p + 24];
    r.exclusive = bytes[p + 25];
    r.minPrecision = read32(bytes, p + 28);
    r.name = reinterpret_cast<const char *>(bytes.data() + base + r.nameOffset);
    records.push_back(r);
  }
  return records;
}

ShaderContainerInfo vertexShader(unsigned validatorMinor) {
  ShaderContainerInfo info;
  info.stage = ShaderKind::Vertex;
  info.validatorMinor = validatorMinor;
  // A 2-row matrix input listed before a row-0 input: records are sorted by
  // register; TEXCOORD appears twice (dedup from validator 1.7).
  SignatureElement matrix = element("TEXCOORD", SemanticKind::Arbitrary,
                                    ComponentType::F16, 2, 1, 1, 0x1);
  matrix.semanticIndices = {2, 3};
  info.inputSignature = {
      matrix,
      element("TEXCOORD", SemanticKind::Arbitrary, ComponentType::I1, 1, 0, 0,
              0x1),
      element("SV_VertexID", SemanticKind::VertexID, ComponentType::U32, 1, 0,
              1, 0x1),
  };
  info.outputSignature = {
      element("SV_Position", SemanticKind::Position, ComponentType::F32, 4, 0,
              0, 0x7, InterpolationMode::LinearNoperspective),
  };
  info.bitcode = fakeBitcode(8);
  return info;
}

TEST(DXContainerWriter, InputSignatureRecords) {
  std::vector<uint8_t> bytes = build(vertexShader(8));
  std::optional<RawPart> isg1 = findPart(rawParts(bytes), "ISG1");
  ASSERT_TRUE(isg1);
  std::vector<SigRecord> records = sigRecords(bytes, *isg1);
  ASSERT_EQ(records.size(), 4u);
  // Sorted by register, then by name offset: TEXCOORD (offset 136) before
  // SV_VertexID (offset 145) in register 0.
  EXPECT_EQ(records[0].name, "TEXCOORD");
  EXPECT_EQ(records[0].reg, 0u);
  EXPECT_EQ(records[0].compType, uint32_t(SigComponentType::UInt32)); // i1
  EXPECT_EQ(records[0].mask, 0x1);
  EXPECT_EQ(records[0].exclusive, 0x1); // AlwaysReads = usage
  EXPECT_EQ(records[1].name, "SV_VertexID");
  EXPECT_EQ(records[1].reg, 0u);
  EXPECT_EQ(records[1].systemValue, uint32_t(SystemValue::VertexID));
  EXPECT_EQ(records[1].mask, 0x2);
  EXPECT_EQ(records[1].exclusive, 0x2); // usage shifted by the start column
  // The matrix: one record per row with consecutive registers.
  for (unsigned row = 0; row < 2; ++row) {
    const SigRecord &r = records[2 + row];
    EXPECT_EQ(r.name, "TEXCOORD");
    EXPECT_EQ(r.index, 2 + row);
    EXPECT_EQ(r.reg, 1 + row);
    EXPECT_EQ(r.mask, 0x6);
    EXPECT_EQ(r.exclusive, 0x2);
    EXPECT_EQ(r.compType, uint32_t(SigComponentType::Float16));
    EXPECT_EQ(r.minPrecision, uint32_t(MinPrecision::Float16));
  }
  // Validator 1.7 deduplicates names: one "TEXCOORD" for both elements.
  EXPECT_EQ(records[0].nameOffset, records[2].nameOffset);
  EXPECT_EQ(records[0].nameOffset, 8u + 4 * 32);
  EXPECT_EQ(isg1->size, 8 + 4 * 32 + 24u); // "TEXCOORD\0SV_VertexID\0" + pad
}

TEST(DXContainerWriter, InputSignatureBefore17) {
  // Validator 1.6: no name dedup, no padding; 1.4: i1 is Unknown, inputs
  // have no AlwaysReads mask.
  std::vector<uint8_t> bytes = build(vertexShader(6));
  std::optional<RawPart> isg1 = findPart(rawParts(bytes), "ISG1");
  ASSERT_TRUE(isg1);
  EXPECT_EQ(isg1->size, 8 + 4 * 32 + 9 + 9 + 12u);
  std::vector<SigRecord> records = sigRecords(bytes, *isg1);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[2].nameOffset, 136u);      // the matrix, first element
  EXPECT_EQ(records[0].nameOffset, 136u + 9);  // its own "TEXCOORD"
  EXPECT_EQ(records[1].nameOffset, 136u + 18); // SV_VertexID
  // The next part starts right after the unpadded one.
  std::optional<RawPart> osg1 = findPart(rawParts(bytes), "OSG1");
  ASSERT_TRUE(osg1);
  EXPECT_EQ(osg1->offset, isg1->offset + 8 + isg1->size);
  EXPECT_NE(osg1->offset % 4, 0u);

  ShaderContainerInfo info = vertexShader(4);
  bytes = build(info);
  isg1 = findPart(rawParts(bytes), "ISG1");
  ASSERT_TRUE(isg1);
  records = sigRecords(bytes, *isg1);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].compType, uint32_t(SigComponentType::Unknown));
  for (const SigRecord &r : records)
    EXPECT_EQ(r.exclusive, 0);
  std::optional<RawPart> osg = findPart(rawParts(bytes), "OSG1");
  ASSERT_TRUE(osg);
  std::vector<SigRecord> outputs = sigRecords(bytes, *osg);
  ASSERT_EQ(outputs.size(), 1u);
  EXPECT_EQ(outputs[0].exclusive, 0xF0); // NeverWrites = ~mask, as a byte
}

TEST(DXContainerWriter, OutputSignatureNeverWrites) {
  std::vector<uint8_t> bytes = build(vertexShader(8));
  std::optional<RawPart> osg1 = findPart(rawParts(bytes), "OSG1");
  ASSERT_TRUE(osg1);
  std::vector<SigRecord> records = sigRecords(bytes, *osg1);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].systemValue, uint32_t(SystemValue::Position));
  EXPECT_EQ(records[0].mask, 0xF);
  EXPECT_EQ(records[0].exclusive, 0x8); // w is never written
}

TEST(DXContainerWriter, NativeLowPrecisionHasNoMinPrecision) {
  ShaderContainerInfo info = vertexShader(8);
  info.useMinPrecision = false;
  std::vector<uint8_t> bytes = build(info);
  for (const SigRecord &r :
       sigRecords(bytes, *findPart(rawParts(bytes), "ISG1")))
    EXPECT_EQ(r.minPrecision, uint32_t(MinPrecision::Default)) << r.name;
}

TEST(DXContainerWriter, UnallocatedAndIsolineTessFactor) {
  ShaderContainerInfo ps;
  ps.stage = ShaderKind::Pixel;
  ps.outputSignature = {element("SV_Depth", SemanticKind::Depth,
                                ComponentType::F32, 1, -1, -1, 0x1)};
  ps.bitcode = fakeBitcode();
  std::vector<uint8_t> bytes = build(ps);
  std::vector<SigRecord> records =
      sigRecords(bytes, *findPart(rawParts(bytes), "OSG1"));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].reg, UINT32_MAX);
  EXPECT_EQ(records[0].mask, 0x1);
  EXPECT_EQ(records[0].exclusive, 0xE);
  EXPECT_EQ(records[0].systemValue, uint32_t(SystemValue::Depth));

  bytes = build(domainShader());
  records = sigRecords(bytes, *findPart(rawParts(bytes), "PSG1"));
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].systemValue,
            uint32_t(SystemValue::FinalLineDensityTessfactor));
  EXPECT_EQ(records[1].systemValue,
            uint32_t(SystemValue::FinalLineDetailTessfactor));
  // A domain shader reads its patch constants: AlwaysReads = usage << col.
  EXPECT_EQ(records[0].mask, 0x8);
  EXPECT_EQ(records[0].exclusive, 0x8);
}

//===----------------------------------------------------------------------===//
// Cross-check with LLVM's parser
//===----------------------------------------------------------------------===//

llvm::Expected<llvm::object::DXContainer>
parseWithLLVM(const std::vector<uint8_t> &bytes) {
  llvm::StringRef data(reinterpret_cast<const char *>(bytes.data()),
                       bytes.size());
  return llvm::object::DXContainer::create(llvm::MemoryBufferRef(data, "t"));
}

TEST(DXContainerWriter, LLVMReadsComputeContainer) {
  std::vector<uint8_t> bytes = build(computeWithResources());
  auto container = parseWithLLVM(bytes);
  ASSERT_TRUE(bool(container)) << llvm::toString(container.takeError());
  EXPECT_EQ(container->getHeader().FileSize, bytes.size());
  ASSERT_TRUE(container->getShaderFeatureFlags());
  EXPECT_EQ(*container->getShaderFeatureFlags(), 1ull << 15);
  ASSERT_TRUE(container->getDXIL());
  EXPECT_EQ(container->getDXIL()->first.ShaderKind, 5);
  llvm::dxbc::ProgramHeader header = container->getDXIL()->first;
  EXPECT_EQ(header.getMajorVersion(), 6);
  EXPECT_EQ(header.getMinorVersion(), 6);
  EXPECT_EQ(container->getDXIL()->first.Bitcode.Size, 37u);
  EXPECT_EQ(0, memcmp(container->getDXIL()->second,
                      computeWithResources().bitcode.data(), 37));
  ASSERT_TRUE(container->getShaderHash());
  std::array<uint8_t, 16> digest =
      computeShaderHash(computeWithResources().bitcode);
  EXPECT_EQ(0, memcmp(container->getShaderHash()->Digest, digest.data(), 16));

  const auto &psv = container->getPSVInfo();
  ASSERT_TRUE(psv.has_value());
  EXPECT_EQ(psv->getVersion(), 3u);
  const auto *info = psv->getInfoAs<llvm::dxbc::PSV::v3::RuntimeInfo>();
  ASSERT_TRUE(info);
  EXPECT_EQ(info->NumThreadsX, 8u);
  EXPECT_EQ(info->NumThreadsY, 8u);
  EXPECT_EQ(info->NumThreadsZ, 1u);
  EXPECT_EQ(info->ShaderStage, 5);
  EXPECT_EQ(psv->getStringTable().substr(info->EntryNameOffset).data(),
            std::string("main"));
  ASSERT_EQ(psv->getResourceCount(), 4u);
  // CBV, sampler, SRV, UAV.
  std::vector<llvm::dxbc::PSV::v2::ResourceBindInfo> resources;
  for (const auto &r : psv->getResources())
    resources.push_back(r);
  EXPECT_EQ(resources[0].Type, llvm::dxbc::PSV::ResourceType::CBV);
  EXPECT_EQ(resources[1].Type, llvm::dxbc::PSV::ResourceType::Sampler);
  EXPECT_EQ(resources[1].LowerBound, 3u);
  EXPECT_EQ(resources[1].UpperBound, 4u);
  EXPECT_EQ(resources[2].Type, llvm::dxbc::PSV::ResourceType::SRVRaw);
  EXPECT_EQ(resources[2].UpperBound, UINT32_MAX);
  EXPECT_EQ(resources[3].Type,
            llvm::dxbc::PSV::ResourceType::UAVStructuredWithCounter);
  EXPECT_EQ(resources[3].Space, 2u);
  EXPECT_EQ(resources[3].Kind, llvm::dxbc::PSV::ResourceKind::StructuredBuffer);
  EXPECT_TRUE(resources[3].Flags.Bits.UsedByAtomic64);
}

TEST(DXContainerWriter, LLVMReadsPixelContainer) {
  std::vector<uint8_t> bytes = build(pixelShader());
  auto container = parseWithLLVM(bytes);
  ASSERT_TRUE(bool(container)) << llvm::toString(container.takeError());

  const auto &inputs = container->getInputSignature();
  std::vector<std::string> names;
  for (const auto &param : inputs)
    names.push_back(inputs.getName(param.NameOffset).str());
  EXPECT_EQ(names, (std::vector<std::string>{"NORMAL", "TEXCOORD"}));

  const auto &psv = container->getPSVInfo();
  ASSERT_TRUE(psv.has_value());
  const auto *info = psv->getInfoAs<llvm::dxbc::PSV::v3::RuntimeInfo>();
  ASSERT_TRUE(info);
  EXPECT_EQ(info->StageInfo.PS.SampleFrequency, 1);
  EXPECT_EQ(info->StageInfo.PS.DepthOutput, 0);
  EXPECT_EQ(info->SigInputVectors, 2);
  EXPECT_EQ(info->SigOutputVectors[0], 1);
  EXPECT_EQ(psv->getSigInputCount(), 2);
  EXPECT_EQ(psv->getSigOutputCount(), 1);
  std::vector<std::string> psvNames;
  for (const auto &e : psv->getSigInputElements())
    psvNames.push_back(psv->getStringTable().substr(e.NameOffset).data());
  EXPECT_EQ(psvNames, (std::vector<std::string>{"NORMAL", "TEXCOORD"}));
  std::vector<uint32_t> table;
  for (uint32_t dword : psv->getInputOutputMap(0))
    table.push_back(dword);
  EXPECT_EQ(table, (std::vector<uint32_t>{0xF, 0xF, 0xF, 0, 0xF, 0xF, 0, 0}));
}

//===----------------------------------------------------------------------===//
// Our own reader sees what the writer wrote
//===----------------------------------------------------------------------===//

TEST(DXContainerWriter, ReaderRoundTripDomainShader) {
  ShaderContainerInfo info = domainShader();
  std::vector<uint8_t> bytes = build(info);
  llvm::StringRef data(reinterpret_cast<const char *>(bytes.data()),
                       bytes.size());
  llvm::Expected<ParsedDXContainer> parsed = parseDXContainer(data);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  ASSERT_TRUE(parsed->psv);
  const PSVInfo &psv = *parsed->psv;
  EXPECT_EQ(psv.shaderStage, uint8_t(ShaderKind::Domain));
  EXPECT_EQ(psv.usesViewID, 1);
  EXPECT_EQ(psv.geometryData[0], 2); // patch-constant vectors
  EXPECT_EQ(psv.sigInputVectors, 1);
  EXPECT_EQ(psv.sigOutputVectors[0], 1);
  EXPECT_EQ(psv.viewIDOutputMasks[0], (std::vector<uint32_t>{0x1}));
  EXPECT_EQ(psv.inputToOutputTables[0],
            (std::vector<uint32_t>{0x1, 0x2, 0x4, 0x8}));
  EXPECT_EQ(psv.patchConstToOutputTable,
            (std::vector<uint32_t>{0x3, 0, 0, 0, 0, 0, 0, 0xF}));
  EXPECT_EQ(psv.stageInfo[0], 2); // input control points
  EXPECT_EQ(psv.stageInfo[4], 1); // SV_Position output
  EXPECT_EQ(psv.stageInfo[8], uint8_t(TessellatorDomain::IsoLine));
  ASSERT_EQ(psv.patchConstOrPrimElements.size(), 1u);
  const PSVSignatureRecord &tess = psv.patchConstOrPrimElements[0];
  EXPECT_EQ(tess.semanticName, ""); // system values have no PSV name
  EXPECT_EQ(tess.semanticIndices, (llvm::SmallVector<uint32_t, 1>{0, 1}));
  EXPECT_EQ(tess.rows, 2);
  EXPECT_EQ(tess.startCol, 3);
  EXPECT_TRUE(tess.allocated);
  // POS appends {0}, SV_Position reuses it; {0, 1} does not fit in the
  // one-entry table, so it is appended: {0, 0, 1}.
  EXPECT_EQ(psv.semanticIndexTable, (std::vector<uint32_t>{0, 0, 1}));
  EXPECT_EQ(psv.trailingBytes, 0u);
}

TEST(DXContainerWriter, SemanticIndexRunsAreReused) {
  ShaderContainerInfo info = pixelShader();
  info.viewIDState.clear();
  SignatureElement matrix =
      element("M", SemanticKind::Arbitrary, ComponentType::F32, 4, 2, 0, 0xF,
              InterpolationMode::Linear);
  matrix.semanticIndices = {0, 1, 2};
  SignatureElement tail =
      element("T", SemanticKind::Arbitrary, ComponentType::F32, 1, 5, 0, 0x1,
              InterpolationMode::Linear);
  tail.semanticIndices = {1, 2};
  info.inputSignature.push_back(matrix);
  info.inputSignature.push_back(tail);
  std::vector<uint8_t> bytes = build(info);
  llvm::Expected<ParsedDXContainer> parsed = parseDXContainer(llvm::StringRef(
      reinterpret_cast<const char *>(bytes.data()), bytes.size()));
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  const PSVInfo &psv = *parsed->psv;
  // NORMAL, TEXCOORD {0} -> 0; M {0,1,2} appended at 1; T {1,2} found at 2;
  // SV_Target {0} -> 0.
  EXPECT_EQ(psv.semanticIndexTable, (std::vector<uint32_t>{0, 0, 1, 2}));
  ASSERT_EQ(psv.inputElements.size(), 4u);
  EXPECT_EQ(psv.inputElements[2].semanticIndexOffset, 1u);
  EXPECT_EQ(psv.inputElements[3].semanticIndexOffset, 2u);
  EXPECT_EQ(psv.outputElements[0].semanticIndexOffset, 0u);
  EXPECT_EQ(psv.sigInputVectors, 7); // T covers rows 5 and 6
  // String table: "\0NORMAL\0TEXCOORD\0M\0T\0main\0" padded to 28.
  EXPECT_EQ(psv.stringTable.size(), 28u);
  EXPECT_EQ(psv.entryFunctionName, "main");
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(DXContainerWriter, RejectsInconsistentInfo) {
  ShaderContainerInfo info = emptyCompute();
  info.numThreads.reset();
  EXPECT_EQ(buildError(info), "compute shaders need numthreads");

  info = emptyCompute();
  info.numThreads = std::array<uint32_t, 3>{0, 1, 1};
  EXPECT_EQ(buildError(info), "numthreads (0, 1, 1) has a zero dimension");

  info = emptyCompute();
  info.numThreads = std::array<uint32_t, 3>{64, 32, 1};
  EXPECT_EQ(buildError(info),
            "numthreads (64, 32, 1) has 2048 threads; at most 1024 are "
            "allowed");

  info = pixelShader();
  info.numThreads = std::array<uint32_t, 3>{1, 1, 1};
  EXPECT_EQ(buildError(info), "numthreads is only valid for compute, mesh "
                              "and amplification shaders, not pixel");

  info = emptyCompute();
  info.dxilMinor = 1;
  EXPECT_EQ(buildError(info),
            "DXIL version 1.1 does not match shader model 6.0 (expected 1.0)");

  info = emptyCompute();
  info.validatorMinor = 9;
  EXPECT_EQ(buildError(info),
            "validator version 1.9 is not supported (1.0 to 1.8)");

  info = computeWithResources(5);
  EXPECT_EQ(buildError(info), "validator version 1.5 cannot validate DXIL 1.6");

  info = emptyCompute();
  info.stage = ShaderKind::Library;
  EXPECT_EQ(buildError(info),
            "not supported yet: containers of shader kind Library (only "
            "non-library graphics, compute, mesh and amplification shaders "
            "can be written)");

  info = emptyCompute();
  info.bitcode = {'B', 'C', 0xC0};
  EXPECT_EQ(buildError(info), "the bitcode does not start with the LLVM "
                              "bitcode magic 'BC' 0xC0DE");

  info = emptyCompute();
  info.inputSignature = pixelShader().inputSignature;
  EXPECT_EQ(buildError(info), "compute shaders have no signature elements");

  info = emptyCompute();
  info.resources = {binding(ResourceClass::SRV, ResourceKind::CBuffer, 0, 0)};
  EXPECT_EQ(buildError(info),
            "resource 0: SRV cannot have resource kind CBuffer");

  info = emptyCompute();
  info.resources = {binding(ResourceClass::UAV, ResourceKind::RawBuffer, 4, 3)};
  EXPECT_EQ(buildError(info),
            "resource 0: upper bound 3 is below the lower bound 4");

  info = emptyCompute();
  info.resources = {binding(ResourceClass::SRV, ResourceKind::RawBuffer, 0, 0)};
  info.resources[0].hasCounter = true;
  EXPECT_EQ(buildError(info),
            "resource 0: only structured UAVs have a counter");

  info = emptyCompute();
  info.featureFlags = 1ull << 18; // NativeLowPrecision
  EXPECT_EQ(buildError(info), "SFI0 sets NativeLowPrecision but the module "
                              "uses minimum precision");

  info = pixelShader();
  info.outputSignature[0].startCol = 1;
  EXPECT_EQ(buildError(info),
            "output signature element 0 ('SV_Target'): columns 1 to 4 exceed "
            "the 4 register components");

  info = pixelShader();
  info.inputSignature[1].startRow = -1;
  EXPECT_EQ(buildError(info),
            "input signature element 1 ('TEXCOORD'): start row -1 and start "
            "column 0 must both be -1 (not allocated) or both be set");

  info = pixelShader();
  info.inputSignature[0].usageMask = 0xF;
  EXPECT_EQ(buildError(info), "input signature element 0 ('NORMAL'): usage "
                              "mask 15 has bits beyond its 3 columns");

  info = pixelShader();
  info.viewIDState.pop_back();
  EXPECT_EQ(buildError(info),
            "view-ID state: truncated: the input-to-output table needs 6 "
            "dwords at dword 2, 5 left");

  info = pixelShader();
  info.viewIDState[0] = 9;
  EXPECT_EQ(buildError(info), "view-ID state: the input has 9 scalars but "
                              "the signature uses 2 vectors");

  info = domainShader();
  info.domain.domain = TessellatorDomain::Undefined;
  EXPECT_EQ(buildError(info), "domain shaders need a tessellator domain");
}

} // namespace
