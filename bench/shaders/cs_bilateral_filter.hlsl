// bench: -T cs_6_6 -E main
// Depth/normal-aware bilateral filter used to denoise half-resolution SSAO
// or ray-traced shadows. 7x7 kernel with spatial, depth and normal weights.

cbuffer DenoiseCB : register(b0)
{
    float4x4 InvProjection;
    uint2    OutputSize;
    float2   InvOutputSize;
    float    SigmaSpatial;
    float    SigmaDepth;
    float    NormalPower;
    int      KernelRadius;     // <= 3
    uint     StepSize;         // a-trous step for multi-pass use
    uint3    _pad;
};

Texture2D<float>  NoisyInput : register(t0);
Texture2D<float>  DepthBuffer : register(t1);
Texture2D<float4> NormalBuffer : register(t2);
SamplerState      PointClamp : register(s0);
RWTexture2D<float> FilteredOutput : register(u0);

float3 DecodeNormal(float4 enc)
{
    // Octahedral encoding in xy.
    float2 f = enc.xy * 2.0 - 1.0;
    float3 n = float3(f.x, f.y, 1.0 - abs(f.x) - abs(f.y));
    float t = saturate(-n.z);
    n.x += n.x >= 0.0 ? -t : t;
    n.y += n.y >= 0.0 ? -t : t;
    return normalize(n);
}

float ViewDepth(float2 uv, float rawDepth)
{
    float4 clip = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), rawDepth, 1.0);
    float4 view = mul(InvProjection, clip);
    return view.z / view.w;
}

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    if (any(dtid.xy >= OutputSize))
        return;

    float2 uv = (float2(dtid.xy) + 0.5) * InvOutputSize;
    float centreRaw = DepthBuffer.SampleLevel(PointClamp, uv, 0);
    if (centreRaw >= 1.0)
    {
        FilteredOutput[dtid.xy] = 1.0;
        return;
    }

    float centreDepth = ViewDepth(uv, centreRaw);
    float3 centreNormal = DecodeNormal(NormalBuffer.SampleLevel(PointClamp, uv, 0));
    float centreValue = NoisyInput.SampleLevel(PointClamp, uv, 0);

    float invSpatial = -0.5 / (SigmaSpatial * SigmaSpatial);
    float invDepth = 1.0 / max(SigmaDepth * abs(centreDepth), 1e-4);

    float sum = centreValue;
    float weightSum = 1.0;

    [loop]
    for (int y = -KernelRadius; y <= KernelRadius; ++y)
    {
        [loop]
        for (int x = -KernelRadius; x <= KernelRadius; ++x)
        {
            if (x == 0 && y == 0)
                continue;
            float2 offset = float2(x, y) * float(StepSize);
            float2 tapUV = uv + offset * InvOutputSize;
            float tapRaw = DepthBuffer.SampleLevel(PointClamp, tapUV, 0);
            float tapDepth = ViewDepth(tapUV, tapRaw);
            float3 tapNormal = DecodeNormal(NormalBuffer.SampleLevel(PointClamp, tapUV, 0));
            float tapValue = NoisyInput.SampleLevel(PointClamp, tapUV, 0);

            float wSpatial = exp(dot(float2(x, y), float2(x, y)) * invSpatial);
            float wDepth = exp(-abs(tapDepth - centreDepth) * invDepth);
            float wNormal = pow(saturate(dot(centreNormal, tapNormal)), NormalPower);
            float w = wSpatial * wDepth * wNormal;

            sum += tapValue * w;
            weightSum += w;
        }
    }

    FilteredOutput[dtid.xy] = sum / weightSum;
}
