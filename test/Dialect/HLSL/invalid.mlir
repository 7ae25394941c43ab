// RUN: hlsl-opt %s -split-input-file -verify-diagnostics
// One case per verifier rule of the hlsl dialect.

// expected-error @+1 {{only the outermost dimension of an array can be unbounded}}
hlsl.resource @F : !hlsl.array<4 x !hlsl.array<? x !hlsl.res<RWBuffer, f32>>> binding <order 0>

// -----

// expected-error @+1 {{array size must be non-negative}}
func.func private @f(!hlsl.array<-3 x f32>)

// -----

// expected-error @+1 {{array element type must be a data or resource type}}
func.func private @f(!hlsl.array<2 x !hlsl.ptr<f32>>)

// -----

// expected-error @+1 {{matrix dimensions must be between 1 and 4}}
func.func private @f(!hlsl.matrix<5x4xf32>)

// -----

// expected-error @+1 {{matrix element type must be a scalar}}
func.func private @f(!hlsl.matrix<2x2xvector<2xf32>>)

// -----

// expected-error @+1 {{expected 'row_major' or 'column_major'}}
func.func private @f(!hlsl.matrix<2x2xf32, diagonal>)

// -----

// expected-error @+1 {{duplicate struct field 'a'}}
func.func private @f(!hlsl.struct<"S", {a: i32, a: f32}>)

// -----

// expected-error @+1 {{only a matrix field can be row_start, not 'f32'}}
func.func private @f(!hlsl.struct<"S", {a: f32 row_start}>)

// -----

// expected-error @+1 {{needs a name (only padding is unnamed)}}
func.func private @f(!hlsl.struct<"S", {!hlsl.array<2 x i32>}>)

// -----

// expected-error @+1 {{padding must be at least one byte}}
func.func private @f(!hlsl.struct<"S", {a: i32, !hlsl.pad<0>}>)

// -----

// expected-error @+1 {{cannot point to '!hlsl.ptr<f32>'}}
func.func private @f(!hlsl.ptr<!hlsl.ptr<f32>>)

// -----

// expected-error @+1 {{unknown address space 'global'}}
func.func private @f(!hlsl.ptr<f32, global>)

// -----

// expected-error @+1 {{unknown resource kind 'RWBufer'}}
func.func private @f(!hlsl.res<RWBufer, f32>)

// -----

// expected-error @+1 {{SamplerState has no element type}}
func.func private @f(!hlsl.res<SamplerState, f32>)

// -----

// expected-error @+1 {{FeedbackTexture2D element must be !hlsl.struct<"SAMPLER_FEEDBACK_MIN_MIP"> or <"SAMPLER_FEEDBACK_MIP_REGION_USED">, got 'f32'}}
func.func private @f(!hlsl.res<FeedbackTexture2D, f32>)

// -----

// expected-error @+1 {{RWBuffer needs an element type}}
func.func private @f(!hlsl.res<RWBuffer>)

// -----

// expected-error @+1 {{RWBuffer element must be a scalar or a vector of up to 4 components}}
func.func private @f(!hlsl.res<RWBuffer, i32>)

// -----

// expected-error @+1 {{StructuredBuffer element must be a data type}}
func.func private @f(!hlsl.res<StructuredBuffer, !hlsl.res<RWBuffer, f32>>)

// -----

// expected-error @+1 {{ConstantBuffer element must be a struct of data}}
func.func private @f(!hlsl.res<ConstantBuffer, f32>)

// -----

// expected-error @+1 {{declared element '!hlsl.struct<"T", {u: ui32}>' must be the struct of a ConstantBuffer or TextureBuffer with its integers' signedness}}
hlsl.resource @S : !hlsl.res<StructuredBuffer, !hlsl.struct<"T", {u: i32}>> declared !hlsl.struct<"T", {u: ui32}> binding <t0>

// -----

// expected-error @+1 {{declared element '!hlsl.struct<"T", {u: ui32, f: f32}>' must be the struct of a ConstantBuffer}}
hlsl.resource @C : !hlsl.res<ConstantBuffer, !hlsl.struct<"T", {u: i32}>> declared !hlsl.struct<"T", {u: ui32, f: f32}> binding <b0>

