// RUN: hlsl-opt %s -split-input-file --hlsl-assign-bindings -verify-diagnostics
// Allocation failures are reported at the declaration, naming the resource.

// Seed 004, example 3.2: after the unbounded B took u6.., D[4] fits neither
// below A, between A and C, nor above C.
//   RWBuffer<float> A : register(u1);
//   RWBuffer<float> B[];     // gets u6 (unbounded range)
//   RWBuffer<float> C : register(u5);
//   RWBuffer<float> D[4];    // error
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1>
hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u5>
// expected-error @+1 {{resource 'D' could not be allocated: no free range of 4 consecutive 'u' registers in space0}}
hlsl.resource @D : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c2 = arith.constant 2 : i32
  %c10 = arith.constant 10 : i32
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %d = hlsl.resource_handle @D[%c2] : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B[%c10] : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Seed 004, example 3.4: two unbounded arrays in one space.
//   RWBuffer<float> C[];  // gets u0 (unbounded range)
//   RWBuffer<float> D[];  // error
hlsl.resource @C : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 0>
// expected-error @+1 {{resource 'D' could not be allocated: no free unbounded range of 'u' registers in space0 (u4294967295 is already used)}}
hlsl.resource @D : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %d = hlsl.resource_handle @D[%c10] : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C[%c20] : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Overlapping explicit ranges: the error names both resources and points
// at the other declaration.
// expected-note @+1 {{'A' is declared here}}
hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u0>
// expected-error @+1 {{resource 'B' (u2, space0) overlaps resource 'A' (u0..u3, space0)}}
hlsl.resource @B : !hlsl.res<RWBuffer, f32> binding <u2>
// Different class or space: no overlap.
hlsl.resource @T : !hlsl.res<Buffer, f32> binding <t2>
hlsl.resource @U : !hlsl.res<RWBuffer, f32> binding <u2, space1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %a = hlsl.resource_slice @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>
  %b = hlsl.resource_handle @B : !hlsl.res<RWBuffer, f32>
  %t = hlsl.resource_handle @T : !hlsl.res<Buffer, f32>
  %u = hlsl.resource_handle @U : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Constant buffers and samplers overlap within their own classes. Every
// error is reported, not just the first.
// expected-note @+1 {{'cb0' is declared here}}
hlsl.cbuffer @cb0 cbuffer binding <b0> {
  hlsl.cbuffer_member @x : f32
}
// The source name is what diagnostics show.
// expected-error @+1 {{resource 'cb0' (b0, space0) overlaps resource 'cb0' (b0, space0)}}
hlsl.cbuffer @cb0_1 cbuffer binding <b0> name "cb0" {
  hlsl.cbuffer_member @y : f32
}
// expected-note @+1 {{'S0' is declared here}}
hlsl.resource @S0 : !hlsl.array<2 x !hlsl.res<SamplerState>> binding <s3>
// expected-error @+1 {{resource 'S1' (s4, space0) overlaps resource 'S0' (s3..s4, space0)}}
hlsl.resource @S1 : !hlsl.res<SamplerComparisonState> binding <s4>
// t0 and b0 do not collide with b0 and s0.
hlsl.resource @T : !hlsl.res<Texture2D, vector<4xf32>> binding <t0>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %x = hlsl.cbuffer_addr @cb0::@x : !hlsl.ptr<f32, constant>
  %y = hlsl.cbuffer_addr @cb0_1::@y : !hlsl.ptr<f32, constant>
  %s0 = hlsl.resource_slice @S0 : !hlsl.array<2 x !hlsl.res<SamplerState>>
  %s1 = hlsl.resource_handle @S1 : !hlsl.res<SamplerComparisonState>
  %t = hlsl.resource_handle @T : !hlsl.res<Texture2D, vector<4xf32>>
  return
}

// -----

// Space-only bindings can run out of room too.
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0, space2>
hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <u1, space2>
// expected-error @+1 {{resource 'C' could not be allocated: no free 'u' register in space2}}
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <space2, order 0>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c0 = arith.constant 0 : i32
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B[%c0] : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// A range larger than a whole register space.
// expected-error @+1 {{resource 'Huge' needs more than 4294967295 registers}}
hlsl.resource @Huge : !hlsl.array<100000 x !hlsl.array<100000 x !hlsl.res<RWBuffer, f32>>> binding <order 0>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c0 = arith.constant 0 : i32
  %h = hlsl.resource_handle @Huge[%c0, %c0] : !hlsl.res<RWBuffer, f32>
  return
}
