//===- HLSLTypes.h - hlsl dialect types -------------------------*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLTYPES_H
#define HLSL_DIALECT_HLSL_IR_HLSLTYPES_H

#include "HLSL/Dialect/HLSL/IR/HLSLEnums.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace mlir::hlsl::detail {
struct StructTypeStorage;
} // namespace mlir::hlsl::detail

#define GET_TYPEDEF_CLASSES
#include "HLSL/Dialect/HLSL/IR/HLSLOpsTypes.h.inc"

namespace mlir::hlsl {
/// Hints on a struct field's declaration (StructType's fieldHints bits).
enum StructFieldHint : unsigned {
  /// Declared with a minimum-precision type (min16float, min16int, ...).
  MinPrecisionField = 1,
  /// A matrix DXC starts on a new 16-byte row in a constant buffer.
  RowStartField = 2,
};

/// Scalars, vectors, matrices, arrays and structs of them: what can live in
/// memory and in constant buffers (no resources, pointers or padding).
bool isDataType(Type type);
/// True if `type` is a resource or a (nested) array of resources.
bool isResourceOrResourceArray(Type type);
/// True if `predicate` holds for `type` or for any type it is made of
/// (array elements, struct fields, vector and matrix elements).
bool anyNestedType(Type type, llvm::function_ref<bool(Type)> predicate);
/// True if `type` contains a resource anywhere (arrays, struct fields).
bool containsResource(Type type);
/// `type` with every integer in it signless (a declared type whose unsigned
/// integers the rest of the dialect does not distinguish).
Type getSignlessType(Type type);
/// True if `type` is a struct with no fields, or only empty structs as
/// fields: a value with nothing in it (no signature element, for one).
bool isEmptyStruct(Type type);
/// The leaves of an entry point value in a signature, in the order the
/// importer lists their semantics (hlsl.field_semantics): struct fields
/// flattened (nested structs and bases; empty ones give nothing), an array
/// of structs giving its struct's leaves as arrays over it (`Foo f[3]` with
/// `float a; float2 b[2]` gives float[3] and float2[3][2]); anything else is
/// its own leaf.
void collectSignatureLeafTypes(Type type, SmallVectorImpl<Type> &leaves);
/// Bit fields live in integer struct fields they share, storage units named
/// `__bits<N>` (N counting a struct's units); DXIL leaves them unnamed.
std::string getBitFieldUnitName(unsigned unit);
bool isBitFieldUnitName(StringRef name);
/// DXIL's SamplerFeedbackType (0 MinMip, 1 MipRegionUsed) of a feedback
/// texture's element type (the empty struct naming the kind).
std::optional<unsigned> getSamplerFeedbackKind(Type element);
} // namespace mlir::hlsl

#endif // HLSL_DIALECT_HLSL_IR_HLSLTYPES_H