// -----

// expected-error @+1 {{binding without a register needs an order id}}
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <space1>

// -----

// expected-error @+1 {{expected a register such as 'u3', a 'spaceN' or 'order N', got 'x3'}}
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <x3>

// -----

// expected-error @+1 {{register 't0' does not match resource 'A' of type RWBuffer, which binds to 'u' registers}}
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <t0>

// -----

// expected-error @+1 {{type must be a resource or an array of resources}}
hlsl.resource @A : !hlsl.array<4 x f32> binding <u0>

// -----

// expected-error @+1 {{resource 'A' needs 4 registers from u4294967294, past the last register 4294967295}}
hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u4294967294>

// -----

// expected-error @+1 {{resource array 'A' has no elements}}
hlsl.resource @A : !hlsl.array<0 x !hlsl.res<RWBuffer, f32>> binding <u0>

// -----

// expected-error @+1 {{register 'u0' does not match constant buffer 'cb', which binds to 'b' registers}}
hlsl.cbuffer @cb cbuffer binding <u0> {
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  // expected-error @+1 {{'hlsl.global' op is not allowed in a constant buffer}}
  hlsl.global static @g : f32
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  // expected-error @+1 {{constant buffer member 'r' must have a data type}}
  hlsl.cbuffer_member @r : !hlsl.res<RWBuffer, f32>
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  // expected-error @+1 {{packoffset must be 4-byte aligned, got byte offset 18}}
  hlsl.cbuffer_member @x : f32 packoffset <18>
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  // expected-error @+1 {{expected a packoffset such as 'c1.y' or a byte offset, got 'c1.q'}}
  hlsl.cbuffer_member @x : f32 packoffset <c1.q>
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  // expected-error @+1 {{row_start is a field hint of a ConstantBuffer<T> or TextureBuffer<T> member, not of a cbuffer block's}}
  hlsl.cbuffer_member @m : !hlsl.matrix<1x2xf32, row_major> row_start
}

// -----

hlsl.cbuffer @cb constant_buffer binding <b0> contents "T" {
  // expected-error @+1 {{only a matrix member can be row_start, not 'f32'}}
  hlsl.cbuffer_member @x : f32 row_start
}

// -----

// expected-error @+1 {{'hlsl.cbuffer_member' op expects parent op 'hlsl.cbuffer'}}
hlsl.cbuffer_member @x : f32

// -----

// expected-error @+1 {{groupshared variable 'g' cannot have an initializer}}
hlsl.global groupshared @g : f32 init {
  %c = arith.constant 1.0 : f32
  hlsl.yield %c : f32
}

// -----

// expected-error @+1 {{initializer must yield one value of type 'f32'}}
hlsl.global static @g : f32 init {
  %c = arith.constant 1 : i32
  hlsl.yield %c : i32
}

// -----

// expected-error @+1 {{global 'g' must have a data type}}
hlsl.global static @g : !hlsl.ptr<f32>

// -----

func.func @f() {
  // expected-error @+1 {{local variables live in the 'function' address space}}
  %v = hlsl.var : !hlsl.ptr<f32, groupshared>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'nope' does not name an hlsl.global}}
  %g = hlsl.global_addr @nope : !hlsl.ptr<f32, static>
  return
}

// -----

hlsl.global groupshared @g : f32
func.func @f() {
  // expected-error @+1 {{result type must be '!hlsl.ptr<f32, groupshared>'}}
  %g = hlsl.global_addr @g : !hlsl.ptr<f32, static>
  return
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  hlsl.cbuffer_member @x : f32
}
func.func @f() {
  // expected-error @+1 {{result type must be '!hlsl.ptr<f32, constant>'}}
  %x = hlsl.cbuffer_addr @cb::@x : !hlsl.ptr<f32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expects a reference of the form @cbuffer::@member}}
  %x = hlsl.cbuffer_addr @x : !hlsl.ptr<f32, constant>
  return
}

