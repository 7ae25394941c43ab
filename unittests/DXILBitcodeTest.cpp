//===- DXILBitcodeTest.cpp - LLVM 3.7 bitcode writer tests ----------------===//
//
// Bit-level encodings compared byte for byte with an independent bit packer,
// the typed-pointer type table, the 3.7 metadata records, determinism and the
// round-trip check of the DXIL bitcode writer.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Bitcode37.h"
#include "HLSL/Target/DXIL/BitcodeWriter.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitstream/BitCodeEnums.h"
#include "llvm/Bitstream/BitstreamReader.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
using namespace mlir::hlsl::dxil;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// An independent reference for the expected bits: fields are appended
/// least significant bit first, as the bitstream format specifies.
class BitPacker {
public:
  void fixed(uint64_t value, unsigned width) {
    for (unsigned i = 0; i != width; ++i)
      bit((value >> i) & 1);
  }
  void vbr(uint64_t value, unsigned width) {
    uint64_t limit = uint64_t(1) << (width - 1);
    while (value >= limit) {
      fixed((value & (limit - 1)) | limit, width);
      value >>= width - 1;
    }
    fixed(value, width);
  }
  void align32() {
    while (position % 32)
      bit(0);
  }
  void byte(uint8_t value) { fixed(value, 8); }
  std::vector<uint8_t> finish() {
    align32();
    return bytes;
  }
  size_t bitPosition() const { return position; }

private:
  void bit(unsigned value) {
    if (position % 8 == 0)
      bytes.push_back(0);
    bytes.back() |= value << (position % 8);
    ++position;
  }
  std::vector<uint8_t> bytes;
  size_t position = 0;
};

std::vector<uint8_t> toBytes(const SmallVectorImpl<char> &buffer) {
  return std::vector<uint8_t>(buffer.begin(), buffer.end());
}

std::unique_ptr<Module> parse(StringRef text, LLVMContext &context) {
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module =
      parseAssemblyString(text, diagnostic, context);
  if (!module) {
    std::string message;
    raw_string_ostream os(message);
    diagnostic.print("DXILBitcodeTest", os);
    ADD_FAILURE() << message;
  }
  return module;
}

std::string write(const Module &module,
                  const DXILBitcodeOptions &options = {}) {
  std::string bitcode;
  raw_string_ostream os(bitcode);
  if (Error error = writeDXILBitcode(module, os, options))
    ADD_FAILURE() << toString(std::move(error));
  return bitcode;
}

struct Record {
  unsigned code = 0;
  unsigned abbrev = 0;
  SmallVector<uint64_t, 16> ops;
};

struct Block {
  unsigned id = 0;
  std::vector<Record> records;
  std::vector<Block> blocks;

  std::vector<const Block *> children(unsigned childID) const {
    std::vector<const Block *> result;
    for (const Block &block : blocks)
      if (block.id == childID)
        result.push_back(&block);
    return result;
  }
  const Block *child(unsigned childID) const {
    std::vector<const Block *> all = children(childID);
    return all.empty() ? nullptr : all.front();
  }
  std::vector<const Record *> withCode(unsigned code) const {
    std::vector<const Record *> result;
    for (const Record &record : records)
      if (record.code == code)
        result.push_back(&record);
    return result;
  }
};

/// Reads a block (after its ENTER_SUBBLOCK id) with LLVM's bitstream reader.
Block readBlock(BitstreamCursor &cursor, unsigned id,
                std::optional<BitstreamBlockInfo> &info) {
  Block block;
  block.id = id;
  if (Error error = cursor.EnterSubBlock(id)) {
    ADD_FAILURE() << toString(std::move(error));
    return block;
  }
  while (true) {
    Expected<BitstreamEntry> entry = cursor.advance();
    if (!entry) {
      ADD_FAILURE() << toString(entry.takeError());
      return block;
    }
    switch (entry->Kind) {
    case BitstreamEntry::EndBlock:
      return block;
    case BitstreamEntry::Error:
      ADD_FAILURE() << "malformed block " << id;
      return block;
    case BitstreamEntry::SubBlock:
      if (entry->ID == bitc::BLOCKINFO_BLOCK_ID) {
        Expected<std::optional<BitstreamBlockInfo>> read =
            cursor.ReadBlockInfoBlock();
        if (!read || !*read) {
          if (!read)
            consumeError(read.takeError());
          ADD_FAILURE() << "malformed BLOCKINFO";
          return block;
        }
        info = std::move(**read);
        cursor.setBlockInfo(&*info);
        Block marker;
        marker.id = bitc::BLOCKINFO_BLOCK_ID;
        block.blocks.push_back(std::move(marker));
      } else {
        block.blocks.push_back(readBlock(cursor, entry->ID, info));
      }
      break;
    case BitstreamEntry::Record: {
      Record record;
      record.abbrev = entry->ID;
      Expected<unsigned> code = cursor.readRecord(entry->ID, record.ops);
      if (!code) {
        ADD_FAILURE() << toString(code.takeError());
        return block;
      }
      record.code = *code;
      block.records.push_back(std::move(record));
      break;
    }
    }
  }
}

