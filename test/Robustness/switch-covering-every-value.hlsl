// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -o %t.dxil -Fc %t.txt
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: FileCheck %s < %t.txt
// A switch whose cases cover every value its condition can take (x % 3 is
// 0, 1 or 2): LLVM's optimizer makes its default `unreachable`, which DXIL
// does not have ("Instructions must be of an allowed type"). The block
// returns instead.
// Regression: the container was invalid.

RWStructuredBuffer<int> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  int x = Out[tid.x];
  switch (tid.x % 3) {
  case 0:
    Out[tid.x] = x + 1;
    break;
  case 1:
    Out[tid.x] = x * 2;
    break;
  case 2:
    Out[tid.x] = x - 3;
    break;
  }
}

// CHECK: switch i32
// CHECK-NOT: {{^ +}}unreachable
