// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 001: resource arrays as function arguments. A whole global resource
// array passed by value is an hlsl.resource_slice without indices; the callee
// copies it into a local array. (Unbounded resource array parameters, LM1[]
// and LM2[] of the seed, are rejected by Clang: see
// seed001-unbounded-param-error.hlsl.)

RWBuffer<float> K[3] : register(u0);
RWBuffer<float> L[2][2] : register(u10);
RWBuffer<float> M[] : register(u0, space1);
RWBuffer<float> Out;

float foo(RWBuffer<float> LK[3], RWBuffer<float> LL[2][2]) {
  return LK[2][0] + LL[1][1][0];
}

[numthreads(4,1,1)]
void main() {
  Out[0] = foo(K, L) + M[100][0];
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @K : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>> binding <u0>
// CHECK-NEXT: hlsl.resource @L : !hlsl.array<2 x !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>> binding <u10>
// CHECK-NEXT: hlsl.resource @M : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <u0, space1>
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWBuffer, f32> binding <order 0>

// CHECK-LABEL: func.func @main()
// CHECK-NEXT: %[[K:.*]] = hlsl.resource_slice @K : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: %[[L:.*]] = hlsl.resource_slice @L : !hlsl.array<2 x !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>>
// CHECK-NEXT: %[[R:.*]] = call @foo(%[[K]], %[[L]]) : (!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>, !hlsl.array<2 x !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>>) -> f32
// CHECK-NEXT: %[[C100:.*]] = arith.constant 100 : i32
// CHECK-NEXT: %[[HM:.*]] = hlsl.resource_handle @M[%[[C100]]] : !hlsl.res<RWBuffer, f32>

// CHECK-LABEL: func.func private @foo(
// CHECK-SAME: %[[PK:[^:]*]]: !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>,
// CHECK-SAME: %[[PL:[^:]*]]: !hlsl.array<2 x !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>>) -> f32
// CHECK-DAG: %[[LL:.*]] = hlsl.var "LL" : !hlsl.ptr<!hlsl.array<2 x !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>>>
// CHECK-DAG: %[[LK:.*]] = hlsl.var "LK" : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>
// CHECK: hlsl.store %[[PK]], %[[LK]]
// CHECK-NEXT: hlsl.store %[[PL]], %[[LL]]
// LK[2][0]: the element of the local copy, then its buffer element.
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[E:.*]] = hlsl.element_addr %[[LK]][%[[C2]]] : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: %[[H:.*]] = hlsl.load %[[E]] : !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: hlsl.resource_addr %[[H]][%[[C0]]] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
// LL[1][1][0]
// CHECK: %[[R1:.*]] = hlsl.element_addr %[[LL]][%{{.*}}] : !hlsl.ptr<!hlsl.array<2 x !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>>>, i32 -> !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, f32>>>
// CHECK: %[[R2:.*]] = hlsl.element_addr %[[R1]][%{{.*}}] : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, f32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.load %[[R2]] : !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
