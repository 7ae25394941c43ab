// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Initializer lists are flattened by Clang: `{f2, 1, 2}` reads f2's
// components one by one; struct, nested struct, array-of-struct and vector
// constructor initializers become vector.from_elements / hlsl.construct of
// the converted leaves, in order.

RWStructuredBuffer<float4> Out;
struct S { float a; int2 b; };
struct T { S s; float c; };
struct A { float a[2]; int b; };

[numthreads(1,1,1)]
void main() {
  float2 f2 = Out[0].xy;
  float4 v = {f2, 1, 2};
  S s = {1.0, 2, 3};
  T t = {s, 4};
  T t2 = {1, 2, 3, 4};
  A arr[2] = {1, 2, 3, 4, 5, 6};
  float4 w = float4(f2.y, f2, 7);
  Out[1] = v + s.a + t.c + t2.s.b.x + arr[1].b + w;
}

// CHECK-LABEL: func.func @main()
// CHECK-DAG: %[[W:.*]] = hlsl.var "w" : !hlsl.ptr<vector<4xf32>>
// CHECK-DAG: %[[ARR:.*]] = hlsl.var "arr" : !hlsl.ptr<!hlsl.array<2 x !hlsl.struct<"A", {a: !hlsl.array<2 x f32>, b: i32}>>>
// CHECK-DAG: %[[T2:.*]] = hlsl.var "t2" : !hlsl.ptr<!hlsl.struct<"T", {s: !hlsl.struct<"S", {a: f32, b: vector<2xi32>}>, c: f32}>>
// CHECK-DAG: %[[T:.*]] = hlsl.var "t" : !hlsl.ptr<!hlsl.struct<"T", {s: !hlsl.struct<"S", {a: f32, b: vector<2xi32>}>, c: f32}>>
// CHECK-DAG: %[[S:.*]] = hlsl.var "s" : !hlsl.ptr<!hlsl.struct<"S", {a: f32, b: vector<2xi32>}>>
// CHECK-DAG: %[[V:.*]] = hlsl.var "v" : !hlsl.ptr<vector<4xf32>>
// CHECK-DAG: %[[F2:.*]] = hlsl.var "f2" : !hlsl.ptr<vector<2xf32>>

// float4 v = {f2, 1, 2}: f2.x, f2.y, 1.0, 2.0
// CHECK: hlsl.store %{{.*}}, %[[F2]] : !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: arith.constant 0 : i{{32|64}}
// CHECK: %[[X0:.*]] = hlsl.element_addr %[[F2]][%{{.*}}] : !hlsl.ptr<vector<2xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[X:.*]] = hlsl.load %[[X0]] : !hlsl.ptr<f32>
// CHECK-NEXT: arith.constant 1 : i{{32|64}}
// CHECK: %[[Y0:.*]] = hlsl.element_addr %[[F2]][%{{.*}}] : !hlsl.ptr<vector<2xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %[[Y0]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[F1:.*]] = arith.sitofp %[[C1]] : i32 to f32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[F2V:.*]] = arith.sitofp %[[C2]] : i32 to f32
// CHECK-NEXT: %[[VV:.*]] = vector.from_elements %[[X]], %[[Y]], %[[F1]], %[[F2V]] : vector<4xf32>
// CHECK-NEXT: hlsl.store %[[VV]], %[[V]] : !hlsl.ptr<vector<4xf32>>

// S s = {1.0, 2, 3}
// CHECK-NEXT: %[[SA:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[SB0:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[SB1:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[SB:.*]] = vector.from_elements %[[SB0]], %[[SB1]] : vector<2xi32>
// CHECK-NEXT: %[[SV:.*]] = hlsl.construct(%[[SA]], %[[SB]]) : (f32, vector<2xi32>) -> !hlsl.struct<"S", {a: f32, b: vector<2xi32>}>
// CHECK-NEXT: hlsl.store %[[SV]], %[[S]]