/// The module block of a bitcode file (checking the magic first).
struct ParsedBitcode {
  std::optional<BitstreamBlockInfo> info;
  Block module;
};

std::unique_ptr<ParsedBitcode> readModule(StringRef bitcode) {
  auto parsed = std::make_unique<ParsedBitcode>();
  EXPECT_TRUE(bitcode.starts_with(StringRef("BC\xC0\xDE", 4)));
  BitstreamCursor cursor(bitcode);
  if (Error error = cursor.JumpToBit(32)) {
    ADD_FAILURE() << toString(std::move(error));
    return parsed;
  }
  Expected<BitstreamEntry> entry = cursor.advance();
  if (!entry || entry->Kind != BitstreamEntry::SubBlock ||
      entry->ID != bc37::MODULE_BLOCK_ID) {
    if (!entry)
      consumeError(entry.takeError());
    ADD_FAILURE() << "no module block";
    return parsed;
  }
  parsed->module = readBlock(cursor, bc37::MODULE_BLOCK_ID, parsed->info);
  EXPECT_TRUE(cursor.AtEndOfStream()) << "data after the module block";
  return parsed;
}

void expectRoundTrip(const Module &module, StringRef bitcode) {
  if (Error error = verifyDXILBitcodeRoundTrip(module, bitcode))
    ADD_FAILURE() << toString(std::move(error));
}

std::string chars(ArrayRef<uint64_t> ops) {
  std::string text;
  for (uint64_t c : ops)
    text.push_back(static_cast<char>(c));
  return text;
}

/// The type table as printed typed-pointer types ("[4 x float]*", ...).
std::vector<std::string> typeNames(const Block &typeBlock) {
  std::vector<std::string> names;
  std::string pendingName;
  for (const Record &record : typeBlock.records) {
    auto name = [&](uint64_t id) {
      return id < names.size() ? names[id] : "<fwd " + std::to_string(id) + ">";
    };
    switch (record.code) {
    case bc37::TYPE_CODE_NUMENTRY:
      continue;
    case bc37::TYPE_CODE_STRUCT_NAME:
      pendingName = chars(record.ops);
      continue;
    case bc37::TYPE_CODE_VOID:
      names.push_back("void");
      break;
    case bc37::TYPE_CODE_HALF:
      names.push_back("half");
      break;
    case bc37::TYPE_CODE_FLOAT:
      names.push_back("float");
      break;
    case bc37::TYPE_CODE_DOUBLE:
      names.push_back("double");
      break;
    case bc37::TYPE_CODE_INTEGER:
      names.push_back("i" + std::to_string(record.ops[0]));
      break;
    case bc37::TYPE_CODE_POINTER:
      names.push_back(name(record.ops[0]) +
                      (record.ops[1]
                           ? " addrspace(" + std::to_string(record.ops[1]) + ")"
                           : std::string()) +
                      "*");
      break;
    case bc37::TYPE_CODE_ARRAY:
      names.push_back("[" + std::to_string(record.ops[0]) + " x " +
                      name(record.ops[1]) + "]");
      break;
    case bc37::TYPE_CODE_STRUCT_NAMED:
    case bc37::TYPE_CODE_OPAQUE:
      names.push_back("%" + pendingName);
      pendingName.clear();
      break;
    case bc37::TYPE_CODE_STRUCT_ANON: {
      std::string text = "{";
      for (size_t i = 1; i < record.ops.size(); ++i)
        text += (i > 1 ? ", " : " ") + name(record.ops[i]);
      names.push_back(text + " }");
      break;
    }
    case bc37::TYPE_CODE_FUNCTION: {
      std::string text = name(record.ops[1]) + " (";
      for (size_t i = 2; i < record.ops.size(); ++i)
        text += (i > 2 ? ", " : "") + name(record.ops[i]);
      names.push_back(text + ")");
      break;
    }
    default:
      names.push_back("<code " + std::to_string(record.code) + ">");
      break;
    }
  }
  return names;
}

