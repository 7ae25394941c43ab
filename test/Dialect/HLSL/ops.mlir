// RUN: hlsl-opt %s | hlsl-opt | FileCheck %s
// RUN: hlsl-opt %s --mlir-print-op-generic | hlsl-opt | FileCheck %s
// Round trip of every hlsl type, attribute and operation, in custom and
// generic form.

// CHECK-LABEL: hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u10>
hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u10>
// A ConstantBuffer<T> array's T as declared, integers keeping their sign.
// CHECK: hlsl.resource @CB : !hlsl.array<2 x !hlsl.res<ConstantBuffer, !hlsl.struct<"T", {u: vector<2xi32>, a: !hlsl.array<3 x i16>}>>> declared !hlsl.struct<"T", {u: vector<2xui32>, a: !hlsl.array<3 x ui16>}> binding <b3>
hlsl.resource @CB : !hlsl.array<2 x !hlsl.res<ConstantBuffer, !hlsl.struct<"T", {u: vector<2xi32>, a: !hlsl.array<3 x i16>}>>> declared !hlsl.struct<"T", {u: vector<2xui32>, a: !hlsl.array<3 x ui16>}> binding <b3>
// CHECK: hlsl.resource @C : !hlsl.array<2 x !hlsl.array<2 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>> binding <u10, space1>
hlsl.resource @C : !hlsl.array<2 x !hlsl.array<2 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>> binding <u10, space1>
// CHECK: hlsl.resource @D : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @D : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 0>
// CHECK: hlsl.resource @E : !hlsl.array<? x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>> binding <u5>
hlsl.resource @E : !hlsl.array<? x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>> binding <u5>
// CHECK: hlsl.resource @N : !hlsl.array<10 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
hlsl.resource @N : !hlsl.array<10 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
// CHECK: hlsl.resource @X : !hlsl.res<RWBuffer, si32> binding <space1, order 1>
hlsl.resource @X : !hlsl.res<RWBuffer, si32> binding <space1, order 1>
// CHECK: hlsl.resource @Y : !hlsl.res<RWBuffer, ui32> binding <u2, space0, order 2>
hlsl.resource @Y : !hlsl.res<RWBuffer, ui32> binding <u2, space0, order 2>
// CHECK: hlsl.resource @Tex : !hlsl.res<Texture2D, vector<4xf32>> binding <t3>
hlsl.resource @Tex : !hlsl.res<Texture2D, vector<4xf32>> binding <t3>
// CHECK: hlsl.resource @Feedback : !hlsl.res<FeedbackTexture2D, !hlsl.struct<"SAMPLER_FEEDBACK_MIN_MIP", {}>> binding <u1>
hlsl.resource @Feedback : !hlsl.res<FeedbackTexture2D, !hlsl.struct<"SAMPLER_FEEDBACK_MIN_MIP", {}>> binding <u1>
// CHECK: hlsl.resource @Samp : !hlsl.res<SamplerState> binding <s0>
hlsl.resource @Samp : !hlsl.res<SamplerState> binding <s0>
// CHECK: hlsl.resource @Raw : !hlsl.res<RWByteAddressBuffer> binding <u4294967295>
hlsl.resource @Raw : !hlsl.res<RWByteAddressBuffer> binding <u4294967295>
// CHECK: hlsl.resource @Parts : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"Particle", {pos: vector<3xf32>, "i32": i32, m: !hlsl.matrix<4x4xf32, row_major>}>> binding <order 3>
hlsl.resource @Parts : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"Particle", {pos: vector<3xf32>, "i32": i32, m: !hlsl.matrix<4x4xf32, row_major>}>> binding <order 3>
// CHECK: hlsl.resource @CBs : !hlsl.res<ConstantBuffer, !hlsl.struct<"C", {f: vector<4xf32>}>> binding <b1>
hlsl.resource @CBs : !hlsl.res<ConstantBuffer, !hlsl.struct<"C", {f: vector<4xf32>}>> binding <b1>

