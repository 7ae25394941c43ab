// bench: -T ps_6_6 -E main
// Metallic-roughness PBR (glTF style): GGX/Trowbridge-Reitz NDF, Smith
// height-correlated visibility, Schlick Fresnel, multi-scattering energy
// compensation, image-based lighting from prefiltered cube maps + BRDF LUT,
// clear coat layer, and several analytic lights.

#define PI 3.14159265359
#define MAX_LIGHTS 8

struct LightData
{
    float4 positionRange;    // w = range (0 = directional)
    float4 colorIntensity;
    float4 directionSpot;    // xyz = dir, w = cos outer
    float4 spotParams;       // x = 1/(cosInner-cosOuter)
};

cbuffer FrameCB : register(b0)
{
    float3 CameraPos;
    uint   LightCount;
    LightData Lights[MAX_LIGHTS];
    float  IBLIntensity;
    float  PrefilteredMipCount;
    float2 _pad0;
};

cbuffer MaterialCB : register(b1)
{
    float4 BaseColorFactor;
    float  MetallicFactor;
    float  RoughnessFactor;
    float  OcclusionStrength;
    float  NormalScale;
    float3 EmissiveFactor;
    float  ClearCoat;
    float  ClearCoatRoughness;
    float3 _pad1;
};

Texture2D<float4> BaseColorTex : register(t0);
Texture2D<float4> MetalRoughTex : register(t1);
Texture2D<float4> NormalTex : register(t2);
Texture2D<float4> OcclusionTex : register(t3);
Texture2D<float4> EmissiveTex : register(t4);
TextureCube<float4> IrradianceMap : register(t5);
TextureCube<float4> PrefilteredMap : register(t6);
Texture2D<float2> BrdfLut : register(t7);
SamplerState MaterialSampler : register(s0);
SamplerState CubeSampler : register(s1);
SamplerState LutSampler : register(s2);

struct PSIn
{
    float4 position : SV_Position;
    float3 worldPos : POSITION;
    float3 normal   : NORMAL;
    float4 tangent  : TANGENT;
    float2 uv       : TEXCOORD0;
};

float D_GGX(float NoH, float roughness)
{
    float a = roughness * roughness;
    float a2 = a * a;
    float f = (NoH * a2 - NoH) * NoH + 1.0;
    return a2 / (PI * f * f);
}

float V_SmithGGXCorrelated(float NoV, float NoL, float roughness)
{
    float a2 = pow(roughness, 4.0);
    float ggxV = NoL * sqrt(NoV * NoV * (1.0 - a2) + a2);
    float ggxL = NoV * sqrt(NoL * NoL * (1.0 - a2) + a2);
    return 0.5 / max(ggxV + ggxL, 1e-5);
}

float3 F_Schlick(float3 f0, float VoH)
{
    float f = pow(1.0 - VoH, 5.0);
    return f + f0 * (1.0 - f);
}

float3 F_SchlickRoughness(float3 f0, float NoV, float roughness)
{
    return f0 + (max((1.0 - roughness).xxx, f0) - f0) * pow(1.0 - NoV, 5.0);
}

float3 GetNormal(PSIn input)
{
    float3 tn = NormalTex.Sample(MaterialSampler, input.uv).xyz * 2.0 - 1.0;
    tn.xy *= NormalScale;
    float3 N = normalize(input.normal);
    float3 T = normalize(input.tangent.xyz - N * dot(N, input.tangent.xyz));
    float3 B = cross(N, T) * input.tangent.w;
    return normalize(mul(tn, float3x3(T, B, N)));
}

