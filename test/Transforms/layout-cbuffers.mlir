// RUN: hlsl-opt %s -split-input-file --hlsl-layout-cbuffers | FileCheck %s
// Running the pass again changes nothing.
// RUN: hlsl-opt %s -split-input-file --hlsl-layout-cbuffers > %t.once.mlir
// RUN: hlsl-opt %t.once.mlir -split-input-file --hlsl-layout-cbuffers > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
//
// Legacy constant buffer layouts (seeds 002 and 003): byte offsets of the
// members, the size without trailing padding and the packed layout struct
// with explicit padding, in offset order.

// Seed 003, cb0: packoffsets place members exactly; the layout follows.
//   cbuffer cb0 : register(b0) {
//     int x : packoffset(c0.y);
//     float y : packoffset(c1.z);
//   }
// CHECK-LABEL: hlsl.cbuffer @cb0 cbuffer binding <b0> layout !hlsl.struct<"__cblayout_cb0", {!hlsl.pad<4>, x: i32, !hlsl.pad<16>, y: f32}> size 28 {
// CHECK-NEXT:    hlsl.cbuffer_member @x : i32 packoffset <c0.y> offset 4
// CHECK-NEXT:    hlsl.cbuffer_member @y : f32 packoffset <c1.z> offset 24
hlsl.cbuffer @cb0 cbuffer binding <b0> {
  hlsl.cbuffer_member @x : i32 packoffset <c0.y>
  hlsl.cbuffer_member @y : f32 packoffset <c1.z>
}

// Packoffsets out of declaration order: the layout struct is in offset
// order.
//   cbuffer swapped { int x : packoffset(c0.y); float y : packoffset(c0.x); }
// CHECK-LABEL: hlsl.cbuffer @swapped cbuffer binding <b1> layout !hlsl.struct<"__cblayout_swapped", {y: f32, x: i32}> size 8 {
// CHECK-NEXT:    hlsl.cbuffer_member @x : i32 packoffset <c0.y> offset 4
// CHECK-NEXT:    hlsl.cbuffer_member @y : f32 packoffset <c0> offset 0
hlsl.cbuffer @swapped cbuffer binding <b1> {
  hlsl.cbuffer_member @x : i32 packoffset <c0.y>
  hlsl.cbuffer_member @y : f32 packoffset <c0.x>
}

// Members without packoffset follow the highest packoffset'ed end with the
// normal rules, as DXC allocates them: a at 24, and c, which would straddle
// the row from 28, at 32.
// CHECK-LABEL: hlsl.cbuffer @mixed cbuffer binding <b2> layout !hlsl.struct<"__cblayout_mixed", {!hlsl.pad<16>, b: vector<2xf32>, a: f32, !hlsl.pad<4>, c: vector<2xf32>}> size 40 {
// CHECK-NEXT:    hlsl.cbuffer_member @a : f32 offset 24
// CHECK-NEXT:    hlsl.cbuffer_member @b : vector<2xf32> packoffset <c1> offset 16
// CHECK-NEXT:    hlsl.cbuffer_member @c : vector<2xf32> offset 32
hlsl.cbuffer @mixed cbuffer binding <b2> {
  hlsl.cbuffer_member @a : f32
  hlsl.cbuffer_member @b : vector<2xf32> packoffset <c1>
  hlsl.cbuffer_member @c : vector<2xf32>
}

// -----

// Seed 003, cb1: a struct starts a row; what follows it does not.
//   struct S { int v; };
//   cbuffer cb1 : register(b0) { int i; S s; int j; }
// CHECK-LABEL: hlsl.cbuffer @cb1 cbuffer binding <b0> layout !hlsl.struct<"__cblayout_cb1", {i: i32, !hlsl.pad<12>, s: !hlsl.struct<"__layout_S", {v: i32}>, j: i32}> size 24 {
// CHECK-NEXT:    hlsl.cbuffer_member @i : i32 offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @s : !hlsl.struct<"S", {v: i32}> offset 16
// CHECK-NEXT:    hlsl.cbuffer_member @j : i32 offset 20
hlsl.cbuffer @cb1 cbuffer binding <b0> {
  hlsl.cbuffer_member @i : i32
  hlsl.cbuffer_member @s : !hlsl.struct<"S", {v: i32}>
  hlsl.cbuffer_member @j : i32
}