// Field hints of DXC's struct layout: printed after the field's type, and
// a struct without any is the struct written without them.
// CHECK: hlsl.resource @Hinted : !hlsl.res<ConstantBuffer, !hlsl.struct<"H", {h: f16, m: f16 min_precision, r: !hlsl.matrix<1x2xf32, row_major> row_start, b: !hlsl.matrix<1x3xf16, row_major> min_precision row_start}>> binding <b2>
hlsl.resource @Hinted : !hlsl.res<ConstantBuffer, !hlsl.struct<"H", {h: f16, m: f16 min_precision, r: !hlsl.matrix<1x2xf32, row_major> row_start, b: !hlsl.matrix<1x3xf16, row_major> min_precision row_start}>> binding <b2>
// CHECK: hlsl.resource @Unhinted : !hlsl.res<ConstantBuffer, !hlsl.struct<"U", {h: f16}>> binding <b3>
hlsl.resource @Unhinted : !hlsl.res<ConstantBuffer, !hlsl.struct<"U", {h: f16}>> binding <b3>

// CHECK: hlsl.cbuffer @cbT constant_buffer binding <b4> contents "T" {
// CHECK-NEXT: hlsl.cbuffer_member @a : f16 min_precision
// CHECK-NEXT: hlsl.cbuffer_member @r : !hlsl.matrix<1x2xf32, row_major> row_start
// CHECK-NEXT: }
hlsl.cbuffer @cbT constant_buffer binding <b4> contents "T" {
  hlsl.cbuffer_member @a : f16 min_precision
  hlsl.cbuffer_member @r : !hlsl.matrix<1x2xf32, row_major> row_start
}

// CHECK: hlsl.cbuffer @cb0 cbuffer binding <b0> {
// CHECK-NEXT: hlsl.cbuffer_member @x : i32 packoffset <c0.y>
// CHECK-NEXT: hlsl.cbuffer_member @y : f32 packoffset <c1.z>
// CHECK-NEXT: }
hlsl.cbuffer @cb0 cbuffer binding <b0> {
  hlsl.cbuffer_member @x : i32 packoffset <c0.y>
  hlsl.cbuffer_member @y : f32 packoffset <24>
}
// CHECK: hlsl.cbuffer @cb0_1 globals binding <order 4> name "cb0" layout !hlsl.struct<"__cblayout_cb0", {i: i32, !hlsl.pad<12>, s: !hlsl.struct<"S", {v: i32}>, j: i32}> {
// CHECK-NEXT: hlsl.cbuffer_member @i : i32 offset 0
// CHECK-NEXT: hlsl.cbuffer_member @s : !hlsl.struct<"S", {v: i32}> offset 16
// CHECK-NEXT: hlsl.cbuffer_member @j : i32 offset 20
hlsl.cbuffer @cb0_1 globals binding <order 4> name "cb0" layout !hlsl.struct<"__cblayout_cb0", {i: i32, !hlsl.pad<12>, s: !hlsl.struct<"S", {v: i32}>, j: i32}> {
  hlsl.cbuffer_member @i : i32 offset 0
  hlsl.cbuffer_member @s : !hlsl.struct<"S", {v: i32}> offset 16
  hlsl.cbuffer_member @j : i32 offset 20
}

// CHECK: hlsl.global groupshared @tile : !hlsl.array<64 x f32>
hlsl.global groupshared @tile : !hlsl.array<64 x f32>
// CHECK: hlsl.global static const @scale : f32 init {
// CHECK: hlsl.yield %{{.*}} : f32
hlsl.global static const @scale : f32 init {
  %c = arith.constant 2.0 : f32
  hlsl.yield %c : f32
}

