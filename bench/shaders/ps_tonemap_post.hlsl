// bench: -T ps_6_6 -E main
// Final post-process resolve: exposure from the auto-exposure buffer, bloom
// composite, ACES fitted / Reinhard / Uncharted2 tone mapping, vignette, film
// grain, colour grading through a 3D LUT and sRGB / PQ output encoding.

cbuffer TonemapCB : register(b0)
{
    float  BloomIntensity;
    float  VignetteIntensity;
    float  VignettePower;
    float  GrainIntensity;
    float  FrameTime;
    uint   TonemapOperator;   // 0 = ACES, 1 = Reinhard, 2 = Uncharted2
    uint   OutputMode;        // 0 = sRGB, 1 = HDR10 PQ
    float  PaperWhiteNits;
    float  LutScale;
    float  LutOffset;
    float  WhitePoint;
    float  ChromaticAberration;
};

Texture2D<float4> SceneColor : register(t0);
Texture2D<float4> BloomTexture : register(t1);
Texture3D<float4> GradingLut : register(t2);
StructuredBuffer<float4> ExposureState : register(t3);
SamplerState LinearClamp : register(s0);

static const float3x3 ACESInputMat = float3x3(
    0.59719, 0.35458, 0.04823,
    0.07600, 0.90834, 0.01566,
    0.02840, 0.13383, 0.83777);

static const float3x3 ACESOutputMat = float3x3(
     1.60475, -0.53108, -0.07367,
    -0.10208,  1.10813, -0.00605,
    -0.00327, -0.07276,  1.07602);

static const float3x3 Rec709ToRec2020 = float3x3(
    0.627402, 0.329292, 0.043306,
    0.069095, 0.919544, 0.011360,
    0.016394, 0.088028, 0.895578);

float3 RRTAndODTFit(float3 v)
{
    float3 a = v * (v + 0.0245786) - 0.000090537;
    float3 b = v * (0.983729 * v + 0.4329510) + 0.238081;
    return a / b;
}

float3 ACESFitted(float3 color)
{
    color = mul(ACESInputMat, color);
    color = RRTAndODTFit(color);
    color = mul(ACESOutputMat, color);
    return saturate(color);
}

float3 Uncharted2Partial(float3 x)
{
    const float A = 0.15, B = 0.50, C = 0.10, D = 0.20, E = 0.02, F = 0.30;
    return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

float3 Uncharted2(float3 color)
{
    float3 curr = Uncharted2Partial(color * 2.0);
    float3 whiteScale = 1.0 / Uncharted2Partial(WhitePoint.xxx);
    return curr * whiteScale;
}

float3 ReinhardExtended(float3 color)
{
    float luma = dot(color, float3(0.2126, 0.7152, 0.0722));
    float mapped = luma * (1.0 + luma / (WhitePoint * WhitePoint)) / (1.0 + luma);
    return color * (mapped / max(luma, 1e-5));
}

float3 LinearToSRGB(float3 c)
{
    float3 lo = c * 12.92;
    float3 hi = 1.055 * pow(max(c, 0.0), 1.0 / 2.4) - 0.055;
    return select(c <= 0.0031308, lo, hi);
}

float3 LinearToPQ(float3 c)
{
    const float m1 = 2610.0 / 16384.0;
    const float m2 = 2523.0 / 32.0;
    const float c1 = 3424.0 / 4096.0;
    const float c2 = 2413.0 / 128.0;
    const float c3 = 2392.0 / 128.0;
    float3 y = pow(max(c, 0.0), m1);
    return pow((c1 + c2 * y) / (1.0 + c3 * y), m2);
}

float Hash12(float2 p)
{
    float3 p3 = frac(float3(p.xyx) * 0.1031);
    p3 += dot(p3, p3.yzx + 33.33);
    return frac((p3.x + p3.y) * p3.z);
}

float4 main(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float exposure = ExposureState[0].y;

    // Lateral chromatic aberration towards the edges.
    float2 centred = uv - 0.5;
    float2 caOffset = centred * dot(centred, centred) * ChromaticAberration;
    float3 hdr;
    hdr.r = SceneColor.SampleLevel(LinearClamp, uv - caOffset, 0).r;
    hdr.g = SceneColor.SampleLevel(LinearClamp, uv, 0).g;
    hdr.b = SceneColor.SampleLevel(LinearClamp, uv + caOffset, 0).b;

    hdr += BloomTexture.SampleLevel(LinearClamp, uv, 0).rgb * BloomIntensity;
    hdr *= exposure;

    float vignette = 1.0 - VignetteIntensity * pow(saturate(length(centred) * 1.41421), VignettePower);
    hdr *= vignette;

    float3 ldr;
    switch (TonemapOperator)
    {
    case 0: ldr = ACESFitted(hdr); break;
    case 1: ldr = ReinhardExtended(hdr); break;
    default: ldr = Uncharted2(hdr); break;
    }

    // Colour grading in log-ish space via 3D LUT.
    float3 lutCoord = saturate(ldr) * LutScale + LutOffset;
    ldr = GradingLut.SampleLevel(LinearClamp, lutCoord, 0).rgb;

    float grain = (Hash12(position.xy + FrameTime * 1000.0) - 0.5) * GrainIntensity;
    ldr += grain * (1.0 - ldr);

    float3 encoded;
    if (OutputMode == 1)
    {
        float3 rec2020 = mul(Rec709ToRec2020, ldr);
        encoded = LinearToPQ(rec2020 * PaperWhiteNits / 10000.0);
    }
    else
    {
        encoded = LinearToSRGB(saturate(ldr));
    }
    return float4(encoded, 1.0);
}
