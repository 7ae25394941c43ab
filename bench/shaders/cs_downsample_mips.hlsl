// bench: -T cs_6_6 -E main
// Generates up to four mip levels in one dispatch (8x8 group -> 8x8, 4x4,
// 2x2, 1x1 outputs), box or Karis-weighted, with sRGB-aware averaging and
// non-power-of-two handling, as in the MiniEngine GenerateMips shaders.

cbuffer MipGenCB : register(b0)
{
    uint   SrcMipLevel;
    uint   NumMipLevels;   // 1..4
    uint   SrcDimension;   // bit 0: width odd, bit 1: height odd
    uint   IsSRGB;
    float2 TexelSize;      // 1 / dimensions of OutMip1
    uint   KarisAverage;   // anti-firefly weighting for bloom chains
    uint   _pad;
};

Texture2D<float4> SrcMip : register(t0);
SamplerState BilinearClamp : register(s0);
RWTexture2D<float4> OutMip1 : register(u0);
RWTexture2D<float4> OutMip2 : register(u1);
RWTexture2D<float4> OutMip3 : register(u2);
RWTexture2D<float4> OutMip4 : register(u3);

groupshared float s_R[64];
groupshared float s_G[64];
groupshared float s_B[64];
groupshared float s_A[64];

void StoreColor(uint index, float4 color)
{
    s_R[index] = color.r;
    s_G[index] = color.g;
    s_B[index] = color.b;
    s_A[index] = color.a;
}

float4 LoadColor(uint index)
{
    return float4(s_R[index], s_G[index], s_B[index], s_A[index]);
}

float3 ApplySRGBCurve(float3 x)
{
    // Approximately pow(x, 1/2.4) for the linear segment split.
    return select(x < 0.0031308, 12.92 * x, 1.055 * pow(abs(x), 1.0 / 2.4) - 0.055);
}

float4 PackColor(float4 linearColor)
{
    if (IsSRGB != 0)
        return float4(ApplySRGBCurve(linearColor.rgb), linearColor.a);
    return linearColor;
}

float KarisWeight(float4 c)
{
    float luma = dot(c.rgb, float3(0.2126, 0.7152, 0.0722));
    return 1.0 / (1.0 + luma);
}

float4 Average4(float4 a, float4 b, float4 c, float4 d)
{
    if (KarisAverage != 0)
    {
        float wa = KarisWeight(a), wb = KarisWeight(b), wc = KarisWeight(c), wd = KarisWeight(d);
        return (a * wa + b * wb + c * wc + d * wd) / (wa + wb + wc + wd);
    }
    return 0.25 * (a + b + c + d);
}

float4 SampleSource(uint2 dtid)
{
    float2 uv = TexelSize * (float2(dtid) + 0.5);
    switch (SrcDimension & 3)
    {
    case 0: // both even
        return SrcMip.SampleLevel(BilinearClamp, uv, SrcMipLevel);
    case 1: // odd width: two bilinear taps horizontally
    {
        float2 off = TexelSize * float2(0.5, 0.0);
        float2 uv1 = TexelSize * (float2(dtid) + float2(0.25, 0.5));
        return 0.5 * (SrcMip.SampleLevel(BilinearClamp, uv1, SrcMipLevel) +
                      SrcMip.SampleLevel(BilinearClamp, uv1 + off, SrcMipLevel));
    }
    case 2: // odd height
    {
        float2 off = TexelSize * float2(0.0, 0.5);
        float2 uv1 = TexelSize * (float2(dtid) + float2(0.5, 0.25));
        return 0.5 * (SrcMip.SampleLevel(BilinearClamp, uv1, SrcMipLevel) +
                      SrcMip.SampleLevel(BilinearClamp, uv1 + off, SrcMipLevel));
    }
    default: // both odd: four taps
    {
        float2 uv1 = TexelSize * (float2(dtid) + float2(0.25, 0.25));
        float2 o = TexelSize * 0.5;
        return Average4(SrcMip.SampleLevel(BilinearClamp, uv1, SrcMipLevel),
                        SrcMip.SampleLevel(BilinearClamp, uv1 + float2(o.x, 0.0), SrcMipLevel),
                        SrcMip.SampleLevel(BilinearClamp, uv1 + float2(0.0, o.y), SrcMipLevel),
                        SrcMip.SampleLevel(BilinearClamp, uv1 + o, SrcMipLevel));
    }
    }
}

[numthreads(8, 8, 1)]
void main(uint groupIndex : SV_GroupIndex, uint3 dtid : SV_DispatchThreadID)
{
    float4 src1 = SampleSource(dtid.xy);
    OutMip1[dtid.xy] = PackColor(src1);
    if (NumMipLevels == 1)
        return;

    StoreColor(groupIndex, src1);
    GroupMemoryBarrierWithGroupSync();

    // Mip 2: threads with even x and y (mask 0b001001).
    if ((groupIndex & 0x9) == 0)
    {
        float4 src2 = Average4(src1, LoadColor(groupIndex + 0x01), LoadColor(groupIndex + 0x08), LoadColor(groupIndex + 0x09));
        OutMip2[dtid.xy / 2] = PackColor(src2);
        StoreColor(groupIndex, src2);
    }
    if (NumMipLevels == 2)
        return;
    GroupMemoryBarrierWithGroupSync();

    // Mip 3: multiples of four (mask 0b011011).
    if ((groupIndex & 0x1B) == 0)
    {
        float4 src3 = Average4(LoadColor(groupIndex), LoadColor(groupIndex + 0x02), LoadColor(groupIndex + 0x10), LoadColor(groupIndex + 0x12));
        OutMip3[dtid.xy / 4] = PackColor(src3);
        StoreColor(groupIndex, src3);
    }
    if (NumMipLevels == 3)
        return;
    GroupMemoryBarrierWithGroupSync();

    // Mip 4: one thread.
    if (groupIndex == 0)
    {
        float4 src4 = Average4(LoadColor(0), LoadColor(0x04), LoadColor(0x20), LoadColor(0x24));
        OutMip4[dtid.xy / 8] = PackColor(src4);
    }
}
