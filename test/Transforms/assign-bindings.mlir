// RUN: hlsl-opt %s -split-input-file --hlsl-assign-bindings | FileCheck %s
// Running the pass again changes nothing: assigned registers are fixed.
// RUN: hlsl-opt %s -split-input-file --hlsl-assign-bindings > %t.once.mlir
// RUN: hlsl-opt %t.once.mlir -split-input-file --hlsl-assign-bindings > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
//
// The examples of seed 004 (implicit resource binding), with DXC's results.
// Only used declarations take part; `order` is the declaration order id.

// Example 1.1: first free register in declaration order; the unused C does
// not reserve u2.
//   RWBuffer<float> A : register(u0);
//   RWBuffer<float> B;                 // gets u1
//   RWBuffer<float> C: register(u2);   // unused
//   RWBuffer<float> D;                 // gets u2
//   A[0] = D[0] + B[0];

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.res<RWBuffer, f32> binding <u1, space0, order 0>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
// CHECK-NEXT:  hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <u2, space0, order 1>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
hlsl.resource @B : !hlsl.res<RWBuffer, f32> binding <order 0>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c0 = arith.constant 0 : i32
  %d = hlsl.resource_handle @D : !hlsl.res<RWBuffer, f32>
  %dp = hlsl.resource_addr %d[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %dv = hlsl.load %dp : !hlsl.ptr<f32, device>
  %b = hlsl.resource_handle @B : !hlsl.res<RWBuffer, f32>
  %bp = hlsl.resource_addr %b[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %bv = hlsl.load %bp : !hlsl.ptr<f32, device>
  %sum = arith.addf %dv, %bv : f32
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %ap = hlsl.resource_addr %a[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  hlsl.store %sum, %ap : !hlsl.ptr<f32, device>
  return
}

// -----

// Example 1.1 with C used: D moves to u3.

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.res<RWBuffer, f32> binding <u1, space0, order 0>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
// CHECK-NEXT:  hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <u3, space0, order 1>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
hlsl.resource @B : !hlsl.res<RWBuffer, f32> binding <order 0>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C : !hlsl.res<RWBuffer, f32>
  %d = hlsl.resource_handle @D : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Example 1.2, with seed 004's proposed fix: the importer flattens the
// resources of `S s` into `s.B` and `s.D` in member declaration order, so
// they are bound in that order rather than DXC's order of first use.
//   RWBuffer<float> A : register(u0);
//   RWBuffer<float> C: register(u2);   // unused
//   struct S { RWBuffer<float> B; RWBuffer<float> D; } s;
//   A[0] = s.D[0] + s.B[0];

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
// CHECK-NEXT:  hlsl.resource @s.B : !hlsl.res<RWBuffer, f32> binding <u1, space0, order 0>
// CHECK-NEXT:  hlsl.resource @s.D : !hlsl.res<RWBuffer, f32> binding <u2, space0, order 1>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
hlsl.resource @s.B : !hlsl.res<RWBuffer, f32> binding <order 0>
hlsl.resource @s.D : !hlsl.res<RWBuffer, f32> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %d = hlsl.resource_handle @s.D : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @s.B : !hlsl.res<RWBuffer, f32>
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Example 2.1: arrays take the lowest free range that fits them whole.
//   RWBuffer<float> A : register(u2);
//   RWBuffer<float> B[4];    // gets u3 because it does not fit before A
//   RWBuffer<float> C[2];    // gets u0 because it fits before A
//   RWBuffer<float> D[50] : register(u6); // unused
//   RWBuffer<float> E[2];    // gets u7, right after B
//   A[0] = E[1][0] + C[1][0] + B[1][0];

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u2>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u3, space0, order 0>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>> binding <u0, space0, order 1>
// CHECK-NEXT:  hlsl.resource @D : !hlsl.array<50 x !hlsl.res<RWBuffer, f32>> binding <u6>
// CHECK-NEXT:  hlsl.resource @E : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>> binding <u7, space0, order 2>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u2>
hlsl.resource @B : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @C : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>> binding <order 1>
hlsl.resource @D : !hlsl.array<50 x !hlsl.res<RWBuffer, f32>> binding <u6>
hlsl.resource @E : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>> binding <order 2>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c1 = arith.constant 1 : i32
  %e = hlsl.resource_handle @E[%c1] : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C[%c1] : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B[%c1] : !hlsl.res<RWBuffer, f32>
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Example 3.1: an unbounded array goes after the highest register used so
// far (C's u5); D still fits between A and C.
//   RWBuffer<float> A : register(u1);
//   RWBuffer<float> B[];     // gets u6 (unbounded range)
//   RWBuffer<float> C : register(u5);
//   RWBuffer<float> D[3];    // gets u2
//   A[0] = D[2][0] + C[0] + B[10][0];

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <u6, space0, order 0>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u5>
// CHECK-NEXT:  hlsl.resource @D : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>> binding <u2, space0, order 1>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1>
hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u5>
hlsl.resource @D : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c2 = arith.constant 2 : i32
  %c10 = arith.constant 10 : i32
  %d = hlsl.resource_handle @D[%c2] : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B[%c10] : !hlsl.res<RWBuffer, f32>
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Example 3.3: declared before the unbounded array, D[4] takes u6 (no room
// below C) and B starts after it.
//   RWBuffer<float> A : register(u1);
//   RWBuffer<float> D[4];    // gets u6
//   RWBuffer<float> B[];     // gets u10 (unbounded range)
//   RWBuffer<float> C : register(u5);

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1>
// CHECK-NEXT:  hlsl.resource @D : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u6, space0, order 0>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <u10, space0, order 1>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u5>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1>
hlsl.resource @D : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 1>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u5>
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

// Example 4.1: other spaces do not affect space0.
//   RWBuffer<float> A : register(u0, space1);
//   RWBuffer<float> B[10];   // gets u0 in space0 (range 10)
//   RWBuffer<float> C[5][4] : register(u10, space5);
//   RWBuffer<float> D;       // gets u10 in space0

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0, space1>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.array<10 x !hlsl.res<RWBuffer, f32>> binding <u0, space0, order 0>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.array<5 x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>> binding <u10, space5>
// CHECK-NEXT:  hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <u10, space0, order 1>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0, space1>
hlsl.resource @B : !hlsl.array<10 x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @C : !hlsl.array<5 x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>> binding <u10, space5>
hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %d = hlsl.resource_handle @D : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C[%c3, %c3] : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B[%c5] : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Example 5.1: space-only bindings are allocated in their space.
//   RWBuffer<float> A : register(u1);        // defaults to space0
//   RWBuffer<float> B[];                     // gets u2 (unbounded range)
//   RWBuffer<float> C[3] : register(space1); // gets u0, space1 (range 3)
//   RWBuffer<float> D : register(space1);    // gets u3, space1

// CHECK-LABEL: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <u2, space0, order 0>
// CHECK-NEXT:  hlsl.resource @C : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>> binding <u0, space1, order 1>
// CHECK-NEXT:  hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <u3, space1, order 2>
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u1>
hlsl.resource @B : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @C : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>> binding <space1, order 1>
hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <space1, order 2>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c2 = arith.constant 2 : i32
  %c10 = arith.constant 10 : i32
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C[%c2] : !hlsl.res<RWBuffer, f32>
  %d = hlsl.resource_handle @D : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B[%c10] : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Implicit requests are placed in order id order, not op order: an earlier
// pass may have moved declarations around.

// CHECK-LABEL: hlsl.resource @Second : !hlsl.res<RWBuffer, f32> binding <u1, space0, order 1>
// CHECK-NEXT:  hlsl.resource @First : !hlsl.res<RWBuffer, f32> binding <u0, space0, order 0>
hlsl.resource @Second : !hlsl.res<RWBuffer, f32> binding <order 1>
hlsl.resource @First : !hlsl.res<RWBuffer, f32> binding <order 0>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %a = hlsl.resource_handle @Second : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @First : !hlsl.res<RWBuffer, f32>
  return
}

// -----

// Every descriptor class has its own registers: SRVs (t), UAVs (u), CBVs
// (b: cbuffers, ConstantBuffer<T>, $Globals) and samplers (s). A tbuffer is
// an SRV. A cbuffer is used when one of its members is.

// CHECK-LABEL: hlsl.resource @T : !hlsl.res<Texture2D, vector<4xf32>> binding <t0>
// CHECK-NEXT:  hlsl.resource @U : !hlsl.res<RWBuffer, f32> binding <u0>
// CHECK-NEXT:  hlsl.resource @S : !hlsl.res<SamplerState> binding <s0, space0, order 0>
// CHECK-NEXT:  hlsl.resource @T2 : !hlsl.res<Texture2D, vector<4xf32>> binding <t1, space0, order 1>
// CHECK-NEXT:  hlsl.resource @U2 : !hlsl.res<RWBuffer, f32> binding <u1, space0, order 2>
// CHECK-NEXT:  hlsl.resource @CB : !hlsl.res<ConstantBuffer, !hlsl.struct<"C", {f: vector<4xf32>}>> binding <b1, space0, order 3>
// CHECK-NEXT:  hlsl.cbuffer @cb0 cbuffer binding <b0> {
// CHECK:       hlsl.cbuffer @"$Globals" globals binding <b2, space0, order 4> name "$Globals" {
// CHECK:       hlsl.cbuffer @tb tbuffer binding <t2, space0, order 5> {
// CHECK:       hlsl.cbuffer @unused cbuffer binding <order 6> {
hlsl.resource @T : !hlsl.res<Texture2D, vector<4xf32>> binding <t0>
hlsl.resource @U : !hlsl.res<RWBuffer, f32> binding <u0>
hlsl.resource @S : !hlsl.res<SamplerState> binding <order 0>
hlsl.resource @T2 : !hlsl.res<Texture2D, vector<4xf32>> binding <order 1>
hlsl.resource @U2 : !hlsl.res<RWBuffer, f32> binding <order 2>
hlsl.resource @CB : !hlsl.res<ConstantBuffer, !hlsl.struct<"C", {f: vector<4xf32>}>> binding <order 3>
hlsl.cbuffer @cb0 cbuffer binding <b0> {
  hlsl.cbuffer_member @x : f32
}
hlsl.cbuffer @"$Globals" globals binding <order 4> name "$Globals" {
  hlsl.cbuffer_member @g : f32
}
hlsl.cbuffer @tb tbuffer binding <order 5> {
  hlsl.cbuffer_member @t : f32
}
hlsl.cbuffer @unused cbuffer binding <order 6> {
  hlsl.cbuffer_member @u : f32
}
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %t = hlsl.resource_handle @T : !hlsl.res<Texture2D, vector<4xf32>>
  %u = hlsl.resource_handle @U : !hlsl.res<RWBuffer, f32>
  %s = hlsl.resource_handle @S : !hlsl.res<SamplerState>
  %t2 = hlsl.resource_handle @T2 : !hlsl.res<Texture2D, vector<4xf32>>
  %u2 = hlsl.resource_handle @U2 : !hlsl.res<RWBuffer, f32>
  %cb = hlsl.resource_handle @CB : !hlsl.res<ConstantBuffer, !hlsl.struct<"C", {f: vector<4xf32>}>>
  %x = hlsl.cbuffer_addr @cb0::@x : !hlsl.ptr<f32, constant>
  %g = hlsl.cbuffer_addr @"$Globals"::@g : !hlsl.ptr<f32, constant>
  %tb = hlsl.cbuffer_addr @tb::@t : !hlsl.ptr<f32, constant>
  return
}

// -----

// Unused declarations reserve nothing, so their explicit ranges may overlap
// anything.

// CHECK-LABEL: hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u0>
// CHECK-NEXT:  hlsl.resource @Unused : !hlsl.res<RWBuffer, f32> binding <u1>
// CHECK-NEXT:  hlsl.resource @UnusedImplicit : !hlsl.res<RWBuffer, f32> binding <order 0>
// CHECK-NEXT:  hlsl.resource @B : !hlsl.res<RWBuffer, f32> binding <u4, space0, order 1>
hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u0>
hlsl.resource @Unused : !hlsl.res<RWBuffer, f32> binding <u1>
hlsl.resource @UnusedImplicit : !hlsl.res<RWBuffer, f32> binding <order 0>
hlsl.resource @B : !hlsl.res<RWBuffer, f32> binding <order 1>
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %all = hlsl.resource_slice @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>
  %b = hlsl.resource_handle @B : !hlsl.res<RWBuffer, f32>
  return
}
