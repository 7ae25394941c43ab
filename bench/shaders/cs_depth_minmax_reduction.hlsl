// bench: -T cs_6_6 -E main
// Per-tile min/max depth reduction (first step of tiled/clustered light
// culling and SDSM cascade fitting). 16x16 tiles, wave + groupshared reduce.

#define TILE_SIZE 16
#define THREADS (TILE_SIZE * TILE_SIZE)

cbuffer ReduceCB : register(b0)
{
    float4x4 Projection;
    uint2 DepthSize;
    uint2 TileCount;
    float NearZ;
    float FarZ;
    uint  ReverseZ;
    uint  _pad;
};

Texture2D<float> DepthBuffer : register(t0);
RWTexture2D<float2> TileMinMax : register(u0);
RWStructuredBuffer<uint> GlobalMinMax : register(u1); // [0] = min, [1] = max as uint

groupshared float s_Min[THREADS];
groupshared float s_Max[THREADS];

float LinearDepth(float rawDepth)
{
    float d = ReverseZ != 0 ? 1.0 - rawDepth : rawDepth;
    // Assumes a standard perspective projection: z_view = P32 / (d - P22).
    return Projection[3][2] / (d - Projection[2][2]);
}

[numthreads(TILE_SIZE, TILE_SIZE, 1)]
void main(uint3 groupId : SV_GroupID, uint3 dispatchId : SV_DispatchThreadID, uint groupIndex : SV_GroupIndex)
{
    float minZ = FarZ;
    float maxZ = NearZ;

    if (all(dispatchId.xy < DepthSize))
    {
        float raw = DepthBuffer.Load(int3(dispatchId.xy, 0));
        bool isSky = ReverseZ != 0 ? raw <= 0.0 : raw >= 1.0;
        if (!isSky)
        {
            float z = clamp(LinearDepth(raw), NearZ, FarZ);
            minZ = z;
            maxZ = z;
        }
    }

    // Wave-level reduction first, then one value per wave into LDS.
    minZ = WaveActiveMin(minZ);
    maxZ = WaveActiveMax(maxZ);
    s_Min[groupIndex] = minZ;
    s_Max[groupIndex] = maxZ;
    GroupMemoryBarrierWithGroupSync();

    [unroll]
    for (uint s = THREADS / 2; s > 0; s >>= 1)
    {
        if (groupIndex < s)
        {
            s_Min[groupIndex] = min(s_Min[groupIndex], s_Min[groupIndex + s]);
            s_Max[groupIndex] = max(s_Max[groupIndex], s_Max[groupIndex + s]);
        }
        GroupMemoryBarrierWithGroupSync();
    }

    if (groupIndex == 0)
    {
        float tileMin = s_Min[0];
        float tileMax = s_Max[0];
        if (all(groupId.xy < TileCount))
            TileMinMax[groupId.xy] = float2(tileMin, tileMax);
        if (tileMin <= tileMax)
        {
            // Positive floats order like their bit patterns.
            InterlockedMin(GlobalMinMax[0], asuint(tileMin));
            InterlockedMax(GlobalMinMax[1], asuint(tileMax));
        }
    }
}
