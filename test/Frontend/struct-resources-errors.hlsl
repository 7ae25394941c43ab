// RUN: not hlsl-translate --import-hlsl %s -T cs_6_0 -E main 2>&1 | FileCheck %s
// The resources of a global struct are bindings: assigning them (a member
// or the whole struct) is an error, like assigning a global resource; the
// data members (in $Globals) are read-only too.

struct A { RWBuffer<int> Buf; };
struct M { RWBuffer<int> Buf; float f; };
A a1;
A a2;
M m;
RWBuffer<int> G;

[numthreads(1, 1, 1)]
void main() {
  a1.Buf = G;
  a1 = a2;
  a2.Buf[0] = m.f;
  m.f = 1.0;
}

// CHECK: struct-resources-errors.hlsl:15:10: error: cannot assign to a member of global 'a1': a global struct holding resources is read-only
// CHECK: struct-resources-errors.hlsl:16:6: error: cannot assign to global 'a1': a global struct holding resources is read-only
// CHECK: struct-resources-errors.hlsl:18:7: error: cannot assign to a member of global 'm': a global struct holding resources is read-only
// CHECK-NOT: internal