//===----------------------------------------------------------------------===//
// Encodings
//===----------------------------------------------------------------------===//

TEST(DXILBitcodeEncoding, Magic) {
  SmallVector<char, 16> buffer;
  {
    BitstreamWriter stream(buffer);
    bc37::emitMagic(stream);
  }
  EXPECT_EQ(toBytes(buffer), (std::vector<uint8_t>{0x42, 0x43, 0xC0, 0xDE}));
}

TEST(DXILBitcodeEncoding, VBR) {
  for (uint64_t value : {uint64_t(0), uint64_t(31), uint64_t(32), uint64_t(100),
                         uint64_t(4294967295u), uint64_t(1) << 40}) {
    SmallVector<char, 32> buffer;
    {
      BitstreamWriter stream(buffer);
      stream.EmitVBR64(value, 6);
    }
    BitPacker expected;
    expected.vbr(value, 6);
    EXPECT_EQ(toBytes(buffer), expected.finish()) << "value " << value;
  }
  // 100 in VBR6 by hand: 0b100100 (4 | continuation), 0b000011.
  BitPacker byHand;
  byHand.fixed(0b100100, 6);
  byHand.fixed(0b000011, 6);
  BitPacker packer;
  packer.vbr(100, 6);
  EXPECT_EQ(packer.finish(), byHand.finish());
}

TEST(DXILBitcodeEncoding, SignedOperands) {
  EXPECT_EQ(bc37::encodeSigned(0), 0u);
  EXPECT_EQ(bc37::encodeSigned(1), 2u);
  EXPECT_EQ(bc37::encodeSigned(-1), 3u);
  EXPECT_EQ(bc37::encodeSigned(93), 186u);
  EXPECT_EQ(bc37::encodeSigned(-3), 7u);
  EXPECT_EQ(bc37::encodeSigned(INT64_MIN), 1u);
}

TEST(DXILBitcodeEncoding, Char6) {
  EXPECT_TRUE(bc37::isChar6("dx.types.Handle"));
  EXPECT_TRUE(bc37::isChar6("a_Z9"));
  EXPECT_FALSE(bc37::isChar6("a-b"));
  EXPECT_FALSE(bc37::isChar6("a b"));
}

/// An unabbreviated record inside a block: ENTER_SUBBLOCK, the block length
/// word, UNABBREV_RECORD with VBR6 code, count and operands, END_BLOCK.
TEST(DXILBitcodeEncoding, BlockWithUnabbreviatedRecord) {
  SmallVector<char, 64> buffer;
  {
    BitstreamWriter stream(buffer);
    stream.EnterSubblock(bc37::MODULE_BLOCK_ID, 3);
    SmallVector<uint64_t, 1> version{1};
    stream.EmitRecord(bc37::MODULE_CODE_VERSION, version);
    stream.ExitBlock();
  }
  BitPacker expected;
  expected.fixed(bitc::ENTER_SUBBLOCK, 2);
  expected.vbr(bc37::MODULE_BLOCK_ID, 8);
  expected.vbr(3, 4);
  expected.align32();
  expected.fixed(1, 32); // the block is one word long
  expected.fixed(bitc::UNABBREV_RECORD, 3);
  expected.vbr(bc37::MODULE_CODE_VERSION, 6);
  expected.vbr(1, 6);
  expected.vbr(1, 6);
  expected.fixed(bitc::END_BLOCK, 3);
  EXPECT_EQ(toBytes(buffer), expected.finish());
}

