// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): a matrix row `m[i]` (Clang's MatrixSingleSubscriptExpr) fails with
// "not supported yet: lvalue 'MatrixSingleSubscriptExpr'", as an rvalue and
// as an lvalue; only the two-index form m[i][j] works. hlsl.element_addr on
// a matrix pointer already yields the row.

RWStructuredBuffer<float4> Out;

[numthreads(1,1,1)]
void main() {
  float2x2 m = (float2x2)Out[0];
  float2 r = m[1];
  m[0] = r;
  Out[1] = float4(r, m[0]);
}

// CHECK-LABEL: func.func @main()
// CHECK-DAG: %[[R:.*]] = hlsl.var "r" : !hlsl.ptr<vector<2xf32>>
// CHECK-DAG: %[[M:.*]] = hlsl.var "m" : !hlsl.ptr<!hlsl.matrix<2x2xf32>>
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[ROW1:.*]] = hlsl.element_addr %[[M]][%[[C1]]] : !hlsl.ptr<!hlsl.matrix<2x2xf32>>, i32 -> !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %[[V:.*]] = hlsl.load %[[ROW1]] : !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: hlsl.store %[[V]], %[[R]] : !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %[[RV:.*]] = hlsl.load %[[R]] : !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ROW0:.*]] = hlsl.element_addr %[[M]][%[[C0]]] : !hlsl.ptr<!hlsl.matrix<2x2xf32>>, i32 -> !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: hlsl.store %[[RV]], %[[ROW0]] : !hlsl.ptr<vector<2xf32>>
