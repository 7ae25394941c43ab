// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 001: a local resource array assigned from a global array or a
// sub-array copies the handles (hlsl.resource_slice, then a store of the
// array value); data arrays and structs are assigned as values too.
// (Copy-initialization `T L[3] = K;`: see array-copy-init.hlsl.)

RWBuffer<float> K[3] : register(u0);
RWBuffer<float> N[10][5] : register(u4);
RWStructuredBuffer<float> Out;
struct P { float a; int b; };

[numthreads(1,1,1)]
void main() {
  RWBuffer<float> L[3];
  L = K;
  RWBuffer<float> S[5];
  S = N[7];
  float a[2] = {1, 2};
  float b[2];
  b = a;
  P p = {1, 2}, q;
  q = p;
  Out[0] = L[1][0] + S[2][0] + b[1] + q.a;
}

// CHECK-LABEL: func.func @main()
// CHECK-DAG: %[[Q:.*]] = hlsl.var "q" : !hlsl.ptr<!hlsl.struct<"P", {a: f32, b: i32}>>
// CHECK-DAG: %[[P:.*]] = hlsl.var "p" : !hlsl.ptr<!hlsl.struct<"P", {a: f32, b: i32}>>
// CHECK-DAG: %[[B:.*]] = hlsl.var "b" : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK-DAG: %[[A:.*]] = hlsl.var "a" : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK-DAG: %[[S:.*]] = hlsl.var "S" : !hlsl.ptr<!hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>
// CHECK-DAG: %[[L:.*]] = hlsl.var "L" : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>
// Uninitialized resource arrays start undefined.
// CHECK: %[[U1:.*]] = hlsl.undef : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.store %[[U1]], %[[L]]
// CHECK-NEXT: %[[K:.*]] = hlsl.resource_slice @K : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.store %[[K]], %[[L]] : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>
// CHECK-NEXT: %[[U2:.*]] = hlsl.undef : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.store %[[U2]], %[[S]]
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[N7:.*]] = hlsl.resource_slice @N[%[[C7]]] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.store %[[N7]], %[[S]] : !hlsl.ptr<!hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>
// b = a
// CHECK: hlsl.store %{{.*}}, %[[A]]
// CHECK-NEXT: %[[AV:.*]] = hlsl.load %[[A]] : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK-NEXT: hlsl.store %[[AV]], %[[B]] : !hlsl.ptr<!hlsl.array<2 x f32>>
// q = p
// CHECK: %[[PV:.*]] = hlsl.load %[[P]] : !hlsl.ptr<!hlsl.struct<"P", {a: f32, b: i32}>>
// CHECK-NEXT: hlsl.store %[[PV]], %[[Q]]
// L[1][0] reads the copied handle
// CHECK: %[[E:.*]] = hlsl.element_addr %[[L]][%{{.*}}] : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.load %[[E]] : !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
