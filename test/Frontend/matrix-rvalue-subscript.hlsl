// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): an element of a matrix rvalue (`make(v)[0][1]`, Clang's
// MatrixSubscriptExpr on a prvalue) fails with "not supported yet:
// expression 'MatrixSubscriptExpr'"; the same element of a matrix variable
// works.

RWStructuredBuffer<float4> Out;

float2x2 make(float4 v) { return (float2x2)v; }

[numthreads(1,1,1)]
void main() {
  Out[1] = make(Out[0])[0][1];
}

// CHECK-LABEL: func.func @main()
// CHECK: %[[M:.*]] = call @make(%{{.*}}) : (vector<4xf32>) -> !hlsl.matrix<2x2xf32>
// CHECK: hlsl.store %{{.*}}, %{{.*}} : !hlsl.ptr<vector<4xf32>, device>
