//===- Passes.h - conversion passes -----------------------------*- C++ -*-===//

#ifndef HLSL_CONVERSION_PASSES_H
#define HLSL_CONVERSION_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::hlsl {

#define GEN_PASS_DECL
#include "HLSL/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "HLSL/Conversion/Passes.h.inc"

} // namespace mlir::hlsl

#endif // HLSL_CONVERSION_PASSES_H
