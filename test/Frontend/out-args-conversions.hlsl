// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// out/inout temporaries of other lvalues and conversions: a UAV element
// (device address), int and uint variables through a float parameter
// (signedness chooses sitofp/uitofp and fptosi/fptoui), a struct without
// conversion, a swizzle (the swizzle is an attribute of the out_arg), and a
// vector component.

RWBuffer<float3> Buf;
RWStructuredBuffer<float> O;

void Trunc(inout int3 V) { }
void Sc(inout float x) { x += 1; }
void Set2(out float2 v) { v = float2(1, 2); }
void IncI(inout int x) { x++; }
struct P { float a; int b; };
void Ps(inout P p) { p.b++; }

[numthreads(1,1,1)]
void main() {
  Trunc(Buf[0]);
  int i = 3;
  Sc(i);
  P p = {1, 2};
  Ps(p);
  uint u = 4;
  Sc(u);
  float4 v = 0;
  Set2(v.wy);
  IncI(v.x);
  O[0] = i + p.b + u + v.x;
}

// CHECK-LABEL: func.func @main()
// CHECK-DAG: %[[V:.*]] = hlsl.var "v" : !hlsl.ptr<vector<4xf32>>
// CHECK-DAG: %[[U:.*]] = hlsl.var "u" : !hlsl.ptr<i32>
// CHECK-DAG: %[[P:.*]] = hlsl.var "p" : !hlsl.ptr<!hlsl.struct<"P", {a: f32, b: i32}>>
// CHECK-DAG: %[[I:.*]] = hlsl.var "i" : !hlsl.ptr<i32>
// Trunc(Buf[0]): the lvalue is the UAV element
// CHECK: %[[H:.*]] = hlsl.resource_handle @Buf : !hlsl.res<RWBuffer, vector<3xf32>>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[E:.*]] = hlsl.resource_addr %[[H]][%[[C0]]] : !hlsl.res<RWBuffer, vector<3xf32>>, i32 -> !hlsl.ptr<vector<3xf32>, device>
// CHECK-NEXT: %[[T0:.*]] = hlsl.out_arg inout %[[E]] : !hlsl.ptr<vector<3xf32>, device> -> !hlsl.ptr<vector<3xi32>> copy_in {
// CHECK: arith.fptosi %{{.*}} : vector<3xf32> to vector<3xi32>
// CHECK: } write_back {
// CHECK: arith.sitofp %{{.*}} : vector<3xi32> to vector<3xf32>
// CHECK: call @Trunc(%[[T0]]) : (!hlsl.ptr<vector<3xi32>>) -> ()
// Sc(i): int <-> float
// CHECK: %[[T1:.*]] = hlsl.out_arg inout %[[I]] : !hlsl.ptr<i32> -> !hlsl.ptr<f32> copy_in {
// CHECK-NEXT: ^bb0(%[[A1:.*]]: i32):
// CHECK-NEXT: %[[R1:.*]] = arith.sitofp %[[A1]] : i32 to f32
// CHECK-NEXT: hlsl.yield %[[R1]] : f32
// CHECK-NEXT: } write_back {
// CHECK-NEXT: ^bb0(%[[B1:.*]]: f32):
// CHECK-NEXT: %[[W1:.*]] = arith.fptosi %[[B1]] : f32 to i32
// CHECK-NEXT: hlsl.yield %[[W1]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: call @Sc(%[[T1]]) : (!hlsl.ptr<f32>) -> ()
// Ps(p): same type, no regions
// CHECK: %[[T2:.*]] = hlsl.out_arg inout %[[P]] : !hlsl.ptr<!hlsl.struct<"P", {a: f32, b: i32}>> -> !hlsl.ptr<!hlsl.struct<"P", {a: f32, b: i32}>>{{$}}
// CHECK-NEXT: call @Ps(%[[T2]])
// Sc(u): uint <-> float
// CHECK: %[[T3:.*]] = hlsl.out_arg inout %[[U]] : !hlsl.ptr<i32> -> !hlsl.ptr<f32> copy_in {
// CHECK-NEXT: ^bb0(%[[A3:.*]]: i32):
// CHECK-NEXT: %[[R3:.*]] = arith.uitofp %[[A3]] : i32 to f32
// CHECK-NEXT: hlsl.yield %[[R3]] : f32
// CHECK-NEXT: } write_back {
// CHECK-NEXT: ^bb0(%[[B3:.*]]: f32):
// CHECK-NEXT: %[[W3:.*]] = arith.fptoui %[[B3]] : f32 to i32
// CHECK-NEXT: hlsl.yield %[[W3]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: call @Sc(%[[T3]]) : (!hlsl.ptr<f32>) -> ()
// Set2(v.wy): out temporary written back to components 3 and 1
// CHECK: %[[T4:.*]] = hlsl.out_arg out %[[V]] swizzle [3, 1] : !hlsl.ptr<vector<4xf32>> -> !hlsl.ptr<vector<2xf32>>{{$}}
// CHECK-NEXT: call @Set2(%[[T4]]) : (!hlsl.ptr<vector<2xf32>>) -> ()
// IncI(v.x): the component's address, float <-> int
// CHECK-NEXT: %[[CX:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[X:.*]] = hlsl.element_addr %[[V]][%[[CX]]] : !hlsl.ptr<vector<4xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[T5:.*]] = hlsl.out_arg inout %[[X]] : !hlsl.ptr<f32> -> !hlsl.ptr<i32> copy_in {
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.sitofp %{{.*}} : i32 to f32
// CHECK: call @IncI(%[[T5]]) : (!hlsl.ptr<i32>) -> ()
