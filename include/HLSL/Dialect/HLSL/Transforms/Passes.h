//===- Passes.h - hlsl dialect passes ---------------------------*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_H
#define HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::hlsl {

#define GEN_PASS_DECL
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"

} // namespace mlir::hlsl

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_H