/// DEFINE_ABBREV for [literal 19, array of char6], a char6 string record
/// through emitStringRecord, and its unabbreviated fallback for a string
/// with a non-char6 character.
TEST(DXILBitcodeEncoding, Char6AbbreviationAndFallback) {
  SmallVector<char, 64> buffer;
  {
    BitstreamWriter stream(buffer);
    stream.EnterSubblock(bc37::TYPE_BLOCK_ID_NEW, 4);
    auto abbrev = std::make_shared<BitCodeAbbrev>();
    abbrev->Add(BitCodeAbbrevOp(bc37::TYPE_CODE_STRUCT_NAME));
    abbrev->Add(BitCodeAbbrevOp(BitCodeAbbrevOp::Array));
    abbrev->Add(BitCodeAbbrevOp(BitCodeAbbrevOp::Char6));
    unsigned id = stream.EmitAbbrev(std::move(abbrev));
    EXPECT_EQ(id, 4u);
    bc37::emitStringRecord(stream, bc37::TYPE_CODE_STRUCT_NAME, "ab.1", id);
    bc37::emitStringRecord(stream, bc37::TYPE_CODE_STRUCT_NAME, "a-b", id);
    stream.ExitBlock();
  }
  BitPacker body;
  body.fixed(bitc::DEFINE_ABBREV, 4);
  body.vbr(3, 5);    // three operands
  body.fixed(1, 1);  // literal
  body.vbr(19, 8);   //   STRUCT_NAME
  body.fixed(0, 1);  // encoded
  body.fixed(3, 3);  //   Array
  body.fixed(0, 1);  // encoded
  body.fixed(4, 3);  //   Char6
  body.fixed(4, 4);  // abbreviation 4
  body.vbr(4, 6);    // four characters
  body.fixed(0, 6);  // 'a'
  body.fixed(1, 6);  // 'b'
  body.fixed(62, 6); // '.'
  body.fixed(53, 6); // '1'
  body.fixed(bitc::UNABBREV_RECORD, 4);
  body.vbr(19, 6);
  body.vbr(3, 6);
  body.vbr('a', 6);
  body.vbr('-', 6);
  body.vbr('b', 6);
  body.fixed(bitc::END_BLOCK, 4);
  std::vector<uint8_t> bodyBytes = body.finish();

  BitPacker expected;
  expected.fixed(bitc::ENTER_SUBBLOCK, 2);
  expected.vbr(bc37::TYPE_BLOCK_ID_NEW, 8);
  expected.vbr(4, 4);
  expected.align32();
  expected.fixed(bodyBytes.size() / 4, 32);
  for (uint8_t b : bodyBytes)
    expected.byte(b);
  EXPECT_EQ(toBytes(buffer), expected.finish());
}

/// A blob: VBR6 length, 32-bit alignment, the bytes, 32-bit alignment.
TEST(DXILBitcodeEncoding, Blob) {
  SmallVector<char, 64> buffer;
  {
    BitstreamWriter stream(buffer);
    stream.EnterSubblock(bc37::METADATA_BLOCK_ID, 3);
    auto abbrev = std::make_shared<BitCodeAbbrev>();
    abbrev->Add(BitCodeAbbrevOp(7));
    abbrev->Add(BitCodeAbbrevOp(BitCodeAbbrevOp::Blob));
    unsigned id = stream.EmitAbbrev(std::move(abbrev));
    // The record's values start with the (literal) code.
    SmallVector<uint64_t, 1> code{7};
    stream.EmitRecordWithBlob(id, code, StringRef("xyz"));
    stream.ExitBlock();
  }
  BitPacker body;
  body.fixed(bitc::DEFINE_ABBREV, 3);
  body.vbr(2, 5);
  body.fixed(1, 1);
  body.vbr(7, 8);
  body.fixed(0, 1);
  body.fixed(5, 3); // Blob
  body.fixed(4, 3); // abbreviation 4
  body.vbr(3, 6);   // length
  body.align32();
  body.byte('x');
  body.byte('y');
  body.byte('z');
  body.align32();
  body.fixed(bitc::END_BLOCK, 3);
  std::vector<uint8_t> bodyBytes = body.finish();

  BitPacker expected;
  expected.fixed(bitc::ENTER_SUBBLOCK, 2);
  expected.vbr(bc37::METADATA_BLOCK_ID, 8);
  expected.vbr(3, 4);
  expected.align32();
  expected.fixed(bodyBytes.size() / 4, 32);
  for (uint8_t b : bodyBytes)
    expected.byte(b);
  EXPECT_EQ(toBytes(buffer), expected.finish());
}

