// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 001: N[7] of N[10][5] passed to a `RWBuffer<float> P[5]` parameter is
// a sub-array that keeps referring to N's binding range: an
// hlsl.resource_slice with the outer index.

RWBuffer<float> N[10][5] : register(u0);
RWBuffer<float> Out;

float foo(RWBuffer<float> P[5]) {
  return P[3][0];
}

[numthreads(4,1,1)]
void main() {
  Out[0] = foo(N[7]);
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @N : !hlsl.array<10 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWBuffer, f32> binding <order 0>
// CHECK-LABEL: func.func @main()
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[S:.*]] = hlsl.resource_slice @N[%[[C7]]] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: %[[R:.*]] = call @foo(%[[S]]) : (!hlsl.array<5 x !hlsl.res<RWBuffer, f32>>) -> f32
// CHECK-NEXT: %[[HO:.*]] = hlsl.resource_handle @Out : !hlsl.res<RWBuffer, f32>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[PO:.*]] = hlsl.resource_addr %[[HO]][%[[C0]]] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
// CHECK-NEXT: hlsl.store %[[R]], %[[PO]] : !hlsl.ptr<f32, device>
// CHECK-LABEL: func.func private @foo(
// CHECK-SAME: %[[ARG:.*]]: !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>) -> f32
// CHECK-NEXT: %[[P:.*]] = hlsl.var "P" : !hlsl.ptr<!hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>
// CHECK-NEXT: hlsl.store %[[ARG]], %[[P]] : !hlsl.ptr<!hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[E:.*]] = hlsl.element_addr %[[P]][%[[C3]]] : !hlsl.ptr<!hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: %[[H:.*]] = hlsl.load %[[E]] : !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
