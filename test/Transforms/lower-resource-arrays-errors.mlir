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
