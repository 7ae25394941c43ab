//===- DXContainerReaderTest.cpp - DXIL container reader tests ------------===//
//
// The reader must survive any input: these tests truncate sample containers
// at every offset, corrupt every byte with a few values and apply random
// mutations, and check that the disassembler either succeeds or returns an
// error (printing nothing), never crashing. They also check the messages for
// the common kinds of damage and that parts the reader does not know are
// listed.
//
//===----------------------------------------------------------------------===//

#include "DXContainerSamples.h"

#include "HLSL/Target/DXIL/ContainerReader.h"
#include "HLSL/Target/DXIL/ContainerWriter.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <utility>

using namespace mlir::hlsl::dxil;
using namespace samples;

namespace {

using Bytes = std::vector<uint8_t>;

Bytes build(const ShaderContainerInfo &info) {
  Bytes bytes;
  llvm::Error err = buildDXContainer(info, bytes);
  EXPECT_FALSE(bool(err)) << llvm::toString(std::move(err));
  return bytes;
}

llvm::StringRef view(const Bytes &bytes) {
  return llvm::StringRef(reinterpret_cast<const char *>(bytes.data()),
                         bytes.size());
}

/// Disassembles; returns {ok, output or error message}.
std::pair<bool, std::string> disassemble(llvm::StringRef bytes,
                                         const BitcodePrinter &printer = {}) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (llvm::Error err = disassembleDXContainer(bytes, os, printer)) {
    EXPECT_TRUE(text.empty()) << "output printed before the error";
    return {false, llvm::toString(std::move(err))};
  }
  return {true, text};
}

std::string errorOf(const Bytes &bytes) {
  auto [ok, text] = disassemble(view(bytes));
  EXPECT_FALSE(ok) << "expected an error";
  return ok ? "<no error>" : text;
}

/// Assembles a container from raw parts, as a foreign producer might.
Bytes assemble(const std::vector<std::pair<std::string, Bytes>> &parts) {
  Bytes out = {'D', 'X', 'B', 'C'};
  out.resize(20, 0);
  auto put16 = [&](uint16_t v) {
    out.push_back(v & 0xFF);
    out.push_back(v >> 8);
  };
  auto put32 = [&](uint32_t v) {
    for (unsigned i = 0; i < 4; ++i)
      out.push_back((v >> (8 * i)) & 0xFF);
  };
  put16(1);
  put16(0);
  uint32_t total = 32 + 4 * parts.size();
  for (const auto &part : parts)
    total += 8 + part.second.size();
  put32(total);
  put32(parts.size());
  uint32_t offset = 32 + 4 * parts.size();
  for (const auto &part : parts) {
    put32(offset);
    offset += 8 + part.second.size();
  }
  for (const auto &part : parts) {
    out.insert(out.end(), part.first.begin(), part.first.end());
    put32(part.second.size());
    out.insert(out.end(), part.second.begin(), part.second.end());
  }
  return out;
}

/// The parts of one of our containers, for reassembly.
std::vector<std::pair<std::string, Bytes>> partsOf(const Bytes &bytes) {
  std::vector<std::pair<std::string, Bytes>> parts;
  llvm::Expected<ParsedDXContainer> parsed = parseDXContainer(view(bytes));
  EXPECT_TRUE(bool(parsed));
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return parts;
  }
  for (const ContainerPart &part : parsed->parts)
    parts.push_back({part.name, Bytes(part.data.begin(), part.data.end())});
  return parts;
}

