//===- Bitcode37.h - LLVM 3.7 bitcode codes and encoding helpers -*- C++
//-*-===//
//
// Block ids, record codes and encodings of the LLVM 3.7 bitcode format as DXIL
// uses it (docs/dxil-reference.md §5, from DXC's copy of LLVM 3.7
// LLVMBitCodes.h and BitcodeWriter.cpp). LLVM 22's own LLVMBitCodes.h renamed
// or reused some of these codes (METADATA_STRING became METADATA_STRING_OLD,
// code 12 of the constants block is CE_GEP_OLD, ...), so the writer uses only
// the values listed here.
//
// The helpers at the end are the few bit-level building blocks the writer
// shares with its unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_BITCODE37_H
#define HLSL_TARGET_DXIL_BITCODE37_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace llvm {
class BitstreamWriter;
} // namespace llvm

namespace mlir::hlsl::dxil::bc37 {

enum BlockID : unsigned {
  BLOCKINFO_BLOCK_ID = 0,
  MODULE_BLOCK_ID = 8,
  PARAMATTR_BLOCK_ID = 9,
  PARAMATTR_GROUP_BLOCK_ID = 10,
  CONSTANTS_BLOCK_ID = 11,
  FUNCTION_BLOCK_ID = 12,
  VALUE_SYMTAB_BLOCK_ID = 14,
  METADATA_BLOCK_ID = 15,
  METADATA_ATTACHMENT_ID = 16,
  TYPE_BLOCK_ID_NEW = 17,
};

enum ModuleCode : unsigned {
  MODULE_CODE_VERSION = 1,
  MODULE_CODE_TRIPLE = 2,
  MODULE_CODE_DATALAYOUT = 3,
  MODULE_CODE_SECTIONNAME = 5,
  MODULE_CODE_GLOBALVAR = 7,
  MODULE_CODE_FUNCTION = 8,
};

enum AttributeCode : unsigned {
  PARAMATTR_CODE_ENTRY = 2,
  PARAMATTR_GRP_CODE_ENTRY = 3,
};

enum TypeCode : unsigned {
  TYPE_CODE_NUMENTRY = 1,
  TYPE_CODE_VOID = 2,
  TYPE_CODE_FLOAT = 3,
  TYPE_CODE_DOUBLE = 4,
  TYPE_CODE_LABEL = 5,
  TYPE_CODE_OPAQUE = 6,
  TYPE_CODE_INTEGER = 7,
  TYPE_CODE_POINTER = 8,
  TYPE_CODE_HALF = 10,
  TYPE_CODE_ARRAY = 11,
  TYPE_CODE_VECTOR = 12,
  TYPE_CODE_METADATA = 16,
  TYPE_CODE_STRUCT_ANON = 18,
  TYPE_CODE_STRUCT_NAME = 19,
  TYPE_CODE_STRUCT_NAMED = 20,
  TYPE_CODE_FUNCTION = 21,
};

enum ValueSymtabCode : unsigned {
  VST_CODE_ENTRY = 1,
  VST_CODE_BBENTRY = 2,
};

enum MetadataCode : unsigned {
  METADATA_STRING = 1,
  METADATA_VALUE = 2,
  METADATA_NODE = 3,
  METADATA_NAME = 4,
  METADATA_DISTINCT_NODE = 5,
  METADATA_KIND = 6,
  METADATA_NAMED_NODE = 10,
  METADATA_ATTACHMENT = 11,
};

enum ConstantsCode : unsigned {
  CST_CODE_SETTYPE = 1,
  CST_CODE_NULL = 2,
  CST_CODE_UNDEF = 3,
  CST_CODE_INTEGER = 4,
  CST_CODE_FLOAT = 6,
  CST_CODE_AGGREGATE = 7,
  CST_CODE_STRING = 8,
  CST_CODE_CSTRING = 9,
  CST_CODE_CE_BINOP = 10,
  CST_CODE_CE_CAST = 11,
  CST_CODE_CE_GEP = 12,
  CST_CODE_CE_INBOUNDS_GEP = 20,
  CST_CODE_DATA = 22,
};

enum CastOpcode : unsigned {
  CAST_TRUNC = 0,
  CAST_ZEXT = 1,
  CAST_SEXT = 2,
  CAST_FPTOUI = 3,
  CAST_FPTOSI = 4,
  CAST_UITOFP = 5,
  CAST_SITOFP = 6,
  CAST_FPTRUNC = 7,
  CAST_FPEXT = 8,
  CAST_PTRTOINT = 9,
  CAST_INTTOPTR = 10,
  CAST_BITCAST = 11,
  CAST_ADDRSPACECAST = 12,
};

enum BinaryOpcode : unsigned {
  BINOP_ADD = 0,
  BINOP_SUB = 1,
  BINOP_MUL = 2,
  BINOP_UDIV = 3,
  BINOP_SDIV = 4, // also fdiv
  BINOP_UREM = 5,
  BINOP_SREM = 6, // also frem
  BINOP_SHL = 7,
  BINOP_LSHR = 8,
  BINOP_ASHR = 9,
  BINOP_AND = 10,
  BINOP_OR = 11,
  BINOP_XOR = 12,
};

enum RMWOperation : unsigned {
  RMW_XCHG = 0,
  RMW_ADD = 1,
  RMW_SUB = 2,
  RMW_AND = 3,
  RMW_NAND = 4,
  RMW_OR = 5,
  RMW_XOR = 6,
  RMW_MAX = 7,
  RMW_MIN = 8,
  RMW_UMAX = 9,
  RMW_UMIN = 10,
};

/// Optional-flag bits of BINOP records.
enum OperatorFlag : unsigned {
  OBO_NO_UNSIGNED_WRAP = 1u << 0,
  OBO_NO_SIGNED_WRAP = 1u << 1,
  PEO_EXACT = 1u << 0,
};

/// LLVM 3.7's FastMathFlags bits (BINOP and CMP2 records).
enum FastMathFlag : unsigned {
  FMF_UNSAFE_ALGEBRA = 1u << 0,
  FMF_NO_NANS = 1u << 1,
  FMF_NO_INFS = 1u << 2,
  FMF_NO_SIGNED_ZEROS = 1u << 3,
  FMF_ALLOW_RECIPROCAL = 1u << 4,
};

enum AtomicOrderingCode : unsigned {
  ORDERING_NOTATOMIC = 0,
  ORDERING_UNORDERED = 1,
  ORDERING_MONOTONIC = 2,
  ORDERING_ACQUIRE = 3,
  ORDERING_RELEASE = 4,
  ORDERING_ACQREL = 5,
  ORDERING_SEQCST = 6,
};

enum SynchScopeCode : unsigned {
  SYNCHSCOPE_SINGLETHREAD = 0,
  SYNCHSCOPE_CROSSTHREAD = 1,
};

enum FunctionCode : unsigned {
  FUNC_CODE_DECLAREBLOCKS = 1,
  FUNC_CODE_INST_BINOP = 2,
  FUNC_CODE_INST_CAST = 3,
  FUNC_CODE_INST_EXTRACTELT = 6,
  FUNC_CODE_INST_INSERTELT = 7,
  FUNC_CODE_INST_SHUFFLEVEC = 8,
  FUNC_CODE_INST_RET = 10,
  FUNC_CODE_INST_BR = 11,
  FUNC_CODE_INST_SWITCH = 12,
  FUNC_CODE_INST_UNREACHABLE = 15,
  FUNC_CODE_INST_PHI = 16,
  FUNC_CODE_INST_ALLOCA = 19,
  FUNC_CODE_INST_LOAD = 20,
  FUNC_CODE_INST_EXTRACTVAL = 26,
  FUNC_CODE_INST_INSERTVAL = 27,
  FUNC_CODE_INST_CMP2 = 28,
  FUNC_CODE_INST_VSELECT = 29,
  FUNC_CODE_INST_CALL = 34,
  FUNC_CODE_INST_FENCE = 36,
  FUNC_CODE_INST_ATOMICRMW = 38,
  FUNC_CODE_INST_LOADATOMIC = 41,
  FUNC_CODE_INST_GEP = 43,
  FUNC_CODE_INST_STORE = 44,
  FUNC_CODE_INST_STOREATOMIC = 45,
  FUNC_CODE_INST_CMPXCHG = 46,
};

/// Bits of the calling-convention operand of INST_CALL.
enum CallFlag : unsigned {
  CALL_TAIL = 1u << 0,
  CALL_CCONV_SHIFT = 1,
  CALL_MUSTTAIL = 1u << 14,
  CALL_EXPLICIT_TYPE = 1u << 15,
};

/// Bits of the alignment operand of INST_ALLOCA.
enum AllocaFlag : unsigned {
  ALLOCA_INALLOCA = 1u << 5,
  ALLOCA_EXPLICIT_TYPE = 1u << 6,
};

/// LLVM 3.7 attribute kind codes (PARAMATTR_GRP_CODE_ENTRY).
enum AttributeKind : unsigned {
  ATTR_KIND_ALIGNMENT = 1,
  ATTR_KIND_ALWAYS_INLINE = 2,
  ATTR_KIND_BY_VAL = 3,
  ATTR_KIND_INLINE_HINT = 4,
  ATTR_KIND_IN_REG = 5,
  ATTR_KIND_MIN_SIZE = 6,
  ATTR_KIND_NAKED = 7,
  ATTR_KIND_NEST = 8,
  ATTR_KIND_NO_ALIAS = 9,
  ATTR_KIND_NO_BUILTIN = 10,
  ATTR_KIND_NO_CAPTURE = 11,
  ATTR_KIND_NO_DUPLICATE = 12,
  ATTR_KIND_NO_IMPLICIT_FLOAT = 13,
  ATTR_KIND_NO_INLINE = 14,
  ATTR_KIND_NON_LAZY_BIND = 15,
  ATTR_KIND_NO_RED_ZONE = 16,
  ATTR_KIND_NO_RETURN = 17,
  ATTR_KIND_NO_UNWIND = 18,
  ATTR_KIND_OPTIMIZE_FOR_SIZE = 19,
  ATTR_KIND_READ_NONE = 20,
  ATTR_KIND_READ_ONLY = 21,
  ATTR_KIND_RETURNED = 22,
  ATTR_KIND_RETURNS_TWICE = 23,
  ATTR_KIND_S_EXT = 24,
  ATTR_KIND_STACK_ALIGNMENT = 25,
  ATTR_KIND_STACK_PROTECT = 26,
  ATTR_KIND_STACK_PROTECT_REQ = 27,
  ATTR_KIND_STACK_PROTECT_STRONG = 28,
  ATTR_KIND_STRUCT_RET = 29,
  ATTR_KIND_SANITIZE_ADDRESS = 30,
  ATTR_KIND_SANITIZE_THREAD = 31,
  ATTR_KIND_SANITIZE_MEMORY = 32,
  ATTR_KIND_UW_TABLE = 33,
  ATTR_KIND_Z_EXT = 34,
  ATTR_KIND_BUILTIN = 35,
  ATTR_KIND_COLD = 36,
  ATTR_KIND_OPTIMIZE_NONE = 37,
  ATTR_KIND_IN_ALLOCA = 38,
  ATTR_KIND_NON_NULL = 39,
  ATTR_KIND_JUMP_TABLE = 40,
  ATTR_KIND_DEREFERENCEABLE = 41,
  ATTR_KIND_DEREFERENCEABLE_OR_NULL = 42,
  ATTR_KIND_CONVERGENT = 43,
  ATTR_KIND_SAFESTACK = 44,
  ATTR_KIND_ARGMEMONLY = 45,
};

/// Slot index of function attributes in PARAMATTR_GRP_CODE_ENTRY.
inline constexpr uint64_t FunctionAttributeSlot = 0xFFFFFFFFu;

/// The abbreviation ids the BLOCKINFO block defines, in definition order
/// (bitc::FIRST_APPLICATION_ABBREV = 4 is the first).
enum BlockInfoAbbrev : unsigned {
  VST_ENTRY_8_ABBREV = 4,
  VST_ENTRY_7_ABBREV,
  VST_ENTRY_6_ABBREV,
  VST_BBENTRY_6_ABBREV,

