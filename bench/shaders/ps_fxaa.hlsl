// bench: -T ps_6_6 -E main
// FXAA 3.11-style quality preset (condensed): luma edge detection with
// local contrast threshold, horizontal/vertical edge selection, iterative edge
// end search with quality steps, and sub-pixel aliasing removal.

#define EDGE_STEPS 10

cbuffer FXAACB : register(b0)
{
    float2 RcpFrame;
    float  SubpixQuality;     // 0.75
    float  EdgeThreshold;     // 0.166
    float  EdgeThresholdMin;  // 0.0833
    float3 _pad;
};

Texture2D<float4> InputTex : register(t0);
SamplerState LinearClamp : register(s0);

static const float QualitySteps[EDGE_STEPS] = { 1.0, 1.5, 2.0, 2.0, 2.0, 2.0, 4.0, 8.0, 8.0, 8.0 };

float Luma(float3 rgb)
{
    return sqrt(dot(rgb, float3(0.299, 0.587, 0.114)));
}

float LumaAt(float2 uv)
{
    return Luma(InputTex.SampleLevel(LinearClamp, uv, 0).rgb);
}

float LumaOff(float2 uv, int2 offset)
{
    return Luma(InputTex.SampleLevel(LinearClamp, uv, 0, offset).rgb);
}

float4 main(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 colorCenter = InputTex.SampleLevel(LinearClamp, uv, 0).rgb;
    float lumaM = Luma(colorCenter);
    float lumaN = LumaOff(uv, int2(0, -1));
    float lumaS = LumaOff(uv, int2(0, 1));
    float lumaE = LumaOff(uv, int2(1, 0));
    float lumaW = LumaOff(uv, int2(-1, 0));

    float lumaMin = min(lumaM, min(min(lumaN, lumaS), min(lumaE, lumaW)));
    float lumaMax = max(lumaM, max(max(lumaN, lumaS), max(lumaE, lumaW)));
    float range = lumaMax - lumaMin;
    if (range < max(EdgeThresholdMin, lumaMax * EdgeThreshold))
        return float4(colorCenter, 1.0);

    float lumaNW = LumaOff(uv, int2(-1, -1));
    float lumaNE = LumaOff(uv, int2(1, -1));
    float lumaSW = LumaOff(uv, int2(-1, 1));
    float lumaSE = LumaOff(uv, int2(1, 1));

    float lumaNS = lumaN + lumaS;
    float lumaWE = lumaW + lumaE;
    float edgeHorz = abs(-2.0 * lumaW + lumaNW + lumaSW) + abs(-2.0 * lumaM + lumaNS) * 2.0 + abs(-2.0 * lumaE + lumaNE + lumaSE);
    float edgeVert = abs(-2.0 * lumaS + lumaSW + lumaSE) + abs(-2.0 * lumaM + lumaWE) * 2.0 + abs(-2.0 * lumaN + lumaNW + lumaNE);
    bool horzSpan = edgeHorz >= edgeVert;

    float luma1 = horzSpan ? lumaN : lumaW;
    float luma2 = horzSpan ? lumaS : lumaE;
    float gradient1 = luma1 - lumaM;
    float gradient2 = luma2 - lumaM;
    bool steepest1 = abs(gradient1) >= abs(gradient2);
    float gradientScaled = 0.25 * max(abs(gradient1), abs(gradient2));

    float stepLength = horzSpan ? RcpFrame.y : RcpFrame.x;
    float lumaLocalAverage;
    if (steepest1)
    {
        stepLength = -stepLength;
        lumaLocalAverage = 0.5 * (luma1 + lumaM);
    }
    else
    {
        lumaLocalAverage = 0.5 * (luma2 + lumaM);
    }

    float2 currentUV = uv;
    if (horzSpan)
        currentUV.y += stepLength * 0.5;
    else
        currentUV.x += stepLength * 0.5;

    float2 offset = horzSpan ? float2(RcpFrame.x, 0.0) : float2(0.0, RcpFrame.y);
    float2 uv1 = currentUV - offset;
    float2 uv2 = currentUV + offset;
    float lumaEnd1 = LumaAt(uv1) - lumaLocalAverage;
    float lumaEnd2 = LumaAt(uv2) - lumaLocalAverage;
    bool reached1 = abs(lumaEnd1) >= gradientScaled;
    bool reached2 = abs(lumaEnd2) >= gradientScaled;

    [loop]
    for (int i = 0; i < EDGE_STEPS && !(reached1 && reached2); ++i)
    {
        if (!reached1)
        {
            uv1 -= offset * QualitySteps[i];
            lumaEnd1 = LumaAt(uv1) - lumaLocalAverage;
            reached1 = abs(lumaEnd1) >= gradientScaled;
        }
        if (!reached2)
        {
            uv2 += offset * QualitySteps[i];
            lumaEnd2 = LumaAt(uv2) - lumaLocalAverage;
            reached2 = abs(lumaEnd2) >= gradientScaled;
        }
    }

    float distance1 = horzSpan ? (uv.x - uv1.x) : (uv.y - uv1.y);
    float distance2 = horzSpan ? (uv2.x - uv.x) : (uv2.y - uv.y);
    bool isDirection1 = distance1 < distance2;
    float distanceFinal = min(distance1, distance2);
    float edgeThickness = distance1 + distance2;
    float pixelOffset = -distanceFinal / edgeThickness + 0.5;

    bool isLumaCenterSmaller = lumaM < lumaLocalAverage;
    bool correctVariation = ((isDirection1 ? lumaEnd1 : lumaEnd2) < 0.0) != isLumaCenterSmaller;
    float finalOffset = correctVariation ? pixelOffset : 0.0;

    float lumaAverage = (1.0 / 12.0) * (2.0 * (lumaNS + lumaWE) + lumaNW + lumaNE + lumaSW + lumaSE);
    float subPixelOffset1 = saturate(abs(lumaAverage - lumaM) / range);
    float subPixelOffset2 = (-2.0 * subPixelOffset1 + 3.0) * subPixelOffset1 * subPixelOffset1;
    float subPixelOffsetFinal = subPixelOffset2 * subPixelOffset2 * SubpixQuality;
    finalOffset = max(finalOffset, subPixelOffsetFinal);

    float2 finalUV = uv;
    if (horzSpan)
        finalUV.y += finalOffset * stepLength;
    else
        finalUV.x += finalOffset * stepLength;
    return float4(InputTex.SampleLevel(LinearClamp, finalUV, 0).rgb, 1.0);
}
