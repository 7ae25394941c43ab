//===- Bitcode37.cpp - LLVM 3.7 bitcode encoding helpers ------------------===//
//
// The bit-level building blocks shared by the DXIL bitcode writer and its unit
// tests: magic, signed VBR operands, string records and the BLOCKINFO
// abbreviations of the 3.7 writer (docs/dxil-reference.md §5.1, §5.8).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Bitcode37.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Bitstream/BitstreamWriter.h"
#include "llvm/Support/MathExtras.h"

#include <memory>

using namespace llvm;

namespace mlir::hlsl::dxil::bc37 {

void emitMagic(BitstreamWriter &stream) {
  stream.Emit('B', 8);
  stream.Emit('C', 8);
  stream.Emit(0x0, 4);
  stream.Emit(0xC, 4);
  stream.Emit(0xE, 4);
  stream.Emit(0xD, 4);
}

uint64_t encodeSigned(int64_t value) {
  uint64_t bits = static_cast<uint64_t>(value);
  if (value >= 0)
    return bits << 1;
  return ((0 - bits) << 1) | 1;
}

bool isChar6(StringRef text) {
  return all_of(text, [](char c) { return BitCodeAbbrevOp::isChar6(c); });
}

void emitStringRecord(BitstreamWriter &stream, unsigned code, StringRef text,
                      unsigned char6Abbrev) {
  SmallVector<uint64_t, 64> vals(text.bytes_begin(), text.bytes_end());
  unsigned abbrev = char6Abbrev && isChar6(text) ? char6Abbrev : 0;
  stream.EmitRecord(code, vals, abbrev);
}

unsigned typeIdBits(unsigned numTypes) { return Log2_32_Ceil(numTypes + 1); }

namespace {
using Op = BitCodeAbbrevOp;

std::shared_ptr<BitCodeAbbrev> abbrev(std::initializer_list<Op> ops) {
  auto result = std::make_shared<BitCodeAbbrev>();
  for (const Op &op : ops)
    result->Add(op);
  return result;
}

void defineAbbrev(BitstreamWriter &stream, unsigned blockID,
                  std::shared_ptr<BitCodeAbbrev> abbv, unsigned expected) {
  unsigned id = stream.EmitBlockInfoAbbrev(blockID, std::move(abbv));
  (void)id;
  assert(id == expected && "unexpected BLOCKINFO abbreviation order");
  (void)expected;
}
} // namespace

void emitBlockInfo(BitstreamWriter &stream, unsigned numTypes) {
  unsigned typeBits = typeIdBits(numTypes);
  stream.EnterBlockInfoBlock();

  // VALUE_SYMTAB: 8-bit, 7-bit and char6 entries, char6 block entries. The
  // 8-bit one leaves the code as a 3-bit field so that it serves ENTRY and
  // BBENTRY alike.
  defineAbbrev(stream, VALUE_SYMTAB_BLOCK_ID,
               abbrev({Op(Op::Fixed, 3), Op(Op::VBR, 8), Op(Op::Array),
                       Op(Op::Fixed, 8)}),
               VST_ENTRY_8_ABBREV);
  defineAbbrev(stream, VALUE_SYMTAB_BLOCK_ID,
               abbrev({Op(VST_CODE_ENTRY), Op(Op::VBR, 8), Op(Op::Array),
                       Op(Op::Fixed, 7)}),
               VST_ENTRY_7_ABBREV);
  defineAbbrev(stream, VALUE_SYMTAB_BLOCK_ID,
               abbrev({Op(VST_CODE_ENTRY), Op(Op::VBR, 8), Op(Op::Array),
                       Op(Op::Char6)}),
               VST_ENTRY_6_ABBREV);
  defineAbbrev(stream, VALUE_SYMTAB_BLOCK_ID,
               abbrev({Op(VST_CODE_BBENTRY), Op(Op::VBR, 8), Op(Op::Array),
                       Op(Op::Char6)}),
               VST_BBENTRY_6_ABBREV);

  // CONSTANTS: SETTYPE, INTEGER, CE_CAST, NULL.
  defineAbbrev(stream, CONSTANTS_BLOCK_ID,
               abbrev({Op(CST_CODE_SETTYPE), Op(Op::Fixed, typeBits)}),
               CONSTANTS_SETTYPE_ABBREV);
  defineAbbrev(stream, CONSTANTS_BLOCK_ID,
               abbrev({Op(CST_CODE_INTEGER), Op(Op::VBR, 8)}),
               CONSTANTS_INTEGER_ABBREV);
  defineAbbrev(stream, CONSTANTS_BLOCK_ID,
               abbrev({Op(CST_CODE_CE_CAST), Op(Op::Fixed, 4),
                       Op(Op::Fixed, typeBits), Op(Op::VBR, 8)}),
               CONSTANTS_CE_CAST_ABBREV);
  defineAbbrev(stream, CONSTANTS_BLOCK_ID, abbrev({Op(CST_CODE_NULL)}),
               CONSTANTS_NULL_ABBREV);

  // FUNCTION: LOAD, BINOP, BINOP with flags, CAST, RET void, RET value,
  // UNREACHABLE, GEP.
  defineAbbrev(
      stream, FUNCTION_BLOCK_ID,
      abbrev({Op(FUNC_CODE_INST_LOAD), Op(Op::VBR, 6), Op(Op::Fixed, typeBits),
              Op(Op::VBR, 4), Op(Op::Fixed, 1)}),
      FUNCTION_INST_LOAD_ABBREV);
  defineAbbrev(stream, FUNCTION_BLOCK_ID,
               abbrev({Op(FUNC_CODE_INST_BINOP), Op(Op::VBR, 6), Op(Op::VBR, 6),
                       Op(Op::Fixed, 4)}),
               FUNCTION_INST_BINOP_ABBREV);
  defineAbbrev(stream, FUNCTION_BLOCK_ID,
               abbrev({Op(FUNC_CODE_INST_BINOP), Op(Op::VBR, 6), Op(Op::VBR, 6),
                       Op(Op::Fixed, 4), Op(Op::Fixed, 7)}),
               FUNCTION_INST_BINOP_FLAGS_ABBREV);
  defineAbbrev(stream, FUNCTION_BLOCK_ID,
               abbrev({Op(FUNC_CODE_INST_CAST), Op(Op::VBR, 6),
                       Op(Op::Fixed, typeBits), Op(Op::Fixed, 4)}),
               FUNCTION_INST_CAST_ABBREV);
  defineAbbrev(stream, FUNCTION_BLOCK_ID, abbrev({Op(FUNC_CODE_INST_RET)}),
               FUNCTION_INST_RET_VOID_ABBREV);
  defineAbbrev(stream, FUNCTION_BLOCK_ID,
               abbrev({Op(FUNC_CODE_INST_RET), Op(Op::VBR, 6)}),
               FUNCTION_INST_RET_VAL_ABBREV);
  defineAbbrev(stream, FUNCTION_BLOCK_ID,
               abbrev({Op(FUNC_CODE_INST_UNREACHABLE)}),
               FUNCTION_INST_UNREACHABLE_ABBREV);
  defineAbbrev(stream, FUNCTION_BLOCK_ID,
               abbrev({Op(FUNC_CODE_INST_GEP), Op(Op::Fixed, 1),
                       Op(Op::Fixed, typeBits), Op(Op::Array), Op(Op::VBR, 6)}),
               FUNCTION_INST_GEP_ABBREV);

  stream.ExitBlock();
}

} // namespace mlir::hlsl::dxil::bc37