/// The BLOCKINFO abbreviations, read back with LLVM's bitstream reader.
TEST(DXILBitcodeEncoding, BlockInfoAbbreviations) {
  SmallVector<char, 256> buffer;
  {
    BitstreamWriter stream(buffer);
    stream.EnterSubblock(bc37::MODULE_BLOCK_ID, 3);
    bc37::emitBlockInfo(stream, /*numTypes=*/20); // type ids need 5 bits
    stream.ExitBlock();
  }
  BitstreamCursor cursor(StringRef(buffer.data(), buffer.size()));
  std::optional<BitstreamBlockInfo> info;
  Expected<BitstreamEntry> entry = cursor.advance();
  ASSERT_TRUE(bool(entry));
  ASSERT_EQ(entry->Kind, BitstreamEntry::SubBlock);
  Block module = readBlock(cursor, bc37::MODULE_BLOCK_ID, info);
  ASSERT_TRUE(info.has_value());

  auto describe = [](const BitCodeAbbrev &abbrev) {
    std::string text;
    for (unsigned i = 0, e = abbrev.getNumOperandInfos(); i != e; ++i) {
      const BitCodeAbbrevOp &op = abbrev.getOperandInfo(i);
      if (i)
        text += " ";
      if (op.isLiteral()) {
        text += std::to_string(op.getLiteralValue());
        continue;
      }
      switch (op.getEncoding()) {
      case BitCodeAbbrevOp::Fixed:
        text += "F" + std::to_string(op.getEncodingData());
        break;
      case BitCodeAbbrevOp::VBR:
        text += "V" + std::to_string(op.getEncodingData());
        break;
      case BitCodeAbbrevOp::Array:
        text += "A";
        break;
      case BitCodeAbbrevOp::Char6:
        text += "C6";
        break;
      case BitCodeAbbrevOp::Blob:
        text += "B";
        break;
      }
    }
    return text;
  };
  auto abbrevs = [&](unsigned blockID) {
    std::vector<std::string> result;
    if (const BitstreamBlockInfo::BlockInfo *block =
            info->getBlockInfo(blockID))
      for (const auto &abbrev : block->Abbrevs)
        result.push_back(describe(*abbrev));
    return result;
  };
  EXPECT_EQ(abbrevs(bc37::VALUE_SYMTAB_BLOCK_ID),
            (std::vector<std::string>{"F3 V8 A F8", "1 V8 A F7", "1 V8 A C6",
                                      "2 V8 A C6"}));
  EXPECT_EQ(abbrevs(bc37::CONSTANTS_BLOCK_ID),
            (std::vector<std::string>{"1 F5", "4 V8", "11 F4 F5 V8", "2"}));
  EXPECT_EQ(abbrevs(bc37::FUNCTION_BLOCK_ID),
            (std::vector<std::string>{"20 V6 F5 V4 F1", "2 V6 V6 F4",
                                      "2 V6 V6 F4 F7", "3 V6 F5 F4", "10",
                                      "10 V6", "15", "43 F1 F5 A V6"}));
  EXPECT_EQ(bc37::typeIdBits(20), 5u);
  EXPECT_EQ(bc37::typeIdBits(31), 5u);
  EXPECT_EQ(bc37::typeIdBits(32), 6u);
}

//===----------------------------------------------------------------------===//
// Typed pointers
//===----------------------------------------------------------------------===//

const char *typedPointerModule = R"(
define float @main(ptr %p) {
entry:
  %arr = alloca [4 x float], align 4
  ; %arr as its first element: a zero-index GEP
  %x = load float, ptr %arr, align 4
  ; %arr as i32: a bitcast
  %y = load i32, ptr %arr, align 4
  ; the argument: float* from its first use, a bitcast for the second
  %a = load float, ptr %p, align 4
  %b = load i32, ptr %p, align 4
  ret float %x
}
)";