// CHECK-LABEL: func.func @Trunc(%{{.*}}: !hlsl.ptr<vector<3xi32>> {hlsl.direction = #hlsl<direction inout>})
func.func @Trunc(%v: !hlsl.ptr<vector<3xi32>> {hlsl.direction = #hlsl<direction inout>}) {
  return
}
func.func @Init(%x: !hlsl.ptr<i32> {hlsl.direction = #hlsl<direction out>}) {
  return
}

// CHECK-LABEL: func.func @main
// CHECK-SAME: {hlsl.semantic = "SV_GroupIndex"}
// CHECK-SAME: attributes {hlsl.entry, hlsl.numthreads = array<i32: 4, 1, 1>, hlsl.shader = #hlsl<shader compute>}
func.func @main(%gi: i32 {hlsl.semantic = "SV_GroupIndex"}) attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // CHECK: %[[F:.*]] = hlsl.var "F" : !hlsl.ptr<vector<3xf32>>
  %F = hlsl.var "F" : !hlsl.ptr<vector<3xf32>>
  // CHECK: %[[T:.*]] = hlsl.out_arg inout %[[F]] : !hlsl.ptr<vector<3xf32>> -> !hlsl.ptr<vector<3xi32>> copy_in {
  // CHECK: arith.fptosi
  // CHECK: } write_back {
  // CHECK: arith.sitofp
  // CHECK: call @Trunc(%[[T]])
  %t = hlsl.out_arg inout %F : !hlsl.ptr<vector<3xf32>> -> !hlsl.ptr<vector<3xi32>> copy_in {
  ^bb0(%v: vector<3xf32>):
    %i = arith.fptosi %v : vector<3xf32> to vector<3xi32>
    hlsl.yield %i : vector<3xi32>
  } write_back {
  ^bb0(%v: vector<3xi32>):
    %f = arith.sitofp %v : vector<3xi32> to vector<3xf32>
    hlsl.yield %f : vector<3xf32>
  }
  func.call @Trunc(%t) : (!hlsl.ptr<vector<3xi32>>) -> ()
  // CHECK: %[[V:.*]] = hlsl.var : !hlsl.ptr<vector<4xi32>>
  // CHECK: hlsl.out_arg out %[[V]] swizzle [2, 1] : !hlsl.ptr<vector<4xi32>> -> !hlsl.ptr<vector<2xi32>>
  %V = hlsl.var : !hlsl.ptr<vector<4xi32>>
  %o = hlsl.out_arg out %V swizzle [2, 1] : !hlsl.ptr<vector<4xi32>> -> !hlsl.ptr<vector<2xi32>>
  func.call @Init2(%o) : (!hlsl.ptr<vector<2xi32>>) -> ()
  %s = hlsl.var : !hlsl.ptr<i32>
  // CHECK: hlsl.out_arg out %{{.*}} : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  %o2 = hlsl.out_arg out %s : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  func.call @Init(%o2) : (!hlsl.ptr<i32>) -> ()

  // CHECK: hlsl.resource_handle @A[%{{.*}}] : !hlsl.res<RWBuffer, f32>
  %a = hlsl.resource_handle @A[%c1] : !hlsl.res<RWBuffer, f32>
  // CHECK: hlsl.resource_handle @C[%{{.*}}, %{{.*}}, %{{.*}}] : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C[%c1, %c0, %c3] : !hlsl.res<RWBuffer, f32>
  // CHECK: hlsl.resource_handle @X : !hlsl.res<RWBuffer, si32>
  %x = hlsl.resource_handle @X : !hlsl.res<RWBuffer, si32>
  // CHECK: hlsl.resource_slice @N[%{{.*}}] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
  %n7 = hlsl.resource_slice @N[%c3] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
  // CHECK: hlsl.resource_slice @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>
  %all = hlsl.resource_slice @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>
  // CHECK: hlsl.array_extract %{{.*}}[%{{.*}}] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>, i32
  %p3 = hlsl.array_extract %n7[%c3] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>, i32
  // CHECK: hlsl.resource_addr %{{.*}}[%{{.*}}] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %e = hlsl.resource_addr %p3[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %ev = hlsl.load %e : !hlsl.ptr<f32, device>
  %ex = hlsl.resource_addr %x[%c0] : !hlsl.res<RWBuffer, si32>, i32 -> !hlsl.ptr<i32, device>
  hlsl.store %c1, %ex : !hlsl.ptr<i32, device>
  %tex = hlsl.resource_handle @Tex : !hlsl.res<Texture2D, vector<4xf32>>
  %xy = vector.broadcast %c0 : i32 to vector<2xi32>
  // CHECK: hlsl.resource_addr %{{.*}}[%{{.*}}] : !hlsl.res<Texture2D, vector<4xf32>>, vector<2xi32> -> !hlsl.ptr<vector<4xf32>, device>
  %texel = hlsl.resource_addr %tex[%xy] : !hlsl.res<Texture2D, vector<4xf32>>, vector<2xi32> -> !hlsl.ptr<vector<4xf32>, device>

  // CHECK: hlsl.cbuffer_addr @cb0::@y : !hlsl.ptr<f32, constant>
  %y = hlsl.cbuffer_addr @cb0::@y : !hlsl.ptr<f32, constant>
  %yv = hlsl.load %y : !hlsl.ptr<f32, constant>
  // CHECK: hlsl.global_addr @tile : !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>
  %tile = hlsl.global_addr @tile : !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>
  // CHECK: hlsl.element_addr %{{.*}}[%{{.*}}] : !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>, i32 -> !hlsl.ptr<f32, groupshared>
  %slot = hlsl.element_addr %tile[%gi] : !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>, i32 -> !hlsl.ptr<f32, groupshared>
  hlsl.store %yv, %slot : !hlsl.ptr<f32, groupshared>

  %sv = hlsl.var "s" : !hlsl.ptr<!hlsl.struct<"S", {a: i32, b: f32}>>
  // CHECK: hlsl.field_addr %{{.*}}[1] : !hlsl.ptr<!hlsl.struct<"S", {a: i32, b: f32}>> -> !hlsl.ptr<f32>
  %sb = hlsl.field_addr %sv[1] : !hlsl.ptr<!hlsl.struct<"S", {a: i32, b: f32}>> -> !hlsl.ptr<f32>
  hlsl.store %ev, %sb : !hlsl.ptr<f32>
  // CHECK: hlsl.construct(%{{.*}}, %{{.*}}) : (i32, f32) -> !hlsl.struct<"S", {a: i32, b: f32}>
  %st = hlsl.construct(%c1, %ev) : (i32, f32) -> !hlsl.struct<"S", {a: i32, b: f32}>
  // CHECK: hlsl.field_extract %{{.*}}[1] : !hlsl.struct<"S", {a: i32, b: f32}> -> f32
  %fb = hlsl.field_extract %st[1] : !hlsl.struct<"S", {a: i32, b: f32}> -> f32
  // CHECK: hlsl.field_insert %{{.*}}, %{{.*}}[0] : i32, !hlsl.struct<"S", {a: i32, b: f32}>
  %st2 = hlsl.field_insert %c3, %st[0] : i32, !hlsl.struct<"S", {a: i32, b: f32}>
  hlsl.store %st2, %sv : !hlsl.ptr<!hlsl.struct<"S", {a: i32, b: f32}>>

  // CHECK: hlsl.zero : !hlsl.array<4 x f32>
  %z = hlsl.zero : !hlsl.array<4 x f32>
  // CHECK: hlsl.array_insert %{{.*}}, %{{.*}}[%{{.*}}] : !hlsl.array<4 x f32>, i32
  %z2 = hlsl.array_insert %fb, %z[%gi] : !hlsl.array<4 x f32>, i32
  // CHECK: hlsl.array_cast %{{.*}} : !hlsl.array<4 x f32> -> !hlsl.array<? x f32>
  %u = hlsl.array_cast %z2 : !hlsl.array<4 x f32> -> !hlsl.array<? x f32>
  func.call @Unsized(%u) : (!hlsl.array<? x f32>) -> ()
  // CHECK: hlsl.undef : !hlsl.matrix<2x2xf32>
  %m = hlsl.undef : !hlsl.matrix<2x2xf32>
  // CHECK: hlsl.matrix_cast %{{.*}} : !hlsl.matrix<2x2xf32> -> vector<4xf32>
  %mv = hlsl.matrix_cast %m : !hlsl.matrix<2x2xf32> -> vector<4xf32>
  // CHECK: hlsl.matrix_cast %{{.*}} : vector<4xf32> -> !hlsl.matrix<2x2xf32, row_major>
  %mr = hlsl.matrix_cast %mv : vector<4xf32> -> !hlsl.matrix<2x2xf32, row_major>
  %mp = hlsl.var : !hlsl.ptr<!hlsl.matrix<2x2xf32, row_major>>
  // CHECK: hlsl.element_addr %{{.*}}[%{{.*}}] : !hlsl.ptr<!hlsl.matrix<2x2xf32, row_major>>, i32 -> !hlsl.ptr<vector<2xf32>>
  %row = hlsl.element_addr %mp[%c1] : !hlsl.ptr<!hlsl.matrix<2x2xf32, row_major>>, i32 -> !hlsl.ptr<vector<2xf32>>
  hlsl.store %mr, %mp : !hlsl.ptr<!hlsl.matrix<2x2xf32, row_major>>
  // CHECK: hlsl.construct(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32, f32) -> !hlsl.matrix<2x2xf32>
  %mc = hlsl.construct(%ev, %ev, %ev, %ev) : (f32, f32, f32, f32) -> !hlsl.matrix<2x2xf32>
  // CHECK: hlsl.precise %{{.*}} : vector<4xf32>
  %pv = hlsl.precise %mv : vector<4xf32>
  // CHECK: hlsl.precise %{{.*}} : f32
  %ps = hlsl.precise %ev : f32
  return
}
func.func private @Init2(!hlsl.ptr<vector<2xi32>> {hlsl.direction = #hlsl<direction out>})
func.func private @Unsized(!hlsl.array<? x f32>)
