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

// -----

// A ConstantBuffer<T> handle (an element of a ConstantBuffer<T> array) is
// read through its contents' address, and its rows from the handle.
!L = !hlsl.struct<"L", {k: i32}>
// CHECK-LABEL: func.func @handle_rows
func.func @handle_rows(%h: !hlsl.res<ConstantBuffer, !L>, %r: i32) {
  // CHECK: hlsl.constant_buffer_addr %{{.*}} : !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>> -> !hlsl.ptr<!hlsl.struct<"L", {k: i32}>, constant>
  %p = hlsl.constant_buffer_addr %h : !hlsl.res<ConstantBuffer, !L> -> !hlsl.ptr<!L, constant>
  // CHECK: hlsl.cbuffer_load_row %{{.*}}[%{{.*}}] : vector<4xi32> from !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>>
  %a = hlsl.cbuffer_load_row %h[%r] : vector<4xi32> from !hlsl.res<ConstantBuffer, !L>
  return
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
}
func.func @f(%h: !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>>, %r: i32) {
  // expected-error @+1 {{reads either a constant buffer symbol or a handle, not both}}
  %a = hlsl.cbuffer_load_row @cb %h[%r] : vector<4xi32> from !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>>
  return
}

// -----

func.func @f(%r: i32) {
  // expected-error @+1 {{reads either a constant buffer symbol or a handle, not neither}}
  %a = hlsl.cbuffer_load_row [%r] : vector<4xi32>
  return
}

// -----

func.func @f(%h: !hlsl.res<RWBuffer, f32>, %r: i32) {
  // expected-error @+1 {{handle must be a ConstantBuffer or a TextureBuffer, got '!hlsl.res<RWBuffer, f32>'}}
  %a = hlsl.cbuffer_load_row %h[%r] : vector<4xi32> from !hlsl.res<RWBuffer, f32>
  return
}

// -----

func.func @f(%h: !hlsl.res<RWBuffer, f32>) {
  // expected-error @+1 {{handle must be a ConstantBuffer or a TextureBuffer, got '!hlsl.res<RWBuffer, f32>'}}
  %p = hlsl.constant_buffer_addr %h : !hlsl.res<RWBuffer, f32> -> !hlsl.ptr<f32, constant>
  return
}

// -----

func.func @f(%h: !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>>) {
  // expected-error @+1 {{result must be a constant pointer to '!hlsl.struct<"L", {k: i32}>', got '!hlsl.ptr<!hlsl.struct<"L", {k: i32}>>'}}
  %p = hlsl.constant_buffer_addr %h : !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>> -> !hlsl.ptr<!hlsl.struct<"L", {k: i32}>>
  return
}

// -----

// A declared ConstantBuffer<T> or TextureBuffer<T> as a value, and a
// TextureBuffer<T> handle read through its contents.
!S = !hlsl.struct<"S", {a: f32}>
hlsl.cbuffer @CB constant_buffer binding <b0> contents "S" {
  hlsl.cbuffer_member @a : f32
}
hlsl.cbuffer @TB tbuffer binding <t0> contents "S" {
  hlsl.cbuffer_member @a : f32
}
// CHECK-LABEL: func.func @declared_handles
func.func @declared_handles(%r: i32) {
  // CHECK: hlsl.constant_buffer_handle @CB : !hlsl.res<ConstantBuffer, !hlsl.struct<"S", {a: f32}>>
  %c = hlsl.constant_buffer_handle @CB : !hlsl.res<ConstantBuffer, !S>
  // CHECK: %[[T:.*]] = hlsl.constant_buffer_handle @TB : !hlsl.res<TextureBuffer, !hlsl.struct<"S", {a: f32}>>
  %t = hlsl.constant_buffer_handle @TB : !hlsl.res<TextureBuffer, !S>
  // CHECK: hlsl.constant_buffer_addr %[[T]] : !hlsl.res<TextureBuffer, {{.*}}> -> !hlsl.ptr<!hlsl.struct<"S", {a: f32}>, constant>
  %p = hlsl.constant_buffer_addr %t : !hlsl.res<TextureBuffer, !S> -> !hlsl.ptr<!S, constant>
  // CHECK: hlsl.cbuffer_load_row %[[T]][%{{.*}}] : vector<4xi32> from !hlsl.res<TextureBuffer, {{.*}}>
  %a = hlsl.cbuffer_load_row %t[%r] : vector<4xi32> from !hlsl.res<TextureBuffer, !S>
  return
}

// -----

!S = !hlsl.struct<"S", {a: f32}>
hlsl.cbuffer @TB tbuffer binding <t0> contents "S" {
  hlsl.cbuffer_member @a : f32
}
func.func @f() {
  // expected-error @+1 {{'TB' must be a ConstantBuffer<T> or TextureBuffer<T> whose T is the result's element type}}
  %t = hlsl.constant_buffer_handle @TB : !hlsl.res<ConstantBuffer, !S>
  return
}

// -----

!S = !hlsl.struct<"S", {a: f32}>
hlsl.cbuffer @cb cbuffer binding <b0> {
  hlsl.cbuffer_member @a : f32
}
func.func @f() {
  // expected-error @+1 {{'cb' must be a ConstantBuffer<T> or TextureBuffer<T>}}
  %t = hlsl.constant_buffer_handle @cb : !hlsl.res<ConstantBuffer, !S>
  return
}

// -----

!S = !hlsl.struct<"S", {a: f32}>
hlsl.cbuffer @CB constant_buffer binding <b0> contents "T" {
  hlsl.cbuffer_member @a : f32
}
func.func @f() {
  // expected-error @+1 {{'CB' must be a ConstantBuffer<T> or TextureBuffer<T> whose T is the result's element type}}
  %t = hlsl.constant_buffer_handle @CB : !hlsl.res<ConstantBuffer, !S>
  return
}

// -----

hlsl.resource @R : !hlsl.res<RWBuffer, f32> binding <u0>
func.func @f() {
  // expected-error @+1 {{'R' does not name an hlsl.cbuffer}}
  %t = hlsl.constant_buffer_handle @R : !hlsl.res<ConstantBuffer, !hlsl.struct<"S", {a: f32}>>
  return
}
