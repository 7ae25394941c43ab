//===- HLSLOps.h - hlsl dialect operations ----------------------*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLOPS_H
#define HLSL_DIALECT_HLSL_IR_HLSLOPS_H

#include "HLSL/Dialect/HLSL/IR/HLSLAttributes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Dialect/HLSL/IR/HLSLTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h.inc"

namespace mlir::hlsl {
/// Whether `hlsl.intrinsic` knows `name` with `numArgs` operands.
bool isKnownIntrinsic(llvm::StringRef name, size_t numArgs);

/// The address of element `flat` (row * columns + column) of the matrix at
/// `matrixAddr`: its row's element.
Value buildMatrixElementAddr(OpBuilder &builder, Location loc, Value matrixAddr,
                             int32_t flat);
/// Matrix members spanning rows (`m._m01_m10`): elements `flat` of the
/// matrix at `matrixAddr`, loaded one by one (a scalar for one element, else
/// a vector).
Value buildMatrixElementsLoad(OpBuilder &builder, Location loc,
                              Value matrixAddr, ArrayRef<int32_t> flat);
/// Stores `value` (a vector of one component per element, or a scalar for
/// all) to elements `flat` of the matrix at `matrixAddr`, one by one.
void buildMatrixElementsStore(OpBuilder &builder, Location loc, Value value,
                              Value matrixAddr, ArrayRef<int32_t> flat);
} // namespace mlir::hlsl

#endif // HLSL_DIALECT_HLSL_IR_HLSLOPS_H
