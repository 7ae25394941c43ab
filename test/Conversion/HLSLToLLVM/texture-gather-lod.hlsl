// RUN: hlsl-translate --to-llvmir %s -T ps_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -Fo %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: hlsl-translate --dxil-dis %t.dxil | FileCheck %s --check-prefix=DIS
// Gather and GatherRed/Green/Blue/Alpha are TextureGather (73) with channel
// 0/0/1/2/3, GatherCmp is TextureGatherCmp (74) of channel 0 with the
// compare value last; coordinates are padded to four with undef; without an
// offset argument the offsets are 0 for 2D textures and undef for cubes, as
// DXC writes them. CalculateLevelOfDetail(Unclamped) is CalculateLOD (81) with
// clamped = true (false).
Texture2D<float4> T : register(t0);
Texture2DArray<int4> A : register(t1);
TextureCube<float4> C : register(t2);
SamplerState S : register(s0);
SamplerComparisonState SC : register(s1);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 a = T.Gather(S, uv);
  float4 b = T.GatherGreen(S, uv, int2(1, -1));
  int4 c = A.GatherAlpha(S, float3(uv, 2));
  float4 d = T.GatherCmp(SC, uv, 0.5, int2(0, 1));
  float4 e = C.GatherBlue(S, float3(uv, 1));
  float lod = T.CalculateLevelOfDetail(S, uv) + T.CalculateLevelOfDetailUnclamped(S, uv);
  return a + b + c + d + e + lod;
}

// CHECK-DAG: %[[U:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
// CHECK-DAG: %[[V:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
// CHECK: call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle %[[T:[0-9]+]], %dx.types.Handle %[[S:[0-9]+]], float %[[U]], float %[[V]], float undef, float undef, i32 0, i32 0, i32 0)
// CHECK: call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle %[[T]], %dx.types.Handle %[[S]], float %[[U]], float %[[V]], float undef, float undef, i32 1, i32 -1, i32 1)
// CHECK: call %dx.types.ResRet.i32 @dx.op.textureGather.i32(i32 73, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %[[S]], float %[[U]], float %[[V]], float 2.000000e+00, float undef, i32 0, i32 0, i32 3)
// CHECK: call %dx.types.ResRet.f32 @dx.op.textureGatherCmp.f32(i32 74, %dx.types.Handle %[[T]], %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float undef, float undef, i32 0, i32 1, i32 0, float 5.000000e-01)
// CHECK: call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %[[S]], float %[[U]], float %[[V]], float 1.000000e+00, float undef, i32 undef, i32 undef, i32 2)
// CHECK: call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle %[[T]], %dx.types.Handle %[[S]], float %[[U]], float %[[V]], float undef, i1 true)
// CHECK: call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle %[[T]], %dx.types.Handle %[[S]], float %[[U]], float %[[V]], float undef, i1 false)
// CHECK: declare %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32) {{.*}}#[[RO:[0-9]+]]
// CHECK: attributes #[[RO]] = { {{.*}}memory(read){{.*}} }

// DIS: call %dx.types.ResRet.f32 @dx.op.textureGatherCmp.f32(i32 74,
// DIS: call float @dx.op.calculateLOD.f32(i32 81,
