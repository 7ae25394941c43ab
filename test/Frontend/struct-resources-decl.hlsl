// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Resources in a global struct (seed 004, examples 1.2 and 6.1) become one
// declaration per member, named `var.member`, with order ids in member
// declaration order. An explicit register on the variable is the first
// register of its first member; the next members follow (t.D gets u5..u7).
// The struct is not a $Globals constant. Uses: struct-resources.test.

RWBuffer<float> A : register(u0);

struct S {
  RWBuffer<float> B;
  RWBuffer<float> D[3];
};
S s;
S t : register(u4, space1);

[numthreads(4,1,1)]
void main() {
  A[0] = 1.0;
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
// CHECK-NEXT: hlsl.resource @s.B : !hlsl.res<RWBuffer, f32> binding <order 0>
// CHECK-NEXT: hlsl.resource @s.D : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>> binding <order 1>
// CHECK-NEXT: hlsl.resource @t.B : !hlsl.res<RWBuffer, f32> binding <u4, space1>
// CHECK-NEXT: hlsl.resource @t.D : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>> binding <u5, space1>
// CHECK-NOT: $Globals
