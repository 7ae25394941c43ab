// RUN: hlsl-translate --import-hlsl %s -T cs_6_0 -E main | FileCheck %s
// Seed 004: resources of a global struct are flattened in declaration order,
// base classes first, nested structs by their path. A register of each
// class on the variable is the base of that class's members. In an array of
// structs each member is one range over the whole array (p.Second is
// [3][2], six registers from u13).
// Clang 22 places such globals in hlsl_constant; member calls (p[2].load),
// operators (+=) and element accesses need the generic address space the
// importer gives back.

class Inner { RWBuffer<int> U; };
class Base { StructuredBuffer<int> S0; };
class Mixed : Base {
  Inner inner;
  StructuredBuffer<int> S1;
  RWBuffer<int> U2;
};
Mixed g : register(u5) : register(t3);

struct Pair {
  RWBuffer<int> First;
  RWBuffer<int> Second[2];
  int load(uint i) { return First[i] + Second[1][i]; }
};
Pair p[3] : register(u10);
Pair q : register(space2);

RWBuffer<int> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint i = tid.x;
  Out[i] = g.inner.U[i] + g.S0[i] + p[2].load(i) + p[i % 3].Second[1][i];
  Out[i] += q.First[i];
}

// CHECK-LABEL: module attributes
// CHECK-NEXT: hlsl.resource @g.S0 : !hlsl.res<StructuredBuffer, i32> binding <t3>
// CHECK-NEXT: hlsl.resource @g.inner.U : !hlsl.res<RWBuffer, si32> binding <u5>
// CHECK-NEXT: hlsl.resource @g.S1 : !hlsl.res<StructuredBuffer, i32> binding <t4>
// CHECK-NEXT: hlsl.resource @g.U2 : !hlsl.res<RWBuffer, si32> binding <u6>
// CHECK-NEXT: hlsl.resource @p.First : !hlsl.array<3 x !hlsl.res<RWBuffer, si32>> binding <u10>
// CHECK-NEXT: hlsl.resource @p.Second : !hlsl.array<3 x !hlsl.array<2 x !hlsl.res<RWBuffer, si32>>> binding <u13>
// CHECK-NEXT: hlsl.resource @q.First : !hlsl.res<RWBuffer, si32> binding <space2, order 0>
// CHECK-NEXT: hlsl.resource @q.Second : !hlsl.array<2 x !hlsl.res<RWBuffer, si32>> binding <space2, order 1>
// CHECK-NEXT: hlsl.resource @Out
// CHECK-NOT: $Globals
// CHECK-LABEL: func.func @main
// CHECK: hlsl.resource_handle @g.inner.U : !hlsl.res<RWBuffer, si32>
// CHECK: hlsl.resource_handle @g.S0 : !hlsl.res<StructuredBuffer, i32>
// The object of p[2].load(i) is an element of a local copy of p's handles
// (promotion and inlining fold it away).
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: hlsl.resource_handle @p.First[%[[C2]]]
// CHECK: hlsl.resource_handle @p.Second[%{{.*}}, %{{.*}}]
// CHECK: call @"Pair::load"
// p[i % 3].Second[1]: one handle of the whole range.
// CHECK: %[[ROW:.*]] = arith.remui
// CHECK: hlsl.resource_handle @p.Second[%[[ROW]], %{{.*}}]
