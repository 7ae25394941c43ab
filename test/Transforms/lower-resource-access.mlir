// RUN: hlsl-opt %s --hlsl-lower-resource-access --canonicalize --split-input-file --verify-diagnostics | FileCheck %s

// Structured buffer of structs: `P[i].vel.y` is element i, byte offset 16
// (pos: float3 at 0, life: float at 12, vel: float3 at 16, y at +4 = 20).
hlsl.resource @P : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"Particle", {pos: vector<3xf32>, life: f32, vel: vector<3xf32>, alive: i1}>> binding <u0>
// CHECK-LABEL: func.func @field
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : i32
// CHECK-DAG: %[[C28:.*]] = arith.constant 28 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[H:.*]] = hlsl.resource_handle @P
// CHECK-NEXT: %[[Y:.*]] = hlsl.buffer_load %[[H]][%arg0] offset %[[C20]] : {{.*}}, i32 -> f32
// A bool is stored as a 32-bit integer.
// CHECK-NEXT: %[[A:.*]] = hlsl.buffer_load %[[H]][%arg0] offset %[[C28]] : {{.*}}, i32 -> i32
// CHECK-NEXT: %[[B:.*]] = arith.cmpi ne, %[[A]], %[[C0]] : i32
func.func @field(%i: i32) -> (f32, i1) {
  %c1 = arith.constant 1 : i32
  %h = hlsl.resource_handle @P : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"Particle", {pos: vector<3xf32>, life: f32, vel: vector<3xf32>, alive: i1}>>
  %e = hlsl.resource_addr %h[%i] : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"Particle", {pos: vector<3xf32>, life: f32, vel: vector<3xf32>, alive: i1}>>, i32 -> !hlsl.ptr<!hlsl.struct<"Particle", {pos: vector<3xf32>, life: f32, vel: vector<3xf32>, alive: i1}>, device>
  %v = hlsl.field_addr %e[2] : !hlsl.ptr<!hlsl.struct<"Particle", {pos: vector<3xf32>, life: f32, vel: vector<3xf32>, alive: i1}>, device> -> !hlsl.ptr<vector<3xf32>, device>
  %y = hlsl.element_addr %v[%c1] : !hlsl.ptr<vector<3xf32>, device>, i32 -> !hlsl.ptr<f32, device>
  %r = hlsl.load %y : !hlsl.ptr<f32, device>
  %a = hlsl.field_addr %e[3] : !hlsl.ptr<!hlsl.struct<"Particle", {pos: vector<3xf32>, life: f32, vel: vector<3xf32>, alive: i1}>, device> -> !hlsl.ptr<i1, device>
  %b = hlsl.load %a : !hlsl.ptr<i1, device>
  return %r, %b : f32, i1
}

// -----

// A whole struct is written as pieces of at most four components.
hlsl.resource @Q : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"S", {a: vector<4xf32>, b: f64}>> binding <u0>
// CHECK-LABEL: func.func @whole
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: hlsl.buffer_store %{{.*}}, %{{.*}}[%arg0] offset %[[C0]] : vector<4xf32>
// CHECK-NEXT: %[[B:.*]] = hlsl.field_extract
// CHECK-NEXT: hlsl.buffer_store %[[B]], %{{.*}}[%arg0] offset %[[C16]] : f64
func.func @whole(%i: i32, %s: !hlsl.struct<"S", {a: vector<4xf32>, b: f64}>) {
  %h = hlsl.resource_handle @Q : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"S", {a: vector<4xf32>, b: f64}>>
  %e = hlsl.resource_addr %h[%i] : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"S", {a: vector<4xf32>, b: f64}>>, i32 -> !hlsl.ptr<!hlsl.struct<"S", {a: vector<4xf32>, b: f64}>, device>
  hlsl.store %s, %e : !hlsl.ptr<!hlsl.struct<"S", {a: vector<4xf32>, b: f64}>, device>
  return
}

// -----

// Byte-address Load4/Store and atomics on buffer elements.
hlsl.resource @Raw : !hlsl.res<RWByteAddressBuffer> binding <u0>
hlsl.resource @Counts : !hlsl.res<RWStructuredBuffer, i32> binding <u1>
// CHECK-LABEL: func.func @raw
// CHECK: %[[V:.*]] = hlsl.buffer_load %[[R:.*]][%arg0] offset %{{.*}} : !hlsl.res<RWByteAddressBuffer>, i32 -> vector<4xi32>
// CHECK: hlsl.buffer_store %{{.*}}, %[[R]][%arg0] offset
// CHECK: %[[OLD:.*]] = hlsl.buffer_atomic imax %{{.*}}[%arg0] offset %{{.*}}, %{{.*}} : !hlsl.res<RWStructuredBuffer, i32>, i32, i32 -> i32
// CHECK-NEXT: hlsl.store %[[OLD]], %arg1
// CHECK: hlsl.buffer_atomic exchange %[[R]][%arg0] offset %{{.*}} compare %{{.*}}, %{{.*}} : !hlsl.res<RWByteAddressBuffer>, i32, i32, i32 -> i32
func.func @raw(%addr: i32, %orig: !hlsl.ptr<i32>) -> vector<4xi32> {
  %c5 = arith.constant 5 : i32
  %r = hlsl.resource_handle @Raw : !hlsl.res<RWByteAddressBuffer>
  %v = hlsl.intrinsic "Load4"(%r, %addr) : (!hlsl.res<RWByteAddressBuffer>, i32) -> vector<4xi32>
  hlsl.intrinsic "Store"(%r, %addr, %c5) : (!hlsl.res<RWByteAddressBuffer>, i32, i32) -> ()
  %h = hlsl.resource_handle @Counts : !hlsl.res<RWStructuredBuffer, i32>
  %e = hlsl.resource_addr %h[%addr] : !hlsl.res<RWStructuredBuffer, i32>, i32 -> !hlsl.ptr<i32, device>
  hlsl.intrinsic "InterlockedMax"(%e, %c5, %orig) {hlsl.signed = true} : (!hlsl.ptr<i32, device>, i32, !hlsl.ptr<i32>) -> ()
  hlsl.intrinsic "InterlockedCompareStore"(%r, %addr, %c5, %c5) : (!hlsl.res<RWByteAddressBuffer>, i32, i32, i32) -> ()
  return %v : vector<4xi32>
}

// -----

hlsl.resource @T : !hlsl.res<Texture2D, vector<4xf32>> binding <t0>
func.func @readonly(%xy: vector<2xi32>, %v: vector<4xf32>) {
  %h = hlsl.resource_handle @T : !hlsl.res<Texture2D, vector<4xf32>>
  %e = hlsl.resource_addr %h[%xy] : !hlsl.res<Texture2D, vector<4xf32>>, vector<2xi32> -> !hlsl.ptr<vector<4xf32>, device>
  // expected-error @+1 {{cannot write to the read-only Texture2D}}
  hlsl.store %v, %e : !hlsl.ptr<vector<4xf32>, device>
  return
}
