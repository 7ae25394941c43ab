// RUN: not hlsl-opt %s 2>&1 | FileCheck %s
// Malformed input is a diagnostic with a location and exit code 1, not a
// crash.

// CHECK: malformed.mlir:[[@LINE+1]]:58: error: custom op 'hlsl.resource' expected a register such as 'u3', a 'spaceN' or 'order N', got 'q7'
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1, q7>
