// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main -enable-16bit-types | FileCheck %s
// Implicit conversions (splat, vector truncation, int <-> float with the
// source/destination signedness, to/from bool, integer and float widening
// and narrowing) and explicit casts (C-style, functional, to vector, to
// matrix, which fills rows first). int -> uint is no operation.

RWStructuredBuffer<float4> Out;
float3 splat(float f) { return f; }
float2 trunc2(float4 v) { return (float2)v; }
int ftoi(float f) { return f; }
uint ftou(float f) { return f; }
float itof(int i) { return i; }
float utof(uint u) { return u; }
bool itob(int i) { return i; }
bool ftob(float f) { return f; }
int btoi(bool b) { return b; }
float btof(bool b) { return b; }
int64_t sext(int i) { return i; }
uint64_t zext(uint u) { return u; }
int trunc64(int64_t i) { return i; }
double fext(float f) { return f; }
float ftrunc(double d) { return d; }
int3 vftoi(float3 v) { return v; }
uint4 vsplat(int i) { return i; }
float cast1(uint u) { return (float)u; }
int cast2(float f) { return int(f); }
float4 cast3(int i) { return (float4)i; }
uint cast4(int i) { return (uint)i; }
float2x2 cast5(float4 v) { return (float2x2)v; }

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 v = Out[0];
  int i = id.x;
  uint u = id.y;
  bool b = id.z;
  Out[1] = splat(v.x).x + trunc2(v).x + ftoi(v.x) + ftou(v.y) + itof(i) + utof(u) + itob(i) + ftob(v.z)
    + btoi(b) + btof(b) + sext(i) + zext(u) + trunc64(i) + fext(v.x) + ftrunc(v.y) + vftoi(v.xyz).x
    + vsplat(i).y + cast1(u) + cast2(v.x) + cast3(i) + cast4(i);
  float2x2 m = cast5(v);
  Out[2] = m[0][1];
}

// CHECK-LABEL: func.func private @splat(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = vector.broadcast %[[X]] : f32 to vector<3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @trunc2(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[R:.*]] = vector.shuffle %[[X]], %[[X]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ftoi(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ftou(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.fptoui %[[X]] : f32 to i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @itof(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.sitofp %[[X]] : i32 to f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @utof(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.uitofp %[[X]] : i32 to f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @itob(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]] = arith.cmpi ne, %[[X]], %[[Z]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ftob(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:.*]] = arith.cmpf une, %[[X]], %[[Z]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @btoi(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i1>
// CHECK-NEXT: %[[R:.*]] = arith.extui %[[X]] : i1 to i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @btof(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i1>
// CHECK-NEXT: %[[R:.*]] = arith.uitofp %[[X]] : i1 to f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @sext(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @zext(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.extui %[[X]] : i32 to i64
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @trunc64(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i64>
// CHECK-NEXT: %[[R:.*]] = arith.trunci %[[X]] : i64 to i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @fext(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ftrunc(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f64>
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[X]] : f64 to f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @vftoi(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[R:.*]] = arith.fptosi %[[X]] : vector<3xf32> to vector<3xi32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @vsplat(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = vector.broadcast %[[X]] : i32 to vector<4xi32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @cast1(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.uitofp %[[X]] : i32 to f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @cast2(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @cast3(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[X]] : i32 to f32
// CHECK-NEXT: %[[R:.*]] = vector.broadcast %[[F]] : f32 to vector<4xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @cast4(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: return %[[X]] : i32
// CHECK-LABEL: func.func private @cast5(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[X]][0] : f32 from vector<4xf32>
// CHECK-NEXT: %[[E1:.*]] = vector.extract %[[X]][1] : f32 from vector<4xf32>
// CHECK-NEXT: %[[E2:.*]] = vector.extract %[[X]][2] : f32 from vector<4xf32>
// CHECK-NEXT: %[[E3:.*]] = vector.extract %[[X]][3] : f32 from vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = hlsl.construct(%[[E0]], %[[E1]], %[[E2]], %[[E3]]) : (f32, f32, f32, f32) -> !hlsl.matrix<2x2xf32>
// CHECK-NEXT: return %[[R]]