TEST(DXILBitcodeTypedPointers, OnePointerAtTwoTypes) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(typedPointerModule, context);
  ASSERT_TRUE(module);
  std::string bitcode = write(*module);
  std::unique_ptr<ParsedBitcode> parsed = readModule(bitcode);

  const Block *typeBlock = parsed->module.child(bc37::TYPE_BLOCK_ID_NEW);
  ASSERT_TRUE(typeBlock);
  std::vector<std::string> names = typeNames(*typeBlock);
  for (const char *expected :
       {"[4 x float]*", "float*", "i32*", "float (float*)", "float (float*)*"})
    EXPECT_TRUE(is_contained(names, expected)) << expected;
  EXPECT_FALSE(is_contained(names, "i8*")) << "no untyped fallbacks needed";

  // The function type record of @main takes float*.
  const Record *fn =
      parsed->module.withCode(bc37::MODULE_CODE_FUNCTION).front();
  EXPECT_EQ(names[fn->ops[0]], "float (float*)");

  const Block *body = parsed->module.child(bc37::FUNCTION_BLOCK_ID);
  ASSERT_TRUE(body);
  std::vector<unsigned> codes;
  for (const Record &record : body->records)
    codes.push_back(record.code);
  EXPECT_EQ(codes,
            (std::vector<unsigned>{
                bc37::FUNC_CODE_DECLAREBLOCKS, bc37::FUNC_CODE_INST_ALLOCA,
                bc37::FUNC_CODE_INST_GEP, bc37::FUNC_CODE_INST_LOAD,
                bc37::FUNC_CODE_INST_CAST, bc37::FUNC_CODE_INST_LOAD,
                bc37::FUNC_CODE_INST_LOAD, bc37::FUNC_CODE_INST_CAST,
                bc37::FUNC_CODE_INST_LOAD, bc37::FUNC_CODE_INST_RET}));
  // GEP [inbounds, source type, ...]; CAST [value, destination type, opcode].
  const Record &gep = body->records[2];
  EXPECT_EQ(gep.ops[0], 1u);
  EXPECT_EQ(names[gep.ops[1]], "[4 x float]");
  for (size_t i : {4u, 7u}) {
    const Record &cast = body->records[i];
    EXPECT_EQ(names[cast.ops[1]], "i32*");
    EXPECT_EQ(cast.ops[2], uint64_t(bc37::CAST_BITCAST));
  }
  // The loads name their result type explicitly.
  EXPECT_EQ(names[body->records[3].ops[1]], "float");
  EXPECT_EQ(names[body->records[5].ops[1]], "i32");

  // LLVM 22 sees the casts as instructions in front of the loads.
  LLVMContext readContext;
  Expected<std::unique_ptr<Module>> reread =
      readDXILBitcode(bitcode, readContext);
  ASSERT_TRUE(bool(reread)) << toString(reread.takeError());
  std::vector<std::string> opcodes;
  for (const Instruction &inst : (*reread)->getFunction("main")->front())
    opcodes.push_back(inst.getOpcodeName());
  EXPECT_EQ(opcodes, (std::vector<std::string>{
                         "alloca", "getelementptr", "load", "bitcast", "load",
                         "load", "bitcast", "load", "ret"}));
  expectRoundTrip(*module, bitcode);
}

TEST(DXILBitcodeTypedPointers, DeclarationsTakeTheirCallSiteTypes) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(R"(
%dx.types.Handle = type { ptr }
@g = internal addrspace(3) global [8 x i32] undef
declare void @use(ptr addrspace(3), %dx.types.Handle)
declare ptr @make()
define void @main(%dx.types.Handle %h) {
  %e = getelementptr inbounds [8 x i32], ptr addrspace(3) @g, i32 0, i32 1
  call void @use(ptr addrspace(3) %e, %dx.types.Handle %h)
  call void @use(ptr addrspace(3) @g, %dx.types.Handle %h)
  %m = call ptr @make()
  store double 1.0, ptr %m
  ret void
}
)",
                                         context);
  ASSERT_TRUE(module);
  std::string bitcode = write(*module);
  std::unique_ptr<ParsedBitcode> parsed = readModule(bitcode);
  std::vector<std::string> names =
      typeNames(*parsed->module.child(bc37::TYPE_BLOCK_ID_NEW));
  std::vector<std::string> functionTypes;
  for (const Record *record :
       parsed->module.withCode(bc37::MODULE_CODE_FUNCTION))
    functionTypes.push_back(names[record->ops[0]]);
  EXPECT_EQ(functionTypes, (std::vector<std::string>{
                               "void (i32 addrspace(3)*, %dx.types.Handle)",
                               "double* ()", "void (%dx.types.Handle)"}));
  EXPECT_TRUE(is_contained(names, "i8*")) << "the handle's field";
  expectRoundTrip(*module, bitcode);
}

//===----------------------------------------------------------------------===//
// Metadata
//===----------------------------------------------------------------------===//

