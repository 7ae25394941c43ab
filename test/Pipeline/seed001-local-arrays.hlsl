// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | hlsl-opt --hlsl-pipeline | FileCheck %s
// Seed 001's "DXC does not handle local arrays correctly": SomeFn works on a
// copy of Arr, so its `Arr[0] = Y` does not change the caller's Arr[0]. The
// shader writes 1 to Y and 2 to X (DXC writes both to Y).

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

// CHECK: func.func @main(%[[GI:.*]]: i32 {hlsl.semantic = "SV_GroupIndex"})
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[X:.*]] = hlsl.create_handle @X[%{{.*}}]
// CHECK-DAG: %[[Y:.*]] = hlsl.create_handle @Y[%{{.*}}]
// CHECK: hlsl.buffer_store %[[ONE]], %[[Y]][%[[GI]]]
// CHECK-NEXT: hlsl.buffer_store %[[TWO]], %[[X]][%[[GI]]]
// CHECK-NEXT: return
