// bench: -T cs_6_6 -E main
// GPU particle depth sort: bitonic sort of (depth, index) pairs inside a 2048
// element block in groupshared memory, then the "outer" merge steps driven by
// cbuffer parameters for larger lists (classic DirectX sample structure).

#define BLOCK_SIZE 2048
#define THREADS 1024

cbuffer SortCB : register(b0)
{
    uint  NumElements;
    uint  Level;        // current merge size (k)
    uint  LevelMask;    // direction mask
    uint  Mode;         // 0 = full local sort, 1 = local merge (j < BLOCK_SIZE)
    uint  Descending;
    uint3 _pad;
};

RWStructuredBuffer<uint2> SortKeys : register(u0); // x = float depth bits, y = particle index

groupshared uint2 s_Keys[BLOCK_SIZE];

uint2 NullKey()
{
    return Descending != 0 ? uint2(0u, 0xffffffffu) : uint2(0x7f7fffffu, 0xffffffffu);
}

bool ShouldSwap(uint2 a, uint2 b, bool ascending)
{
    bool greater = a.x > b.x || (a.x == b.x && a.y > b.y);
    return greater == ascending;
}

void CompareExchange(uint i, uint j, bool ascending)
{
    uint2 a = s_Keys[i];
    uint2 b = s_Keys[j];
    if (ShouldSwap(a, b, ascending))
    {
        s_Keys[i] = b;
        s_Keys[j] = a;
    }
}

[numthreads(THREADS, 1, 1)]
void main(uint3 groupId : SV_GroupID, uint groupIndex : SV_GroupIndex)
{
    uint blockBase = groupId.x * BLOCK_SIZE;

    [unroll]
    for (uint e = 0; e < 2; ++e)
    {
        uint local = groupIndex + e * THREADS;
        uint global = blockBase + local;
        s_Keys[local] = global < NumElements ? SortKeys[global] : NullKey();
    }
    GroupMemoryBarrierWithGroupSync();

    if (Mode == 0)
    {
        // Full bitonic sort of the block.
        for (uint k = 2; k <= BLOCK_SIZE; k <<= 1)
        {
            for (uint j = k >> 1; j > 0; j >>= 1)
            {
                uint i = 2 * groupIndex - (groupIndex & (j - 1));
                uint partner = i + j;
                bool ascending = ((blockBase + i) & k) == 0;
                if (Descending != 0)
                    ascending = !ascending;
                CompareExchange(i, partner, ascending);
                GroupMemoryBarrierWithGroupSync();
            }
        }
    }
    else
    {
        // Finish a global merge step once the stride fits inside the block.
        for (uint j = BLOCK_SIZE >> 1; j > 0; j >>= 1)
        {
            uint i = 2 * groupIndex - (groupIndex & (j - 1));
            bool ascending = ((blockBase + i) & LevelMask) == 0;
            if (Descending != 0)
                ascending = !ascending;
            CompareExchange(i, i + j, ascending);
            GroupMemoryBarrierWithGroupSync();
        }
    }

    [unroll]
    for (uint w = 0; w < 2; ++w)
    {
        uint local = groupIndex + w * THREADS;
        uint global = blockBase + local;
        if (global < NumElements)
            SortKeys[global] = s_Keys[local];
    }
}
