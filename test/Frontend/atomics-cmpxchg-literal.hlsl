// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): `InterlockedCompareExchange(B[1], 0, gi, o)` with an int literal
// compare value and a uint value is rejected: "call to
// 'InterlockedCompareExchange' is ambiguous" (the prelude declares compare
// and value with one type V for every V). DXC accepts it.

RWStructuredBuffer<uint> B;

[numthreads(1,1,1)]
void main(uint gi : SV_GroupIndex) {
  uint o;
  InterlockedCompareExchange(B[1], 0, gi, o);
  B[0] = o;
}

// CHECK-LABEL: func.func @main(
// CHECK: %[[O:.*]] = hlsl.var "o" : !hlsl.ptr<i32>
// CHECK: %[[E:.*]] = hlsl.resource_addr %{{.*}}[%{{.*}}] : !hlsl.res<RWStructuredBuffer, i32>, i32 -> !hlsl.ptr<i32, device>
// CHECK: %[[T:.*]] = hlsl.out_arg out %[[O]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.intrinsic "InterlockedCompareExchange"(%[[E]], %{{.*}}, %{{.*}}, %[[T]]) {{.*}}: (!hlsl.ptr<i32, device>, i32, i32, !hlsl.ptr<i32>) -> ()