std::vector<Bytes> sampleContainers() {
  ShaderContainerInfo v0 = computeWithResources(0);
  v0.shaderModelMinor = v0.dxilMinor = 0;
  ShaderContainerInfo v1 = pixelShader(5);
  v1.shaderModelMinor = v1.dxilMinor = 5;
  ShaderContainerInfo v2 = domainShader(6);
  return {build(computeWithResources()),
          build(pixelShader()),
          build(domainShader()),
          build(v0),
          build(v1),
          build(v2)};
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

TEST(DXContainerReader, DisassemblesCompute) {
  auto [ok, text] = disassemble(view(build(computeWithResources())));
  ASSERT_TRUE(ok) << text;
  EXPECT_NE(text.find("  digest: 00000000000000000000000000000000 "
                      "(not signed)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    bit 15: Int64Ops (64-Bit integer)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  numthreads: 8, 8, 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    [3] UAVStructuredWithCounter, space 2, registers "
                      "1 to 1, kind StructuredBuffer, flags UsedByAtomic64\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    [2] SRVRaw, space 0, registers 0 to unbounded, "
                      "kind RawBuffer, flags none\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  program version: cs_6_6 (0x00050066)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  ; DXIL module (37 bytes of bitcode) not printed\n"),
            std::string::npos)
      << text;
}

TEST(DXContainerReader, BitcodePrinterHook) {
  Bytes bytes = build(computeWithResources());
  std::string seen;
  auto [ok, text] = disassemble(
      view(bytes), [&](llvm::StringRef bitcode, llvm::raw_ostream &os) {
        seen = bitcode.str();
        os << "; module of " << bitcode.size() << " bytes\n";
        return llvm::Error::success();
      });
  ASSERT_TRUE(ok) << text;
  Bytes expected = computeWithResources().bitcode;
  EXPECT_EQ(seen, std::string(expected.begin(), expected.end()));
  EXPECT_NE(text.find("  ; DXIL module:\n; module of 37 bytes\n"),
            std::string::npos)
      << text;

  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::Error err = disassembleDXContainer(
      view(bytes), os, [](llvm::StringRef, llvm::raw_ostream &) {
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "bad bitcode");
      });
  EXPECT_EQ(llvm::toString(std::move(err)), "bad bitcode");
}

