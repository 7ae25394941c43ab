// RUN: hlsl-translate --import-hlsl %s -T cs_6_2 -E main -enable-16bit-types | FileCheck %s
// RUN: hlsl-translate --import-hlsl %s -T cs_6_2 -E packed -enable-16bit-types | FileCheck %s --check-prefix=PACKED
// Bit fields share integer storage units of the struct (`__bits<N>`), laid
// out as DXC: a unit per run of bit fields of one width whose bits fit; a
// zero-width bit field closes the unit; another width (uint16_t; bool takes
// 32 bits) opens a new one. Reads shift the field's bits to the top of the
// unit and back down (arithmetic for signed fields); writes mask the value
// into place and keep the unit's other bits.

// CHECK-DAG: !hlsl.struct<"S", {__bits0: i32, __bits1: i32, __bits2: i32, __bits3: i16, __bits4: i32, tail: i32}>
struct S {
  uint a : 5;
  uint b : 27;  // fills unit 0
  int c : 4;    // unit 1
  uint : 0;     // closes it
  uint d : 3;   // unit 2
  uint16_t e : 4;
  bool f : 1;
  uint tail;
};
RWStructuredBuffer<S> Buf;
RWStructuredBuffer<int> Out;

[numthreads(1, 1, 1)]
void main() {
  S s = Buf[0];
  // c: bits 0..3 of unit 1, signed: shl 28, then shrsi 28.
  // CHECK: %[[UNIT:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
  // CHECK: %[[UP:.*]] = arith.constant 28 : i32
  // CHECK: %[[SHL:.*]] = arith.shli %[[UNIT]], %[[UP]] : i32
  // CHECK: %[[DOWN:.*]] = arith.constant 28 : i32
  // CHECK: arith.shrsi %[[SHL]], %[[DOWN]] : i32
  Out[0] = s.c;
  // b: bits 5..31 of unit 0, unsigned: nothing above, shrui 5.
  // CHECK: %[[B:.*]] = arith.constant 5 : i32
  // CHECK: arith.shrui %{{.*}}, %[[B]] : i32
  Out[1] = s.b;
  // d = 6: (6 << 0) & 7 into unit 2, keeping bits 3..31 (mask -8).
  // CHECK: %[[SIX:.*]] = arith.constant 6 : i32
  // CHECK: %[[MASK:.*]] = arith.constant 7 : i32
  // CHECK: %[[PLACED:.*]] = arith.andi %[[SIX]], %[[MASK]] : i32
  // CHECK: %[[OLD:.*]] = hlsl.load %[[ADDR:.*]] : !hlsl.ptr<i32>
  // CHECK: %[[KEEP:.*]] = arith.constant -8 : i32
  // CHECK: %[[KEPT:.*]] = arith.andi %[[OLD]], %[[KEEP]] : i32
  // CHECK: %[[NEW:.*]] = arith.ori %[[KEPT]], %[[PLACED]] : i32
  // CHECK: hlsl.store %[[NEW]], %[[ADDR]] : !hlsl.ptr<i32>
  s.d = 6;
  // A bool field reads as a comparison of its bits with 0.
  // CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i32
  Out[2] = s.f ? 1 : 0;
  Buf[1] = s;
}

// A struct value packed from an initializer list converts its other fields
// to their declared types: the row_major matrix field takes the matrix
// through hlsl.matrix_cast (was a verifier error of hlsl.construct).
struct M {
  row_major float2x2 m;
  uint a : 3;
  uint b : 5;
};
RWStructuredBuffer<M> MBuf;

// PACKED-LABEL: func.func @packed
// PACKED: %[[CAST:.*]] = hlsl.matrix_cast %{{.*}} : !hlsl.matrix<2x2xf32> -> !hlsl.matrix<2x2xf32, row_major>
// PACKED: hlsl.construct(%[[CAST]], %{{.*}}) : (!hlsl.matrix<2x2xf32, row_major>, i32) -> !hlsl.struct<"M", {m: !hlsl.matrix<2x2xf32, row_major>, __bits0: i32}>
[numthreads(1, 1, 1)]
void packed(uint3 id : SV_DispatchThreadID) {
  M s = {float2x2(id.x, 2, 3, 4), 5, 6};
  MBuf[0] = s;
}
