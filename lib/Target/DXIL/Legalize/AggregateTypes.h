//===- AggregateTypes.h - the aggregates DXIL legalization splits -*- C++ -*-//
//
// Arrays and structs that DXIL has no values or memory accesses of; DXIL's
// own value structs (dx.types.Handle, dx.types.ResRet.f32, ...) are results
// of DXIL operations and stay whole.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_TARGET_DXIL_LEGALIZE_AGGREGATETYPES_H
#define HLSL_LIB_TARGET_DXIL_LEGALIZE_AGGREGATETYPES_H

#include "llvm/IR/DerivedTypes.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::hlsl {

/// Whether `type` is an array or a struct that is not a DXIL value struct.
inline bool isSplittableAggregate(llvm::Type *type) {
  if (llvm::isa<llvm::ArrayType>(type))
    return true;
  if (auto *st = llvm::dyn_cast<llvm::StructType>(type))
    return !st->hasName() || !st->getName().starts_with("dx.types.");
  return false;
}

/// The number of scalar/vector leaves of `type`, saturating.
inline uint64_t countAggregateLeaves(llvm::Type *type) {
  if (auto *array = llvm::dyn_cast<llvm::ArrayType>(type))
    return llvm::SaturatingMultiply(
        array->getNumElements(), countAggregateLeaves(array->getElementType()));
  if (auto *st = llvm::dyn_cast<llvm::StructType>(type)) {
    uint64_t total = 0;
    for (llvm::Type *field : st->elements())
      total = llvm::SaturatingAdd(total, countAggregateLeaves(field));
    return total;
  }
  return 1;
}

} // namespace mlir::hlsl

#endif // HLSL_LIB_TARGET_DXIL_LEGALIZE_AGGREGATETYPES_H