// T t = {s, 4}: s is read field by field
// CHECK-NEXT: %[[FA:.*]] = hlsl.field_addr %[[S]][0]
// CHECK-NEXT: %[[A:.*]] = hlsl.load %[[FA]] : !hlsl.ptr<f32>
// CHECK: %[[B:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK-NEXT: %[[SC:.*]] = hlsl.construct(%[[A]], %[[B]]) : (f32, vector<2xi32>) -> !hlsl.struct<"S", {a: f32, b: vector<2xi32>}>
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[C4F:.*]] = arith.sitofp %[[C4]] : i32 to f32
// CHECK-NEXT: %[[TV:.*]] = hlsl.construct(%[[SC]], %[[C4F]]) : (!hlsl.struct<"S", {a: f32, b: vector<2xi32>}>, f32) -> !hlsl.struct<"T", {s: !hlsl.struct<"S", {a: f32, b: vector<2xi32>}>, c: f32}>
// CHECK-NEXT: hlsl.store %[[TV]], %[[T]]

// T t2 = {1, 2, 3, 4}: the flat list fills the nested struct
// CHECK-NEXT: %[[D1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[D1F:.*]] = arith.sitofp %[[D1]] : i32 to f32
// CHECK-NEXT: %[[D2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[D3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[DB:.*]] = vector.from_elements %[[D2]], %[[D3]] : vector<2xi32>
// CHECK-NEXT: %[[DS:.*]] = hlsl.construct(%[[D1F]], %[[DB]])
// CHECK-NEXT: %[[D4:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[D4F:.*]] = arith.sitofp %[[D4]] : i32 to f32
// CHECK-NEXT: %[[DT:.*]] = hlsl.construct(%[[DS]], %[[D4F]])
// CHECK-NEXT: hlsl.store %[[DT]], %[[T2]]

// A arr[2] = {1, 2, 3, 4, 5, 6}
// CHECK: %[[A0A:.*]] = hlsl.construct(%{{.*}}, %{{.*}}) : (f32, f32) -> !hlsl.array<2 x f32>
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[A0:.*]] = hlsl.construct(%[[A0A]], %[[C3]]) : (!hlsl.array<2 x f32>, i32) -> !hlsl.struct<"A", {a: !hlsl.array<2 x f32>, b: i32}>
// CHECK: %[[A1A:.*]] = hlsl.construct(%{{.*}}, %{{.*}}) : (f32, f32) -> !hlsl.array<2 x f32>
// CHECK-NEXT: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT: %[[A1:.*]] = hlsl.construct(%[[A1A]], %[[C6]])
// CHECK-NEXT: %[[AV:.*]] = hlsl.construct(%[[A0]], %[[A1]]) : (!hlsl.struct<"A", {a: !hlsl.array<2 x f32>, b: i32}>, !hlsl.struct<"A", {a: !hlsl.array<2 x f32>, b: i32}>) -> !hlsl.array<2 x !hlsl.struct<"A", {a: !hlsl.array<2 x f32>, b: i32}>>
// CHECK-NEXT: hlsl.store %[[AV]], %[[ARR]]

// float4(f2.y, f2, 7): f2.y, f2.x, f2.y, 7.0
// CHECK-NEXT: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[P1:.*]] = hlsl.element_addr %[[F2]][%[[I1]]]
// CHECK-NEXT: %[[E0:.*]] = hlsl.load %[[P1]] : !hlsl.ptr<f32>
// CHECK-NEXT: arith.constant 0 : i{{32|64}}
// CHECK: %[[P2:.*]] = hlsl.element_addr %[[F2]]
// CHECK-NEXT: %[[E1:.*]] = hlsl.load %[[P2]] : !hlsl.ptr<f32>
// CHECK-NEXT: arith.constant 1 : i{{32|64}}
// CHECK: %[[P3:.*]] = hlsl.element_addr %[[F2]]
// CHECK-NEXT: %[[E2:.*]] = hlsl.load %[[P3]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[E3:.*]] = arith.sitofp %[[C7]] : i32 to f32
// CHECK-NEXT: %[[WV:.*]] = vector.from_elements %[[E0]], %[[E1]], %[[E2]], %[[E3]] : vector<4xf32>
// CHECK-NEXT: hlsl.store %[[WV]], %[[W]]