// -----

// Seed 003, cb2: arrays start a row; elements are 16-byte strided and only
// the last one is unpadded.
//   cbuffer cb2 : register(b0) {
//     float a1[3];        // offset   0,  size 4  (+12) * 3
//     double3 a2[2];      // offset   48, size 24  (+8) * 2
//     uint4 a3[2];        // offset  112, size 16       * 2
//     float16_t a4[2][2]; // offset  144, size  2 (+14) * 4
//   }
// CHECK-LABEL: hlsl.cbuffer @cb2 cbuffer binding <b0>
// CHECK-SAME:  layout !hlsl.struct<"__cblayout_cb2", {
// CHECK-SAME:    a1: !hlsl.struct<"__cbarray", {elems: !hlsl.array<2 x !hlsl.struct<"__cbelem", {value: f32, !hlsl.pad<12>}>>, last: f32}>, !hlsl.pad<12>,
// CHECK-SAME:    a2: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: vector<3xf64>, !hlsl.pad<8>}>>, last: vector<3xf64>}>, !hlsl.pad<8>,
// CHECK-SAME:    a3: !hlsl.array<2 x vector<4xi32>>,
// CHECK-SAME:    a4: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: f16, !hlsl.pad<14>}>>, last: f16}>, !hlsl.pad<14>}>>, last: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: f16, !hlsl.pad<14>}>>, last: f16}>}>}>
// CHECK-SAME:  size 194 {
// CHECK-NEXT:    hlsl.cbuffer_member @a1 : !hlsl.array<3 x f32> offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @a2 : !hlsl.array<2 x vector<3xf64>> offset 48
// CHECK-NEXT:    hlsl.cbuffer_member @a3 : !hlsl.array<2 x vector<4xi32>> offset 112
// CHECK-NEXT:    hlsl.cbuffer_member @a4 : !hlsl.array<2 x !hlsl.array<2 x f16>> offset 144
hlsl.cbuffer @cb2 cbuffer binding <b0> {
  hlsl.cbuffer_member @a1 : !hlsl.array<3 x f32>
  hlsl.cbuffer_member @a2 : !hlsl.array<2 x vector<3xf64>>
  hlsl.cbuffer_member @a3 : !hlsl.array<2 x vector<4xi32>>
  hlsl.cbuffer_member @a4 : !hlsl.array<2 x !hlsl.array<2 x f16>>
}

// -----

// Seed 002's examples.
//   cbuffer MyConstants { float2 a; int c; }
// CHECK-LABEL: hlsl.cbuffer @MyConstants cbuffer binding <order 0> layout !hlsl.struct<"__cblayout_MyConstants", {a: vector<2xf32>, c: i32}> size 12 {
// CHECK-NEXT:    hlsl.cbuffer_member @a : vector<2xf32> offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @c : i32 offset 8
hlsl.cbuffer @MyConstants cbuffer binding <order 0> {
  hlsl.cbuffer_member @a : vector<2xf32>
  hlsl.cbuffer_member @c : i32
}

//   struct S { float f; };
//   cbuffer Constants { int i; S s; };
// CHECK-LABEL: hlsl.cbuffer @Constants cbuffer binding <order 1> layout !hlsl.struct<"__cblayout_Constants", {i: i32, !hlsl.pad<12>, s: !hlsl.struct<"__layout_S", {f: f32}>}> size 20 {
// CHECK-NEXT:    hlsl.cbuffer_member @i : i32 offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @s : !hlsl.struct<"S", {f: f32}> offset 16
hlsl.cbuffer @Constants cbuffer binding <order 1> {
  hlsl.cbuffer_member @i : i32
  hlsl.cbuffer_member @s : !hlsl.struct<"S", {f: f32}>
}

