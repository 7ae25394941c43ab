// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Intrinsics with an upstream equivalent become math/arith ops (sqrt ->
// math.sqrt, round -> math.roundeven, min/max by element type and
// signedness, countbits -> math.ctpop, asfloat/asuint ->
// arith.bitcast, select -> arith.select); the others are hlsl.intrinsic with
// the HLSL name (mad, which is DXIL's FMad/IMad/UMad as in DXC, with the
// signedness its integer forms need). Intrinsics the prelude defines in HLSL (length, lerp, ...)
// are ordinary calls.

RWStructuredBuffer<float> Out;
float f_sqrt(float x) { return sqrt(x); }
float2 f_rsqrt(float2 x) { return rsqrt(x); }
float f_sin(float x) { return sin(x); }
float f_exp2(float x) { return exp2(x); }
float f_floor(float x) { return floor(x); }
float f_round(float x) { return round(x); }
float f_abs(float x) { return abs(x); }
int i_abs(int x) { return abs(x); }
float f_min(float x, float y) { return min(x, y); }
float3 f_max(float3 x, float3 y) { return max(x, y); }
uint u_min(uint x, uint y) { return min(x, y); }
uint2 u_max(uint2 x, uint2 y) { return max(x, y); }
int s_min(int x, int y) { return min(x, y); }
int s_max(int x, int y) { return max(x, y); }
double f_fma(double x, double y, double z) { return fma(x, y, z); }
float f_mad(float x, float y, float z) { return mad(x, y, z); }
uint u_countbits(uint x) { return countbits(x); }
uint u_firstbithigh(uint x) { return firstbithigh(x); }
uint u_reversebits(uint x) { return reversebits(x); }
float f_dot(float3 x, float3 y) { return dot(x, y); }
float f_saturate(float x) { return saturate(x); }
float4 f_frac(float4 x) { return frac(x); }
float4 f_mul(float4x4 x, float4 y) { return mul(x, y); }
bool b_any(float3 x) { return any(x); }
bool b_all(int2 x) { return all(x); }
float f_asfloat(uint x) { return asfloat(x); }
uint u_asuint(float x) { return asuint(x); }
bool b_isnan(float x) { return isnan(x); }
float f_select(bool c, float x, float y) { return select(c, x, y); }

float f_length(float3 x) { return length(x); }

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  float f = Out[0];
  float3 v = float3(f, 1, 2);
  uint u = id.x;
  int i = id.y;
  Out[1] = f_sqrt(f) + f_rsqrt(f).x + f_sin(f) + f_exp2(f) + f_floor(f) + f_round(f) + f_abs(f) + i_abs(i)
    + f_min(f, 1) + f_max(v, v).x + u_min(u, 2) + u_max(u, u).y + s_min(i, 3) + s_max(i, 4) + (float)f_fma(f, f, f)
    + f_mad(f, f, f) + u_countbits(u) + u_firstbithigh(u) + u_reversebits(u) + f_dot(v, v) + f_saturate(f)
    + f_frac(f).z + f_mul((float4x4)f, f).w + b_any(v) + b_all(int2(i, i)) + f_asfloat(u) + u_asuint(f) + b_isnan(f)
    + f_select(i, f, 1) + f_length(v);
}

// CHECK-LABEL: func.func private @f_sqrt(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = math.sqrt %[[X]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_rsqrt(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %[[R:.*]] = math.rsqrt %[[X]] : vector<2xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_sin(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = math.sin %[[X]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_exp2(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = math.exp2 %[[X]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_floor(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = math.floor %[[X]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_round(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = math.roundeven %[[X]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_abs(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = math.absf %[[X]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @i_abs(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = math.absi %[[X]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_min(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.minnumf %[[X]], %[[Y]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_max(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[R:.*]] = arith.maxnumf %[[X]], %[[Y]] : vector<3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @u_min(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.minui %[[X]], %[[Y]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @u_max(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xi32>>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xi32>>
// CHECK-NEXT: %[[R:.*]] = arith.maxui %[[X]], %[[Y]] : vector<2xi32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @s_min(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.minsi %[[X]], %[[Y]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @s_max(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.maxsi %[[X]], %[[Y]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_fma(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f64>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f64>
// CHECK-NEXT: %[[Z:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f64>
// CHECK-NEXT: %[[R:.*]] = math.fma %[[X]], %[[Y]], %[[Z]] : f64
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_mad(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[Z:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "mad"(%[[X]], %[[Y]], %[[Z]]) : (f32, f32, f32) -> f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @u_countbits(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = math.ctpop %[[X]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @u_firstbithigh(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "firstbithigh"(%[[X]]) {hlsl.signed = false} : (i32) -> i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @u_reversebits(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "reversebits"(%[[X]]) : (i32) -> i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_dot(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "dot"(%[[X]], %[[Y]]) : (vector<3xf32>, vector<3xf32>) -> f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_saturate(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "saturate"(%[[X]]) : (f32) -> f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_frac(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "frac"(%[[X]]) : (vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_mul(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<!hlsl.matrix<4x4xf32>>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "mul"(%[[X]], %[[Y]]) : (!hlsl.matrix<4x4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @b_any(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "any"(%[[X]]) : (vector<3xf32>) -> i1
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @b_all(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xi32>>
// CHECK-NEXT: %[[R:.*]] = hlsl.intrinsic "all"(%[[X]]) : (vector<2xi32>) -> i1
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_asfloat(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[X]] : i32 to f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @u_asuint(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @b_isnan(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = math.isnan %[[X]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @f_select(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i1>
// CHECK-NEXT: %[[Y:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[Z:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.select %[[X]], %[[Y]], %[[Z]] : f32
// CHECK-NEXT: return %[[R]]

// CHECK-LABEL: func.func private @f_length(
// CHECK: %[[L:.*]] = call @length(%{{.*}}) : (vector<3xf32>) -> f32
// CHECK-LABEL: func.func private @length(
// CHECK: %[[D:.*]] = hlsl.intrinsic "dot"(%{{.*}}, %{{.*}}) : (vector<3xf32>, vector<3xf32>) -> f32
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[D]] : f32
// CHECK-NEXT: return %[[S]] : f32