  CONSTANTS_SETTYPE_ABBREV = 4,
  CONSTANTS_INTEGER_ABBREV,
  CONSTANTS_CE_CAST_ABBREV,
  CONSTANTS_NULL_ABBREV,

  FUNCTION_INST_LOAD_ABBREV = 4,
  FUNCTION_INST_BINOP_ABBREV,
  FUNCTION_INST_BINOP_FLAGS_ABBREV,
  FUNCTION_INST_CAST_ABBREV,
  FUNCTION_INST_RET_VOID_ABBREV,
  FUNCTION_INST_RET_VAL_ABBREV,
  FUNCTION_INST_UNREACHABLE_ABBREV,
  FUNCTION_INST_GEP_ABBREV,
};

//===----------------------------------------------------------------------===//
// Encoding helpers
//===----------------------------------------------------------------------===//

/// Writes the file magic: 'B' 'C' then the nibbles 0x0 0xC 0xE 0xD, that is
/// the bytes 42 43 C0 DE.
void emitMagic(llvm::BitstreamWriter &stream);

/// The signed-VBR operand encoding of 3.7 (INTEGER constants, PHI operands):
/// `v << 1` for v >= 0, `(-v << 1) | 1` for v < 0.
uint64_t encodeSigned(int64_t value);

/// True if every character is in the char6 alphabet [a-zA-Z0-9._].
bool isChar6(llvm::StringRef text);

/// Emits a record whose operands are the characters of `text`, with
/// `char6Abbrev` if it is non-zero and every character is char6, and
/// unabbreviated otherwise (3.7's WriteStringRecord).
void emitStringRecord(llvm::BitstreamWriter &stream, unsigned code,
                      llvm::StringRef text, unsigned char6Abbrev);

/// Bits needed for a type id in fixed-width abbreviation fields:
/// Log2_32_Ceil(numTypes + 1).
unsigned typeIdBits(unsigned numTypes);

/// Emits the BLOCKINFO block with the standard 3.7 abbreviations for
/// VALUE_SYMTAB, CONSTANTS and FUNCTION blocks (ids as in BlockInfoAbbrev).
void emitBlockInfo(llvm::BitstreamWriter &stream, unsigned numTypes);

} // namespace mlir::hlsl::dxil::bc37

#endif // HLSL_TARGET_DXIL_BITCODE37_H
