//===- BitcodeWriter.h - LLVM 3.7 bitcode for DXIL --------------*- C++ -*-===//
//
// DXIL is LLVM IR in the LLVM 3.7 bitcode format (docs/dxil-reference.md §5).
// The installed LLVM writes only its own, newer format, so this library
// writes the 3.7 layouts itself on top of llvm::BitstreamWriter:
//
//   * typed pointers are reconstructed from the opaque-pointer module (the
//     pointee of every pointer value comes from how it is created and used;
//     where one pointer is used at two pointee types, a zero-index GEP or a
//     bitcast is written in front of the use);
//   * every record uses the 3.7 operand layout (relative value ids, explicit
//     types on loads/GEPs/calls, one METADATA_STRING record per string, no
//     IDENTIFICATION block, no string table, no function-offset VST);
//   * the data layout and triple records are written as given in the
//     options, so DXIL's legacy `i8:32` layout, which LLVM 22 refuses to
//     parse, can be written directly.
//
// The input is an LLVM 22 module that DXIL legalization has already reduced
// to what DXIL allows. Anything outside that subset makes the writer return
// an llvm::Error naming the construct (nothing is written in that case).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_BITCODEWRITER_H
#define HLSL_TARGET_DXIL_BITCODEWRITER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class raw_ostream;
} // namespace llvm

namespace llvm {
class MDTuple;
} // namespace llvm

namespace mlir::hlsl::dxil {

/// DXIL's data layout for shaders without native 16-bit types (min precision).
inline constexpr llvm::StringLiteral LegacyDataLayout =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-"
    "n8:16:32:64";
/// DXIL's data layout with native 16-bit types (`-enable-16bit-types`).
inline constexpr llvm::StringLiteral NativeLowPrecisionDataLayout =
    "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-"
    "n8:16:32:64";
/// The triple every DXIL module carries.
inline constexpr llvm::StringLiteral DXILTriple = "dxil-ms-dx";

struct DXILBitcodeOptions {
  /// Written verbatim as the DATALAYOUT record; the module's own layout
  /// string is ignored.
  std::string dataLayout = LegacyDataLayout.str();
  /// Written verbatim as the TRIPLE record.
  std::string triple = DXILTriple.str();
  /// Write the names of arguments, instructions and basic blocks into the
  /// function symbol tables (as DXC does). Global and function names are
  /// always written.
  bool writeLocalNames = true;
  /// Named metadata left out of the bitcode (the DXIL part carries no
  /// reflection: `dx.typeAnnotations` goes to the STAT part only).
  std::vector<std::string> omittedNamedMetadata;
};

/// The records of `!dx.resources` (SRV, UAV, CBV and sampler lists).
/// Operand 1 of each is the resource's symbol, which DXIL types as a
/// pointer to the resource's HLSL type: LLVM 22 modules here hold an undef
/// of that type instead (the writer writes a typed undef pointer, the reader
/// turns one back).
llvm::SmallVector<llvm::MDTuple *>
getResourceRecords(const llvm::Module &module);

/// What the written bitcode holds beyond the module's own instructions.
struct DXILBitcodeStatistics {
  /// Pointer casts written in front of uses for typed pointers.
  unsigned insertedCasts = 0;
};

/// Writes `module` as LLVM 3.7 bitcode ('BC' 0xC0DE magic, no wrapper) to
/// `os`. The output is a pure function of the module and the options. On
/// error nothing is written. `statistics`, if given, receives what the
/// writer added.
llvm::Error writeDXILBitcode(const llvm::Module &module, llvm::raw_ostream &os,
                             const DXILBitcodeOptions &options = {},
                             DXILBitcodeStatistics *statistics = nullptr);

/// Reads bitcode written by writeDXILBitcode with LLVM 22's reader. LLVM 22
/// refuses DXIL's legacy layout string, so the layout of the result is
/// replaced by `dataLayout` (by default the layout LLVM 22 uses when none is
/// given). If `writtenDataLayout` is set, it receives the layout string the
/// bitcode actually contains. Resource symbols (typed undef pointers) come
/// back as undefs of their pointee type, as the writer takes them.
llvm::Expected<std::unique_ptr<llvm::Module>>
readDXILBitcode(llvm::StringRef bitcode, llvm::LLVMContext &context,
                llvm::StringRef dataLayout = "",
                std::string *writtenDataLayout = nullptr);

/// The writer's acceptance check: reads `bitcode` back with LLVM 22's reader,
/// runs the IR verifier and compares the result with `original`: globals
/// (name, value type, address space, linkage, constness, initializer),
/// functions (name, type, declaration or definition), named metadata and
/// their operands, and per function the instruction sequence (opcode, type,
/// call target, predicate) ignoring the pointer casts the writer inserts for
/// typed pointers. Returns an error describing the first mismatch. Named
/// metadata in \p omittedNamedMetadata (see DXILBitcodeOptions) are not
/// expected in the bitcode.
llvm::Error verifyDXILBitcodeRoundTrip(
    const llvm::Module &original, llvm::StringRef bitcode,
    llvm::ArrayRef<std::string> omittedNamedMetadata = {});

} // namespace mlir::hlsl::dxil

#endif // HLSL_TARGET_DXIL_BITCODEWRITER_H
