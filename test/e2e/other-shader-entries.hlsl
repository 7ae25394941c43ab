// A shader profile compiles the -E entry alone: other functions marked
// [shader("...")] in the file are not entry points of the container (DXC
// ignores them outside libraries). Regression: both were listed in
// !dx.entryPoints and the validator could not load the module.
// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -o %t.dxil -Fc %t.txt
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: FileCheck %s < %t.txt
// CHECK: !dx.entryPoints = !{![[E:[0-9]+]]}
// CHECK: ![[E]] = !{void ()* @main, !"main",
// CHECK-NOT: @other
RWStructuredBuffer<uint> O : register(u0);

[shader("compute")]
[numthreads(2, 2, 1)]
void other() { O[1] = 2; }

[shader("compute")]
[numthreads(4, 1, 1)]
void main() { O[0] = 1; }
