//===- StructuredLayout.cpp - layout of structured buffer elements --------===//

#include "HLSL/Dialect/HLSL/Transforms/StructuredLayout.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::hlsl;

StructuredLayout mlir::hlsl::getStructuredLayout(Type type) {
  if (isa<IntegerType, FloatType>(type)) {
    int64_t size = std::max<int64_t>(type.getIntOrFloatBitWidth() / 8, 1);
    if (type.isInteger(1))
      size = 4;
    return {size, size};
  }
  if (auto vec = dyn_cast<VectorType>(type)) {
    StructuredLayout scalar = getStructuredLayout(vec.getElementType());
    return {scalar.size * vec.getNumElements(), scalar.alignment};
  }
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    StructuredLayout scalar = getStructuredLayout(matrix.getElementType());
    return {scalar.size * matrix.getNumElements(), scalar.alignment};
  }
  if (auto array = dyn_cast<ArrayType>(type)) {
    StructuredLayout element = getStructuredLayout(array.getElementType());
    return {element.size * std::max<int64_t>(array.getSize(), 0),
            element.alignment};
  }
  if (auto st = dyn_cast<StructType>(type)) {
    StructuredLayout layout{0, 1};
    for (Type field : st.getFieldTypes()) {
      StructuredLayout f = getStructuredLayout(field);
      layout.size = llvm::alignTo(layout.size, f.alignment) + f.size;
      layout.alignment = std::max(layout.alignment, f.alignment);
    }
    layout.size = llvm::alignTo(layout.size, layout.alignment);
    return layout;
  }
  if (auto pad = dyn_cast<PaddingType>(type))
    return {pad.getSize(), 1};
  return {0, 1};
}

int64_t mlir::hlsl::getStructuredFieldOffset(StructType type, unsigned index) {
  int64_t offset = 0;
  for (auto [i, field] : llvm::enumerate(type.getFieldTypes())) {
    StructuredLayout f = getStructuredLayout(field);
    offset = llvm::alignTo(offset, f.alignment);
    if (i == index)
      return offset;
    offset += f.size;
  }
  return offset;
}
