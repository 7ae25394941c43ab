//===- CBufferLayout.h - Legacy constant buffer layout ----------*- C++ -*-===//
//
// The layout rules DXC and FXC use for constant buffers (the "legacy" layout,
// seeds 002 and 003), as plain functions of a data type so that the layout
// pass, the row-load lowering and unit tests share one definition:
//
//  - A scalar takes its natural size (bool takes 4 bytes) and is aligned to
//    it; a vector is aligned to its scalar size, not its own size.
//  - A scalar or vector never straddles a 16-byte row: if it does not fit in
//    the rest of the current row it starts the next one (so vectors larger
//    than a row, double3 and double4, always start a row).
//  - Structs, arrays and matrices of more than one row start a new row.
//  - Array elements are 16-byte strided; the last element is not padded.
//  - A matrix is an array of its columns (column_major, the default) or of
//    its rows (row_major).
//  - The size of a struct or array is the end of its last byte of data: no
//    trailing padding, so the next member may share the last row.
//  - Types without data (empty structs, zero-length arrays) take no space
//    and impose no alignment; DXC drops them from layouts.
//
// Sizes are computed in 64 bits and saturate (kCBufferSizeSaturation) far
// above the largest constant buffer, so absurd array sizes cannot wrap around.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DIALECT_HLSL_TRANSFORMS_CBUFFERLAYOUT_H
#define HLSL_DIALECT_HLSL_TRANSFORMS_CBUFFERLAYOUT_H

#include "HLSL/Dialect/HLSL/IR/HLSLTypes.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::hlsl {

/// Constant buffers are read in rows of 16 bytes (4 x 32 bits).
constexpr uint64_t kCBufferRowSize = 16;
/// D3D's limit on the size of a constant buffer: 4096 rows.
constexpr uint64_t kMaxCBufferRows = 4096;
constexpr uint64_t kMaxCBufferSize = kMaxCBufferRows * kCBufferRowSize;
/// Sizes and offsets saturate at this value instead of wrapping around.
constexpr uint64_t kCBufferSizeSaturation = uint64_t(1) << 48;

/// Size in bytes of a scalar data type in a constant buffer; bool (`i1`)
/// takes 4 bytes.
unsigned getCBufferScalarSize(Type scalar);

/// The scalar type of a scalar, vector or matrix type.
Type getCBufferScalarType(Type type);

/// The type a scalar is stored as: `i32` for bool, the scalar otherwise.
Type getCBufferStorageType(Type scalar);

/// Size in bytes of an object of data type \p type in a constant buffer,
/// without trailing padding.
uint64_t getCBufferSize(Type type);

/// True if an object of \p type starts a new 16-byte row: structs, arrays
/// and matrices stored as more than one vector, and a struct field whose
/// StructFieldHint bits \p hint have RowStartField.
bool startsCBufferRow(Type type, unsigned hint = 0);

/// The offset at which an object of \p type is placed when the data before
/// it ends at \p offset. Types without data stay at \p offset. \p hint are
/// the StructFieldHint bits of a struct field: a MinPrecisionField of
/// 16-bit scalars is aligned to 4 bytes, as DXC aligns min16float & co. in
/// a struct.
uint64_t alignCBufferOffset(uint64_t offset, Type type, unsigned hint = 0);

/// Distance in bytes between consecutive elements of an array of
/// \p elementType: the element size rounded up to a whole row.
uint64_t getCBufferArrayStride(Type elementType);

/// How a matrix is stored: as `numVectors` vectors of `vectorLength`
/// scalars (its columns if column_major, rows if row_major), `stride` bytes
/// apart.
struct CBufferMatrixLayout {
  unsigned numVectors;
  unsigned vectorLength;
  unsigned scalarSize;
  uint64_t stride;
  /// Bytes the last vector takes, padding included.
  uint64_t lastVectorSize;
};
CBufferMatrixLayout getCBufferMatrixLayout(MatrixType type);

/// Byte offsets of a sequence of objects laid out one after the other from
/// offset 0 (struct fields, or the members of a constant buffer without
/// packoffset). \p end receives the end of the last byte of data.
/// \p hints, if not empty, are the StructFieldHint bits of each object.
llvm::SmallVector<uint64_t>
layOutCBufferSequence(llvm::ArrayRef<Type> types, uint64_t &end,
                      llvm::ArrayRef<unsigned> hints = {});

/// Byte offsets of the fields of \p type relative to the start of the
/// struct.
llvm::SmallVector<uint64_t> getCBufferFieldOffsets(StructType type);

/// The packed layout type of \p type with explicit padding (seed 003):
/// scalars and vectors stay (bool becomes i32), structs become
/// `!hlsl.struct<"__layout_<name>", {...}>` with `!hlsl.pad<N>` fields,
/// arrays whose elements need padding become
/// `!hlsl.struct<"__cbarray", {elems: !hlsl.array<N-1 x
/// !hlsl.struct<"__cbelem", {value: T, !hlsl.pad<P>}>>, last: T}>`, and
/// matrices the (padded) array of the vectors they are stored as. Fields
/// without data are left out. The packed size of the result, fields placed
/// back to back, is getCBufferSize(type).
Type getCBufferLayoutType(Type type);

/// Builds a packed layout struct called \p name from objects of \p types
/// named \p names at \p offsets (in any order; sorted by offset here),
/// inserting padding between them. Objects without data are left out.
StructType buildCBufferLayoutStruct(MLIRContext *context, llvm::StringRef name,
                                    llvm::ArrayRef<Type> types,
                                    llvm::ArrayRef<llvm::StringRef> names,
                                    llvm::ArrayRef<uint64_t> offsets);

} // namespace mlir::hlsl

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_CBUFFERLAYOUT_H
