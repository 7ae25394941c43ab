//===- ResourceDescriptors.h - resource values as descriptors ---*- C++ -*-===//
//
// Local resource arrays, structs of resources and handles merged by control
// flow whose elements are not known at compile time (a loop fills them, an
// index is dynamic) are rewritten into values of plain data: each handle
// becomes a descriptor, the pair (range, index) of the declaration it refers
// to and its element in that declaration's range. Uses of a resource decode
// the descriptor back into one handle: where a single declaration can reach
// the use, the handle of that range at the descriptor's index; otherwise a
// select between the handles of each range that can, which DXIL legalization
// turns into a branch per range.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_DIALECT_HLSL_TRANSFORMS_RESOURCEDESCRIPTORS_H
#define HLSL_LIB_DIALECT_HLSL_TRANSFORMS_RESOURCEDESCRIPTORS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::hlsl {

/// Whether `func` still has resource values that are not plain handles:
/// arrays, structs or block arguments holding resources.
bool hasResourceAggregates(func::FuncOp func);

/// Rewrites every resource aggregate and merged handle of `func` into
/// descriptors and decodes them where resources are used. Reports (and
/// fails on) uses whose resource cannot be known: values from outside the
/// function, or elements that were never assigned.
LogicalResult lowerToResourceDescriptors(func::FuncOp func,
                                         SymbolTable &symbols);

} // namespace mlir::hlsl

#endif // HLSL_LIB_DIALECT_HLSL_TRANSFORMS_RESOURCEDESCRIPTORS_H
