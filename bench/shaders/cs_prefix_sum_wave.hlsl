// bench: -T cs_6_6 -E main
// Block-level exclusive prefix sum built from wave intrinsics: each wave scans
// with WavePrefixSum, wave totals are scanned in groupshared memory, and the
// block total is written out for the next level of a multi-pass scan.

#define GROUP_SIZE 256
#define ITEMS_PER_THREAD 4
#define MAX_WAVES (GROUP_SIZE / 4)

cbuffer ScanParams : register(b0)
{
    uint ElementCount;
    uint BlockOffset;
    uint AddBlockSums;   // second pass: add the scanned block sums
    uint _pad;
};

StructuredBuffer<uint>   InputValues : register(t0);
StructuredBuffer<uint>   ScannedBlockSums : register(t1);
RWStructuredBuffer<uint> OutputValues : register(u0);
RWStructuredBuffer<uint> BlockSums : register(u1);

groupshared uint s_WaveSums[MAX_WAVES];

uint LoadValue(uint index)
{
    return index < ElementCount ? InputValues[index] : 0u;
}

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 groupId : SV_GroupID, uint groupIndex : SV_GroupIndex)
{
    uint blockIndex = groupId.x + BlockOffset;
    uint base = (blockIndex * GROUP_SIZE + groupIndex) * ITEMS_PER_THREAD;

    // Serial scan of this thread's items.
    uint items[ITEMS_PER_THREAD];
    uint threadTotal = 0;
    [unroll]
    for (uint i = 0; i < ITEMS_PER_THREAD; ++i)
    {
        items[i] = threadTotal;
        threadTotal += LoadValue(base + i);
    }

    uint laneCount = WaveGetLaneCount();
    uint waveIndex = groupIndex / laneCount;
    uint wavePrefix = WavePrefixSum(threadTotal);
    uint waveTotal = WaveActiveSum(threadTotal);
    if (WaveIsFirstLane())
        s_WaveSums[waveIndex] = waveTotal;
    GroupMemoryBarrierWithGroupSync();

    // The first wave scans the per-wave totals.
    uint numWaves = (GROUP_SIZE + laneCount - 1) / laneCount;
    if (groupIndex < numWaves)
    {
        uint v = s_WaveSums[groupIndex];
        uint scanned = WavePrefixSum(v);
        s_WaveSums[groupIndex] = scanned;
        if (groupIndex == numWaves - 1)
            BlockSums[blockIndex] = scanned + v;
    }
    GroupMemoryBarrierWithGroupSync();

    uint threadOffset = s_WaveSums[waveIndex] + wavePrefix;
    if (AddBlockSums != 0)
        threadOffset += ScannedBlockSums[blockIndex];

    [unroll]
    for (uint j = 0; j < ITEMS_PER_THREAD; ++j)
    {
        uint index = base + j;
        if (index < ElementCount)
            OutputValues[index] = items[j] + threadOffset;
    }
}
