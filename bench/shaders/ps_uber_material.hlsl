// bench: -T ps_6_6 -E main
// Forward+ "uber" material pixel shader of the kind engines generate per
// material permutation: layered PBR (base + clear coat + sheen), anisotropic
// GGX, subsurface wrap lighting, detail maps, emissive pulse, clustered light
// list from a 3D grid, cascaded shadows for the sun, reflection-probe blend,
// exponential height fog and output of lit colour + velocity + normals (MRT).

#define USE_DETAIL_MAPS 1
#define USE_CLEAR_COAT 1
#define USE_SHEEN 1
#define USE_ANISOTROPY 1
#define USE_SUBSURFACE 1
#define NUM_CASCADES 4
#define MAX_PROBES 2
#define CLUSTER_X 16
#define CLUSTER_Y 9
#define CLUSTER_Z 24
#define PI 3.14159265359
#define INV_PI 0.31830988618

struct ClusterLight
{
    float3 position;
    float  invRadius;
    float3 color;
    float  spotScale;
    float3 direction;
    float  spotOffset;
    uint   shadowIndex;
    uint   flags;
    float2 _pad;
};

cbuffer ViewCB : register(b0)
{
    row_major float4x4 ViewProj;
    row_major float4x4 PrevViewProj;
    row_major float4x4 View;
    float3 CameraPosition;
    float  Time;
    float2 ScreenSize;
    float  ClusterNear;
    float  ClusterLogScale;   // CLUSTER_Z / log(far / near)
    float3 SunDirection;
    float  SunIlluminance;
    float3 SunColor;
    float  Exposure;
    row_major float4x4 CascadeMatrices[NUM_CASCADES];
    float4 CascadeSplits;
    float3 FogColor;
    float  FogDensity;
    float  FogHeightFalloff;
    float  FogStart;
    float2 _pad0;
    float4 ProbeCentersRadius[MAX_PROBES];   // xyz = centre, w = blend radius
    float4 ProbeBoxExtents[MAX_PROBES];
};

cbuffer MaterialCB : register(b1)
{
    float4 BaseColor;
    float3 EmissiveColor;
    float  EmissivePulse;
    float  Metallic;
    float  Roughness;
    float  Reflectance;
    float  NormalStrength;
    float  ClearCoatAmount;
    float  ClearCoatRoughness;
    float  Anisotropy;
    float  AnisotropyRotation;
    float3 SheenColor;
    float  SheenRoughness;
    float3 SubsurfaceColor;
    float  SubsurfaceWrap;
    float2 DetailTiling;
    float  DetailAlbedoStrength;
    float  DetailNormalStrength;
    float  AlphaCutoff;
    float3 _pad1;
};

Texture2D<float4> BaseColorMap : register(t0);
Texture2D<float4> NormalMap : register(t1);
Texture2D<float4> MaskMap : register(t2);          // r = metal, g = AO, b = detail mask, a = smoothness
Texture2D<float4> DetailMap : register(t3);        // r = albedo, g = ny, b = smoothness, a = nx
Texture2D<float4> EmissiveMap : register(t4);
Texture2DArray<float> ShadowCascades : register(t5);
TextureCubeArray<float4> ReflectionProbes : register(t6);
Texture2D<float2> DfgLut : register(t7);
StructuredBuffer<ClusterLight> ClusterLights : register(t8);
StructuredBuffer<uint> ClusterLightIndices : register(t9);
Texture3D<uint2> ClusterGrid : register(t10);      // x = offset, y = count
SamplerState MaterialSampler : register(s0);
SamplerState LinearClamp : register(s1);
SamplerComparisonState ShadowSampler : register(s2);

struct PSInput
{
    float4 position   : SV_Position;
    float3 worldPos   : WORLDPOS;
    float3 normal     : NORMAL;
    float4 tangent    : TANGENT;
    float4 uv         : TEXCOORD0;   // xy = uv0, zw = uv1
    float4 currClip   : TEXCOORD1;
    float4 prevClip   : TEXCOORD2;
};

struct PSOutput
{
    float4 color    : SV_Target0;
    float2 velocity : SV_Target1;
    float4 normal   : SV_Target2;
};

