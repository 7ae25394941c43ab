// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -o %t.dxil 2>&1 | FileCheck %s --implicit-check-not=__
// RUN: %if dxv %{ %dxv %t.dxil %}
// A diagnostic names a type by what the user sees, not by the prelude's
// SFINAE machinery: the result of lerp is 'vector<float, 4>' (it was
// 'typename __enable_if<__differs<vector<float, 4>, typename __promote3<...
// (aka 'vector<float, 4>')', several lines long); where the prelude's
// sugar ends in a name ('float4'), that name. Types the shader spells keep
// their names.

RWStructuredBuffer<float4> Out : register(u0);
typedef float4 color;

[numthreads(1, 1, 1)]
void main() {
  // CHECK: diagnostic-type-names.hlsl:[[@LINE+1]]:14: warning: implicit conversion truncates vector: 'vector<float, 4>' (vector of 4 'float' values) to 'vector<float, 3>' (vector of 3 'float' values)
  float3 p = lerp(Out[0], Out[1], 0.5);
  // CHECK: diagnostic-type-names.hlsl:[[@LINE+1]]:14: warning: implicit conversion truncates vector: 'float4' (vector of 4 'float' values) to 'vector<float, 3>' (vector of 3 'float' values)
  float3 q = saturate(Out[2] * 2);
  color c = Out[3];
  // CHECK: diagnostic-type-names.hlsl:[[@LINE+1]]:14: warning: implicit conversion truncates vector: 'color' (aka 'float4') to 'vector<float, 3>' (vector of 3 'float' values)
  float3 r = c;
  Out[4] = float4(p + q + r, 1);
}
