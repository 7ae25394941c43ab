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

/// Whether the registers hlsl-assign-bindings gives \p module's resources
/// depend on which of them the optimized code still uses: some declaration
/// has no register (seed 004 binds the used ones only), or used explicit
/// registers overlap (an error only if the final code uses both, as in
/// DXC). The driver then compiles such a module a second time, naming the
/// resources the optimizer deleted (hlsl.unused_after_optimization).
bool bindingsDependOnOptimization(ModuleOp module);

} // namespace mlir::hlsl

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_H
