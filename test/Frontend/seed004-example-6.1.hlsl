// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 004, example 6.1: the import keeps every declaration; B, C and s.D are
// only dropped as unused by the binding passes. `S s : register(u5)` gives
// its member D the explicit register u5.

struct S {
  RWBuffer<float> D;
};

RWBuffer<float> A; // gets u0
RWBuffer<float> B[10] : register(u0);  // unused
RWBuffer<float> C : register(u2);      // unused
S s : register(u5);                    // unused
RWBuffer<float> E[5]; // gets u1

void foo() {
    B[2][0] = 1.0;
}

bool bar(int i) {
    return i > 10;
}

[numthreads(4,1,1)]
void main(uint3 gi : SV_GROUPID) {
  if (false) {
    C[0] = 1.0;
  }
  for (int i = 0; i < 5; i++) {
    if (i > 6)
      s.D[0] = 1.0; // unreachable
    if (bar(i))
      foo();        // unreachable
    if (bar(gi.x))
      A[0] = E[2][i];
  }
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <order 0>
// CHECK-NEXT: hlsl.resource @B : !hlsl.array<10 x !hlsl.res<RWBuffer, f32>> binding <u0>
// CHECK-NEXT: hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
// CHECK-NEXT: hlsl.resource @s.D : !hlsl.res<RWBuffer, f32> binding <u5>
// CHECK-NEXT: hlsl.resource @E : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>> binding <order 1>
// CHECK-LABEL: func.func @main(
// The semantic keeps its source spelling (semantics are case-insensitive).
// CHECK-SAME: %{{.*}}: vector<3xi32> {hlsl.semantic = "SV_GROUPID"})
