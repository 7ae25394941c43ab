// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): copy-initializing an array from another array (`float c[2] = a;`,
// `RWBuffer<float> L[3] = K;` with a global resource array) fails with "not
// supported yet: expression 'ArrayInitLoopExpr'"; the equivalent assignment
// `L = K;` works (local-array-assign.hlsl).

RWBuffer<float> K[3] : register(u0);
RWStructuredBuffer<float> Out;

[numthreads(1,1,1)]
void main() {
  float a[2] = {1, 2};
  float c[2] = a;
  RWBuffer<float> L[3] = K;
  Out[0] = c[1] + L[2][0];
}

// CHECK-LABEL: func.func @main()
// CHECK-DAG: %[[L:.*]] = hlsl.var "L" : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>
// CHECK-DAG: %[[C:.*]] = hlsl.var "c" : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK-DAG: %[[A:.*]] = hlsl.var "a" : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK: hlsl.store %{{.*}}, %[[C]] : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK: %[[K:.*]] = hlsl.resource_slice @K : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>
// CHECK: hlsl.store %{{.*}}, %[[L]] : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>
