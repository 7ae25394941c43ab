// RUN: hlsl-opt %s -split-input-file --hlsl-lower-cbuffer-loads -verify-diagnostics

// The layout pass has to run first.
hlsl.cbuffer @cb cbuffer binding <b0> {
  hlsl.cbuffer_member @x : f32
}
func.func @f() -> f32 {
  %p = hlsl.cbuffer_addr @cb::@x : !hlsl.ptr<f32, constant>
  // expected-error @+1 {{constant buffer member @cb::@x has no offset; run --hlsl-layout-cbuffers first}}
  %v = hlsl.load %p : !hlsl.ptr<f32, constant>
  return %v : f32
}

// -----

// Addresses must come from hlsl.cbuffer_addr.
func.func @f(%p: !hlsl.ptr<f32, constant>) -> f32 {
  // expected-error @+1 {{cannot lower a load from constant buffer memory whose address is a block argument; it must come from hlsl.cbuffer_addr or hlsl.constant_buffer_addr through hlsl.field_addr and hlsl.element_addr}}
  %v = hlsl.load %p : !hlsl.ptr<f32, constant>
  return %v : f32
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> layout !hlsl.struct<"__cblayout_cb", {x: f32, y: f32}> size 8 {
  hlsl.cbuffer_member @x : f32 offset 0
  hlsl.cbuffer_member @y : f32 offset 4
}
func.func @f(%c: i1) -> f32 {
  %x = hlsl.cbuffer_addr @cb::@x : !hlsl.ptr<f32, constant>
  %y = hlsl.cbuffer_addr @cb::@y : !hlsl.ptr<f32, constant>
  // expected-note @+1 {{address produced here}}
  %p = arith.select %c, %x, %y : !hlsl.ptr<f32, constant>
  // expected-error @+1 {{cannot lower a load from constant buffer memory whose address comes from 'arith.select'; it must come from hlsl.cbuffer_addr or hlsl.constant_buffer_addr through hlsl.field_addr and hlsl.element_addr}}
  %v = hlsl.load %p : !hlsl.ptr<f32, constant>
  return %v : f32
}

// -----

// Constant addresses cannot escape into calls; inline first.
hlsl.cbuffer @cb cbuffer binding <b0> layout !hlsl.struct<"__cblayout_cb", {x: f32}> size 4 {
  hlsl.cbuffer_member @x : f32 offset 0
}
func.func private @use(!hlsl.ptr<f32, constant>)
func.func @f() {
  %x = hlsl.cbuffer_addr @cb::@x : !hlsl.ptr<f32, constant>
  // expected-error @+1 {{'func.call' uses a constant buffer address; only hlsl.load, hlsl.field_addr and hlsl.element_addr can (inline calls first)}}
  func.call @use(%x) : (!hlsl.ptr<f32, constant>) -> ()
  return
}

// -----

// Constant indices out of bounds.
hlsl.cbuffer @cb cbuffer binding <b0> layout !hlsl.struct<"__cblayout_cb", {v: vector<2xf32>}> size 8 {
  hlsl.cbuffer_member @v : vector<2xf32> offset 0
}
func.func @f() -> f32 {
  %c2 = arith.constant 2 : i32
  %p = hlsl.cbuffer_addr @cb::@v : !hlsl.ptr<vector<2xf32>, constant>
  // expected-error @+1 {{index 2 is out of bounds for 'vector<2xf32>'}}
  %e = hlsl.element_addr %p[%c2] : !hlsl.ptr<vector<2xf32>, constant>, i32 -> !hlsl.ptr<f32, constant>
  %v = hlsl.load %e : !hlsl.ptr<f32, constant>
  return %v : f32
}

// -----

// Offsets that the layout pass would not have produced.
hlsl.cbuffer @cb cbuffer binding <b0> layout !hlsl.struct<"__cblayout_cb", {}> size 0 {
  hlsl.cbuffer_member @a : !hlsl.array<100000000 x f32> offset 0
}
func.func @f() -> !hlsl.array<100000000 x f32> {
  %p = hlsl.cbuffer_addr @cb::@a : !hlsl.ptr<!hlsl.array<100000000 x f32>, constant>
  // expected-error @+1 {{constant buffer member @cb::@a at offset 0 does not fit in a constant buffer of 65536 bytes}}
  %v = hlsl.load %p : !hlsl.ptr<!hlsl.array<100000000 x f32>, constant>
  return %v : !hlsl.array<100000000 x f32>
}
