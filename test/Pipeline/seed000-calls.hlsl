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
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[F1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[F2:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[F3:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[ARR:.*]] = hlsl.var "arr" : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK: %[[INTS:.*]] = hlsl.create_handle @Ints
// CHECK-NEXT: hlsl.buffer_store %[[C2]], %[[INTS]][%[[C0]]] offset %[[C0]] : i32
// CHECK-NEXT: %[[FL:.*]] = hlsl.create_handle @Floats
// CHECK-NEXT: hlsl.buffer_store %[[F1]], %[[FL]][%[[C0]]] offset %[[C0]] : f32
// CHECK-NEXT: hlsl.buffer_store %[[F2]], %[[FL]][%[[C1]]] offset %[[C0]] : f32
// CHECK-NEXT: hlsl.buffer_store %[[F3]], %[[FL]][%[[C2]]] offset %[[C0]] : f32
// The array argument was a copy: arr[0] is read from the caller's array,
// which was never written after its initialization to ones.
// CHECK-NEXT: %[[E0:.*]] = hlsl.element_addr %[[ARR]][%[[C0]]]
// CHECK-NEXT: %[[A0:.*]] = hlsl.load %[[E0]]
// CHECK-NEXT: hlsl.buffer_store %[[A0]], %[[FL]][%[[C3]]] offset %[[C0]] : f32
// CHECK-NEXT: return
// CHECK-NOT: call
// CHECK-NOT: hlsl.out_arg