// -----

hlsl.cbuffer @cb cbuffer binding <b0> {
  hlsl.cbuffer_member @x : f32
}
func.func @f(%v: f32) {
  %x = hlsl.cbuffer_addr @cb::@x : !hlsl.ptr<f32, constant>
  // expected-error @+1 {{cannot store to constant buffer memory}}
  hlsl.store %v, %x : !hlsl.ptr<f32, constant>
  return
}

// -----

func.func @f(%p: !hlsl.ptr<f32>, %v: i32) {
  // expected-error @+1 {{failed to verify that stored value has the pointee type}}
  "hlsl.store"(%v, %p) : (i32, !hlsl.ptr<f32>) -> ()
  return
}

// -----

func.func @f(%p: !hlsl.ptr<f32>, %i: i32) {
  // expected-error @+1 {{can only index arrays, vectors and matrices}}
  %e = hlsl.element_addr %p[%i] : !hlsl.ptr<f32>, i32 -> !hlsl.ptr<f32>
  return
}

// -----

func.func @f(%p: !hlsl.ptr<!hlsl.array<4 x f32>, groupshared>, %i: i32) {
  // expected-error @+1 {{result type must be '!hlsl.ptr<f32, groupshared>'}}
  %e = hlsl.element_addr %p[%i] : !hlsl.ptr<!hlsl.array<4 x f32>, groupshared>, i32 -> !hlsl.ptr<f32>
  return
}

// -----

func.func @f(%p: !hlsl.ptr<!hlsl.struct<"S", {a: i32}>>) {
  // expected-error @+1 {{field index 1 out of range}}
  %e = hlsl.field_addr %p[1] : !hlsl.ptr<!hlsl.struct<"S", {a: i32}>> -> !hlsl.ptr<i32>
  return
}

// -----

func.func @f(%p: !hlsl.ptr<!hlsl.struct<"S", {a: i32, !hlsl.pad<12>}>>) {
  // expected-error @+1 {{cannot address padding field 1}}
  %e = hlsl.field_addr %p[1] : !hlsl.ptr<!hlsl.struct<"S", {a: i32, !hlsl.pad<12>}>> -> !hlsl.ptr<i32>
  return
}

// -----

func.func @f(%p: !hlsl.ptr<f32>) {
  // expected-error @+1 {{base must point to a struct}}
  %e = hlsl.field_addr %p[0] : !hlsl.ptr<f32> -> !hlsl.ptr<f32>
  return
}

// -----

hlsl.resource @C : !hlsl.array<2 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
func.func @f(%i: i32) {
  // expected-error @+1 {{resource 'C' has 2 dimensions but 1 index was given}}
  %h = hlsl.resource_handle @C[%i] : !hlsl.res<RWBuffer, f32>
  return
}

// -----

hlsl.resource @C : !hlsl.array<2 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
func.func @f(%i: i32) {
  // expected-error @+1 {{result type must be '!hlsl.res<RWBuffer, f32>'}}
  %h = hlsl.resource_handle @C[%i, %i] : !hlsl.res<RWBuffer, ui32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'B' does not name an hlsl.resource}}
  %h = hlsl.resource_handle @B : !hlsl.res<RWBuffer, f32>
  return
}

// -----

hlsl.resource @N : !hlsl.array<10 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
func.func @f(%i: i32) {
  // expected-error @+1 {{resource 'N' has 2 dimensions but 2 indices were given; a slice needs fewer indices than dimensions}}
  %h = hlsl.resource_slice @N[%i, %i] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
  return
}

// -----

hlsl.resource @N : !hlsl.array<10 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
func.func @f(%i: i32) {
  // expected-error @+1 {{result type must be '!hlsl.array<5 x !hlsl.res<RWBuffer, f32>>'}}
  %h = hlsl.resource_slice @N[%i] : !hlsl.array<10 x !hlsl.res<RWBuffer, f32>>
  return
}

// -----

