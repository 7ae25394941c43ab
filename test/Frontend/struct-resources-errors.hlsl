// RUN: not hlsl-translate --import-hlsl %s -T cs_6_0 -E main 2>&1 | FileCheck %s
// The resources of a global struct are bindings: assigning them (a member
// or the whole struct) is an error, like assigning a global resource. Data
// members next to resources in a global struct are not supported yet.

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
}

// CHECK: struct-resources-errors.hlsl:7:37: error: not supported yet: data member 'f' in global 'm' whose struct also holds resources
// CHECK: struct-resources-errors.hlsl:15:10: error: cannot assign to a member of global 'a1': the resources of a global struct are read-only
// CHECK: struct-resources-errors.hlsl:16:6: error: cannot assign to global 'a1': the resources of a global struct are read-only
// CHECK-NOT: internal
