// RUN: hlsl-opt %s -split-input-file --hlsl-inline-calls -verify-diagnostics | FileCheck %s
// Calls are inlined top down into the functions the module keeps (not
// private): the entry gets a clone of each callee's own body, and the calls
// in that clone are inlined next. Private functions are left untouched for
// symbol-dce (MLIR's inliner first inlined into every callee: quadratic for
// call chains).

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1.0
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[X]], %[[C1]]
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2.0
// CHECK-NEXT: %[[B:.*]] = arith.mulf %[[A]], %[[C2]]
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3.0
// CHECK-NEXT: %[[C:.*]] = arith.subf %[[B]], %[[C3]]
// CHECK-NEXT: return %[[C]]
func.func @main(%x: f32) -> f32 attributes {hlsl.entry} {
  %r = func.call @f2(%x) : (f32) -> f32
  return %r : f32
}
// The callees keep their calls.
// CHECK-LABEL: func.func private @f2
// CHECK: call @f1
func.func private @f2(%x: f32) -> f32 {
  %a = func.call @f1(%x) : (f32) -> f32
  %c = arith.constant 3.0 : f32
  %r = arith.subf %a, %c : f32
  return %r : f32
}
// CHECK-LABEL: func.func private @f1
// CHECK: call @f0
func.func private @f1(%x: f32) -> f32 {
  %a = func.call @f0(%x) : (f32) -> f32
  %c = arith.constant 2.0 : f32
  %r = arith.mulf %a, %c : f32
  return %r : f32
}
func.func private @f0(%x: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %r = arith.addf %x, %c : f32
  return %r : f32
}

// -----

// A call without a result is inlined too, and so is what its clone calls.
// CHECK-LABEL: func.func @entry
// CHECK-NEXT: arith.constant 5
// CHECK-NEXT: arith.constant 6
// CHECK-NEXT: return
func.func @entry() {
  func.call @outer() : () -> ()
  return
}
func.func private @outer() {
  %c = arith.constant 5 : i32
  func.call @inner() : () -> ()
  return
}
func.func private @inner() {
  %c = arith.constant 6 : i32
  return
}

// -----

func.func @main() {
  func.call @a() : () -> ()
  return
}
func.func private @a() {
  func.call @b() : () -> ()
  return
}
func.func private @b() {
  // expected-error @below {{recursive call of 'a': DXIL shaders cannot recurse}}
  func.call @a() : () -> ()
  return
}