struct Surface
{
    float3 albedo;
    float3 f0;
    float  metallic;
    float  roughness;
    float  ao;
    float3 N;
    float3 T;
    float3 B;
    float3 V;
    float  NoV;
    float  clearCoat;
    float  clearCoatRoughness;
    float  anisotropy;
};


float Pow5(float x) { float x2 = x * x; return x2 * x2 * x; }

float3 FresnelSchlick(float3 f0, float f90, float VoH)
{
    return f0 + (f90 - f0) * Pow5(1.0 - VoH);
}

float D_GGX(float NoH, float a)
{
    float a2 = a * a;
    float f = (NoH * a2 - NoH) * NoH + 1.0;
    return a2 / (PI * f * f);
}

float D_GGXAniso(float ToH, float BoH, float NoH, float at, float ab)
{
    float a2 = at * ab;
    float3 d = float3(ab * ToH, at * BoH, a2 * NoH);
    float d2 = dot(d, d);
    float b2 = a2 / d2;
    return a2 * b2 * b2 * INV_PI;
}

float V_SmithCorrelated(float NoV, float NoL, float a)
{
    float a2 = a * a;
    float lv = NoL * sqrt((NoV - a2 * NoV) * NoV + a2);
    float ll = NoV * sqrt((NoL - a2 * NoL) * NoL + a2);
    return 0.5 / (lv + ll);
}

float V_SmithAniso(float at, float ab, float ToV, float BoV, float ToL, float BoL, float NoV, float NoL)
{
    float lv = NoL * length(float3(at * ToV, ab * BoV, NoV));
    float ll = NoV * length(float3(at * ToL, ab * BoL, NoL));
    return 0.5 / (lv + ll);
}

float V_Kelemen(float LoH)
{
    return 0.25 / (LoH * LoH);
}

float D_Charlie(float roughness, float NoH)
{
    float invAlpha = 1.0 / roughness;
    float cos2h = NoH * NoH;
    float sin2h = max(1.0 - cos2h, 0.0078125);
    return (2.0 + invAlpha) * pow(sin2h, invAlpha * 0.5) / (2.0 * PI);
}

float V_Neubelt(float NoV, float NoL)
{
    return saturate(1.0 / (4.0 * (NoL + NoV - NoL * NoV)));
}


float3 UnpackNormalAG(float4 packed, float scale)
{
    float2 xy = float2(packed.a, packed.g) * 2.0 - 1.0;
    xy *= scale;
    return float3(xy, sqrt(saturate(1.0 - dot(xy, xy))));
}

Surface BuildSurface(PSInput input, out float alpha, out float3 emissive)
{
    float2 uv = input.uv.xy;
    float4 base = BaseColorMap.Sample(MaterialSampler, uv) * BaseColor;
    float4 mask = MaskMap.Sample(MaterialSampler, uv);
    float3 tn = NormalMap.Sample(MaterialSampler, uv).xyz * 2.0 - 1.0;
    tn.xy *= NormalStrength;
    float smoothness = mask.a;
#if USE_DETAIL_MAPS
    float4 detail = DetailMap.Sample(MaterialSampler, uv * DetailTiling);
    float detailMask = mask.b;
    float detailAlbedo = detail.r * 2.0 - 1.0;
    base.rgb = saturate(base.rgb + detailAlbedo * DetailAlbedoStrength * detailMask);
    smoothness = saturate(smoothness + (detail.b * 2.0 - 1.0) * detailMask);
    float3 dn = UnpackNormalAG(detail, DetailNormalStrength * detailMask);
    tn = normalize(float3(tn.xy + dn.xy, tn.z * dn.z));
#endif
    Surface s;
    float3 N = normalize(input.normal);
    float3 T = normalize(input.tangent.xyz - N * dot(N, input.tangent.xyz));
    float3 B = cross(N, T) * input.tangent.w;
    s.N = normalize(tn.x * T + tn.y * B + tn.z * N);
#if USE_ANISOTROPY
    float sr, cr;
    sincos(AnisotropyRotation * 2.0 * PI, sr, cr);
    float3 rotatedT = T * cr + B * sr;
    s.T = normalize(rotatedT - s.N * dot(s.N, rotatedT));
    s.B = cross(s.N, s.T);
    s.anisotropy = Anisotropy;
#else
    s.T = T;
    s.B = B;
    s.anisotropy = 0.0;
#endif
    s.metallic = saturate(Metallic * mask.r);
    s.roughness = clamp((1.0 - smoothness) * Roughness, 0.045, 1.0);
    s.ao = mask.g;
    s.albedo = base.rgb * (1.0 - s.metallic);
    float dielectricF0 = 0.16 * Reflectance * Reflectance;
    s.f0 = lerp(dielectricF0.xxx, base.rgb, s.metallic);
    s.V = normalize(CameraPosition - input.worldPos);
    s.NoV = max(dot(s.N, s.V), 1e-4);
    s.clearCoat = ClearCoatAmount;
    s.clearCoatRoughness = clamp(ClearCoatRoughness, 0.045, 1.0);
    alpha = base.a;
    float pulse = 0.5 + 0.5 * sin(Time * EmissivePulse);
    emissive = EmissiveMap.Sample(MaterialSampler, uv).rgb * EmissiveColor * lerp(1.0, pulse, saturate(EmissivePulse));
    return s;
}


