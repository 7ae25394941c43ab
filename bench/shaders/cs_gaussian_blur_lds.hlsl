// bench: -T cs_6_6 -E main
// Separable Gaussian blur (one direction per dispatch) with a groupshared
// line cache: each 256-thread group loads 256 + 2*RADIUS texels once and every
// thread then convolves from shared memory. Kernel weights come from a cbuffer
// so the radius/sigma can change at runtime without recompiling.

#define GROUP_SIZE 256
#define MAX_RADIUS 16
#define CACHE_SIZE (GROUP_SIZE + 2 * MAX_RADIUS)

cbuffer BlurConstants : register(b0)
{
    uint2  g_ImageSize;
    uint   g_Radius;          // <= MAX_RADIUS
    uint   g_Horizontal;      // 1 = blur along x, 0 = along y
    float4 g_Weights[MAX_RADIUS / 4 + 1]; // packed weights, index 0 = centre
    float  g_Exposure;
    float3 g_Padding;
};

Texture2D<float4>   g_Input  : register(t0);
RWTexture2D<float4> g_Output : register(u0);

groupshared float3 s_Cache[CACHE_SIZE];
groupshared float  s_Alpha[CACHE_SIZE];

float GetWeight(uint i)
{
    float4 w = g_Weights[i >> 2];
    uint lane = i & 3;
    if (lane == 0) return w.x;
    if (lane == 1) return w.y;
    if (lane == 2) return w.z;
    return w.w;
}

int2 ClampCoord(int2 p)
{
    return clamp(p, int2(0, 0), int2(g_ImageSize) - 1);
}

int2 LinearToPixel(int lineCoord, int otherCoord)
{
    return g_Horizontal != 0 ? int2(lineCoord, otherCoord) : int2(otherCoord, lineCoord);
}

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 groupId : SV_GroupID, uint groupIndex : SV_GroupIndex)
{
    const int lineStart = int(groupId.x * GROUP_SIZE);
    const int other = int(groupId.y);

    // Cooperative load of the line segment plus its apron.
    for (uint i = groupIndex; i < CACHE_SIZE; i += GROUP_SIZE)
    {
        int coord = lineStart + int(i) - MAX_RADIUS;
        float4 texel = g_Input.Load(int3(ClampCoord(LinearToPixel(coord, other)), 0));
        s_Cache[i] = texel.rgb * g_Exposure;
        s_Alpha[i] = texel.a;
    }
    GroupMemoryBarrierWithGroupSync();

    int2 pixel = LinearToPixel(lineStart + int(groupIndex), other);
    if (any(pixel >= int2(g_ImageSize)))
        return;

    const uint centre = groupIndex + MAX_RADIUS;
    float3 sum = s_Cache[centre] * GetWeight(0);
    float weightSum = GetWeight(0);

    [loop]
    for (uint r = 1; r <= g_Radius; ++r)
    {
        float w = GetWeight(r);
        sum += (s_Cache[centre - r] + s_Cache[centre + r]) * w;
        weightSum += 2.0 * w;
    }

    sum /= max(weightSum, 1e-5);
    g_Output[uint2(pixel)] = float4(sum, s_Alpha[centre]);
}
