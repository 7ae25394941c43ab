// bench: -T ps_6_6 -E main
// Classic forward-lit material: one directional light plus up to 8 point and
// 4 spot lights from a cbuffer, Blinn-Phong specular with energy normalisation,
// hemispheric ambient, diffuse/specular/emissive maps and alpha test.

#define MAX_POINT_LIGHTS 8
#define MAX_SPOT_LIGHTS 4

struct PointLight
{
    float3 position;
    float  range;
    float3 color;
    float  intensity;
};

struct SpotLight
{
    float3 position;
    float  range;
    float3 direction;
    float  innerCos;
    float3 color;
    float  outerCos;
};

cbuffer LightsCB : register(b0)
{
    float3 SunDirection;
    float  SunIntensity;
    float3 SunColor;
    uint   NumPointLights;
    float3 SkyColor;
    uint   NumSpotLights;
    float3 GroundColor;
    float  AmbientIntensity;
    PointLight PointLights[MAX_POINT_LIGHTS];
    SpotLight  SpotLights[MAX_SPOT_LIGHTS];
};

cbuffer MaterialCB : register(b1)
{
    float4 DiffuseColor;
    float3 SpecularColor;
    float  Shininess;
    float3 EmissiveColor;
    float  AlphaCutoff;
    float3 CameraPosition;
    float  _pad;
};

Texture2D<float4> DiffuseMap : register(t0);
Texture2D<float4> SpecularMap : register(t1);
Texture2D<float4> EmissiveMap : register(t2);
SamplerState AnisoWrap : register(s0);

struct PSInput
{
    float4 position : SV_Position;
    float3 worldPos : POSITION;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
};

float DistanceAttenuation(float dist, float range)
{
    // Smooth windowed inverse-square falloff (as in UE4).
    float d2 = dist * dist;
    float window = saturate(1.0 - pow(dist / range, 4.0));
    return window * window / (d2 + 1.0);
}

void BlinnPhong(float3 N, float3 V, float3 L, float3 radiance, float shininess,
                inout float3 diffuse, inout float3 specular)
{
    float NdotL = saturate(dot(N, L));
    if (NdotL <= 0.0)
        return;
    float3 H = normalize(L + V);
    float NdotH = saturate(dot(N, H));
    float normalization = (shininess + 8.0) / (8.0 * 3.14159265);
    diffuse += radiance * NdotL;
    specular += radiance * NdotL * normalization * pow(NdotH, shininess);
}

float4 main(PSInput input) : SV_Target
{
    float4 albedo = DiffuseMap.Sample(AnisoWrap, input.uv) * DiffuseColor;
    clip(albedo.a - AlphaCutoff);

    float4 specSample = SpecularMap.Sample(AnisoWrap, input.uv);
    float shininess = max(Shininess * specSample.a, 1.0);
    float3 N = normalize(input.normal);
    float3 V = normalize(CameraPosition - input.worldPos);

    float3 diffuse = 0;
    float3 specular = 0;

    BlinnPhong(N, V, -SunDirection, SunColor * SunIntensity, shininess, diffuse, specular);

    [loop]
    for (uint i = 0; i < NumPointLights; ++i)
    {
        float3 toLight = PointLights[i].position - input.worldPos;
        float dist = length(toLight);
        if (dist >= PointLights[i].range)
            continue;
        float3 L = toLight / dist;
        float att = DistanceAttenuation(dist, PointLights[i].range);
        BlinnPhong(N, V, L, PointLights[i].color * PointLights[i].intensity * att, shininess, diffuse, specular);
    }

    [loop]
    for (uint s = 0; s < NumSpotLights; ++s)
    {
        float3 toLight = SpotLights[s].position - input.worldPos;
        float dist = length(toLight);
        float3 L = toLight / max(dist, 1e-4);
        float cosAngle = dot(-L, SpotLights[s].direction);
        float cone = smoothstep(SpotLights[s].outerCos, SpotLights[s].innerCos, cosAngle);
        float att = DistanceAttenuation(dist, SpotLights[s].range) * cone;
        if (att > 0.0)
            BlinnPhong(N, V, L, SpotLights[s].color * att, shininess, diffuse, specular);
    }

    float hemi = N.y * 0.5 + 0.5;
    float3 ambient = lerp(GroundColor, SkyColor, hemi) * AmbientIntensity;

    float3 color = albedo.rgb * (diffuse + ambient)
                 + specular * SpecularColor * specSample.rgb
                 + EmissiveColor * EmissiveMap.Sample(AnisoWrap, input.uv).rgb;
    return float4(color, albedo.a);
}
