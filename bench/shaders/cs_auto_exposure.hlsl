// bench: -T cs_6_6 -E main
// Second half of histogram auto exposure: one group of 256 threads reduces the
// histogram to a weighted average log-luminance and adapts exposure over time.

#define NUM_BINS 256

cbuffer ExposureParams : register(b0)
{
    uint  PixelCount;
    float MinLogLuminance;
    float LogLuminanceRange;
    float DeltaTime;
    float AdaptationSpeedUp;
    float AdaptationSpeedDown;
    float ExposureCompensation;
    float LowPercent;     // ignore darkest fraction
    float HighPercent;    // ignore brightest fraction
    float MinExposure;
    float MaxExposure;
    float _pad;
};

RWByteAddressBuffer Histogram : register(u0);
RWStructuredBuffer<float4> ExposureState : register(u1); // x = avg lum, y = exposure, z = ev100

groupshared float s_Weighted[NUM_BINS];
groupshared uint  s_Counts[NUM_BINS];

float ComputeEV100(float avgLuminance)
{
    // EV100 from average luminance with the standard K = 12.5 calibration.
    return log2(avgLuminance * 100.0 / 12.5);
}

float ExposureFromEV100(float ev100)
{
    float maxLuminance = 1.2 * exp2(ev100);
    return 1.0 / maxLuminance;
}

[numthreads(NUM_BINS, 1, 1)]
void main(uint groupIndex : SV_GroupIndex)
{
    uint count = Histogram.Load(groupIndex * 4);
    s_Counts[groupIndex] = count;
    s_Weighted[groupIndex] = float(count) * float(groupIndex);

    // Reset for the next frame.
    Histogram.Store(groupIndex * 4, 0u);
    GroupMemoryBarrierWithGroupSync();

    // Inclusive scan of the counts (Hillis-Steele) so every thread knows how
    // many pixels are darker than its bin.
    [unroll]
    for (uint offset = 1; offset < NUM_BINS; offset <<= 1)
    {
        uint add = groupIndex >= offset ? s_Counts[groupIndex - offset] : 0;
        GroupMemoryBarrierWithGroupSync();
        s_Counts[groupIndex] += add;
        GroupMemoryBarrierWithGroupSync();
    }

    uint total = s_Counts[NUM_BINS - 1];
    uint below = groupIndex > 0 ? s_Counts[groupIndex - 1] : 0;
    float lowCut = LowPercent * float(total);
    float highCut = HighPercent * float(total);
    // Clip this bin's contribution to the [low, high] percentile window.
    float binLo = max(float(below), lowCut);
    float binHi = min(float(s_Counts[groupIndex]), highCut);
    float kept = max(binHi - binLo, 0.0);
    GroupMemoryBarrierWithGroupSync();
    s_Weighted[groupIndex] = kept * float(groupIndex);
    s_Counts[groupIndex] = (uint)kept;
    GroupMemoryBarrierWithGroupSync();

    // Tree reduction of weighted sum and kept count.
    [unroll]
    for (uint stride = NUM_BINS / 2; stride > 0; stride >>= 1)
    {
        if (groupIndex < stride)
        {
            s_Weighted[groupIndex] += s_Weighted[groupIndex + stride];
            s_Counts[groupIndex] += s_Counts[groupIndex + stride];
        }
        GroupMemoryBarrierWithGroupSync();
    }

    if (groupIndex == 0)
    {
        float keptPixels = max(float(s_Counts[0]), 1.0);
        // Bin 0 holds black pixels; bins 1..255 map to the log range.
        float weightedLogAverage = (s_Weighted[0] / keptPixels) - 1.0;
        float logLum = (weightedLogAverage / 254.0) * LogLuminanceRange + MinLogLuminance;
        float avgLum = exp2(logLum);

        float4 state = ExposureState[0];
        float previous = state.x;
        float speed = avgLum > previous ? AdaptationSpeedUp : AdaptationSpeedDown;
        float adapted = previous + (avgLum - previous) * (1.0 - exp(-DeltaTime * speed));
        if (isnan(adapted) || isinf(adapted))
            adapted = avgLum;

        float ev100 = ComputeEV100(adapted) - ExposureCompensation;
        float exposure = clamp(ExposureFromEV100(ev100), MinExposure, MaxExposure);
        ExposureState[0] = float4(adapted, exposure, ev100, float(PixelCount));
    }
}
