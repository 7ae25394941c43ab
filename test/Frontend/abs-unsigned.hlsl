// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): abs() of an unsigned integer becomes math.absi, which treats the
// value as signed: abs(0x80000001u) would give 0x7fffffff. HLSL's abs on
// uint is the identity (the prelude's comment says so too).

RWStructuredBuffer<uint> Out;

uint uabs(uint x) { return abs(x); }

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = uabs(id.x);
}

// CHECK-LABEL: func.func private @uabs(
// CHECK: %[[X:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NOT: math.absi
// CHECK: return %[[X]] : i32
