// hlsl-mlir: -T ps_6_6 -E main
// Lit, textured pixel shader: Texture2D.Sample with alpha test, Blinn-Phong lighting and fog to SV_Target0.

cbuffer PerFrame : register(b0) {
  row_major float4x4 ViewProj;
  float3 CameraPosition;
  float Time;
};

cbuffer Lighting : register(b2) {
  float3 LightDirection;   // direction the light travels, normalized
  float LightIntensity;
  float3 LightColor;
  float AlphaCutoff;
  float3 AmbientColor;
  float SpecularPower;
  float3 FogColor;
  float FogDensity;
  float NearFadeDistance;  // geometry closer than this dithers out
};

// 4x4 ordered-dither (Bayer) thresholds in [0, 1).
static const float kBayer4x4[16] = {
   0.0 / 16.0,  8.0 / 16.0,  2.0 / 16.0, 10.0 / 16.0,
  12.0 / 16.0,  4.0 / 16.0, 14.0 / 16.0,  6.0 / 16.0,
   3.0 / 16.0, 11.0 / 16.0,  1.0 / 16.0,  9.0 / 16.0,
  15.0 / 16.0,  7.0 / 16.0, 13.0 / 16.0,  5.0 / 16.0
};

Texture2D<float4> AlbedoMap : register(t0);
Texture2D<float4> NormalMap : register(t1);
SamplerState AnisoWrap : register(s0);

struct PSInput {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  float3 worldNormal : TEXCOORD1;
  float3 worldPos : TEXCOORD2;
  float4 color : COLOR0;
};

float3 blinnPhong(float3 albedo, float3 n, float3 v) {
  float3 l = -LightDirection;
  float3 h = normalize(l + v);
  float diffuse = saturate(dot(n, l));
  float specular = pow(saturate(dot(n, h)), SpecularPower) * (diffuse > 0.0 ? 1.0 : 0.0);
  return (albedo * diffuse + specular) * LightColor * LightIntensity;
}

float4 main(PSInput input) : SV_Target0 {
  float4 albedo = AlbedoMap.Sample(AnisoWrap, input.uv) * input.color;

  // Alpha-tested foliage: discard fragments below the cutoff.
  clip(albedo.a - AlphaCutoff);

  // Screen-door fade for geometry very close to the camera.
  float dist = length(CameraPosition - input.worldPos);
  uint2 cell = (uint2)input.position.xy % 4;
  if (saturate(dist / NearFadeDistance) <= kBayer4x4[cell.y * 4 + cell.x])
    discard;

  // Perturb the interpolated normal with the detail map (tangent frame
  // approximated by the world axes to keep the example short).
  float3 detail = NormalMap.Sample(AnisoWrap, input.uv * 4.0).xyz * 2.0 - 1.0;
  float3 n = normalize(input.worldNormal + detail * 0.25);
  float3 v = normalize(CameraPosition - input.worldPos);

  float3 color = AmbientColor * albedo.rgb + blinnPhong(albedo.rgb, n, v);

  // Exponential-squared fog.
  float fog = exp(-(dist * FogDensity) * (dist * FogDensity));
  color = lerp(FogColor, color, saturate(fog));

  return float4(color, albedo.a);
}
