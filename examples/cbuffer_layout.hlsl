// hlsl-mlir: -T cs_6_6 -E main
// Exercises constant-buffer layout: arrays, nested structs, packoffset, spaces and ConstantBuffer<T>.

struct Light {
  float3 position;
  float range;          // packs into the .w of position's register
  float3 color;
  uint type;
};

struct Material {
  float4 baseColor;
  float2 metallicRoughness;
  float2 uvScale;       // fills the rest of the second register
};

// Legacy cbuffer: every array element starts a new 16-byte register, scalars
// pack into the free components of the previous register where they fit.
cbuffer SceneConstants : register(b0) {
  row_major float4x4 ViewProj;
  float3 AmbientColor;
  uint LightCount;              // packs into AmbientColor's register
  Light Lights[4];
  float Exposure[3];            // 3 registers, only .x used in each
  float2 ScreenSize;
};

// Explicit placement with packoffset; c1.y is the second component of c1.
cbuffer Tonemap : register(b1) {
  float4 WhitePoint : packoffset(c0);
  float Gamma : packoffset(c1.y);
  float2 ToeShoulder : packoffset(c1.z);
};

// ConstantBuffer<T>: members are accessed as CB.member; space1 binding.
ConstantBuffer<Material> MaterialCB : register(b2, space1);

RWStructuredBuffer<float4> Output : register(u0);

// Lights are read member by member: Clang 22 cannot copy a whole struct out
// of a legacy cbuffer (its copy constructor does not accept the
// hlsl_constant address space), so `Light l = Lights[i];` is rejected.
float3 shadeWithLight(uint i, float3 p, float3 albedo) {
  float3 toLight = Lights[i].position - p;
  float dist = length(toLight);
  float attenuation = saturate(1.0 - dist / Lights[i].range);
  return albedo * Lights[i].color * attenuation * attenuation;
}

// A ConstantBuffer<T> object *can* be passed on as its T.
float roughnessOf(Material m) {
  return m.metallicRoughness.y;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  float3 p = float3(dtid.x % 8, 0.0, dtid.x / 8);
  float3 albedo = MaterialCB.baseColor.rgb * (1.0 - MaterialCB.metallicRoughness.x);

  float3 color = AmbientColor * albedo;
  for (uint i = 0; i < min(LightCount, 4u); ++i)
    color += shadeWithLight(i, p, albedo) * (1.0 - 0.5 * roughnessOf(MaterialCB));

  // Exposure is stored per eye/view; pick by thread for the example.
  color *= Exposure[dtid.x % 3];

  // Simple filmic curve driven by the packoffset constants.
  float3 x = color / WhitePoint.rgb;
  x = x * (ToeShoulder.x + x) / (1.0 + ToeShoulder.y * x);
  x = pow(saturate(x), 1.0 / Gamma);

  float4 clip = mul(float4(p, 1.0), ViewProj);
  float2 pixel = (clip.xy / clip.w * 0.5 + 0.5) * ScreenSize;
  Output[dtid.x] = float4(x, pixel.x * MaterialCB.uvScale.x);
}