float3 EvaluateBRDF(Surface s, float3 L, float3 lightColor)
{
    float3 H = normalize(s.V + L);
    float NoL = saturate(dot(s.N, L));
    float NoH = saturate(dot(s.N, H));
    float LoH = saturate(dot(L, H));
    float a = s.roughness * s.roughness;
    float D;
    float Vis;
    if (s.anisotropy != 0.0)
    {
        float at = max(a * (1.0 + s.anisotropy), 0.002);
        float ab = max(a * (1.0 - s.anisotropy), 0.002);
        D = D_GGXAniso(dot(s.T, H), dot(s.B, H), NoH, at, ab);
        Vis = V_SmithAniso(at, ab, dot(s.T, s.V), dot(s.B, s.V), dot(s.T, L), dot(s.B, L), s.NoV, NoL);
    }
    else
    {
        D = D_GGX(NoH, a);
        Vis = V_SmithCorrelated(s.NoV, NoL, a);
    }
    float3 F = FresnelSchlick(s.f0, 1.0, LoH);
    float3 specular = D * Vis * F;
    float3 diffuse = s.albedo * INV_PI;
#if USE_SUBSURFACE
    float wrap = SubsurfaceWrap;
    float wrapped = saturate((dot(s.N, L) + wrap) / ((1.0 + wrap) * (1.0 + wrap)));
    float3 sss = SubsurfaceColor * (wrapped - NoL) * s.albedo * INV_PI;
#else
    float3 sss = 0;
#endif
    float3 color = (diffuse + specular) * NoL + sss;
#if USE_SHEEN
    float sheenD = D_Charlie(max(SheenRoughness, 0.07), NoH);
    float sheenV = V_Neubelt(s.NoV, NoL);
    color += SheenColor * sheenD * sheenV * NoL;
#endif
#if USE_CLEAR_COAT
    float ca = s.clearCoatRoughness * s.clearCoatRoughness;
    float Dc = D_GGX(NoH, ca);
    float Vc = V_Kelemen(LoH);
    float Fc = FresnelSchlick(0.04.xxx, 1.0, LoH).x * s.clearCoat;
    color = color * (1.0 - Fc) + Dc * Vc * Fc * NoL;
#endif
    return color * lightColor;
}

float SunShadow(float3 worldPos, float viewDepth)
{
    uint cascade = 0;
    [unroll]
    for (uint c = 0; c < NUM_CASCADES - 1; ++c)
        cascade += viewDepth > CascadeSplits[c] ? 1u : 0u;
    float4 sc = mul(float4(worldPos, 1.0), CascadeMatrices[cascade]);
    float3 coord = sc.xyz / sc.w;
    float2 uv = coord.xy * float2(0.5, -0.5) + 0.5;
    float shadow = 0.0;
    [unroll]
    for (int y = -1; y <= 1; ++y)
        [unroll]
        for (int x = -1; x <= 1; ++x)
            shadow += ShadowCascades.SampleCmpLevelZero(ShadowSampler, float3(uv, cascade), coord.z, int2(x, y));
    return shadow / 9.0;
}

