// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main -enable-16bit-types | FileCheck %s
// Seed 003 (explicit padding): the constant buffers of the seed as imported,
// before the layout pass. packoffset(cR.C) is kept on the member (printed as
// c<row>.<component>, component x omitted); the layout itself is computed by
// --hlsl-layout-cbuffers. cb2's float16_t needs -enable-16bit-types.

cbuffer cb0 : register(b0) {
  int x : packoffset(c0.y);
  float y : packoffset(c1.z);
}

struct S {
  int v;
};
cbuffer cb1 : register(b1) {
  int i; // offset   0,  size 4  (+12)
  S s;   // offset  16,  size 4
  int j; // offset  20,  size 4
}

cbuffer cb2 : register(b2) {
  float a1[3];        // offset   0,  size 4  (+12) * 3
  double3 a2[2];      // offset   48, size 24  (+8) * 2
  uint4 a3[2];        // offset  112, size 16       * 2
  float16_t a4[2][2]; // offset  144, size  2 (+14) * 4
}

// packoffset need not follow the declaration order.
cbuffer cb3 : register(b3, space2) {
  int px : packoffset(c0.y);
  float py : packoffset(c0.x);
  float4 pz : packoffset(c2);
  float2 pw : packoffset(c1.z);
}

RWStructuredBuffer<float> Out;

[numthreads(1,1,1)]
void main() {
  Out[0] = x + y + i + s.v + j + a1[2] + (float)a2[1].z + a3[1].w + a4[1][1] + px + py + pz.w + pw.y;
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.cbuffer @cb0 cbuffer binding <b0> {
// CHECK-NEXT:   hlsl.cbuffer_member @x : i32 packoffset <c0.y>
// CHECK-NEXT:   hlsl.cbuffer_member @y : f32 packoffset <c1.z>
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @cb1 cbuffer binding <b1> {
// CHECK-NEXT:   hlsl.cbuffer_member @i : i32{{$}}
// CHECK-NEXT:   hlsl.cbuffer_member @s : !hlsl.struct<"S", {v: i32}>{{$}}
// CHECK-NEXT:   hlsl.cbuffer_member @j : i32{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @cb2 cbuffer binding <b2> {
// CHECK-NEXT:   hlsl.cbuffer_member @a1 : !hlsl.array<3 x f32>{{$}}
// CHECK-NEXT:   hlsl.cbuffer_member @a2 : !hlsl.array<2 x vector<3xf64>>{{$}}
// CHECK-NEXT:   hlsl.cbuffer_member @a3 : !hlsl.array<2 x vector<4xi32>> declared !hlsl.array<2 x vector<4xui32>>{{$}}
// CHECK-NEXT:   hlsl.cbuffer_member @a4 : !hlsl.array<2 x !hlsl.array<2 x f16>>{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @cb3 cbuffer binding <b3, space2> {
// CHECK-NEXT:   hlsl.cbuffer_member @px : i32 packoffset <c0.y>
// CHECK-NEXT:   hlsl.cbuffer_member @py : f32 packoffset <c0>
// CHECK-NEXT:   hlsl.cbuffer_member @pz : vector<4xf32> packoffset <c2>
// CHECK-NEXT:   hlsl.cbuffer_member @pw : vector<2xf32> packoffset <c1.z>
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWStructuredBuffer, f32> binding <order 0>

// Reads of arrays in a cbuffer are element addresses in constant memory.
// CHECK-LABEL: func.func @main()
// CHECK: %[[A1:.*]] = hlsl.cbuffer_addr @cb2::@a1 : !hlsl.ptr<!hlsl.array<3 x f32>, constant>
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[E:.*]] = hlsl.element_addr %[[A1]][%[[C2]]] : !hlsl.ptr<!hlsl.array<3 x f32>, constant>, i32 -> !hlsl.ptr<f32, constant>
// CHECK-NEXT: hlsl.load %[[E]] : !hlsl.ptr<f32, constant>
// CHECK: %[[A4:.*]] = hlsl.cbuffer_addr @cb2::@a4 : !hlsl.ptr<!hlsl.array<2 x !hlsl.array<2 x f16>>, constant>
// CHECK: %[[R:.*]] = hlsl.element_addr %[[A4]][%{{.*}}] : !hlsl.ptr<!hlsl.array<2 x !hlsl.array<2 x f16>>, constant>, i32 -> !hlsl.ptr<!hlsl.array<2 x f16>, constant>
// CHECK: %[[C:.*]] = hlsl.element_addr %[[R]][%{{.*}}] : !hlsl.ptr<!hlsl.array<2 x f16>, constant>, i32 -> !hlsl.ptr<f16, constant>
// CHECK-NEXT: %[[H:.*]] = hlsl.load %[[C]] : !hlsl.ptr<f16, constant>
// CHECK-NEXT: arith.extf %[[H]] : f16 to f32
