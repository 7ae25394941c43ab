// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 001: global resource arrays (fixed, multi-dimensional, unbounded, and
// unbounded with more dimensions). Each declaration keeps its full shape and
// binding; an element access is one hlsl.resource_handle with one index per
// dimension (the flattening into the binding range is a later pass).

RWBuffer<float> A[4] : register(u10);
RWBuffer<float> B[4][4] : register(u2);
RWBuffer<float> C[2][2][5] : register(u10, space1);
RWBuffer<float> D[] : register(u5);
RWBuffer<float> E[][4] : register(u5);
RWStructuredBuffer<float> Out;

[numthreads(4,1,1)]
void main() {
  Out[0] = A[2][1] + B[3][1][0] + C[1][0][3][0] + D[100][0] + E[100][3][0];
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u10>
// CHECK-NEXT: hlsl.resource @B : !hlsl.array<4 x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>> binding <u2>
// CHECK-NEXT: hlsl.resource @C : !hlsl.array<2 x !hlsl.array<2 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>> binding <u10, space1>
// CHECK-NEXT: hlsl.resource @D : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <u5>
// CHECK-NEXT: hlsl.resource @E : !hlsl.array<? x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>> binding <u5>
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWStructuredBuffer, f32> binding <order 0>

// CHECK-LABEL: func.func @main()
// A[2][1]
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[HA:.*]] = hlsl.resource_handle @A[%[[C2]]] : !hlsl.res<RWBuffer, f32>
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[PA:.*]] = hlsl.resource_addr %[[HA]][%[[C1]]] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
// CHECK-NEXT: %[[VA:.*]] = hlsl.load %[[PA]] : !hlsl.ptr<f32, device>
// B[3][1]
// CHECK-NEXT: %[[B0:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[B1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[HB:.*]] = hlsl.resource_handle @B[%[[B0]], %[[B1]]] : !hlsl.res<RWBuffer, f32>
// CHECK: hlsl.load
// C[1][0][3]
// CHECK: %[[I0:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[I1:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[I2:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[HC:.*]] = hlsl.resource_handle @C[%[[I0]], %[[I1]], %[[I2]]] : !hlsl.res<RWBuffer, f32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: hlsl.resource_addr %[[HC]][%[[Z]]] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
// D[100]
// CHECK: %[[D0:.*]] = arith.constant 100 : i32
// CHECK-NEXT: hlsl.resource_handle @D[%[[D0]]] : !hlsl.res<RWBuffer, f32>
// E[100][3]
// CHECK: %[[E0:.*]] = arith.constant 100 : i32
// CHECK-NEXT: %[[E1:.*]] = arith.constant 3 : i32
// CHECK-NEXT: hlsl.resource_handle @E[%[[E0]], %[[E1]]] : !hlsl.res<RWBuffer, f32>
// CHECK: %[[HO:.*]] = hlsl.resource_handle @Out : !hlsl.res<RWStructuredBuffer, f32>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[PO:.*]] = hlsl.resource_addr %[[HO]][%[[O0]]] : !hlsl.res<RWStructuredBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
// CHECK-NEXT: hlsl.store %{{.*}}, %[[PO]] : !hlsl.ptr<f32, device>
// CHECK-NEXT: return