float LightAttenuation(uint index, float3 worldPos, out float3 L)
{
    float3 toLight = ClusterLights[index].position - worldPos;
    float dist2 = dot(toLight, toLight);
    L = toLight * rsqrt(max(dist2, 1e-8));
    float factor = dist2 * ClusterLights[index].invRadius * ClusterLights[index].invRadius;
    float smoothFactor = saturate(1.0 - factor * factor);
    float att = smoothFactor * smoothFactor / max(dist2, 1e-4);
    if ((ClusterLights[index].flags & 1u) != 0)
    {
        float cd = dot(ClusterLights[index].direction, -L);
        float spot = saturate(cd * ClusterLights[index].spotScale + ClusterLights[index].spotOffset);
        att *= spot * spot;
    }
    return att;
}

uint3 ClusterIndex(float2 pixel, float viewDepth)
{
    uint z = (uint)max(log(viewDepth / ClusterNear) * ClusterLogScale, 0.0);
    uint2 xy = (uint2)(pixel / ScreenSize * float2(CLUSTER_X, CLUSTER_Y));
    return uint3(min(xy, uint2(CLUSTER_X - 1, CLUSTER_Y - 1)), min(z, (uint)CLUSTER_Z - 1));
}

float3 ProbeReflection(Surface s, float3 worldPos)
{
    float3 R = reflect(-s.V, s.N);
    float mip = s.roughness * 7.0;
    float3 result = 0;
    float weightSum = 0;
    [unroll]
    for (uint p = 0; p < MAX_PROBES; ++p)
    {
        float3 local = worldPos - ProbeCentersRadius[p].xyz;
        float3 extents = ProbeBoxExtents[p].xyz;
        // Box projection for parallax-corrected reflections.
        float3 firstPlane = (extents - local) / R;
        float3 secondPlane = (-extents - local) / R;
        float3 furthest = max(firstPlane, secondPlane);
        float dist = min(min(furthest.x, furthest.y), furthest.z);
        float3 dir = local + R * dist;
        float3 inside = saturate((extents - abs(local)) / max(ProbeCentersRadius[p].w, 1e-3));
        float w = inside.x * inside.y * inside.z;
        result += ReflectionProbes.SampleLevel(LinearClamp, float4(dir, p), mip).rgb * w;
        weightSum += w;
    }
    return weightSum > 0.0 ? result / weightSum : 0;
}

PSOutput main(PSInput input)
{
    float alpha;
    float3 emissive;
    Surface s = BuildSurface(input, alpha, emissive);
    clip(alpha - AlphaCutoff);
    float viewDepth = mul(float4(input.worldPos, 1.0), View).z;
    float3 color = EvaluateBRDF(s, -SunDirection, SunColor * SunIlluminance) * SunShadow(input.worldPos, viewDepth);
    uint3 cluster = ClusterIndex(input.position.xy, viewDepth);
    uint2 range = ClusterGrid.Load(int4(cluster, 0));
    [loop]
    for (uint i = 0; i < range.y; ++i)
    {
        uint lightIndex = ClusterLightIndices[range.x + i];
        float3 L;
        float att = LightAttenuation(lightIndex, input.worldPos, L);
        if (att > 0.0)
            color += EvaluateBRDF(s, L, ClusterLights[lightIndex].color * att);
    }
    float2 dfg = DfgLut.SampleLevel(LinearClamp, float2(s.NoV, s.roughness), 0);
    float3 specEnv = ProbeReflection(s, input.worldPos) * (s.f0 * dfg.x + dfg.y);
    color += specEnv * s.ao;
    color += emissive;
    // Exponential height fog.
    float3 toPixel = input.worldPos - CameraPosition;
    float dist = length(toPixel);
    float heightTerm = exp(-FogHeightFalloff * max(input.worldPos.y, 0.0));
    float fog = 1.0 - exp(-FogDensity * heightTerm * max(dist - FogStart, 0.0));
    color = lerp(color, FogColor, saturate(fog));
    PSOutput output;
    output.color = float4(color * Exposure, alpha);
    float2 curr = input.currClip.xy / input.currClip.w;
    float2 prev = input.prevClip.xy / input.prevClip.w;
    output.velocity = (curr - prev) * float2(0.5, -0.5);
    output.normal = float4(s.N * 0.5 + 0.5, s.roughness);
    return output;
}
