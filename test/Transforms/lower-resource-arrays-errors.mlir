// RUN: hlsl-opt %s --hlsl-lower-resource-arrays --split-input-file -verify-diagnostics

// Seed 001's LocalArray[0] was never assigned: after mem2reg its value is
// undefined. DXC reads a null handle; we report the use.
hlsl.resource @Buf : !hlsl.res<RWBuffer, f32> binding <u0>
func.func @uninitialized() -> f32 {
  %c0 = arith.constant 0 : i32
  %buf = hlsl.resource_handle @Buf : !hlsl.res<RWBuffer, f32>
  %undef = hlsl.undef : !hlsl.res<RWBuffer, f32>
  %arr = hlsl.construct(%undef, %undef, %buf) : (!hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>) -> !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>
  %h = hlsl.array_extract %arr[%c0] : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>, i32
  // expected-error @+1 {{use of an uninitialized resource: a local or static resource variable, or an element of a local resource array, that was never assigned}}
  %p = hlsl.resource_addr %h[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %v = hlsl.load %p : !hlsl.ptr<f32, device>
  return %v : f32
}

// -----

// An array of handles that did not become SSA values (its origin is not
// known) cannot be lowered.
func.func @unknown(%arr: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>, %i: i32) -> !hlsl.res<RWBuffer, f32> {
  // expected-error @+1 {{not supported yet: this use of a resource array}}
  %h = hlsl.array_extract %arr[%i] : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>, i32
  return %h : !hlsl.res<RWBuffer, f32>
}

// -----

// A resource variable assigned on one branch only: the merged value may be
// undefined where it is used (DXC: "local resource not guaranteed to map to
// unique global resource").
hlsl.resource @Tex : !hlsl.res<RWBuffer, f32> binding <u0>
func.func @maybe_uninitialized(%c: i1) -> f32 {
  %c0 = arith.constant 0 : i32
  %undef = hlsl.undef : !hlsl.res<RWBuffer, f32>
  cf.cond_br %c, ^assigned, ^merge(%undef : !hlsl.res<RWBuffer, f32>)
^assigned:
  %h = hlsl.resource_handle @Tex : !hlsl.res<RWBuffer, f32>
  cf.br ^merge(%h : !hlsl.res<RWBuffer, f32>)
^merge(%m: !hlsl.res<RWBuffer, f32>):
  // expected-error @+1 {{use of a resource that may be uninitialized: a local or static resource variable that is not assigned on every path to this use}}
  %p = hlsl.resource_addr %m[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %v = hlsl.load %p : !hlsl.ptr<f32, device>
  return %v : f32
}

// -----

// A loop-carried resource variable that every iteration assigns before its
// use: the undefined value that enters the loop is never used.
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
func.func @assigned_before_use(%n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %undef = hlsl.undef : !hlsl.res<RWBuffer, f32>
  cf.br ^loop(%c0, %undef, %zero : i32, !hlsl.res<RWBuffer, f32>, f32)
^loop(%i: i32, %carried: !hlsl.res<RWBuffer, f32>, %acc: f32):
  %h = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %p = hlsl.resource_addr %h[%i] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %v = hlsl.load %p : !hlsl.ptr<f32, device>
  %sum = arith.addf %acc, %v : f32
  %next = arith.addi %i, %c1 : i32
  %more = arith.cmpi slt, %next, %n : i32
  cf.cond_br %more, ^loop(%next, %h, %sum : i32, !hlsl.res<RWBuffer, f32>, f32), ^done
^done:
  return %sum : f32
}