//   cbuffer OtherConstants { float4 v; int array[10]; };
// CHECK-LABEL: hlsl.cbuffer @OtherConstants cbuffer binding <order 2> layout !hlsl.struct<"__cblayout_OtherConstants", {v: vector<4xf32>, array: !hlsl.struct<"__cbarray", {elems: !hlsl.array<9 x !hlsl.struct<"__cbelem", {value: i32, !hlsl.pad<12>}>>, last: i32}>}> size 164 {
// CHECK-NEXT:    hlsl.cbuffer_member @v : vector<4xf32> offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @array : !hlsl.array<10 x i32> offset 16
hlsl.cbuffer @OtherConstants cbuffer binding <order 2> {
  hlsl.cbuffer_member @v : vector<4xf32>
  hlsl.cbuffer_member @array : !hlsl.array<10 x i32>
}

//   float4 F; int k; float2 g;   // in $Globals
// A vector is aligned to its scalars, not its size: g is at 20, not 24.
// CHECK-LABEL: hlsl.cbuffer @"$Globals" globals binding <order 3> layout !hlsl.struct<"__cblayout_$Globals", {F: vector<4xf32>, k: i32, g: vector<2xf32>}> size 28 {
// CHECK-NEXT:    hlsl.cbuffer_member @F : vector<4xf32> offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @k : i32 offset 16
// CHECK-NEXT:    hlsl.cbuffer_member @g : vector<2xf32> offset 20
hlsl.cbuffer @"$Globals" globals binding <order 3> {
  hlsl.cbuffer_member @F : vector<4xf32>
  hlsl.cbuffer_member @k : i32
  hlsl.cbuffer_member @g : vector<2xf32>
}

// -----

// Matrices are arrays of their columns (column_major, the default) or rows
// (row_major); one stored as a single vector packs like that vector.
//   cbuffer mats {
//     float a;
//     float2x3 cm;               // 3 columns of float2: 16 * 2 + 8 = 40
//     float b;
//     row_major float2x3 rm;     // 2 rows of float3: 16 + 12 = 28
//     float c;
//     float3x1 col;              // one column of float3, like a float3
//     float d;
//     float4x4 m;
//     double2x2 dm;              // 2 columns of double2
//   }
// CHECK-LABEL: hlsl.cbuffer @mats cbuffer binding <b0>
// CHECK-SAME:  layout !hlsl.struct<"__cblayout_mats", {
// CHECK-SAME:    a: f32, !hlsl.pad<12>,
// CHECK-SAME:    cm: !hlsl.struct<"__cbarray", {elems: !hlsl.array<2 x !hlsl.struct<"__cbelem", {value: vector<2xf32>, !hlsl.pad<8>}>>, last: vector<2xf32>}>,
// CHECK-SAME:    b: f32, !hlsl.pad<4>,
// CHECK-SAME:    rm: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: vector<3xf32>, !hlsl.pad<4>}>>, last: vector<3xf32>}>,
// CHECK-SAME:    c: f32,
// CHECK-SAME:    col: !hlsl.array<1 x vector<3xf32>>,
// CHECK-SAME:    d: f32,
// CHECK-SAME:    m: !hlsl.array<4 x vector<4xf32>>,
// CHECK-SAME:    dm: !hlsl.array<2 x vector<2xf64>>}>
// CHECK-SAME:  size 208 {
// CHECK-NEXT:    hlsl.cbuffer_member @a : f32 offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @cm : !hlsl.matrix<2x3xf32> offset 16
// CHECK-NEXT:    hlsl.cbuffer_member @b : f32 offset 56
// CHECK-NEXT:    hlsl.cbuffer_member @rm : !hlsl.matrix<2x3xf32, row_major> offset 64
// CHECK-NEXT:    hlsl.cbuffer_member @c : f32 offset 92
// CHECK-NEXT:    hlsl.cbuffer_member @col : !hlsl.matrix<3x1xf32> offset 96
// CHECK-NEXT:    hlsl.cbuffer_member @d : f32 offset 108
// CHECK-NEXT:    hlsl.cbuffer_member @m : !hlsl.matrix<4x4xf32> offset 112
// CHECK-NEXT:    hlsl.cbuffer_member @dm : !hlsl.matrix<2x2xf64> offset 176
hlsl.cbuffer @mats cbuffer binding <b0> {
  hlsl.cbuffer_member @a : f32
  hlsl.cbuffer_member @cm : !hlsl.matrix<2x3xf32>
  hlsl.cbuffer_member @b : f32
  hlsl.cbuffer_member @rm : !hlsl.matrix<2x3xf32, row_major>
  hlsl.cbuffer_member @c : f32
  hlsl.cbuffer_member @col : !hlsl.matrix<3x1xf32>
  hlsl.cbuffer_member @d : f32
  hlsl.cbuffer_member @m : !hlsl.matrix<4x4xf32>
  hlsl.cbuffer_member @dm : !hlsl.matrix<2x2xf64>
}

