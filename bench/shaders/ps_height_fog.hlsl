// bench: -T ps_6_6 -E main
// Atmospheric fog applied over the lit scene: exponential height fog with
// analytic integration along the view ray, directional inscattering lobe
// (Henyey-Greenstein) toward the sun, distance-based aerial perspective, and
// a low-frequency noise-animated density for ground mist.

cbuffer FogCB : register(b0)
{
    row_major float4x4 InvViewProjection;
    float3 CameraPosition;
    float  FogDensity;
    float3 FogColor;
    float  FogHeightFalloff;
    float3 InscatterColor;
    float  FogBaseHeight;
    float3 SunDirection;
    float  InscatterExponent;
    float  StartDistance;
    float  MaxOpacity;
    float  CutoffDistance;
    float  Time;
    float3 WindOffset;
    float  NoiseScale;
    float  NoiseStrength;
    float  Anisotropy;
    float2 _pad;
};

Texture2D<float4> SceneColor : register(t0);
Texture2D<float>  SceneDepth : register(t1);
Texture3D<float>  NoiseVolume : register(t2);
SamplerState PointClamp : register(s0);
SamplerState LinearWrap : register(s1);

float HenyeyGreenstein(float cosTheta, float g)
{
    float g2 = g * g;
    float denom = 1.0 + g2 - 2.0 * g * cosTheta;
    return (1.0 - g2) / (4.0 * 3.14159265 * pow(max(denom, 1e-4), 1.5));
}

float3 WorldPosition(float2 uv, float depth)
{
    float4 ndc = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), depth, 1.0);
    float4 world = mul(ndc, InvViewProjection);
    return world.xyz / world.w;
}

// Integral of exp(-falloff * (h - base)) along the ray, times density.
float LineIntegral(float3 rayStart, float3 rayDir, float rayLength)
{
    float startHeight = rayStart.y - FogBaseHeight;
    float densityAtStart = FogDensity * exp(-FogHeightFalloff * startHeight);
    float deltaY = rayDir.y * rayLength;
    float falloff = FogHeightFalloff * deltaY;
    float factor = abs(falloff) > 0.01 ? (1.0 - exp(-falloff)) / falloff
                                       : 1.0 - falloff * 0.5 + falloff * falloff / 6.0;
    return densityAtStart * factor * rayLength;
}

float GroundMist(float3 worldPos)
{
    float3 p = worldPos * NoiseScale + WindOffset * Time;
    float n = NoiseVolume.SampleLevel(LinearWrap, p, 0);
    n += 0.5 * NoiseVolume.SampleLevel(LinearWrap, p * 2.03 + 0.17, 0);
    n += 0.25 * NoiseVolume.SampleLevel(LinearWrap, p * 4.01 + 0.41, 0);
    n /= 1.75;
    float heightMask = saturate(1.0 - (worldPos.y - FogBaseHeight) * 0.1);
    return lerp(1.0, n * 2.0, NoiseStrength * heightMask);
}

float4 main(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 scene = SceneColor.SampleLevel(PointClamp, uv, 0).rgb;
    float depth = SceneDepth.SampleLevel(PointClamp, uv, 0);
    bool isSky = depth >= 1.0;
    float3 worldPos = WorldPosition(uv, isSky ? 0.9999 : depth);

    float3 toPixel = worldPos - CameraPosition;
    float dist = length(toPixel);
    float3 dir = toPixel / max(dist, 1e-4);
    dist = min(dist, CutoffDistance);

    float fogDist = max(dist - StartDistance, 0.0);
    if (fogDist <= 0.0)
        return float4(scene, 1.0);

    float3 rayStart = CameraPosition + dir * StartDistance;
    float integral = LineIntegral(rayStart, dir, fogDist) * GroundMist(worldPos);
    float transmittance = exp(-integral);
    float opacity = min(1.0 - transmittance, MaxOpacity);

    float cosTheta = dot(dir, -SunDirection);
    float phase = HenyeyGreenstein(cosTheta, Anisotropy);
    float lobe = pow(saturate(cosTheta), InscatterExponent);
    float3 fogLight = FogColor + InscatterColor * (lobe + phase);

    // Sky pixels only receive a fraction of fog so the horizon stays visible.
    if (isSky)
        opacity *= saturate(1.0 - dir.y * 4.0);

    return float4(lerp(scene, fogLight, opacity), 1.0);
}