float3 EvaluateLight(uint index, float3 worldPos, out float3 L)
{
    LightData light;
    light.positionRange = Lights[index].positionRange;
    light.colorIntensity = Lights[index].colorIntensity;
    light.directionSpot = Lights[index].directionSpot;
    light.spotParams = Lights[index].spotParams;

    float3 radiance = light.colorIntensity.rgb * light.colorIntensity.w;
    if (light.positionRange.w <= 0.0)
    {
        L = -light.directionSpot.xyz;
        return radiance;
    }
    float3 toLight = light.positionRange.xyz - worldPos;
    float dist2 = dot(toLight, toLight);
    L = toLight * rsqrt(dist2);
    float range = light.positionRange.w;
    float falloff = saturate(1.0 - (dist2 * dist2) / (range * range * range * range));
    float att = falloff * falloff / max(dist2, 1e-4);
    if (light.spotParams.x > 0.0)
    {
        float cd = dot(light.directionSpot.xyz, -L);
        float spot = saturate((cd - light.directionSpot.w) * light.spotParams.x);
        att *= spot * spot;
    }
    return radiance * att;
}

float4 main(PSIn input) : SV_Target0
{
    float4 baseColor = BaseColorTex.Sample(MaterialSampler, input.uv) * BaseColorFactor;
    float4 mr = MetalRoughTex.Sample(MaterialSampler, input.uv);
    float metallic = saturate(mr.b * MetallicFactor);
    float roughness = clamp(mr.g * RoughnessFactor, 0.045, 1.0);
    float ao = lerp(1.0, OcclusionTex.Sample(MaterialSampler, input.uv).r, OcclusionStrength);

    float3 N = GetNormal(input);
    float3 V = normalize(CameraPos - input.worldPos);
    float NoV = max(dot(N, V), 1e-4);

    float3 diffuseColor = baseColor.rgb * (1.0 - metallic);
    float3 f0 = lerp(0.04.xxx, baseColor.rgb, metallic);

    float2 envBrdf = BrdfLut.Sample(LutSampler, float2(NoV, roughness));
    float3 energyCompensation = 1.0 + f0 * (1.0 / max(envBrdf.x + envBrdf.y, 1e-4) - 1.0);

    float3 direct = 0;
    [loop]
    for (uint i = 0; i < LightCount; ++i)
    {
        float3 L;
        float3 radiance = EvaluateLight(i, input.worldPos, L);
        float NoL = saturate(dot(N, L));
        if (NoL <= 0.0)
            continue;
        float3 H = normalize(V + L);
        float NoH = saturate(dot(N, H));
        float VoH = saturate(dot(V, H));

        float D = D_GGX(NoH, roughness);
        float Vis = V_SmithGGXCorrelated(NoV, NoL, roughness);
        float3 F = F_Schlick(f0, VoH);
        float3 specular = D * Vis * F * energyCompensation;
        float3 diffuse = diffuseColor / PI;

        // Clear coat: fixed IOR 1.5 (f0 = 0.04), isotropic GGX.
        float ccRough = clamp(ClearCoatRoughness, 0.045, 1.0);
        float Dc = D_GGX(NoH, ccRough);
        float Vc = 0.25 / max(VoH * VoH, 1e-4);
        float Fc = F_Schlick(0.04.xxx, VoH).x * ClearCoat;
        float3 layer = (diffuse + specular) * (1.0 - Fc) + Dc * Vc * Fc;

        direct += layer * radiance * NoL;
    }

    // Image based lighting.
    float3 R = reflect(-V, N);
    float3 irradiance = IrradianceMap.Sample(CubeSampler, N).rgb;
    float3 prefiltered = PrefilteredMap.SampleLevel(CubeSampler, R, roughness * PrefilteredMipCount).rgb;
    float3 F = F_SchlickRoughness(f0, NoV, roughness);
    float3 specIBL = prefiltered * (F * envBrdf.x + envBrdf.y) * energyCompensation;
    float3 diffIBL = irradiance * diffuseColor * (1.0 - F);
    float3 ambient = (diffIBL + specIBL) * ao * IBLIntensity;

    float3 emissive = EmissiveTex.Sample(MaterialSampler, input.uv).rgb * EmissiveFactor;
    return float4(direct + ambient + emissive, baseColor.a);
}