// -----

// Matrices of 16-bit scalars: DXC sizes the last vector as if its scalars
// took 4 bytes, so what follows starts after that padding (DXC 1.9 puts d
// at 28, f at 92, h at 104, cbuffer size 106).
//   cbuffer mats16 { half3x2 c; half d; half3x2 e[2]; half f;
//                    half2x1 g; half h; }
// CHECK-LABEL: hlsl.cbuffer @mats16 cbuffer binding <b0>
// CHECK-SAME:  layout !hlsl.struct<"__cblayout_mats16", {
// CHECK-SAME:    c: !hlsl.struct<"__cbmatrix", {vectors: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: vector<3xf16>, !hlsl.pad<10>}>>, last: vector<3xf16>}>, !hlsl.pad<6>}>,
// CHECK-SAME:    d: f16, !hlsl.pad<2>,
// CHECK-SAME:    e: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: !hlsl.struct<"__cbmatrix", {vectors: [[M:.*]]}>, !hlsl.pad<4>}>>, last: !hlsl.struct<"__cbmatrix", {vectors: [[M]]}>}>,
// CHECK-SAME:    f: f16, !hlsl.pad<2>,
// CHECK-SAME:    g: !hlsl.struct<"__cbmatrix", {vectors: !hlsl.array<1 x vector<2xf16>>, !hlsl.pad<4>}>,
// CHECK-SAME:    h: f16}>
// CHECK-SAME:  size 106 {
// CHECK-NEXT:    hlsl.cbuffer_member @c : !hlsl.matrix<3x2xf16> offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @d : f16 offset 28
// CHECK-NEXT:    hlsl.cbuffer_member @e : !hlsl.array<2 x !hlsl.matrix<3x2xf16>> offset 32
// CHECK-NEXT:    hlsl.cbuffer_member @f : f16 offset 92
// CHECK-NEXT:    hlsl.cbuffer_member @g : !hlsl.matrix<2x1xf16> offset 96
// CHECK-NEXT:    hlsl.cbuffer_member @h : f16 offset 104
hlsl.cbuffer @mats16 cbuffer binding <b0> {
  hlsl.cbuffer_member @c : !hlsl.matrix<3x2xf16>
  hlsl.cbuffer_member @d : f16
  hlsl.cbuffer_member @e : !hlsl.array<2 x !hlsl.matrix<3x2xf16>>
  hlsl.cbuffer_member @f : f16
  hlsl.cbuffer_member @g : !hlsl.matrix<2x1xf16>
  hlsl.cbuffer_member @h : f16
}

// -----

// Field hints of DXC's struct layout (DXC 1.9's offsets). With native
// 16-bit types a struct's min16float & co. are aligned to 4 bytes:
//   struct S { half a; min16float b; min16float2 c; half d; min16int e; };
// gives a 0, b 4, c 8, d 12, e 16 (size 18). A matrix DXC aligns by the
// default orientation starts a row even if it is one vector:
//   struct R { int a; row_major float1x2 m; };   // m at 16, size 24
// A ConstantBuffer<T> lays out its members as T's fields, hints included,
// and without the row rule of minimum precision of cbuffer blocks.
// CHECK-LABEL: hlsl.cbuffer @hinted cbuffer binding <b0>
// CHECK-SAME:  layout !hlsl.struct<"__cblayout_hinted", {
// CHECK-SAME:    s: !hlsl.struct<"__layout_S", {a: f16, !hlsl.pad<2>, b: f16, !hlsl.pad<2>, c: vector<2xf16>, d: f16, !hlsl.pad<2>, e: i16}>, !hlsl.pad<14>,
// CHECK-SAME:    r: !hlsl.struct<"__layout_R", {a: i32, !hlsl.pad<12>, m: !hlsl.array<1 x vector<2xf32>>}>}>
// CHECK-SAME:  size 56 {
// CHECK-NEXT:    hlsl.cbuffer_member @s : {{.*}} offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @r : {{.*}} offset 32
hlsl.cbuffer @hinted cbuffer binding <b0> {
  hlsl.cbuffer_member @s : !hlsl.struct<"S", {a: f16, b: f16 min_precision, c: vector<2xf16> min_precision, d: f16, e: i16 min_precision}>
  hlsl.cbuffer_member @r : !hlsl.struct<"R", {a: i32, m: !hlsl.matrix<1x2xf32, row_major> row_start}>
}

