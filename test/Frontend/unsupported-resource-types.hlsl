// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --to-dxil %s -T cs_6_6 -E main -o %t.dxil 2>/dev/null
// RUN: test ! -e %t.dxil
// Multisampled textures are declared by the prelude but not lowered yet:
// each declaration is an error at the variable, also in arrays. Regression:
// the variable was silently left out of the module, and its Load became an
// intrinsic without its texture ("not supported yet: intrinsic 'Load' in the
// DXIL lowering" at the call).

// CHECK: unsupported-resource-types.hlsl:[[@LINE+1]]:21: error: not supported yet: resource type 'Texture2DMS'
Texture2DMS<float4> T : register(t0);
// CHECK: unsupported-resource-types.hlsl:[[@LINE+1]]:28: error: not supported yet: resource type 'Texture2DMSArray'
Texture2DMSArray<float, 4> A[2] : register(t1);
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4,1,1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = T.Load(int2(i, 0), 2) + A[1].Load(int3(i, 0, 0), 1);
}