TEST(DXILBitcodeMetadata, RecordsIn37Form) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(R"(
define void @main() {
  ret void
}
!named = !{!0}
!other = !{!1, !0}
!0 = !{!"a", i32 7, !1, null, ptr @main}
!1 = !{!"a"}
)",
                                         context);
  ASSERT_TRUE(module);
  std::string bitcode = write(*module);
  std::unique_ptr<ParsedBitcode> parsed = readModule(bitcode);
  std::vector<const Block *> metadata =
      parsed->module.children(bc37::METADATA_BLOCK_ID);
  ASSERT_EQ(metadata.size(), 1u) << "no kinds block without attachments";
  std::vector<std::string> names =
      typeNames(*parsed->module.child(bc37::TYPE_BLOCK_ID_NEW));

  const std::vector<Record> &records = metadata[0]->records;
  ASSERT_EQ(records.size(), 9u);
  // "a" (id 0), i32 7 (1), !1 (2), ptr @main (3), !0 (4).
  EXPECT_EQ(records[0].code, unsigned(bc37::METADATA_STRING));
  EXPECT_EQ(chars(records[0].ops), "a");
  EXPECT_EQ(records[0].abbrev, 4u) << "Array of Fixed(8) abbreviation";
  EXPECT_EQ(records[1].code, unsigned(bc37::METADATA_VALUE));
  EXPECT_EQ(names[records[1].ops[0]], "i32");
  EXPECT_EQ(records[1].ops[1], 1u) << "@main is value 0, i32 7 value 1";
  EXPECT_EQ(records[2].code, unsigned(bc37::METADATA_NODE));
  EXPECT_EQ(records[2].ops, (SmallVector<uint64_t, 16>{1}));
  EXPECT_EQ(records[3].code, unsigned(bc37::METADATA_VALUE));
  EXPECT_EQ(names[records[3].ops[0]], "void ()*");
  EXPECT_EQ(records[3].ops[1], 0u);
  EXPECT_EQ(records[4].code, unsigned(bc37::METADATA_NODE));
  EXPECT_EQ(records[4].ops, (SmallVector<uint64_t, 16>{1, 2, 3, 0, 4}));
  EXPECT_EQ(records[5].code, unsigned(bc37::METADATA_NAME));
  EXPECT_EQ(chars(records[5].ops), "named");
  EXPECT_EQ(records[6].code, unsigned(bc37::METADATA_NAMED_NODE));
  EXPECT_EQ(records[6].ops, (SmallVector<uint64_t, 16>{4}));
  EXPECT_EQ(chars(records[7].ops), "other");
  EXPECT_EQ(records[8].ops, (SmallVector<uint64_t, 16>{2, 4}));
  // Nothing of the newer encodings: no METADATA_STRINGS (35), index offset
  // (38) or index (39) records.
  for (const Record &record : records)
    EXPECT_LE(record.code, unsigned(bc37::METADATA_NAMED_NODE));
  EXPECT_EQ(records[8].code, unsigned(bc37::METADATA_NAMED_NODE));

  // No IDENTIFICATION (13) or STRTAB (23) blocks, no VSTOFFSET (13) record.
  for (const Block &block : parsed->module.blocks)
    EXPECT_TRUE(block.id != 13 && block.id != 23) << block.id;
  EXPECT_TRUE(parsed->module.withCode(13).empty());
  expectRoundTrip(*module, bitcode);
}

TEST(DXILBitcodeMetadata, AttachmentsAndKinds) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(R"(
define i32 @main(i32 %x) {
  %y = add i32 %x, 1, !my.kind !0
  ret i32 %y
}
!0 = !{i32 3}
)",
                                         context);
  ASSERT_TRUE(module);
  std::string bitcode = write(*module);
  std::unique_ptr<ParsedBitcode> parsed = readModule(bitcode);
  std::vector<const Block *> metadata =
      parsed->module.children(bc37::METADATA_BLOCK_ID);
  ASSERT_EQ(metadata.size(), 2u);
  const Record &kind = metadata[1]->records.at(0);
  EXPECT_EQ(kind.code, unsigned(bc37::METADATA_KIND));
  EXPECT_EQ(chars(ArrayRef<uint64_t>(kind.ops).drop_front()), "my.kind");
  const Block *attachment = parsed->module.child(bc37::FUNCTION_BLOCK_ID)
                                ->child(bc37::METADATA_ATTACHMENT_ID);
  ASSERT_TRUE(attachment);
  // [instruction 0, kind, node 1 (i32 3 is 0)]
  EXPECT_EQ(attachment->records.at(0).ops,
            (SmallVector<uint64_t, 16>{0, kind.ops[0], 1}));
  expectRoundTrip(*module, bitcode);
}

//===----------------------------------------------------------------------===//
// Determinism, errors, round trip
//===----------------------------------------------------------------------===//

const char *mixedModule = R"(
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
@sh = internal addrspace(3) global [16 x float] undef, align 4
@k = internal constant [3 x i32] [i32 1, i32 2, i32 3]
define void @main() #0 {
entry:
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 1, i32 0, i8 1 }, i32 0, i1 false)
  %p = getelementptr inbounds [16 x float], ptr addrspace(3) @sh, i32 0, i32 %t
  %v = load float, ptr addrspace(3) %p, align 4
  %c = fcmp fast ogt float %v, 1.0
  br i1 %c, label %a, label %b
