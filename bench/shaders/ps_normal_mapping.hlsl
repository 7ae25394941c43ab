// bench: -T ps_6_6 -E main
// Detail-layered normal mapping: base + detail tangent-space normal maps
// combined with Reoriented Normal Mapping, simple parallax offset mapping,
// triplanar fallback for untextured terrain-like surfaces, and specular
// anti-aliasing (Toksvig-style roughness from normal length).

cbuffer MaterialCB : register(b0)
{
    float3 CameraPosition;
    float  ParallaxScale;
    float2 DetailTiling;
    float  DetailStrength;
    float  BaseRoughness;
    float3 LightDirection;
    float  TriplanarSharpness;
    float3 LightColor;
    uint   UseTriplanar;
    float3 AmbientColor;
    float  TriplanarScale;
};

Texture2D<float4> AlbedoMap : register(t0);
Texture2D<float4> NormalMap : register(t1);
Texture2D<float4> DetailNormalMap : register(t2);
Texture2D<float>  HeightMap : register(t3);
SamplerState AnisoWrap : register(s0);

struct PSIn
{
    float4 position  : SV_Position;
    float3 worldPos  : POSITION;
    float3 normal    : NORMAL;
    float4 tangent   : TANGENT;
    float2 uv        : TEXCOORD0;
};

float3 UnpackNormal(float4 packed)
{
    // BC5: reconstruct z.
    float2 xy = packed.xy * 2.0 - 1.0;
    float z = sqrt(saturate(1.0 - dot(xy, xy)));
    return float3(xy, z);
}

// Reoriented normal mapping (Barre-Brisebois & Hill).
float3 BlendRNM(float3 n1, float3 n2)
{
    n1.z += 1.0;
    n2.xy = -n2.xy;
    return n1 * dot(n1, n2) / n1.z - n2;
}

float2 ParallaxOffset(float2 uv, float3 viewTS)
{
    float height = HeightMap.Sample(AnisoWrap, uv) - 0.5;
    return uv + viewTS.xy / max(viewTS.z, 0.1) * height * ParallaxScale;
}

float3 TriplanarNormal(float3 worldPos, float3 worldNormal)
{
    float3 blend = pow(abs(worldNormal), TriplanarSharpness);
    blend /= dot(blend, 1.0);
    float3 tx = UnpackNormal(NormalMap.Sample(AnisoWrap, worldPos.zy * TriplanarScale));
    float3 ty = UnpackNormal(NormalMap.Sample(AnisoWrap, worldPos.xz * TriplanarScale));
    float3 tz = UnpackNormal(NormalMap.Sample(AnisoWrap, worldPos.xy * TriplanarScale));
    // Whiteout blend, swizzled into world space.
    tx = float3(tx.xy + worldNormal.zy, abs(tx.z) * worldNormal.x);
    ty = float3(ty.xy + worldNormal.xz, abs(ty.z) * worldNormal.y);
    tz = float3(tz.xy + worldNormal.xy, abs(tz.z) * worldNormal.z);
    return normalize(tx.zyx * blend.x + ty.xzy * blend.y + tz.xyz * blend.z);
}

float4 main(PSIn input) : SV_Target
{
    float3 N = normalize(input.normal);
    float3 T = normalize(input.tangent.xyz - N * dot(input.tangent.xyz, N));
    float3 B = cross(N, T) * input.tangent.w;
    float3x3 TBN = float3x3(T, B, N);

    float3 V = normalize(CameraPosition - input.worldPos);
    float3 viewTS = mul(TBN, V);

    float3 worldN;
    float2 uv = input.uv;
    float normalLength = 1.0;
    if (UseTriplanar != 0)
    {
        worldN = TriplanarNormal(input.worldPos, N);
    }
    else
    {
        uv = ParallaxOffset(input.uv, viewTS);
        float3 baseN = UnpackNormal(NormalMap.Sample(AnisoWrap, uv));
        float3 detailN = UnpackNormal(DetailNormalMap.Sample(AnisoWrap, uv * DetailTiling));
        detailN.xy *= DetailStrength;
        float3 blended = BlendRNM(baseN, normalize(detailN));
        normalLength = length(blended);
        worldN = normalize(mul(blended, TBN));
    }

    // Specular AA: widen roughness where the filtered normal is short.
    float variance = saturate((1.0 - normalLength) / max(normalLength, 1e-3));
    float roughness = sqrt(saturate(BaseRoughness * BaseRoughness + variance));

    float3 albedo = AlbedoMap.Sample(AnisoWrap, uv).rgb;
    float3 L = -LightDirection;
    float NoL = saturate(dot(worldN, L));
    float3 H = normalize(L + V);
    float specPower = 2.0 / max(roughness * roughness * roughness * roughness, 1e-4) - 2.0;
    float spec = pow(saturate(dot(worldN, H)), specPower) * (specPower + 2.0) / 8.0;

    float3 color = albedo * (AmbientColor + LightColor * NoL) + LightColor * spec * NoL * 0.04;
    return float4(color, 1.0);
}