// CHECK-LABEL: hlsl.cbuffer @hintedT constant_buffer binding <b1> contents "T"
// CHECK-SAME:  size 40 {
// CHECK-NEXT:    hlsl.cbuffer_member @a : f16 offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @b : f16 min_precision offset 4
// CHECK-NEXT:    hlsl.cbuffer_member @c : f32 offset 8
// CHECK-NEXT:    hlsl.cbuffer_member @m : !hlsl.matrix<1x2xf32, row_major> row_start offset 16
// CHECK-NEXT:    hlsl.cbuffer_member @d : f32 offset 24
// CHECK-NEXT:    hlsl.cbuffer_member @e : f32 min_precision offset 28
// CHECK-NEXT:    hlsl.cbuffer_member @f : f32 offset 32
// CHECK-NEXT:    hlsl.cbuffer_member @g : f32 min_precision offset 36
hlsl.cbuffer @hintedT constant_buffer binding <b1> contents "T" {
  hlsl.cbuffer_member @a : f16
  hlsl.cbuffer_member @b : f16 min_precision
  hlsl.cbuffer_member @c : f32
  hlsl.cbuffer_member @m : !hlsl.matrix<1x2xf32, row_major> row_start
  hlsl.cbuffer_member @d : f32
  hlsl.cbuffer_member @e : f32 min_precision
  hlsl.cbuffer_member @f : f32
  hlsl.cbuffer_member @g : f32 min_precision
}

// -----

// Nested structs with arrays; 16-bit, 64-bit and bool members.
//   struct Inner { float2 uv; float w[2]; };            // w at 16, size 36
//   struct Outer { int id; Inner in[2]; float3 n; bool flag; };
//   cbuffer nested { float t; Outer o; half h; double x; bool2 bb; }
// Outer: id 0, in 16 (stride 48: 16 + 36 + 12 of padding + 36 = 100),
// n 100, flag 112, size 116. In the buffer: o at 16, h at 132, x at 136,
// bb at 144.
// CHECK-LABEL: hlsl.cbuffer @nested cbuffer binding <b0>
// CHECK-SAME:  layout !hlsl.struct<"__cblayout_nested", {
// CHECK-SAME:    t: f32, !hlsl.pad<12>,
// CHECK-SAME:    o: !hlsl.struct<"__layout_Outer", {id: i32, !hlsl.pad<12>,
// CHECK-SAME:      in: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value:
// CHECK-SAME:        !hlsl.struct<"__layout_Inner", {uv: vector<2xf32>, !hlsl.pad<8>, w: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: f32, !hlsl.pad<12>}>>, last: f32}>}>, !hlsl.pad<12>}>>,
// CHECK-SAME:        last: !hlsl.struct<"__layout_Inner", {uv: vector<2xf32>, !hlsl.pad<8>, w: !hlsl.struct<"__cbarray", {elems: !hlsl.array<1 x !hlsl.struct<"__cbelem", {value: f32, !hlsl.pad<12>}>>, last: f32}>}>}>,
// CHECK-SAME:      n: vector<3xf32>, flag: i32}>,
// CHECK-SAME:    h: f16, !hlsl.pad<2>, x: f64, bb: vector<2xi32>}>
// CHECK-SAME:  size 152 {
// CHECK-NEXT:    hlsl.cbuffer_member @t : f32 offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @o : {{.*}} offset 16
// CHECK-NEXT:    hlsl.cbuffer_member @h : f16 offset 132
// CHECK-NEXT:    hlsl.cbuffer_member @x : f64 offset 136
// CHECK-NEXT:    hlsl.cbuffer_member @bb : vector<2xi1> offset 144
hlsl.cbuffer @nested cbuffer binding <b0> {
  hlsl.cbuffer_member @t : f32
  hlsl.cbuffer_member @o : !hlsl.struct<"Outer", {id: i32, in: !hlsl.array<2 x !hlsl.struct<"Inner", {uv: vector<2xf32>, w: !hlsl.array<2 x f32>}>>, n: vector<3xf32>, flag: i1}>
  hlsl.cbuffer_member @h : f16
  hlsl.cbuffer_member @x : f64
  hlsl.cbuffer_member @bb : vector<2xi1>
}