a:
  %w = fmul fast float %v, 2.0
  br label %b
b:
  %r = phi float [ %v, %entry ], [ %w, %a ]
  store float %r, ptr addrspace(3) @sh, align 4
  ret void
}
declare i32 @dx.op.threadId.i32(i32, i32) #1
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1
attributes #0 = { nounwind }
attributes #1 = { nounwind memory(none) }
!dx.entryPoints = !{!0}
!0 = !{ptr @main, !"main", null, null, !1}
!1 = !{i32 4, !2}
!2 = !{i32 8, i32 8, i32 1}
)";

TEST(DXILBitcodeWriter, Deterministic) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(mixedModule, context);
  ASSERT_TRUE(module);
  std::string first = write(*module);
  std::string second = write(*module);
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, second);

  // A fresh context (different pointers, different hash orders) gives the
  // same bytes too.
  LLVMContext otherContext;
  std::unique_ptr<Module> other = parse(mixedModule, otherContext);
  ASSERT_TRUE(other);
  EXPECT_EQ(first, write(*other));
  EXPECT_EQ(first.size() % 4, 0u);
  expectRoundTrip(*module, first);
}

TEST(DXILBitcodeWriter, LayoutAndTripleAreWrittenAsGiven) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(mixedModule, context);
  ASSERT_TRUE(module);
  DXILBitcodeOptions options;
  options.dataLayout = LegacyDataLayout.str();
  std::string bitcode = write(*module, options);
  std::unique_ptr<ParsedBitcode> parsed = readModule(bitcode);
  EXPECT_EQ(chars(parsed->module.withCode(bc37::MODULE_CODE_TRIPLE).at(0)->ops),
            "dxil-ms-dx");
  EXPECT_EQ(
      chars(parsed->module.withCode(bc37::MODULE_CODE_DATALAYOUT).at(0)->ops),
      "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-"
      "n8:16:32:64");
  const Record &version = parsed->module.records.at(0);
  EXPECT_EQ(version.code, unsigned(bc37::MODULE_CODE_VERSION));
  EXPECT_EQ(version.ops, (SmallVector<uint64_t, 16>{1}));

  LLVMContext readContext;
  std::string written;
  Expected<std::unique_ptr<Module>> reread =
      readDXILBitcode(bitcode, readContext, "", &written);
  ASSERT_TRUE(bool(reread)) << toString(reread.takeError());
  EXPECT_EQ(written, LegacyDataLayout);
}

TEST(DXILBitcodeWriter, UnsupportedConstructIsAnError) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(R"(
define float @f(float %x) {
  %y = fneg float %x
  ret float %y
}
)",
                                         context);
  ASSERT_TRUE(module);
  std::string bitcode;
  raw_string_ostream os(bitcode);
  Error error = writeDXILBitcode(*module, os);
  ASSERT_TRUE(bool(error));
  EXPECT_NE(toString(std::move(error)).find("unsupported instruction 'fneg'"),
            std::string::npos);
  EXPECT_TRUE(bitcode.empty());
}

TEST(DXILBitcodeWriter, RoundTripReportsMismatches) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(mixedModule, context);
  ASSERT_TRUE(module);
  std::string bitcode = write(*module);

  // The same module with one constant changed does not match.
  std::string changedText = mixedModule;
  size_t at = changedText.find("fmul fast float %v, 2.0");
  ASSERT_NE(at, std::string::npos);
  changedText.replace(at, strlen("fmul fast float %v, 2.0"),
                      "fmul fast float %v, 3.0");
  LLVMContext otherContext;
  std::unique_ptr<Module> changed = parse(changedText, otherContext);
  ASSERT_TRUE(changed);
  Error error = verifyDXILBitcodeRoundTrip(*changed, bitcode);
  ASSERT_TRUE(bool(error));
  std::string message = toString(std::move(error));
  EXPECT_NE(message.find("mismatch"), std::string::npos) << message;
  EXPECT_NE(message.find("%w = fmul fast float %v, 3.000000e+00"),
            std::string::npos)
      << message;

  // Garbage is reported, not crashed on.
  Error garbage = verifyDXILBitcodeRoundTrip(*module, "BC\xC0\xDE garbage");
  ASSERT_TRUE(bool(garbage));
  consumeError(std::move(garbage));
}

} // namespace
