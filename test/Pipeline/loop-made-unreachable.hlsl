// RUN: hlsl-translate --to-dxil %s -T cs_6_2 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: hlsl-translate --to-llvmir %s -T cs_6_2 -E main | FileCheck %s
// The else branch's loop becomes unreachable once `x >= x` folds, in the
// middle of a canonicalization; the compiler used to loop forever there
// (MLIR 22 merged the loop into itself and folded `%n = addi %n, 1`
// without end; test/Transforms/canonicalize-unreachable-loop.mlir). Found
// by scripts/fuzz-expressions-with-dxc.
// CHECK-LABEL: define void @main()
// CHECK-NOT:   br label
// CHECK:       ret void
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  bool v1 = (In[1] & 1u) != 0;
  uint v16 = (uint)In[38];
  if ((!v1)) {
    for (uint i3 = 0; i3 < 4u; i3++) {
    }
  }
  if ((v1 || (v16 >= v16))) {
  } else {
    for (uint i13 = 0; i13 < 1u; i13++) {
    }
  }
}
