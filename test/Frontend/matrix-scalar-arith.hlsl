// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): matrix-scalar arithmetic (`m * 2.0`) fails with "not supported yet:
// operands of different types": Clang 22 leaves the scalar operand of a
// matrix operation unsplatted and the importer does not broadcast it.
// Matrix-matrix arithmetic works (element-wise through the flat vector).

RWStructuredBuffer<float4> Out;

[numthreads(1,1,1)]
void main() {
  float2x2 m = (float2x2)Out[0];
  float2x2 m2 = m * 2.0;
  float2x2 m3 = m + m2;
  Out[1] = (float4)m3;
}

// CHECK-LABEL: func.func @main()
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[TWO]] : f32 to vector<4xf32>
// CHECK: %[[PROD:.*]] = arith.mulf %{{.*}}, %[[SPLAT]] : vector<4xf32>
// CHECK-NEXT: %[[M2:.*]] = hlsl.matrix_cast %[[PROD]] : vector<4xf32> -> !hlsl.matrix<2x2xf32>
// CHECK: %[[A:.*]] = hlsl.matrix_cast %{{.*}} : !hlsl.matrix<2x2xf32> -> vector<4xf32>
// CHECK-NEXT: %[[B:.*]] = hlsl.matrix_cast %{{.*}} : !hlsl.matrix<2x2xf32> -> vector<4xf32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: hlsl.matrix_cast %[[SUM]] : vector<4xf32> -> !hlsl.matrix<2x2xf32>
