//===- HLSLDialect.h - hlsl dialect -----------------------------*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLDIALECT_H
#define HLSL_DIALECT_HLSL_IR_HLSLDIALECT_H

#include "mlir/IR/Dialect.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOpsDialect.h.inc"

#endif // HLSL_DIALECT_HLSL_IR_HLSLDIALECT_H
