// RUN: not hlsl-opt %s 2>&1 | FileCheck %s
// RUN: hlsl-opt %s; test $? -eq 1

// CHECK: malformed-op.mlir:[[@LINE+2]]:18: error: use of undeclared SSA value name
func.func @f() {
  %x = hlsl.load %nope : !hlsl.ptr<f32>
  return
}
