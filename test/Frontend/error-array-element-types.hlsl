// RUN: not hlsl-translate --import-hlsl %s -T cs_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// An array initialized from an array of another element type: Clang 22
// accepts it (each element converted), DXC and HLSL do not (it was an
// internal verifier error, and a crash for arrays of arrays). Arrays of the
// same element type copy, from constant buffers and groupshared memory too.

cbuffer C { float4 arr[3]; }
groupshared float gs[4];
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  int v[2] = {1, 2};
  // CHECK: error-array-element-types.hlsl:[[#@LINE+1]]:16: error: cannot initialize an array of type 'float[2]' with an array of type 'int[2]'
  float w[2] = v;
  int m[2][2] = {1, 2, 3, 4};
  // CHECK: error-array-element-types.hlsl:[[#@LINE+1]]:19: error: cannot initialize an array of type 'float[2][2]' with an array of type 'int[2][2]'
  float n[2][2] = m;
  gs[i] = i;
  float4 l[3] = arr;
  float g2[4] = gs;
  Out[i] = l[i % 3] + g2[i] + w[0] + n[1][1];
}
