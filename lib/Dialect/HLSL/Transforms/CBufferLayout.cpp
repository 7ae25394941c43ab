//===- CBufferLayout.cpp - Legacy constant buffer layout ------------------===//

#include "HLSL/Dialect/HLSL/Transforms/CBufferLayout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>
#include <string>

using namespace mlir;
using namespace mlir::hlsl;

namespace {
// Far above any constant buffer, far below anything that could overflow when
// two such sizes are added.
constexpr uint64_t kSizeCap = kCBufferSizeSaturation;

uint64_t capAdd(uint64_t lhs, uint64_t rhs) {
  return std::min(lhs + rhs, kSizeCap);
}

uint64_t capMul(uint64_t lhs, uint64_t rhs) {
  bool overflow = false;
  return std::min(llvm::SaturatingMultiply(lhs, rhs, &overflow), kSizeCap);
}

uint64_t alignToRow(uint64_t offset) {
  return std::min<uint64_t>(llvm::alignTo(offset, kCBufferRowSize), kSizeCap);
}

} // namespace

Type mlir::hlsl::getCBufferScalarType(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getElementType();
  if (auto matrix = dyn_cast<MatrixType>(type))
    return matrix.getElementType();
  return type;
}

unsigned mlir::hlsl::getCBufferScalarSize(Type scalar) {
  unsigned bits = scalar.getIntOrFloatBitWidth();
  // DXC stores bool as a 32-bit integer in every buffer.
  return bits == 1 ? 4 : bits / 8;
}

Type mlir::hlsl::getCBufferStorageType(Type scalar) {
  if (scalar.isInteger(1))
    return IntegerType::get(scalar.getContext(), 32);
  return scalar;
}

CBufferMatrixLayout mlir::hlsl::getCBufferMatrixLayout(MatrixType type) {
  CBufferMatrixLayout layout;
  layout.numVectors = type.isRowMajor() ? type.getRows() : type.getColumns();
  layout.vectorLength = type.isRowMajor() ? type.getColumns() : type.getRows();
  layout.scalarSize = getCBufferScalarSize(type.getElementType());
  layout.stride = alignToRow(layout.vectorLength * layout.scalarSize);
  // DXC sizes a matrix of 16-bit scalars as if they took 4 bytes each in its
  // last vector (its data is packed; the rest is padding), and what follows
  // the matrix starts after that. Applications fill constant buffers by
  // DXC's offsets, so ours must agree.
  layout.lastVectorSize = layout.vectorLength * std::max(layout.scalarSize, 4u);
  return layout;
}

uint64_t mlir::hlsl::getCBufferArrayStride(Type elementType) {
  return alignToRow(getCBufferSize(elementType));
}

uint64_t mlir::hlsl::getCBufferSize(Type type) {
  if (auto pad = dyn_cast<PaddingType>(type))
    return pad.getSize();
  if (type.isIntOrFloat())
    return getCBufferScalarSize(type);
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getNumElements() * getCBufferScalarSize(vec.getElementType());
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
    return (layout.numVectors - 1) * layout.stride + layout.lastVectorSize;
  }
  if (auto array = dyn_cast<ArrayType>(type)) {
    uint64_t elementSize = getCBufferSize(array.getElementType());
    if (array.getSize() <= 0 || elementSize == 0)
      return 0;
    return capAdd(capMul(array.getSize() - 1,
                         getCBufferArrayStride(array.getElementType())),
                  elementSize);
  }
  if (auto st = dyn_cast<StructType>(type)) {
    uint64_t end = 0;
    (void)layOutCBufferSequence(st.getFieldTypes(), end, st.getFieldHints());
    return end;
  }
  // Not a data type; the verifiers keep these out of constant buffers.
  return 0;
}

bool mlir::hlsl::startsCBufferRow(Type type, unsigned hint) {
  if (isa<ArrayType, StructType>(type) || (hint & RowStartField))
    return true;
  // A matrix stored as a single vector packs like that vector.
  if (auto matrix = dyn_cast<MatrixType>(type))
    return getCBufferMatrixLayout(matrix).numVectors > 1;
  return false;
}

uint64_t mlir::hlsl::alignCBufferOffset(uint64_t offset, Type type,
                                        unsigned hint) {
  uint64_t size = getCBufferSize(type);
  if (size == 0 || isa<PaddingType>(type))
    return offset;
  if (startsCBufferRow(type, hint))
    return alignToRow(offset);
  unsigned alignment = getCBufferScalarSize(getCBufferScalarType(type));
  if (hint & MinPrecisionField)
    alignment = std::max(alignment, 4u);
  offset = llvm::alignTo(offset, alignment);
  if (offset % kCBufferRowSize + size > kCBufferRowSize)
    offset = alignToRow(offset);
  return offset;
}

