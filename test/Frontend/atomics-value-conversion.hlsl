// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): the value operand of an Interlocked* call is not converted to the
// destination type: `InterlockedAdd(B64[0], 1)` on a uint64_t destination
// imports as (!hlsl.ptr<i64, device>, i32), although the prelude
// (hlsl_prelude.h, "Primitive atomics") documents that the importer converts
// the value to the destination's type.

RWStructuredBuffer<uint64_t> B64;
groupshared int64_t G64;

[numthreads(1,1,1)]
void main(uint gi : SV_GroupIndex) {
  InterlockedAdd(B64[0], 1);
  InterlockedMax(G64, gi);
}

// CHECK-LABEL: func.func @main(
// CHECK: hlsl.intrinsic "InterlockedAdd"(%{{.*}}, %{{.*}}) {{.*}}: (!hlsl.ptr<i64, device>, i64) -> ()
// CHECK: hlsl.intrinsic "InterlockedMax"(%{{.*}}, %{{.*}}) {{.*}}: (!hlsl.ptr<i64, groupshared>, i64) -> ()