func.func @f(%h: !hlsl.res<Texture2D, vector<4xf32>>, %i: i32) {
  // expected-error @+1 {{index of Texture2D must be 'vector<2xi32>'}}
  %e = hlsl.resource_addr %h[%i] : !hlsl.res<Texture2D, vector<4xf32>>, i32 -> !hlsl.ptr<vector<4xf32>, device>
  return
}

// -----

// Only multisampled textures take a sample index after the location.
func.func @f(%h: !hlsl.res<Texture2D, vector<4xf32>>, %i: vector<3xi32>) {
  // expected-error @+1 {{index of Texture2D must be 'vector<2xi32>'}}
  %e = hlsl.resource_addr %h[%i] : !hlsl.res<Texture2D, vector<4xf32>>, vector<3xi32> -> !hlsl.ptr<vector<4xf32>, device>
  return
}

// -----

func.func @f(%h: !hlsl.res<RWTexture2DMS, vector<4xf32>>, %i: vector<4xi32>) {
  // expected-error @+1 {{index of RWTexture2DMS must be 'vector<2xi32>' (or with the sample index appended)}}
  %e = hlsl.resource_addr %h[%i] : !hlsl.res<RWTexture2DMS, vector<4xf32>>, vector<4xi32> -> !hlsl.ptr<vector<4xf32>, device>
  return
}

// -----

func.func @f(%h: !hlsl.res<RWByteAddressBuffer>, %i: i32) {
  // expected-error @+1 {{RWByteAddressBuffer cannot be subscripted}}
  %e = hlsl.resource_addr %h[%i] : !hlsl.res<RWByteAddressBuffer>, i32 -> !hlsl.ptr<i32, device>
  return
}

// -----

func.func @f(%h: !hlsl.res<RWBuffer, ui32>, %i: i32) {
  // expected-error @+1 {{result type must be '!hlsl.ptr<i32, device>'}}
  %e = hlsl.resource_addr %h[%i] : !hlsl.res<RWBuffer, ui32>, i32 -> !hlsl.ptr<i32>
  return
}

// -----

