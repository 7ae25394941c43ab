//===- StructuredLayout.h - layout of structured buffer elements -*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_TRANSFORMS_STRUCTUREDLAYOUT_H
#define HLSL_DIALECT_HLSL_TRANSFORMS_STRUCTUREDLAYOUT_H

#include "HLSL/Dialect/HLSL/IR/HLSLTypes.h"

namespace mlir::hlsl {

struct StructuredLayout {
  int64_t size = 0;
  int64_t alignment = 1;
};

/// Layout of a value in a structured or byte-address buffer: every scalar
/// aligned to its size (bool takes 4 bytes), vectors and matrices packed,
/// arrays without padding between elements, structs aligned to their most
/// aligned member and rounded up to it.
StructuredLayout getStructuredLayout(Type type);
/// Byte offset of field `index` of `type` in that layout.
int64_t getStructuredFieldOffset(StructType type, unsigned index);

} // namespace mlir::hlsl

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_STRUCTUREDLAYOUT_H
