//===- EntrySignature.h - input/output signatures of graphics entries -*- C++ -*-===//
//
// A vertex or pixel entry point's parameters and result become the elements
// of its input and output signatures, as DXC forms them: each semantic is
// interpreted for the signature point (a system value, a system-generated
// value, an arbitrary value, a render target, a value outside the packed
// registers or outside the signature), system values get their canonical
// names, interpolation modes get their type-based defaults, and the
// elements are packed into the 32 four-component registers with DXC's
// prefix-stable packing (registers in order for vertex inputs, the target
// index for SV_Target). The entry then reads and writes them with DXIL's
// loadInput/storeOutput, or with the operation that reads a value outside
// the signature (SampleIndex, Coverage, ViewID...).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_CONVERSION_HLSLTOLLVM_ENTRYSIGNATURE_H
#define HLSL_LIB_CONVERSION_HLSLTOLLVM_ENTRYSIGNATURE_H

#include "DXILOpBuilder.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace mlir::hlsl {

/// One element of an input or output signature (one semantic).
struct SignatureElement {
  /// The semantic without its index ("TEXCOORD"); the canonical spelling
  /// for a system value ("SV_Target").
  std::string name;
  /// The semantic index of the first row.
  unsigned index = 0;
  /// The semantic index of each row when they do not follow each other
  /// from `index` (the leaf of an array of structs: DXC interleaves the
  /// leaves' rows); empty otherwise.
  SmallVector<unsigned> indices;
  unsigned getSemanticIndex(unsigned row) const {
    return indices.empty() ? index + row : indices[row];
  }
  /// DXIL SemanticKind (0: arbitrary).
  unsigned kind = 0;
  /// DXIL ComponentType and InterpolationMode.
  unsigned componentType = 9;
  unsigned interpolation = 0;
  unsigned rows = 1, columns = 1;
  /// Packed location; -1 for an element outside the packed registers
  /// (SV_Depth, SV_SampleIndex).
  int startRow = -1, startCol = -1;
  /// The type of each component as the entry sees it (i1 for bools, which
  /// the signature holds as i32).
  Type scalarType;
  /// A minimum-precision value (min16float, min16int, min16uint) without
  /// native 16-bit types: the entry computes it in 32 bits, the signature
  /// holds 16-bit components (loadInput/storeOutput of 16 bits and a
  /// conversion), as DXC writes it.
  bool minPrecision = false;
  /// How the entry's value maps onto the element's rows: one row (scalar or
  /// vector), an array (element i in row i), or a matrix (a row_major
  /// matrix's rows are the element's rows; a column_major one's columns).
  /// Arrays, also of arrays, of matrices have the matrix shapes: one matrix
  /// after another.
  enum class Shape { Row, Array, RowMajorMatrix, ColumnMajorMatrix };
  Shape shape = Shape::Row;
  /// The matrix's own rows and columns (for the matrix shapes).
  unsigned matrixRows = 1, matrixColumns = 1;
  /// The rows of one leaf of the value: an array's rows or matrices (of
  /// arrays, flattened) follow each other, `leafRows` each.
  unsigned leafRows = 1;
};

/// Where one part of an entry parameter or result comes from or goes to.
struct SignatureAccess {
  /// Index into the inputs or outputs; or, for a value outside the
  /// signature, the DXIL opcode that reads it (`special`).
  unsigned element = 0;
  bool special = false;
  /// Each of the value's `rows` rows is an element of its own, the last
  /// row first from `element` (an array of render targets: the validator
  /// refuses SV_Target elements of several rows).
  bool rowsAreElements = false;
  unsigned rows = 1;
};

/// The signatures of a graphics entry point, and which elements make up
/// each parameter and the result (several for a struct, in field order).
struct EntryInterface {
  SmallVector<SignatureElement> inputs, outputs;
  SmallVector<SmallVector<SignatureAccess>> argumentElements;
  SmallVector<SignatureAccess> resultElements;
};

/// Builds and packs the signatures of a vertex or pixel entry point from the
/// semantics on its parameters and result. Errors (a semantic the stage
/// cannot have, overlapping semantic indices, a type a signature cannot
/// hold) are reported on the entry.
FailureOr<EntryInterface> buildEntryInterface(func::FuncOp entry,
                                              ShaderStage stage,
                                              unsigned smMajor,
                                              unsigned smMinor);

/// Rewrites the converted entry to read its parameters with loadInput (or
/// the system-value operations) and write its result with storeOutput, one
/// component at a time; it then takes no parameters and returns nothing.
LogicalResult lowerSignatureAccess(LLVM::LLVMFuncOp func,
                                   const EntryInterface &interface,
                                   DXILOpBuilder &dx);

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_ENTRYSIGNATURE_H
