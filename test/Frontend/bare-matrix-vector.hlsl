// RUN: hlsl-translate --import-hlsl %s -T cs_6_0 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: %if dxc %{ %dxc -T cs_6_0 -E main %s -Fo %t.dxc.dxil %}
// RUN: %if dxc && dxv %{ %python %hlsl_src_root/scripts/compare-with-dxc --build %hlsl_obj_root %t.dxil %t.dxc.dxil | FileCheck %s --check-prefix=SAME %}
// SAME: identical
// HLSL's `matrix` and `vector` without template arguments are float4x4 and
// float4 (the D3D11 samples declare their transforms so). Clang 22 asks
// for template arguments; the importer parses them as `matrix<>` and
// `vector<>`, and diagnostics keep their columns (a later error still
// points at the right place).

cbuffer Transforms { matrix World; vector Tint; };
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  matrix m = World;
  vector v = mul(Tint, m);
  Out[0] = v + vector(1, 2, 3, 4);
}

// CHECK: hlsl.cbuffer @Transforms
// CHECK-NEXT: hlsl.cbuffer_member @World : !hlsl.matrix<4x4xf32
// CHECK-NEXT: hlsl.cbuffer_member @Tint : vector<4xf32>