func.func private @g(!hlsl.ptr<i32>)
func.func @f(%v: i32) {
  // expected-error @+1 {{operand #0 must be hlsl pointer, but got 'i32'}}
  %t = "hlsl.out_arg"(%v) ({}, {}) {direction = #hlsl<direction inout>} : (i32) -> !hlsl.ptr<i32>
  func.call @g(%t) : (!hlsl.ptr<i32>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<i32>)
func.func @f(%p: !hlsl.ptr<i32>) {
  // expected-error @+1 {{direction must be 'out' or 'inout'}}
  %t = hlsl.out_arg in %p : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  func.call @g(%t) : (!hlsl.ptr<i32>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<vector<3xi32>>)
func.func @f(%p: !hlsl.ptr<vector<3xf32>>) {
  // expected-error @+1 {{needs a 'copy_in' conversion from 'vector<3xf32>' to 'vector<3xi32>'}}
  %t = hlsl.out_arg inout %p : !hlsl.ptr<vector<3xf32>> -> !hlsl.ptr<vector<3xi32>>
  func.call @g(%t) : (!hlsl.ptr<vector<3xi32>>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<vector<3xi32>>)
func.func @f(%p: !hlsl.ptr<vector<3xf32>>) {
  // expected-error @+1 {{needs a 'write_back' conversion from 'vector<3xi32>' to 'vector<3xf32>'}}
  %t = hlsl.out_arg out %p : !hlsl.ptr<vector<3xf32>> -> !hlsl.ptr<vector<3xi32>>
  func.call @g(%t) : (!hlsl.ptr<vector<3xi32>>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<i32>)
func.func @f(%p: !hlsl.ptr<i32>) {
  // expected-error @+1 {{'out' temporary starts undefined and has no 'copy_in' conversion}}
  %t = hlsl.out_arg out %p : !hlsl.ptr<i32> -> !hlsl.ptr<i32> copy_in {
  ^bb0(%v: i32):
    hlsl.yield %v : i32
  }
  func.call @g(%t) : (!hlsl.ptr<i32>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<i32>)
func.func @f(%p: !hlsl.ptr<f32>) {
  // expected-error @+1 {{'write_back' region must yield one value of type 'f32'}}
  %t = hlsl.out_arg out %p : !hlsl.ptr<f32> -> !hlsl.ptr<i32> write_back {
  ^bb0(%v: i32):
    hlsl.yield %v : i32
  }
  func.call @g(%t) : (!hlsl.ptr<i32>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<i32>)
func.func @f(%p: !hlsl.ptr<f32>) {
  // expected-error @+1 {{'write_back' region must take one argument of type 'i32'}}
  %t = hlsl.out_arg out %p : !hlsl.ptr<f32> -> !hlsl.ptr<i32> write_back {
  ^bb0(%v: f32):
    hlsl.yield %v : f32
  }
  func.call @g(%t) : (!hlsl.ptr<i32>) -> ()
  return
}

// -----

func.func @f(%p: !hlsl.ptr<i32>) {
  // expected-error @+1 {{temporary must be used by exactly one call}}
  %t = hlsl.out_arg out %p : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  return
}

// -----

func.func private @g(!hlsl.ptr<i32>, !hlsl.ptr<i32>)
func.func @f(%p: !hlsl.ptr<i32>) {
  // expected-error @+1 {{temporary must be used by exactly one call}}
  %t = hlsl.out_arg out %p : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  func.call @g(%t, %t) : (!hlsl.ptr<i32>, !hlsl.ptr<i32>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<i32, groupshared>)
func.func @f(%p: !hlsl.ptr<i32>) {
  // expected-error @+1 {{temporary must be a function-space pointer}}
  %t = hlsl.out_arg out %p : !hlsl.ptr<i32> -> !hlsl.ptr<i32, groupshared>
  func.call @g(%t) : (!hlsl.ptr<i32, groupshared>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<vector<2xi32>>)
func.func @f(%p: !hlsl.ptr<vector<4xi32>>) {
  // expected-error @+1 {{swizzle repeats a component; it is not an lvalue}}
  %t = hlsl.out_arg out %p swizzle [1, 1] : !hlsl.ptr<vector<4xi32>> -> !hlsl.ptr<vector<2xi32>>
  func.call @g(%t) : (!hlsl.ptr<vector<2xi32>>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<vector<2xi32>>)
func.func @f(%p: !hlsl.ptr<vector<2xi32>>) {
  // expected-error @+1 {{swizzle components out of range for 'vector<2xi32>'}}
  %t = hlsl.out_arg out %p swizzle [0, 3] : !hlsl.ptr<vector<2xi32>> -> !hlsl.ptr<vector<2xi32>>
  func.call @g(%t) : (!hlsl.ptr<vector<2xi32>>) -> ()
  return
}

// -----

// Matrix members are numbered row * columns + column: a 2x3 has 6.
func.func private @g(!hlsl.ptr<vector<2xi32>>)
func.func @f(%p: !hlsl.ptr<!hlsl.matrix<2x3xi32>>) {
  // expected-error @+1 {{swizzle components out of range for '!hlsl.matrix<2x3xi32>'}}
  %t = hlsl.out_arg out %p swizzle [5, 6] : !hlsl.ptr<!hlsl.matrix<2x3xi32>> -> !hlsl.ptr<vector<2xi32>>
  func.call @g(%t) : (!hlsl.ptr<vector<2xi32>>) -> ()
  return
}

// -----

func.func private @g(!hlsl.ptr<vector<2xi32>>)
func.func @f(%p: !hlsl.ptr<i32>) {
  // expected-error @+1 {{swizzle needs a vector or matrix lvalue}}
  %t = hlsl.out_arg out %p swizzle [0, 0] : !hlsl.ptr<i32> -> !hlsl.ptr<vector<2xi32>>
  func.call @g(%t) : (!hlsl.ptr<vector<2xi32>>) -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{has no zero value for '!hlsl.res<RWBuffer, f32>'}}
  %z = hlsl.zero : !hlsl.res<RWBuffer, f32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'!hlsl.array<2 x f32>' needs 2 elements, got 1}}
  %z = hlsl.construct(%a) : (f32) -> !hlsl.array<2 x f32>
  return
}

// -----

func.func @f(%a: f32, %b: i32) {
  // expected-error @+1 {{element 1 must be 'f32', got 'i32'}}
  %z = hlsl.construct(%a, %b) : (f32, i32) -> !hlsl.array<2 x f32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{can only construct arrays, structs and matrices}}
  %z = hlsl.construct(%a) : (f32) -> vector<1xf32>
  return
}

// -----

func.func @f(%s: !hlsl.struct<"S", {a: i32}>) {
  // expected-error @+1 {{field 0 has type 'i32', not 'f32'}}
  %z = hlsl.field_extract %s[0] : !hlsl.struct<"S", {a: i32}> -> f32
  return
}

// -----

func.func @f(%s: !hlsl.struct<"S", {a: i32}>, %v: i32) {
  // expected-error @+1 {{field index 2 out of range}}
  %z = hlsl.field_insert %v, %s[2] : i32, !hlsl.struct<"S", {a: i32}>
  return
}

// -----

func.func @f(%m: !hlsl.matrix<2x2xf32>) {
  // expected-error @+1 {{element count and type must match}}
  %v = hlsl.matrix_cast %m : !hlsl.matrix<2x2xf32> -> vector<3xf32>
  return
}

// -----

func.func @f(%m: vector<4xf32>) {
  // expected-error @+1 {{casts between a matrix and a vector or two matrices}}
  %v = hlsl.matrix_cast %m : vector<4xf32> -> vector<4xf32>
  return
}

// -----

func.func @f(%m: !hlsl.matrix<2x3xf32>) {
  // expected-error @+1 {{matrix to matrix casts keep the shape}}
  %v = hlsl.matrix_cast %m : !hlsl.matrix<2x3xf32> -> !hlsl.matrix<3x2xf32>
  return
}

// -----

func.func @f(%a: !hlsl.array<? x f32>) {
  // expected-error @+1 {{cannot convert an unsized array '!hlsl.array<? x f32>' to a sized array '!hlsl.array<4 x f32>'}}
  %s = hlsl.array_cast %a : !hlsl.array<? x f32> -> !hlsl.array<4 x f32>
  return
}

// -----

func.func @f(%a: !hlsl.array<4 x f32>) {
  // expected-error @+1 {{element types must match}}
  %s = hlsl.array_cast %a : !hlsl.array<4 x f32> -> !hlsl.array<? x i32>
  return
}

// -----

// expected-error @+1 {{compute shader entry point needs 'hlsl.numthreads'}}
func.func @main() attributes {hlsl.shader = #hlsl<shader compute>} {
  return
}

// -----

// expected-error @+1 {{'hlsl.numthreads' has more than 1024 threads per group}}
func.func @main() attributes {hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 64, 32, 1>} {
  return
}

// -----

// expected-error @+1 {{'hlsl.numthreads' values must be positive}}
func.func @main() attributes {hlsl.numthreads = array<i32: 0, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{'hlsl.numthreads' must be an array of three i32 values}}
func.func @main() attributes {hlsl.numthreads = array<i32: 1, 1>} {
  return
}

// -----

// expected-error @+1 {{out/inout parameter must be a function-space pointer, got 'i32'}}
func.func @f(%x: i32 {hlsl.direction = #hlsl<direction out>}) {
  return
}

// -----

// expected-error @+1 {{'hlsl.semantic' must be a non-empty string}}
func.func @f(%x: i32 {hlsl.semantic = ""}) {
  return
}

// -----

// expected-error @+1 {{unknown hlsl attribute 'hlsl.bogus'}}
func.func @f() attributes {hlsl.bogus} {
  return
}

// -----

func.func @f(%x: i32) -> i32 {
  // expected-error @+1 {{'hlsl.precise' op operand #0 must be floating-point or vector of floating-point values}}
  %p = hlsl.precise %x : i32
  return %p : i32
}
