// RUN: hlsl-translate --to-llvmir %s -T ps_6_6 -E main | FileCheck %s
// Sample (60), SampleBias (61), SampleLevel (62), SampleGrad (63),
// SampleCmp (64) and SampleCmpLevelZero (65): coordinates padded to four
// with undef; offsets as given, or 0 for each coordinate the texture kind
// takes an offset in (1D: one, 2D: two, 3D: three, cube: none) and undef for
// the rest; the clamp as given or undef (not 0.0, which would clamp a
// negative LOD), as DXC writes them.
Texture1D<float4> T1 : register(t0);
Texture2D<float4> T2 : register(t1);
Texture3D<float4> T3 : register(t2);
TextureCube<float4> TC : register(t3);
SamplerState S : register(s0);
SamplerComparisonState SC : register(s1);

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 a = T2.Sample(S, uv);
  float4 b = T2.Sample(S, uv, int2(1, -2), 0.25);
  float4 c = T2.SampleBias(S, uv, 0.5);
  float4 d = T1.SampleLevel(S, uv.x, 2.0);
  float4 e = T3.SampleGrad(S, float3(uv, 1), float3(1, 2, 3), float3(4, 5, 6));
  float f = T2.SampleCmp(SC, uv, 0.75);
  float g = T2.SampleCmpLevelZero(SC, uv, 0.125, int2(3, 4));
  float4 h = TC.Sample(S, float3(uv, 1));
  return a + b + c + d + e + f + g + h;
}

// CHECK-DAG: %[[U:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
// CHECK-DAG: %[[V:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
// CHECK-DAG: @dx.op.sample.f32(i32 60, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float undef, float undef, i32 0, i32 0, i32 undef, float undef)
// CHECK-DAG: @dx.op.sample.f32(i32 60, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float undef, float undef, i32 1, i32 -2, i32 undef, float 2.500000e-01)
// CHECK-DAG: @dx.op.sampleBias.f32(i32 61, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01, float undef)
// CHECK-DAG: @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float undef, float undef, float undef, i32 0, i32 undef, i32 undef, float 2.000000e+00)
// CHECK-DAG: @dx.op.sampleGrad.f32(i32 63, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float 1.000000e+00, float undef, i32 0, i32 0, i32 0, float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00, float 5.000000e+00, float 6.000000e+00, float undef)
// CHECK-DAG: @dx.op.sampleCmp.f32(i32 64, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float undef, float undef, i32 0, i32 0, i32 undef, float 7.500000e-01, float undef)
// CHECK-DAG: @dx.op.sampleCmpLevelZero.f32(i32 65, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float undef, float undef, i32 3, i32 4, i32 undef, float 1.250000e-01)
// CHECK-DAG: @dx.op.sample.f32(i32 60, %dx.types.Handle %{{[0-9]+}}, %dx.types.Handle %{{[0-9]+}}, float %[[U]], float %[[V]], float 1.000000e+00, float undef, i32 undef, i32 undef, i32 undef, float undef)
