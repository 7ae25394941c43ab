// bench: -T ps_6_6 -E main
// Cascaded shadow maps with a comparison sampler: cascade selection by view
// depth with blend band, slope-scaled normal offset, 5x5 PCF
// (SampleCmpLevelZero taps with tent weights), Poisson-disk rotated soft
// shadows for the first cascade, plus a spot light shadow from an atlas.

#define NUM_CASCADES 4
#define POISSON_TAPS 16

cbuffer ShadowCB : register(b0)
{
    row_major float4x4 CascadeViewProj[NUM_CASCADES];
    float4 CascadeSplits;          // view-space far distance of each cascade
    float4 CascadeTexelSize;       // world size of one texel per cascade
    row_major float4x4 SpotShadowMatrix;
    float4 SpotAtlasRect;          // xy = offset, zw = scale
    float3 LightDirection;
    float  DepthBias;
    float3 LightColor;
    float  NormalBias;
    float3 SpotPosition;
    float  CascadeBlendWidth;
    float3 SpotColor;
    float  ShadowMapInvSize;
    float3 CameraPos;
    float  SoftnessScale;
};

Texture2DArray<float> CascadeShadowMap : register(t0);
Texture2D<float> SpotShadowAtlas : register(t1);
Texture2D<float4> AlbedoTex : register(t2);
Texture2D<float4> NoiseTex : register(t3);
SamplerComparisonState ShadowSampler : register(s0);
SamplerState LinearWrap : register(s1);

static const float2 PoissonDisk[POISSON_TAPS] = {
    -0.94201624, -0.39906216, 0.94558609, -0.76890725,
    -0.09418410, -0.92938870, 0.34495938, 0.29387760,
    -0.91588581, 0.45771432, -0.81544232, -0.87912464,
    -0.38277543, 0.27676845, 0.97484398, 0.75648379,
    0.44323325, -0.97511554, 0.53742981, -0.47373420,
    -0.26496911, -0.41893023, 0.79197514, 0.19090188,
    -0.24188840, 0.99706507, -0.81409955, 0.91437590,
    0.19984126, 0.78641367, 0.14383161, -0.14100790
};

struct PSInput
{
    float4 position : SV_Position;
    float3 worldPos : POSITION;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
    float  viewDepth : VIEWDEPTH;
};

float PCF5x5(float3 shadowCoord, uint cascade)
{
    float2 texel = ShadowMapInvSize.xx;
    float sum = 0.0;
    float weightSum = 0.0;
    [unroll]
    for (int y = -2; y <= 2; ++y)
    {
        [unroll]
        for (int x = -2; x <= 2; ++x)
        {
            float w = (3.0 - abs(float(x))) * (3.0 - abs(float(y)));
            float3 uvw = float3(shadowCoord.xy + float2(x, y) * texel, cascade);
            sum += w * CascadeShadowMap.SampleCmpLevelZero(ShadowSampler, uvw, shadowCoord.z);
            weightSum += w;
        }
    }
    return sum / weightSum;
}

float PoissonSoft(float3 shadowCoord, uint cascade, float2 screenPos)
{
    float angle = NoiseTex.Sample(LinearWrap, screenPos / 64.0).r * 6.2831853;
    float s, c;
    sincos(angle, s, c);
    float2x2 rot = float2x2(c, -s, s, c);
    float radius = SoftnessScale * ShadowMapInvSize;
    float sum = 0.0;
    [unroll]
    for (int i = 0; i < POISSON_TAPS; ++i)
    {
        float2 offset = mul(rot, PoissonDisk[i]) * radius;
        sum += CascadeShadowMap.SampleCmpLevelZero(ShadowSampler, float3(shadowCoord.xy + offset, cascade), shadowCoord.z);
    }
    return sum / POISSON_TAPS;
}

float3 ShadowCoord(float3 worldPos, float3 normal, uint cascade)
{
    float NoL = saturate(dot(normal, -LightDirection));
    float slope = sqrt(1.0 - NoL * NoL) / max(NoL, 0.05);
    float3 offsetPos = worldPos + normal * NormalBias * CascadeTexelSize[cascade] * (1.0 + slope);
    float4 clip = mul(float4(offsetPos, 1.0), CascadeViewProj[cascade]);
    float3 coord = clip.xyz / clip.w;
    coord.xy = coord.xy * float2(0.5, -0.5) + 0.5;
    coord.z -= DepthBias;
    return coord;
}

float CascadeShadow(float3 worldPos, float3 normal, float viewDepth, float2 screenPos)
{
    uint cascade = NUM_CASCADES;
    [unroll]
    for (uint i = 0; i < NUM_CASCADES; ++i)
    {
        if (cascade == NUM_CASCADES && viewDepth < CascadeSplits[i])
            cascade = i;
    }
    if (cascade == NUM_CASCADES)
        return 1.0;

    float3 coord = ShadowCoord(worldPos, normal, cascade);
    float shadow = cascade == 0 ? PoissonSoft(coord, cascade, screenPos) : PCF5x5(coord, cascade);

    // Blend towards the next cascade near the split.
    float splitDist = CascadeSplits[cascade];
    float blend = saturate((splitDist - viewDepth) / CascadeBlendWidth);
    if (blend < 1.0 && cascade + 1 < NUM_CASCADES)
    {
        float3 nextCoord = ShadowCoord(worldPos, normal, cascade + 1);
        float nextShadow = PCF5x5(nextCoord, cascade + 1);
        shadow = lerp(nextShadow, shadow, blend);
    }
    return shadow;
}

float SpotShadow(float3 worldPos)
{
    float4 clip = mul(float4(worldPos, 1.0), SpotShadowMatrix);
    float3 coord = clip.xyz / clip.w;
    float2 uv = coord.xy * float2(0.5, -0.5) + 0.5;
    if (any(uv < 0.0) || any(uv > 1.0))
        return 1.0;
    uv = SpotAtlasRect.xy + uv * SpotAtlasRect.zw;
    float ref = coord.z - DepthBias;
    float4 g;
    g.x = SpotShadowAtlas.SampleCmpLevelZero(ShadowSampler, uv, ref, int2(0, 0));
    g.y = SpotShadowAtlas.SampleCmpLevelZero(ShadowSampler, uv, ref, int2(1, 0));
    g.z = SpotShadowAtlas.SampleCmpLevelZero(ShadowSampler, uv, ref, int2(0, 1));
    g.w = SpotShadowAtlas.SampleCmpLevelZero(ShadowSampler, uv, ref, int2(1, 1));
    return dot(g, 0.25);
}

float4 main(PSInput input) : SV_Target
{
    float3 N = normalize(input.normal);
    float3 albedo = AlbedoTex.Sample(LinearWrap, input.uv).rgb;

    float sunShadow = CascadeShadow(input.worldPos, N, input.viewDepth, input.position.xy);
    float3 color = albedo * LightColor * saturate(dot(N, -LightDirection)) * sunShadow;

    float3 toSpot = SpotPosition - input.worldPos;
    float3 Ls = normalize(toSpot);
    float spotAtt = 1.0 / (1.0 + dot(toSpot, toSpot));
    color += albedo * SpotColor * saturate(dot(N, Ls)) * spotAtt * SpotShadow(input.worldPos);

    color += albedo * 0.03;
    return float4(color, 1.0);
}
