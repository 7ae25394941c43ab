// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Clang 22 puts the global struct `s` into the hlsl_constant address space
// and would reject `s.D[0]` ("no viable overloaded operator[] for type
// 'hlsl_constant RWBuffer<float>'"); the importer gives it back the generic
// address space as soon as it is declared.
//
// Seed 004, example 1.2: resources in a global struct are flattened into one
// declaration per member, named `s.B`, `s.D`, whose order ids follow the
// member declaration order (not DXC's use order).

RWBuffer<float> A : register(u0);
RWBuffer<float> C: register(u2);   // unused

struct S {
  RWBuffer<float> B;                 // gets u2
  RWBuffer<float> D;                 // gets u1
} s;

[numthreads(4,1,1)]
void main() {
  A[0] = s.D[0] + s.B[0];
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
// CHECK-NEXT: hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
// CHECK-NEXT: hlsl.resource @s.B : !hlsl.res<RWBuffer, f32> binding <order 0>
// CHECK-NEXT: hlsl.resource @s.D : !hlsl.res<RWBuffer, f32> binding <order 1>
// CHECK-LABEL: func.func @main()
// CHECK: hlsl.resource_handle @s.D : !hlsl.res<RWBuffer, f32>
// CHECK: hlsl.resource_handle @s.B : !hlsl.res<RWBuffer, f32>
