// bench: -T ps_6_6 -E main
// Deferred shading resolve (full-screen pass): decodes a 3-target G-buffer
// (albedo/AO, octahedral normal + roughness/metal, emissive), reconstructs
// world position from depth, applies the sun with shadow mask, the tiled
// light list produced by light culling, SSAO and sky for background pixels.

#define TILE_SIZE 16
#define PI 3.14159265

struct Light
{
    float3 positionVS;
    float  range;
    float3 directionVS;
    float  spotAngleCos;
    float3 color;
    uint   type;
};

cbuffer DeferredCB : register(b0)
{
    row_major float4x4 InvViewProj;
    row_major float4x4 View;
    float3 CameraPosition;
    uint   TileCountX;
    float3 SunDirection;
    float  SunIntensity;
    float3 SunColor;
    float  AmbientIntensity;
    float2 InvScreenSize;
    uint   DebugView;        // 0 = lit, 1 = albedo, 2 = normals, 3 = light count
    float  _pad;
};

Texture2D<float4> GBufferAlbedo : register(t0);
Texture2D<float4> GBufferNormal : register(t1);
Texture2D<float4> GBufferEmissive : register(t2);
Texture2D<float>  DepthBuffer : register(t3);
Texture2D<float>  ShadowMask : register(t4);
Texture2D<float>  AmbientOcclusion : register(t5);
TextureCube<float4> SkyCube : register(t6);
StructuredBuffer<Light> Lights : register(t7);
StructuredBuffer<uint> LightIndexList : register(t8);
Texture2D<uint2> LightGrid : register(t9);
SamplerState PointClamp : register(s0);
SamplerState LinearClamp : register(s1);

struct SurfaceData
{
    float3 albedo;
    float  ao;
    float3 normal;
    float  roughness;
    float  metallic;
    float3 emissive;
    float3 worldPos;
};

float3 OctDecode(float2 e)
{
    e = e * 2.0 - 1.0;
    float3 n = float3(e, 1.0 - abs(e.x) - abs(e.y));
    float2 s = select(n.xy >= 0.0, float2(1, 1), float2(-1, -1));
    if (n.z < 0.0)
        n.xy = (1.0 - abs(n.yx)) * s;
    return normalize(n);
}

float3 ReconstructWorldPos(float2 uv, float depth)
{
    float4 clip = float4(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, depth, 1.0);
    float4 world = mul(clip, InvViewProj);
    return world.xyz / world.w;
}

SurfaceData LoadSurface(int2 pixel, float2 uv, float depth)
{
    SurfaceData s;
    float4 a = GBufferAlbedo.Load(int3(pixel, 0));
    float4 n = GBufferNormal.Load(int3(pixel, 0));
    s.albedo = a.rgb;
    s.ao = a.a;
    s.normal = OctDecode(n.xy);
    s.roughness = max(n.z, 0.04);
    s.metallic = n.w;
    s.emissive = GBufferEmissive.Load(int3(pixel, 0)).rgb;
    s.worldPos = ReconstructWorldPos(uv, depth);
    return s;
}

float3 ShadeGGX(SurfaceData s, float3 V, float3 L, float3 radiance)
{
    float3 H = normalize(V + L);
    float NoL = saturate(dot(s.normal, L));
    float NoV = saturate(dot(s.normal, V)) + 1e-4;
    float NoH = saturate(dot(s.normal, H));
    float VoH = saturate(dot(V, H));
    float a = s.roughness * s.roughness;
    float a2 = a * a;
    float d = (NoH * a2 - NoH) * NoH + 1.0;
    float D = a2 / (PI * d * d);
    float k = a * 0.5;
    float G = (NoL / (NoL * (1.0 - k) + k)) * (NoV / (NoV * (1.0 - k) + k));
    float3 f0 = lerp(0.04.xxx, s.albedo, s.metallic);
    float3 F = f0 + (1.0 - f0) * pow(1.0 - VoH, 5.0);
    float3 spec = D * G * F / (4.0 * NoV * max(NoL, 1e-4));
    float3 kd = (1.0 - F) * (1.0 - s.metallic);
    return (kd * s.albedo / PI + spec) * radiance * NoL;
}

float4 main(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target0
{
    int2 pixel = int2(position.xy);
    float depth = DepthBuffer.Load(int3(pixel, 0));
    if (depth >= 1.0)
    {
        float3 viewDir = normalize(ReconstructWorldPos(uv, 1.0) - CameraPosition);
        return float4(SkyCube.SampleLevel(LinearClamp, viewDir, 0).rgb, 1.0);
    }

    SurfaceData s = LoadSurface(pixel, uv, depth);
    if (DebugView == 1)
        return float4(s.albedo, 1.0);
    if (DebugView == 2)
        return float4(s.normal * 0.5 + 0.5, 1.0);

    float3 V = normalize(CameraPosition - s.worldPos);
    float shadow = ShadowMask.SampleLevel(PointClamp, uv, 0);
    float3 color = ShadeGGX(s, V, -SunDirection, SunColor * SunIntensity * shadow);

    // Tiled lights are culled in view space.
    float3 posVS = mul(float4(s.worldPos, 1.0), View).xyz;
    float3 normalVS = normalize(mul(s.normal, (float3x3)View));
    float3 viewVS = normalize(-posVS);
    SurfaceData sv = s;
    sv.normal = normalVS;

    uint2 tile = uint2(pixel) / TILE_SIZE;
    uint2 grid = LightGrid.Load(int3(tile, 0));
    if (DebugView == 3)
        return float4(float(grid.y) / 32.0, 0, 0, 1);

    [loop]
    for (uint i = 0; i < grid.y; ++i)
    {
        Light light = Lights[LightIndexList[grid.x + i]];
        float3 toLight = light.positionVS - posVS;
        float dist = length(toLight);
        if (dist > light.range)
            continue;
        float3 L = toLight / dist;
        float att = saturate(1.0 - dist / light.range);
        att *= att;
        if (light.type == 1)
        {
            float cosAngle = dot(-L, light.directionVS);
            att *= smoothstep(light.spotAngleCos, lerp(light.spotAngleCos, 1.0, 0.2), cosAngle);
        }
        color += ShadeGGX(sv, viewVS, L, light.color * att);
    }

    float ao = min(s.ao, AmbientOcclusion.SampleLevel(LinearClamp, uv, 0));
    float3 ambient = SkyCube.SampleLevel(LinearClamp, s.normal, 6).rgb * s.albedo * AmbientIntensity * ao;
    return float4(color + ambient + s.emissive, 1.0);
}
