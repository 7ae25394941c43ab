// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | hlsl-opt --hlsl-pipeline | FileCheck %s
// Seed 000 through the whole hlsl pipeline: after temporaries, inlining and
// promotion only the final values are stored.

void Init(inout int X, inout int Y) { Y = 2; X = 1; }
void Trunc(inout int3 V) { }
void fn(float a[4]) { a[0] = a[1] + a[2] + a[3]; }

RWStructuredBuffer<int> Ints : register(u0);
RWStructuredBuffer<float> Floats : register(u1);

[numthreads(1,1,1)] void main() {
  int V;
  Init(V, V);            // V == 2: write-backs run left to right
  float3 F = {1.5, 2.6, 3.3};
  Trunc(F);              // F == {1, 2, 3}
  float arr[4] = {1, 1, 1, 1};
  fn(arr);               // arr is unchanged
  Ints[0] = V;
  Floats[0] = F.x;
  Floats[1] = F.y;
  Floats[2] = F.z;
  Floats[3] = arr[0];
}

// CHECK-LABEL: func.func @main
// CHECK-DAG: %[[ARR:.*]] = hlsl.var "arr" : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK-DAG: %[[I2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[F1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[F2:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[F3:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: %[[INTS:.*]] = hlsl.create_handle @Ints
// CHECK: %[[P0:.*]] = hlsl.resource_addr %[[INTS]]
// CHECK-NEXT: hlsl.store %[[I2]], %[[P0]] : !hlsl.ptr<i32, device>
// CHECK: %[[FL:.*]] = hlsl.create_handle @Floats
// CHECK: hlsl.store %[[F1]], %{{.*}} : !hlsl.ptr<f32, device>
// CHECK: hlsl.store %[[F2]], %{{.*}} : !hlsl.ptr<f32, device>
// CHECK: hlsl.store %[[F3]], %{{.*}} : !hlsl.ptr<f32, device>
// The array argument was a copy: arr[0] is read from the caller's array,
// which was never written after its initialization to ones.
// CHECK: %[[E0:.*]] = hlsl.element_addr %[[ARR]][%{{.*}}]
// CHECK-NEXT: %[[A0:.*]] = hlsl.load %[[E0]]
// CHECK-NEXT: %[[P4:.*]] = hlsl.resource_addr %[[FL]]
// CHECK-NEXT: hlsl.store %[[A0]], %[[P4]]
// CHECK-NOT: hlsl.call
// CHECK-NOT: hlsl.out_arg
