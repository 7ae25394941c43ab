// bench: -T cs_6_6 -E main
// Log-luminance histogram for auto exposure (as in many engines): 256 bins in
// groupshared memory, 16x16 tiles, merged into a global RWByteAddressBuffer.

#define NUM_BINS 256
#define TILE_X 16
#define TILE_Y 16
#define EPSILON 0.0001

cbuffer HistogramParams : register(b0)
{
    uint  InputWidth;
    uint  InputHeight;
    float MinLogLuminance;
    float InverseLogLuminanceRange;
};

Texture2D<float4> HDRTexture : register(t0);
RWByteAddressBuffer LuminanceHistogram : register(u0);

groupshared uint HistogramShared[NUM_BINS];

uint HDRToHistogramBin(float3 hdrColor)
{
    float luminance = dot(hdrColor, float3(0.2125, 0.7154, 0.0721));
    if (luminance < EPSILON)
        return 0;

    float logLuminance = saturate((log2(luminance) - MinLogLuminance) * InverseLogLuminanceRange);
    return (uint)(logLuminance * 254.0 + 1.0);
}

[numthreads(TILE_X, TILE_Y, 1)]
void main(uint groupIndex : SV_GroupIndex, uint3 threadId : SV_DispatchThreadID)
{
    HistogramShared[groupIndex] = 0;
    GroupMemoryBarrierWithGroupSync();

    if (threadId.x < InputWidth && threadId.y < InputHeight)
    {
        float3 hdrColor = HDRTexture.Load(int3(threadId.xy, 0)).rgb;
        uint binIndex = HDRToHistogramBin(hdrColor);
        // Weight centre pixels more (centre-weighted metering).
        float2 uv = float2(threadId.xy) / float2(InputWidth, InputHeight);
        float2 d = uv - 0.5;
        uint weight = (uint)(lerp(4.0, 1.0, saturate(dot(d, d) * 4.0)));
        InterlockedAdd(HistogramShared[binIndex], weight);
    }

    GroupMemoryBarrierWithGroupSync();

    uint count = HistogramShared[groupIndex];
    if (count != 0)
        LuminanceHistogram.InterlockedAdd(groupIndex * 4, count);
}
