// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): Clang 22 stores the elements of a matrix initializer list in
// column-major order (`{1, 2, 3, 4}` appears as 1, 3, 2, 4 in the AST), but
// the importer passes them to hlsl.construct, which takes matrix elements in
// row-major order: m[0][1] becomes 3 instead of 2 (the matrix is transposed).
// float2x3(1, ..., 6) is affected the same way.

RWStructuredBuffer<float> Out;

[numthreads(1,1,1)]
void main() {
  float2x2 m = {1, 2, 3, 4};
  float2x3 n = float2x3(1, 2, 3, 4, 5, 6);
  Out[0] = m[0][1] + n[1][0];
}

// Row-major element order: m = [[1, 2], [3, 4]], n = [[1, 2, 3], [4, 5, 6]].
// CHECK-LABEL: func.func @main()
// CHECK-DAG: %[[M1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[M3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[M2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[M4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[F1:.*]] = arith.sitofp %[[M1]] : i32 to f32
// CHECK-DAG: %[[F2:.*]] = arith.sitofp %[[M2]] : i32 to f32
// CHECK-DAG: %[[F3:.*]] = arith.sitofp %[[M3]] : i32 to f32
// CHECK-DAG: %[[F4:.*]] = arith.sitofp %[[M4]] : i32 to f32
// CHECK: hlsl.construct(%[[F1]], %[[F2]], %[[F3]], %[[F4]]) : (f32, f32, f32, f32) -> !hlsl.matrix<2x2xf32>
// CHECK-DAG: %[[N1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[N2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[N3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[N4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[N5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[N6:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[G1:.*]] = arith.sitofp %[[N1]] : i32 to f32
// CHECK-DAG: %[[G2:.*]] = arith.sitofp %[[N2]] : i32 to f32
// CHECK-DAG: %[[G3:.*]] = arith.sitofp %[[N3]] : i32 to f32
// CHECK-DAG: %[[G4:.*]] = arith.sitofp %[[N4]] : i32 to f32
// CHECK-DAG: %[[G5:.*]] = arith.sitofp %[[N5]] : i32 to f32
// CHECK-DAG: %[[G6:.*]] = arith.sitofp %[[N6]] : i32 to f32
// CHECK: hlsl.construct(%[[G1]], %[[G2]], %[[G3]], %[[G4]], %[[G5]], %[[G6]]) : (f32, f32, f32, f32, f32, f32) -> !hlsl.matrix<2x3xf32>
