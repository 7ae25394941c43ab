// RUN: hlsl-translate --to-llvmir %s -T ps_6_0 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// An immediate SampleBias bias must be in [-16, 15.99] (the validator
// rejected -999): it is clamped, as DXC does; a bias computed at run time
// is passed as it is.
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);

float4 main(float2 uv : UV, float b : B) : SV_Target {
  return T.SampleBias(S, uv, -999.0) + T.SampleBias(S, uv, 100.0) +
         T.SampleBias(S, uv, 2.5) + T.SampleBias(S, uv, b);
}
// CHECK-DAG: @dx.op.sampleBias.f32(i32 61, {{.*}}, float -1.600000e+01, float undef)
// CHECK-DAG: @dx.op.sampleBias.f32(i32 61, {{.*}}, float 0x402FFAE140000000, float undef)
// CHECK-DAG: @dx.op.sampleBias.f32(i32 61, {{.*}}, float 2.500000e+00, float undef)
// CHECK-DAG: @dx.op.sampleBias.f32(i32 61, {{.*}}, float %{{[0-9]+}}, float undef)