// -----

// Members without data (an empty struct, a zero-length array) take no space
// and are left out of the layout; a cbuffer of only those is empty.
// CHECK-LABEL: hlsl.cbuffer @empties cbuffer binding <b0> layout !hlsl.struct<"__cblayout_empties", {a: f32, b: f32}> size 8 {
// CHECK-NEXT:    hlsl.cbuffer_member @a : f32 offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @e : !hlsl.struct<"Empty", {}> offset 4
// CHECK-NEXT:    hlsl.cbuffer_member @z : !hlsl.array<0 x vector<4xf32>> offset 4
// CHECK-NEXT:    hlsl.cbuffer_member @b : f32 offset 4
hlsl.cbuffer @empties cbuffer binding <b0> {
  hlsl.cbuffer_member @a : f32
  hlsl.cbuffer_member @e : !hlsl.struct<"Empty", {}>
  hlsl.cbuffer_member @z : !hlsl.array<0 x vector<4xf32>>
  hlsl.cbuffer_member @b : f32
}
// CHECK-LABEL: hlsl.cbuffer @nothing cbuffer binding <b1> layout !hlsl.struct<"__cblayout_nothing", {}> size 0 {
hlsl.cbuffer @nothing cbuffer binding <b1> {
}

// A buffer of exactly the maximum size is fine.
// CHECK-LABEL: hlsl.cbuffer @full cbuffer binding <b2> layout !hlsl.struct<"__cblayout_full", {big: !hlsl.array<4096 x vector<4xf32>>}> size 65536 {
hlsl.cbuffer @full cbuffer binding <b2> {
  hlsl.cbuffer_member @big : !hlsl.array<4096 x vector<4xf32>>
}

// -----

// Minimum precision (min16float & co. in 32 bits, without native 16-bit
// types): a row holds minimum-precision scalars, vectors and matrices or
// full-precision ones, never both, as DXC lays them out; an array does not
// change what the row after it holds (d follows the array c on a new row
// because b before c is minimum precision), a struct leaves it full
// precision. (DXC's offsets for the same cbuffer.)
//   cbuffer mp { min16float h; float3 f; float a; min16float b;
//                min16float c[2]; float d; S s; min16float e; }
// CHECK-LABEL: hlsl.cbuffer @mp cbuffer binding <b0> layout
// CHECK-SAME: size 116
// CHECK-NEXT:    hlsl.cbuffer_member @h : f32 min_precision offset 0
// CHECK-NEXT:    hlsl.cbuffer_member @f : vector<3xf32> offset 16
// CHECK-NEXT:    hlsl.cbuffer_member @a : f32 offset 28
// CHECK-NEXT:    hlsl.cbuffer_member @b : f32 min_precision offset 32
// CHECK-NEXT:    hlsl.cbuffer_member @c : !hlsl.array<2 x f32> min_precision offset 48
// CHECK-NEXT:    hlsl.cbuffer_member @d : f32 offset 80
// CHECK-NEXT:    hlsl.cbuffer_member @s : !hlsl.struct<"S", {x: f32}> offset 96
// CHECK-NEXT:    hlsl.cbuffer_member @e : f32 min_precision offset 112
hlsl.cbuffer @mp cbuffer binding <b0> {
  hlsl.cbuffer_member @h : f32 min_precision
  hlsl.cbuffer_member @f : vector<3xf32>
  hlsl.cbuffer_member @a : f32
  hlsl.cbuffer_member @b : f32 min_precision
  hlsl.cbuffer_member @c : !hlsl.array<2 x f32> min_precision
  hlsl.cbuffer_member @d : f32
  hlsl.cbuffer_member @s : !hlsl.struct<"S", {x: f32}>
  hlsl.cbuffer_member @e : f32 min_precision
}
