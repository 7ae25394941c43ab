//===- HLSLAttributes.h - hlsl dialect attributes ---------------*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLATTRIBUTES_H
#define HLSL_DIALECT_HLSL_IR_HLSLATTRIBUTES_H

#include "HLSL/Dialect/HLSL/IR/HLSLEnums.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#define GET_ATTRDEF_CLASSES
#include "HLSL/Dialect/HLSL/IR/HLSLOpsAttributes.h.inc"

#endif // HLSL_DIALECT_HLSL_IR_HLSLATTRIBUTES_H
