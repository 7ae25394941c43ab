// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// Multisampled textures are resources of their own kinds; the sample count
// the type names (also in arrays) is an attribute of the resource, and Load
// takes the sample index after the location. (Until they were lowered,
// each declaration was an error at the variable.)

// CHECK: hlsl.resource @T : !hlsl.res<Texture2DMS, vector<4xf32>> binding <t0>{{$}}
Texture2DMS<float4> T : register(t0);
// CHECK: hlsl.resource @A : !hlsl.array<2 x !hlsl.res<Texture2DMSArray, f32>> binding <t1> {hlsl.sample_count = 4 : i32}
Texture2DMSArray<float, 4> A[2] : register(t1);
RWStructuredBuffer<float4> Out : register(u0);

// CHECK-LABEL: func.func @main
// CHECK: hlsl.intrinsic "Load"
// CHECK: hlsl.intrinsic "Load"
[numthreads(4,1,1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = T.Load(int2(i, 0), 2) + A[1].Load(int3(i, 0, 0), 1);
}
