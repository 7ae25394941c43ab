// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 001, "Example where DXC does not handle local arrays correctly": the
// local array Arr is initialized from {X, Y} and copied into SomeFn, so the
// shader must write 1 to Y (through SomeFn's copy) and 2 to X (through main's
// Arr). The import keeps both arrays as separate values.

RWBuffer<int> X : register(u0);
RWBuffer<int> Y : register(u1);

void SomeFn(RWBuffer<int> Arr[2], uint Idx, int Val0) {
  Arr[0] = Y;
  Arr[0][Idx] = Val0;
}

[numthreads(4,1,1)]
void main(uint GI : SV_GroupIndex) {
  RWBuffer<int> Arr[2] = {X, Y};
  SomeFn(Arr, GI, 1);
  Arr[0][GI] = 2;
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @X : !hlsl.res<RWBuffer, si32> binding <u0>
// CHECK-NEXT: hlsl.resource @Y : !hlsl.res<RWBuffer, si32> binding <u1>

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %{{.*}}: i32 {hlsl.semantic = "SV_GroupIndex"})
// CHECK: %[[ARR:.*]] = hlsl.var "Arr" : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>
// CHECK: %[[HX:.*]] = hlsl.resource_handle @X : !hlsl.res<RWBuffer, si32>
// CHECK-NEXT: %[[HY:.*]] = hlsl.resource_handle @Y : !hlsl.res<RWBuffer, si32>
// CHECK-NEXT: %[[INIT:.*]] = hlsl.construct(%[[HX]], %[[HY]]) : (!hlsl.res<RWBuffer, si32>, !hlsl.res<RWBuffer, si32>) -> !hlsl.array<2 x !hlsl.res<RWBuffer, si32>>
// CHECK-NEXT: hlsl.store %[[INIT]], %[[ARR]] : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>
// The array is passed by value: SomeFn gets a copy.
// CHECK-NEXT: %[[COPY:.*]] = hlsl.load %[[ARR]] : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>
// CHECK-NEXT: %[[GI:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: call @SomeFn(%[[COPY]], %[[GI]], %[[ONE]]) : (!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>, i32, i32) -> ()
// Arr[0][GI] = 2 goes through main's own Arr, whose element 0 is still X.
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[E:.*]] = hlsl.element_addr %[[ARR]][%[[Z]]] : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
// CHECK-NEXT: %[[H:.*]] = hlsl.load %[[E]] : !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
// CHECK-NEXT: %[[GI2:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[P:.*]] = hlsl.resource_addr %[[H]][%[[GI2]]] : !hlsl.res<RWBuffer, si32>, i32 -> !hlsl.ptr<i32, device>
// CHECK-NEXT: hlsl.store %[[TWO]], %[[P]] : !hlsl.ptr<i32, device>
// CHECK-NEXT: return

// CHECK-LABEL: func.func private @SomeFn(
// CHECK-SAME: %[[PARR:[^:]*]]: !hlsl.array<2 x !hlsl.res<RWBuffer, si32>>, %[[PIDX:[^:]*]]: i32, %[[PVAL:[^:]*]]: i32) {
// CHECK-DAG: %[[VAL:.*]] = hlsl.var "Val0" : !hlsl.ptr<i32>
// CHECK-DAG: %[[IDX:.*]] = hlsl.var "Idx" : !hlsl.ptr<i32>
// CHECK-DAG: %[[LARR:.*]] = hlsl.var "Arr" : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>
// CHECK: hlsl.store %[[PARR]], %[[LARR]]
// CHECK-NEXT: hlsl.store %[[PIDX]], %[[IDX]]
// CHECK-NEXT: hlsl.store %[[PVAL]], %[[VAL]]
// Arr[0] = Y stores Y's handle into the local copy only.
// CHECK-NEXT: %[[NEWY:.*]] = hlsl.resource_handle @Y : !hlsl.res<RWBuffer, si32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[SLOT:.*]] = hlsl.element_addr %[[LARR]][%[[Z]]] : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
// CHECK-NEXT: hlsl.store %[[NEWY]], %[[SLOT]] : !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
// Arr[0][Idx] = Val0 reads the handle back from the copy.
// CHECK-NEXT: %[[V:.*]] = hlsl.load %[[VAL]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[E2:.*]] = hlsl.element_addr %[[LARR]][%[[Z2]]]
// CHECK-NEXT: %[[H2:.*]] = hlsl.load %[[E2]] : !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
// CHECK-NEXT: %[[I:.*]] = hlsl.load %[[IDX]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[P2:.*]] = hlsl.resource_addr %[[H2]][%[[I]]] : !hlsl.res<RWBuffer, si32>, i32 -> !hlsl.ptr<i32, device>
// CHECK-NEXT: hlsl.store %[[V]], %[[P2]] : !hlsl.ptr<i32, device>
// CHECK-NEXT: return
