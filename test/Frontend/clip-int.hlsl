// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil -Fc %t.txt
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: FileCheck %s < %t.txt
// RUN: %if dxc %{ %dxc -T ps_6_0 -E main %s -Fo %t.dxc.dxil %}
// RUN: %if dxc && dxv %{ %python %hlsl_src_root/scripts/compare-with-dxc --build %hlsl_obj_root %t.dxil %t.dxc.dxil | FileCheck %s --check-prefix=SAME %}
// SAME: identical
// clip() of an int (vector) clips where it is negative, as of a float:
// Clang 22 found clip(int) ambiguous between clip(float) and clip(half).

float4 main(float b : B, int2 i : I) : SV_Target {
  clip(b < 0 ? -1 : 1);
  clip(i);
  return b;
}

// CHECK-COUNT-2: call void @dx.op.discard(i32 82, i1
