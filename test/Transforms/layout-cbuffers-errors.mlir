// RUN: hlsl-opt %s -split-input-file --hlsl-layout-cbuffers -verify-diagnostics
// Layout errors are reported at the member.

hlsl.cbuffer @overlap cbuffer binding <b0> {
  // expected-note @+1 {{'v' is declared here}}
  hlsl.cbuffer_member @v : vector<4xf32> packoffset <c0>
  // expected-error @+1 {{constant buffer member 'y' (bytes 8 to 11) overlaps 'v' (bytes 0 to 15)}}
  hlsl.cbuffer_member @y : f32 packoffset <c0.z>
}

// -----

// The error goes to the later declaration, whatever the offsets.
hlsl.cbuffer @overlap cbuffer binding <b0> {
  // expected-note @+1 {{'a' is declared here}}
  hlsl.cbuffer_member @a : f32 packoffset <c1.y>
  // expected-error @+1 {{constant buffer member 'arr' (bytes 0 to 35) overlaps 'a' (bytes 20 to 23)}}
  hlsl.cbuffer_member @arr : !hlsl.array<3 x f32> packoffset <c0>
  // Every overlap is reported.
  // expected-note @+1 {{'s' is declared here}}
  hlsl.cbuffer_member @s : !hlsl.struct<"S", {a: vector<4xi32>}> packoffset <c4>
  // expected-error @+1 {{constant buffer member 'm' (bytes 64 to 67) overlaps 's' (bytes 64 to 79)}}
  hlsl.cbuffer_member @m : i32 packoffset <c4>
}

// -----

hlsl.cbuffer @straddle cbuffer binding <b0> {
  // expected-error @+1 {{'v' of type 'vector<3xf32>' at packoffset(c0.z) would straddle a 16-byte row (bytes 8 to 19)}}
  hlsl.cbuffer_member @v : vector<3xf32> packoffset <c0.z>
}

// -----

hlsl.cbuffer @straddle cbuffer binding <b0> {
  // A double3 is larger than a row; it must start one.
  // expected-error @+1 {{'d' of type 'vector<3xf64>' at packoffset(c2.z) would straddle a 16-byte row (bytes 40 to 63)}}
  hlsl.cbuffer_member @d : vector<3xf64> packoffset <c2.z>
}

// -----

hlsl.cbuffer @misaligned cbuffer binding <b0> {
  // expected-error @+1 {{'d' of type 'f64' at packoffset(c0.y) is not aligned to its 8-byte scalars}}
  hlsl.cbuffer_member @d : f64 packoffset <c0.y>
}

// -----

hlsl.cbuffer @rows cbuffer binding <b0> {
  // expected-error @+1 {{'a' of type '!hlsl.array<2 x f32>' starts a new 16-byte row, so its packoffset(c1.y) must name component x}}
  hlsl.cbuffer_member @a : !hlsl.array<2 x f32> packoffset <c1.y>
  // expected-error @+1 {{'m' of type '!hlsl.matrix<2x2xf32>' starts a new 16-byte row, so its packoffset(c3.z) must name component x}}
  hlsl.cbuffer_member @m : !hlsl.matrix<2x2xf32> packoffset <c3.z>
}

// -----

hlsl.cbuffer @past cbuffer binding <b0> {
  // expected-error @+1 {{'x' at packoffset(c4096) ends at byte 65540, past the maximum constant buffer size of 65536 bytes (4096 rows)}}
  hlsl.cbuffer_member @x : f32 packoffset <c4096>
  // expected-error @+1 {{'big' at packoffset(c1) ends at byte 65552, past the maximum constant buffer size of 65536 bytes (4096 rows)}}
  hlsl.cbuffer_member @big : !hlsl.array<4096 x vector<4xf32>> packoffset <c1>
  // Even a member without data cannot be placed there.
  // expected-error @+1 {{'e' at packoffset(c5000) ends at byte 80000, past the maximum constant buffer size of 65536 bytes (4096 rows)}}
  hlsl.cbuffer_member @e : !hlsl.struct<"Empty", {}> packoffset <c5000>
}

// -----

hlsl.cbuffer @huge cbuffer binding <b0> {
  hlsl.cbuffer_member @big : !hlsl.array<4096 x vector<4xf32>>
  // expected-error @+1 {{'x' ends at byte 65540, making constant buffer 'huge' larger than the maximum of 65536 bytes (4096 rows)}}
  hlsl.cbuffer_member @x : f32
  // Reported once per buffer.
  hlsl.cbuffer_member @y : f32
}

// -----

hlsl.cbuffer @huge_0 cbuffer binding <b0> name "huge" {
  // expected-error @+1 {{'arr' is too large, making constant buffer 'huge' larger than the maximum of 65536 bytes (4096 rows)}}
  hlsl.cbuffer_member @arr : !hlsl.array<1000000000000000 x vector<4xf32>>
}
