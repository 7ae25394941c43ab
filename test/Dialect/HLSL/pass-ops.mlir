// RUN: hlsl-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// Ops created by the hlsl passes: round trip and verifier.

hlsl.cbuffer @cb cbuffer binding <b0> layout !hlsl.struct<"__cblayout_cb", {x: f32}> size 4 {
  hlsl.cbuffer_member @x : f32 offset 0
}
// CHECK-LABEL: func.func @rows
func.func @rows(%r: i32) {
  // CHECK: hlsl.cbuffer_load_row @cb[%{{.*}}] : vector<4xf32>
  %a = hlsl.cbuffer_load_row @cb[%r] : vector<4xf32>
  // CHECK: hlsl.cbuffer_load_row @cb[%{{.*}}] : vector<4xi32>
  %b = hlsl.cbuffer_load_row @cb[%r] : vector<4xi32>
  // CHECK: hlsl.cbuffer_load_row @cb[%{{.*}}] : vector<2xf64>
  %c = hlsl.cbuffer_load_row @cb[%r] : vector<2xf64>
  // CHECK: hlsl.cbuffer_load_row @cb[%{{.*}}] : vector<2xi64>
  %d = hlsl.cbuffer_load_row @cb[%r] : vector<2xi64>
  // CHECK: hlsl.cbuffer_load_row @cb[%{{.*}}] : vector<8xf16>
  %e = hlsl.cbuffer_load_row @cb[%r] : vector<8xf16>
  // CHECK: hlsl.cbuffer_load_row @cb[%{{.*}}] : vector<8xi16>
  %f = hlsl.cbuffer_load_row @cb[%r] : vector<8xi16>
  return
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  hlsl.cbuffer_member @x : f32
}
func.func @f(%r: i32) {
  // expected-error @+1 {{result #0 must be 16-byte constant buffer row}}
  %a = hlsl.cbuffer_load_row @cb[%r] : vector<3xf32>
  return
}

// -----

hlsl.resource @R : !hlsl.res<RWBuffer, f32> binding <u0>
func.func @f(%r: i32) {
  // expected-error @+1 {{'R' does not name an hlsl.cbuffer}}
  %a = hlsl.cbuffer_load_row @R[%r] : vector<4xf32>
  return
}