SmallVector<uint64_t>
mlir::hlsl::layOutCBufferSequence(ArrayRef<Type> types, uint64_t &end,
                                  ArrayRef<unsigned> hints) {
  SmallVector<uint64_t> offsets;
  offsets.reserve(types.size());
  uint64_t offset = 0;
  for (auto [index, type] : llvm::enumerate(types)) {
    offset = alignCBufferOffset(offset, type, hints.empty() ? 0 : hints[index]);
    offsets.push_back(offset);
    offset = capAdd(offset, getCBufferSize(type));
  }
  end = offset;
  return offsets;
}

SmallVector<uint64_t> mlir::hlsl::getCBufferFieldOffsets(StructType type) {
  uint64_t end;
  return layOutCBufferSequence(type.getFieldTypes(), end, type.getFieldHints());
}

/// An array of \p count elements of layout type \p element that hold
/// \p elementSize bytes of data each, with every element but the last padded
/// to the array stride.
static Type getPaddedArrayType(Type element, uint64_t elementSize,
                               int64_t count) {
  MLIRContext *context = element.getContext();
  uint64_t stride = alignToRow(elementSize);
  if (count <= 1 || stride == elementSize)
    return ArrayType::get(context, count, element);
  auto padded = StructType::get(
      context, "__cbelem",
      {element, PaddingType::get(context, uint32_t(stride - elementSize))},
      {"value", ""});
  return StructType::get(context, "__cbarray",
                         {ArrayType::get(context, count - 1, padded), element},
                         {"elems", "last"});
}

Type mlir::hlsl::getCBufferLayoutType(Type type) {
  MLIRContext *context = type.getContext();
  if (type.isIntOrFloat())
    return getCBufferStorageType(type);
  if (auto vec = dyn_cast<VectorType>(type))
    return VectorType::get(vec.getShape(),
                           getCBufferStorageType(vec.getElementType()));
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
    Type vector =
        VectorType::get({int64_t(layout.vectorLength)},
                        getCBufferStorageType(matrix.getElementType()));
    uint64_t vectorSize = layout.vectorLength * layout.scalarSize;
    Type vectors = getPaddedArrayType(vector, vectorSize, layout.numVectors);
    if (layout.lastVectorSize == vectorSize)
      return vectors;
    return StructType::get(
        context, "__cbmatrix",
        {vectors, PaddingType::get(
                      context, uint32_t(layout.lastVectorSize - vectorSize))},
        {"vectors", ""});
  }
  if (auto array = dyn_cast<ArrayType>(type))
    return getPaddedArrayType(getCBufferLayoutType(array.getElementType()),
                              getCBufferSize(array.getElementType()),
                              array.getSize());
  if (auto st = dyn_cast<StructType>(type))
    return buildCBufferLayoutStruct(context, ("__layout_" + st.getName()).str(),
                                    st.getFieldTypes(), st.getFieldNames(),
                                    getCBufferFieldOffsets(st));
  return type;
}

StructType mlir::hlsl::buildCBufferLayoutStruct(MLIRContext *context,
                                                StringRef name,
                                                ArrayRef<Type> types,
                                                ArrayRef<StringRef> names,
                                                ArrayRef<uint64_t> offsets) {
  SmallVector<size_t> order(types.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::stable_sort(order, [&](size_t lhs, size_t rhs) {
    return offsets[lhs] < offsets[rhs];
  });

  SmallVector<Type> fieldTypes;
  SmallVector<StringRef> fieldNames;
  uint64_t end = 0;
  for (size_t index : order) {
    uint64_t size = getCBufferSize(types[index]);
    if (size == 0)
      continue;
    // Callers reject overlapping objects before asking for a layout.
    assert(offsets[index] >= end && "overlapping objects in a layout");
    if (offsets[index] > end) {
      fieldTypes.push_back(
          PaddingType::get(context, uint32_t(offsets[index] - end)));
      fieldNames.push_back("");
    }
    fieldTypes.push_back(getCBufferLayoutType(types[index]));
    fieldNames.push_back(isa<PaddingType>(types[index]) ? StringRef()
                                                        : names[index]);
    end = offsets[index] + size;
  }
  return StructType::get(context, name, fieldTypes, fieldNames);
}