TEST(DXContainerReader, ListsUnknownParts) {
  auto parts = partsOf(build(emptyCompute()));
  parts.insert(parts.begin() + 4, {"RDAT", Bytes(24, 0)});
  parts.push_back({"PRIV", Bytes{1, 2, 3}}); // unaligned, last
  parts.push_back({std::string("\x01Z\xffQ", 4), Bytes{}});
  auto [ok, text] = disassemble(view(assemble(parts)));
  ASSERT_TRUE(ok) << text;
  EXPECT_NE(text.find("part 4: RDAT, offset 200, 24 bytes (not decoded)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(": PRIV, offset "), std::string::npos) << text;
  EXPECT_NE(text.find("3 bytes (not decoded)\n"), std::string::npos) << text;
  EXPECT_NE(text.find(": \\x01Z\\xFFQ, offset "), std::string::npos) << text;
}

TEST(DXContainerReader, DecodesRootSignatures) {
  // Version 1.1, one root UAV u3 space 2 (flags 0, pixel visibility); a
  // truncated one and an unknown version are reported, not misread.
  Bytes rts0 = {2,  0, 0, 0, 1, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0,
                48, 0, 0, 0, 0, 0, 0, 0, 4,  0, 0, 0, 5, 0, 0, 0,
                36, 0, 0, 0, 3, 0, 0, 0, 2,  0, 0, 0, 0, 0, 0, 0};
  auto parts = partsOf(build(emptyCompute()));
  parts.insert(parts.begin() + 4, {"RTS0", rts0});
  auto [ok, text] = disassemble(view(assemble(parts)));
  ASSERT_TRUE(ok) << text;
  EXPECT_NE(text.find("  version: 1.1\n  flags: 0x0\n"
                      "  [0] root UAV u3, space 2, flags 0x0, pixel\n"),
            std::string::npos)
      << text;

  auto truncated = partsOf(build(emptyCompute()));
  truncated.insert(truncated.begin() + 4,
                   {"RTS0", Bytes(rts0.begin(), rts0.begin() + 30)});
  auto [ok2, text2] = disassemble(view(assemble(truncated)));
  ASSERT_TRUE(ok2) << text2;
  EXPECT_NE(text2.find("(malformed parameter 0)"), std::string::npos) << text2;

  auto unknown = partsOf(build(emptyCompute()));
  unknown.insert(unknown.begin() + 4, {"RTS0", Bytes(24, 0)});
  auto [ok3, text3] = disassemble(view(assemble(unknown)));
  ASSERT_TRUE(ok3) << text3;
  EXPECT_NE(text3.find("  version: unknown (0)\n"), std::string::npos) << text3;
}

TEST(DXContainerReader, ParsesRootParameters) {
  // The same root signature (v1.1, one root UAV u3 in space 2) as a list of
  // parameters, as hlsl-run binds them; a truncated part and an unknown
  // version are errors.
  std::vector<uint8_t> rts0 = {
      2, 0, 0, 0, 1, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 48, 0, 0, 0, 0, 0, 0, 0,
      4, 0, 0, 0, 5, 0, 0, 0, 36, 0, 0, 0, 3, 0, 0, 0, 2,  0, 0, 0, 0, 0, 0, 0};
  auto bytes = [](const std::vector<uint8_t> &data, size_t size) {
    return llvm::StringRef(reinterpret_cast<const char *>(data.data()), size);
  };
  auto parameters = parseRootParameters(bytes(rts0, rts0.size()));
  ASSERT_TRUE(bool(parameters)) << llvm::toString(parameters.takeError());
  ASSERT_EQ(parameters->size(), 1u);
  EXPECT_EQ((*parameters)[0].type, 4u);
  EXPECT_EQ((*parameters)[0].visibility, 5u);
  EXPECT_EQ((*parameters)[0].shaderRegister, 3u);
  EXPECT_EQ((*parameters)[0].registerSpace, 2u);

  auto truncated = parseRootParameters(bytes(rts0, 40));
  ASSERT_FALSE(bool(truncated));
  EXPECT_EQ(llvm::toString(truncated.takeError()),
            "malformed RTS0 part: parameter 0 is outside the part");
  std::vector<uint8_t> unknown(24, 0);
  auto version = parseRootParameters(bytes(unknown, unknown.size()));
  ASSERT_FALSE(bool(version));
  EXPECT_EQ(llvm::toString(version.takeError()),
            "malformed RTS0 part: unknown version 0");
}

TEST(DXContainerReader, AcceptsLargerRecordsAndRuntimeInfo) {
  // A producer newer than us may write a larger runtime info and larger
  // records; the known prefix is decoded, as DXC's reader does.
  auto parts = partsOf(build(computeWithResources()));
  for (auto &[name, data] : parts) {
    if (name != "PSV0")
      continue;
    Bytes psv;
    auto put32 = [&](uint32_t v) {
      for (unsigned i = 0; i < 4; ++i)
        psv.push_back((v >> (8 * i)) & 0xFF);
    };
    const uint8_t *p = data.data();
    put32(56); // runtime info grows by 4 bytes
    psv.insert(psv.end(), p + 4, p + 56);
    put32(0xABCD);
    put32(1); // one resource of 28 bytes
    put32(28);
    psv.insert(psv.end(), p + 64, p + 88);
    put32(7);
    // The string and semantic index tables.
    size_t tables = 4 + 52 + 4 + 4 + 4 * 24;
    psv.insert(psv.end(), p + tables, p + data.size());
    data = psv;
  }
  auto [ok, text] = disassemble(view(assemble(parts)));
  ASSERT_TRUE(ok) << text;
  EXPECT_NE(text.find("  runtime info: 56 bytes (version 3)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  resources: 1, 28 bytes each\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("  entry function: 'main'\n"), std::string::npos) << text;
}

//===----------------------------------------------------------------------===//
// Error messages
//===----------------------------------------------------------------------===//

TEST(DXContainerReader, ErrorMessages) {
  Bytes good = build(emptyCompute());
  Bytes bytes;

  EXPECT_EQ(errorOf(Bytes(good.begin(), good.begin() + 20)),
            "file is too small for a DXContainer header (20 bytes, need 32)");

  bytes = good;
  bytes[0] = 'X';
  bytes[3] = 0;
  EXPECT_EQ(errorOf(bytes), "bad magic 'XXB\\x00', expected 'DXBC'");

  bytes = good;
  bytes[20] = 2;
  EXPECT_EQ(errorOf(bytes), "unsupported container version 2.0");

  bytes = Bytes(good.begin(), good.end() - 1);
  EXPECT_EQ(errorOf(bytes), "the header says the container has 252 bytes, "
                            "but the file has 251");

  bytes = good;
  bytes.push_back(0);
  EXPECT_EQ(errorOf(bytes), "the file has 253 bytes, but the header says the "
                            "container has 252");

  bytes = good;
  bytes[28] = 200; // part count
  EXPECT_EQ(errorOf(bytes), "the part offset table (200 parts) extends past "
                            "the end of the file (252 bytes)");

  bytes = good;
  bytes[32 + 4 * 2] = 0xF8; // OSG1 offset -> 248
  EXPECT_EQ(errorOf(bytes), "part 2 offset 248 is outside the file (252 "
                            "bytes)");

  bytes = good;
  bytes[32] = 8; // SFI0 offset
  EXPECT_EQ(errorOf(bytes), "part 0 offset 8 points into the container "
                            "header");

  bytes = good;
  bytes[32 + 4] = 60; // ISG1 offset inside SFI0
  EXPECT_EQ(errorOf(bytes), "part 1 at offset 60 overlaps the previous part");

  bytes = good;
  bytes[216 + 4] = 29; // DXIL part size
  EXPECT_EQ(errorOf(bytes), "part 5 'DXIL' (offset 216, 29 bytes) extends "
                            "past the end of the file (252 bytes)");

  auto parts = partsOf(good);
  parts.push_back(parts[0]);
  EXPECT_EQ(errorOf(assemble(parts)), "duplicate 'SFI0' part (parts 0 and 6)");

  parts = partsOf(good);
  parts[0].second.resize(4);
  EXPECT_EQ(errorOf(assemble(parts)), "SFI0 part has 4 bytes, expected 8");

  parts = partsOf(good);
  parts[4].second.push_back(0);
  EXPECT_EQ(errorOf(assemble(parts)), "HASH part has 21 bytes, expected 20");
}

TEST(DXContainerReader, TruncatedPSV0Messages) {
  auto parts = partsOf(build(computeWithResources()));
  Bytes psv = parts[3].second;
  auto withPSV = [&](size_t size) {
    auto copy = parts;
    copy[3].second.assign(psv.begin(), psv.begin() + size);
    return errorOf(assemble(copy));
  };
  EXPECT_EQ(withPSV(2), "PSV0 part is truncated: the runtime info size needs "
                        "4 bytes at offset 0, but the part has 2 bytes");
  EXPECT_EQ(withPSV(40), "PSV0 part is truncated: the runtime info needs 52 "
                         "bytes at offset 4, but the part has 40 bytes");
  EXPECT_EQ(withPSV(58), "PSV0 part is truncated: the resource count needs 4 "
                         "bytes at offset 56, but the part has 58 bytes");
  EXPECT_EQ(withPSV(100), "PSV0 part is truncated: 4 resource records of 24 "
                          "bytes needs 96 bytes at offset 64, but the part "
                          "has 100 bytes");
  EXPECT_EQ(withPSV(162), "PSV0 part is truncated: the string table size "
                          "needs 4 bytes at offset 160, but the part has 162 "
                          "bytes");
  EXPECT_EQ(withPSV(170), "PSV0 part is truncated: the string table needs 8 "
                          "bytes at offset 164, but the part has 170 bytes");
  EXPECT_EQ(withPSV(174), "PSV0 part is truncated: the semantic index table "
                          "size needs 4 bytes at offset 172, but the part has "
                          "174 bytes");

  Bytes broken = psv;
  broken[0] = 20;
  auto copy = parts;
  copy[3].second = broken;
  EXPECT_EQ(errorOf(assemble(copy)), "PSV0 part: runtime info size 20 is "
                                     "smaller than the 24 bytes of version 0");
}

TEST(DXContainerReader, BadReferencesInsideParts) {
  auto parts = partsOf(build(pixelShader()));
  // ISG1 element 1's name offset beyond the part.
  auto copy = parts;
  copy[1].second[8 + 32 + 4] = 0xF0;
  EXPECT_EQ(errorOf(assemble(copy)), "ISG1 part: element 1 name offset 240 "
                                     "is outside the part (88 bytes)");
  // OSG1 with more elements than fit.
  copy = parts;
  copy[2].second[0] = 3;
  EXPECT_EQ(errorOf(assemble(copy)), "OSG1 part: 3 elements at offset 8 "
                                     "extend past the end of the part (52 "
                                     "bytes)");
  // DXIL magic and bitcode size.
  copy = parts;
  copy[5].second[8] = 'X';
  EXPECT_EQ(errorOf(assemble(copy)),
            "DXIL part: bad program magic 'XXIL', expected 'DXIL'");
  copy = parts;
  copy[5].second[20] = 200;
  EXPECT_EQ(errorOf(assemble(copy)), "DXIL part: bitcode (offset 16, 200 "
                                     "bytes) extends past the end of the part "
                                     "(48 bytes)");
  copy = parts;
  copy[5].second[4] = 13;
  EXPECT_EQ(errorOf(assemble(copy)),
            "DXIL part: program size 13 dwords exceeds the 48-byte part");
}

//===----------------------------------------------------------------------===//
// Robustness
//===----------------------------------------------------------------------===//

TEST(DXContainerReader, EveryTruncationFails) {
  for (const Bytes &sample : sampleContainers()) {
    ASSERT_TRUE(disassemble(view(sample)).first);
    for (size_t size = 0; size < sample.size(); ++size) {
      // A copy, so that reading past `size` would read freed or foreign
      // memory under a sanitizer rather than the rest of the sample.
      Bytes truncated(sample.begin(), sample.begin() + size);
      auto [ok, message] = disassemble(view(truncated));
      EXPECT_FALSE(ok) << "truncated to " << size;
      EXPECT_FALSE(message.empty());
    }
  }
}

TEST(DXContainerReader, EveryByteCorruptionIsHandled) {
  size_t failures = 0, successes = 0;
  for (const Bytes &sample : sampleContainers()) {
    for (size_t offset = 0; offset < sample.size(); ++offset) {
      uint8_t original = sample[offset];
      for (uint8_t value : {uint8_t(0x00), uint8_t(0xFF), uint8_t(0x80),
                            uint8_t(original ^ 0x01), uint8_t(original + 4)}) {
        if (value == original)
          continue;
        Bytes corrupted = sample;
        corrupted[offset] = value;
        auto [ok, text] = disassemble(view(corrupted));
        (ok ? successes : failures) += 1;
        EXPECT_FALSE(text.empty());
      }
    }
  }
  // Both outcomes occur: payload bytes may change freely, structure may not.
  EXPECT_GT(failures, 100u);
  EXPECT_GT(successes, 100u);
}

TEST(DXContainerReader, RandomMutationsAreHandled) {
  std::mt19937 rng(12345);
  std::vector<Bytes> samples = sampleContainers();
  for (unsigned iteration = 0; iteration < 20000; ++iteration) {
    Bytes bytes = samples[iteration % samples.size()];
    unsigned edits = 1 + rng() % 8;
    for (unsigned e = 0; e < edits; ++e) {
      size_t offset = rng() % bytes.size();
      switch (rng() % 4) {
      case 0:
        bytes[offset] = rng();
        break;
      case 1: // a plausible-looking small dword
        for (unsigned i = 0; i < 4 && offset + i < bytes.size(); ++i)
          bytes[offset + i] = i == 0 ? rng() % 64 : 0;
        break;
      case 2: // a huge dword
        for (unsigned i = 0; i < 4 && offset + i < bytes.size(); ++i)
          bytes[offset + i] = 0xFF;
        break;
      case 3: // keep the header size consistent with a truncation
        bytes.resize(std::max<size_t>(offset, 32));
        llvm::support::endian::write32le(bytes.data() + 24, bytes.size());
        break;
      }
    }
    auto [ok, text] = disassemble(view(bytes));
    EXPECT_FALSE(text.empty());
  }
}

} // namespace
