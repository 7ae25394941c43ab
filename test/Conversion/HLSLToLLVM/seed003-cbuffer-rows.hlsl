// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// Seed 003/002 constant buffers: each member is read with cbufferLoadLegacy
// of its 16-byte row and the component it starts at.

cbuffer cb0 : register(b0) {
  int x : packoffset(c0.y);
  float y : packoffset(c1.z);
}

struct S { int v; };
cbuffer cb1 : register(b1) {
  int i;
  S s;   // offset 16
  int j; // offset 20
}

cbuffer Globals2 : register(b2) {
  float4 F;
  int k;
  float2 g;  // offset 20: row 1, components 1 and 2
}

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1,1,1)]
void main() {
  Out[0] = x;
  Out[1] = y;
  Out[2] = s.v;
  Out[3] = j;
  Out[4] = g.x;
  Out[5] = g.y;
}

// Sizes without trailing padding, as DXC records them: cb0 ends with y at
// byte 24 (28), cb1 with j at byte 20 (24).
// CHECK-DAG: %[[CB0:.*]] = {{.*}}@dx.op.annotateHandle(i32 216, %dx.types.Handle %{{.*}}, %dx.types.ResourceProperties { i32 13, i32 28 })
// CHECK-DAG: %[[R0:.*]] = {{.*}}@dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %[[CB0]], i32 0)
// CHECK-DAG: extractvalue %dx.types.CBufRet.i32 %[[R0]], 1
// CHECK-DAG: %[[R1:.*]] = {{.*}}@dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[CB0]], i32 1)
// CHECK-DAG: extractvalue %dx.types.CBufRet.f32 %[[R1]], 2
// CHECK-DAG: %[[CB1:.*]] = {{.*}}@dx.op.annotateHandle(i32 216, %dx.types.Handle %{{.*}}, %dx.types.ResourceProperties { i32 13, i32 24 })
// CHECK-DAG: %[[S:.*]] = {{.*}}@dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %[[CB1:.*]], i32 1)
// CHECK-DAG: extractvalue %dx.types.CBufRet.i32 %[[S]], 0
// CHECK-DAG: extractvalue %dx.types.CBufRet.i32 %[[S]], 1
// CHECK-DAG: %[[G:.*]] = {{.*}}@dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %{{.*}}, i32 1)
// CHECK-DAG: extractvalue %dx.types.CBufRet.f32 %[[G]], 1
// CHECK-DAG: extractvalue %dx.types.CBufRet.f32 %[[G]], 2
// The CBV records carry the sizes in bytes without trailing padding, and
// symbols typed with the members (cb1's S is { i32 }).
// CHECK-DAG: !{i32 0, %cb0 undef, !"cb0", i32 0, i32 0, i32 1, i32 28, null}
// CHECK-DAG: !{i32 1, %cb1 undef, !"cb1", i32 0, i32 1, i32 1, i32 24, null}
// CHECK-DAG: !{i32 2, %Globals2 undef, !"Globals2", i32 0, i32 2, i32 1, i32 28, null}
// CHECK-DAG: %cb1 = type { i32, %struct.S, i32 }
