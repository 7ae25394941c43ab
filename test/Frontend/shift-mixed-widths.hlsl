// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main -enable-16bit-types | FileCheck %s
// Regression test (this used to be wrong): the operands of << and >> are promoted separately (the amount is not
// converted to the left operand's type), and the importer rejects shifts
// whose operands differ in width: `x << 3` with a uint64_t x, `x >> id.x`, or
// an int16_t shifted by an int fail with "not supported yet: operands of
// different types". The amount should be converted (zext/trunc) to the
// left operand's type, then masked to its width.

RWStructuredBuffer<uint64_t> Out;
RWStructuredBuffer<int16_t> Out16;

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t x = Out[0];
  Out[1] = x << 3;
  Out[2] = x >> id.x;
  int16_t s = Out16[0];
  Out16[1] = s << 2;
}

// CHECK-LABEL: func.func @main(
// CHECK: %[[M1:.*]] = arith.constant 63 : i64
// CHECK: %[[A1:.*]] = arith.andi %{{.*}}, %[[M1]] : i64
// CHECK-NEXT: arith.shli %{{.*}}, %[[A1]] : i64
// CHECK: %[[M2:.*]] = arith.constant 63 : i64
// CHECK: %[[A2:.*]] = arith.andi %{{.*}}, %[[M2]] : i64
// CHECK-NEXT: arith.shrui %{{.*}}, %[[A2]] : i64
// CHECK: %[[M3:.*]] = arith.constant 15 : i16
// CHECK: %[[A3:.*]] = arith.andi %{{.*}}, %[[M3]] : i16
// CHECK-NEXT: arith.shli %{{.*}}, %[[A3]] : i16
