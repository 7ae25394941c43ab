// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main -enable-16bit-types | FileCheck %s --check-prefixes=CHECK,NATIVE16
// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main -D NO16 | FileCheck %s --check-prefixes=CHECK,NO16
// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main -D NO16 -Zpr | FileCheck %s --check-prefix=ROWMAJOR
// Scalar, vector, matrix, array and struct types. Integers are signless (the
// signedness lives in the operations); bool is i1. Without
// -enable-16bit-types, half and the min16 types are 32-bit. Matrices are
// column_major unless declared row_major or compiled with -Zpr.

struct P { float3 pos; int id; };

[numthreads(1,1,1)]
void main() {
  bool b; int i; uint u; float f; double d; half h;
  int64_t i64; uint64_t u64;
  min16float mf; min16int mi; min16uint mu;
#ifndef NO16
  int16_t i16; uint16_t u16; float16_t f16; float16_t2x2 hm;
#endif
  float2 v2; int3 v3; uint4 v4; bool2 b2; half3 h3; double4 d4; float1 v1;
  vector<float, 3> vt; uint64_t2 u64v;
  float4x4 m44; int2x3 m23; float3x2 m32; float1x1 m11; matrix<int, 2, 2> mt;
  row_major float2x2 rm; column_major float2x2 cm;
  float a[3][2];
  P p;
}

// CHECK-LABEL: func.func @main()
// CHECK-DAG: hlsl.var "p" : !hlsl.ptr<!hlsl.struct<"P", {pos: vector<3xf32>, id: i32}>>
// CHECK-DAG: hlsl.var "a" : !hlsl.ptr<!hlsl.array<3 x !hlsl.array<2 x f32>>>
// CHECK-DAG: hlsl.var "cm" : !hlsl.ptr<!hlsl.matrix<2x2xf32>>
// CHECK-DAG: hlsl.var "rm" : !hlsl.ptr<!hlsl.matrix<2x2xf32, row_major>>
// CHECK-DAG: hlsl.var "mt" : !hlsl.ptr<!hlsl.matrix<2x2xi32>>
// CHECK-DAG: hlsl.var "m11" : !hlsl.ptr<!hlsl.matrix<1x1xf32>>
// CHECK-DAG: hlsl.var "m32" : !hlsl.ptr<!hlsl.matrix<3x2xf32>>
// CHECK-DAG: hlsl.var "m23" : !hlsl.ptr<!hlsl.matrix<2x3xi32>>
// CHECK-DAG: hlsl.var "m44" : !hlsl.ptr<!hlsl.matrix<4x4xf32>>
// CHECK-DAG: hlsl.var "u64v" : !hlsl.ptr<vector<2xi64>>
// CHECK-DAG: hlsl.var "vt" : !hlsl.ptr<vector<3xf32>>
// CHECK-DAG: hlsl.var "v1" : !hlsl.ptr<vector<1xf32>>
// CHECK-DAG: hlsl.var "d4" : !hlsl.ptr<vector<4xf64>>
// NATIVE16-DAG: hlsl.var "h3" : !hlsl.ptr<vector<3xf16>>
// NO16-DAG: hlsl.var "h3" : !hlsl.ptr<vector<3xf32>>
// CHECK-DAG: hlsl.var "b2" : !hlsl.ptr<vector<2xi1>>
// CHECK-DAG: hlsl.var "v4" : !hlsl.ptr<vector<4xi32>>
// CHECK-DAG: hlsl.var "v3" : !hlsl.ptr<vector<3xi32>>
// CHECK-DAG: hlsl.var "v2" : !hlsl.ptr<vector<2xf32>>
// NATIVE16-DAG: hlsl.var "hm" : !hlsl.ptr<!hlsl.matrix<2x2xf16>>
// NATIVE16-DAG: hlsl.var "f16" : !hlsl.ptr<f16>
// NATIVE16-DAG: hlsl.var "u16" : !hlsl.ptr<i16>
// NATIVE16-DAG: hlsl.var "i16" : !hlsl.ptr<i16>
// NATIVE16-DAG: hlsl.var "mu" : !hlsl.ptr<i16>
// NATIVE16-DAG: hlsl.var "mi" : !hlsl.ptr<i16>
// NATIVE16-DAG: hlsl.var "mf" : !hlsl.ptr<f16>
// NO16-DAG: hlsl.var "mu" : !hlsl.ptr<i32>
// NO16-DAG: hlsl.var "mi" : !hlsl.ptr<i32>
// NO16-DAG: hlsl.var "mf" : !hlsl.ptr<f32>
// CHECK-DAG: hlsl.var "u64" : !hlsl.ptr<i64>
// CHECK-DAG: hlsl.var "i64" : !hlsl.ptr<i64>
// NATIVE16-DAG: hlsl.var "h" : !hlsl.ptr<f16>
// NO16-DAG: hlsl.var "h" : !hlsl.ptr<f32>
// CHECK-DAG: hlsl.var "d" : !hlsl.ptr<f64>
// CHECK-DAG: hlsl.var "f" : !hlsl.ptr<f32>
// CHECK-DAG: hlsl.var "u" : !hlsl.ptr<i32>
// CHECK-DAG: hlsl.var "i" : !hlsl.ptr<i32>
// CHECK-DAG: hlsl.var "b" : !hlsl.ptr<i1>
// A struct local without initializer starts undefined; the others have no
// initial store.
// CHECK: %[[U:.*]] = hlsl.undef : !hlsl.struct<"P", {pos: vector<3xf32>, id: i32}>
// CHECK-NEXT: hlsl.store %[[U]], %{{.*}} : !hlsl.ptr<!hlsl.struct<"P", {pos: vector<3xf32>, id: i32}>>
// CHECK-NEXT: return

// -Zpr makes plain matrices row_major; column_major stays.
// ROWMAJOR-LABEL: func.func @main()
// ROWMAJOR-DAG: hlsl.var "cm" : !hlsl.ptr<!hlsl.matrix<2x2xf32>>
// ROWMAJOR-DAG: hlsl.var "rm" : !hlsl.ptr<!hlsl.matrix<2x2xf32, row_major>>
// ROWMAJOR-DAG: hlsl.var "mt" : !hlsl.ptr<!hlsl.matrix<2x2xi32, row_major>>
// ROWMAJOR-DAG: hlsl.var "m11" : !hlsl.ptr<!hlsl.matrix<1x1xf32, row_major>>
// ROWMAJOR-DAG: hlsl.var "m32" : !hlsl.ptr<!hlsl.matrix<3x2xf32, row_major>>
