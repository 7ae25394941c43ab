// RUN: hlsl-opt %s --hlsl-lower-resource-arrays --split-input-file | FileCheck %s
// RUN: hlsl-opt %s --hlsl-lower-resource-arrays --split-input-file | hlsl-opt --canonicalize | FileCheck %s --check-prefix=CANON

// Seed 001: a local resource array carried around a loop that is not
// unrolled, filled at a run-time index and read at another. Its elements
// become descriptors, one i32 block argument each: @X is range 0 (its
// descriptor is the index 0), @G range 1 (index | 1 << 24). The read decodes
// the descriptor and selects between the two ranges' handles. @Y never
// reaches the array and is not a candidate.
// CHECK-LABEL: func.func @loop
// CHECK: %[[Z0:.*]] = hlsl.zero : i32
// CHECK: %[[Z1:.*]] = hlsl.zero : i32
// CHECK: cf.br ^bb1(%{{.*}}, %[[Z0]], %[[Z1]] : i32, i32, i32)
// CHECK: ^bb1(%[[K:.*]]: i32, %[[E0:.*]]: i32, %[[E1:.*]]: i32):
// CHECK: %[[C1S24:.*]] = arith.constant 16777216 : i32
// CHECK: %[[GD:.*]] = arith.ori %[[K]], %[[C1S24]] : i32
// CHECK: %[[H:.*]] = arith.select %{{.*}}, %c0_i32, %[[GD]] : i32
// CHECK: %[[N0:.*]] = arith.select %{{.*}}, %[[H]], %[[E0]] : i32
// CHECK: %[[N1:.*]] = arith.select %{{.*}}, %[[H]], %[[E1]] : i32
// CHECK: cf.br ^bb1(%{{.*}}, %[[N0]], %[[N1]] : i32, i32, i32)
// CHECK: ^bb3:
// CHECK: %[[D:.*]] = arith.select %{{.*}}, %[[E0]], %[[E1]] : i32
// CHECK: %[[RANGE:.*]] = arith.shrui %[[D]], %c24_i32 : i32
// CHECK: %[[INDEX:.*]] = arith.andi %[[D]], %c16777215_i32 : i32
// CHECK: %[[HG:.*]] = hlsl.create_handle @G[%[[INDEX]]]
// CHECK: %[[HX:.*]] = hlsl.create_handle @X[%c0_i32{{.*}}]
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[RANGE]], %c0_i32{{.*}} : i32
// CHECK: %[[HANDLE:.*]] = arith.select %[[IS0]], %[[HX]], %[[HG]] : !hlsl.res<RWBuffer, f32>
// CHECK: hlsl.resource_addr %[[HANDLE]]
// CHECK-NOT: hlsl.create_handle @Y
// CANON-LABEL: func.func @loop
// CANON-NOT: hlsl.array_
hlsl.resource @X : !hlsl.res<RWBuffer, f32> binding <u0>
hlsl.resource @Y : !hlsl.res<RWBuffer, f32> binding <u1>
hlsl.resource @G : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u2>
func.func @loop(%n: i32, %i: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %undef = hlsl.undef : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>
  cf.br ^head(%c0, %undef : i32, !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>)
^head(%k: i32, %arr: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>):
  %more = arith.cmpi slt, %k, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %x = hlsl.create_handle @X[%c0] : !hlsl.res<RWBuffer, f32>
  %g = hlsl.create_handle @G[%k] : !hlsl.res<RWBuffer, f32>
  %odd = arith.andi %k, %c1 : i32
  %isOdd = arith.cmpi ne, %odd, %c0 : i32
  %h = arith.select %isOdd, %x, %g : !hlsl.res<RWBuffer, f32>
  %next = hlsl.array_insert %h, %arr[%odd] : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>, i32
  %k1 = arith.addi %k, %c1 : i32
  cf.br ^head(%k1, %next : i32, !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>)
^exit:
  %e = hlsl.array_extract %arr[%i] : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>, i32
  %p = hlsl.resource_addr %e[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %v = hlsl.load %p : !hlsl.ptr<f32, device>
  return %v : f32
}

// -----

// A struct holding data and a resource array, built from global slices
// (`h.Bufs = G[r]`) on two paths and merged: its leaves are the data member
// and one descriptor per element, each a block argument. Only @G reaches
// the use, so a descriptor is the handle's index; the data member reads
// its leaf.
// CHECK-LABEL: func.func @struct_merge
// CHECK-NOT: hlsl.resource_slice
// CHECK: cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK: arith.addi
// CHECK: %[[BASE:.*]] = arith.muli
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: %[[A0:.*]] = arith.addi %[[BASE]], %{{.*}} : i32
// CHECK-NEXT: arith.constant 1
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[BASE]], %{{.*}} : i32
// CHECK: cf.br ^bb3(%arg2, %[[A0]], %[[A1]] : i32, i32, i32)
// CHECK: ^bb3(%[[BIAS:.*]]: i32, %[[D0:.*]]: i32, %[[D1:.*]]: i32):
// CHECK: %[[D:.*]] = arith.select %{{.*}}, %[[D0]], %[[D1]] : i32
// CHECK: %[[H:.*]] = hlsl.create_handle @G[%[[D]]] : !hlsl.res<RWBuffer, f32>
// CHECK: hlsl.resource_addr %[[H]]
// CHECK: return %[[BIAS]], %{{.*}} : i32, f32
hlsl.resource @G : !hlsl.array<2 x !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>> binding <u2>
func.func @struct_merge(%c: i1, %i: i32, %bias: i32) -> (i32, f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.cond_br %c, ^first, ^second
^first:
  %s0 = hlsl.resource_slice @G[%c0] : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>
  %h0 = hlsl.construct(%bias, %s0) : (i32, !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>) -> !hlsl.struct<"Holder", {bias: i32, Bufs: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>}>
  cf.br ^merge(%h0 : !hlsl.struct<"Holder", {bias: i32, Bufs: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>}>)
^second:
  %s1 = hlsl.resource_slice @G[%c1] : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>
  %h1 = hlsl.construct(%c0, %s1) : (i32, !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>) -> !hlsl.struct<"Holder", {bias: i32, Bufs: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>}>
  cf.br ^merge(%h1 : !hlsl.struct<"Holder", {bias: i32, Bufs: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>}>)
^merge(%s: !hlsl.struct<"Holder", {bias: i32, Bufs: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>}>):
  %bufs = hlsl.field_extract %s[1] : !hlsl.struct<"Holder", {bias: i32, Bufs: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>}> -> !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>
  %b = hlsl.field_extract %s[0] : !hlsl.struct<"Holder", {bias: i32, Bufs: !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>}> -> i32
  %h = hlsl.array_extract %bufs[%i] : !hlsl.array<2 x !hlsl.res<RWBuffer, f32>>, i32
  %p = hlsl.resource_addr %h[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  %v = hlsl.load %p : !hlsl.ptr<f32, device>
  return %b, %v : i32, f32
}
